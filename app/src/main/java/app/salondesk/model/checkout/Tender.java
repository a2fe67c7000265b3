package app.salondesk.model.checkout;

/**
 * What the client hands over by one method. By card, transfer or other it is what is paid; in cash
 * it is the cash given, and the checkout works out what of it stays (the cash due, rounded to the
 * coins in use) and the change.
 */
public record Tender(PaymentMethod method, long amountMinor, String note) {

    public Tender {
        note = note == null ? "" : note;
    }

    public Tender(PaymentMethod method, long amountMinor) {
        this(method, amountMinor, "");
    }
}
