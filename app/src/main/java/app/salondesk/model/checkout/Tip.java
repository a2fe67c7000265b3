package app.salondesk.model.checkout;

/** A tip for one master, as its own amount: never a discount or a fee, and whole to the master. */
public record Tip(long masterId, long amountMinor) {
}
