package app.salondesk.model.checkout;

/**
 * A master's pay for a period: what their services and products brought (after discounts and
 * refunds), their tips (whole), and the commission on the services and products.
 */
public record PayLine(long masterId, String masterName, long servicesMinor, long productsMinor, long tipsMinor, long commissionMinor) {

    /** What the salon owes the master: commission and tips. */
    public long payMinor() {
        return commissionMinor + tipsMinor;
    }
}
