package app.salondesk.model.checkout;

import java.util.Locale;

/** How a client pays (the database's {@code sale_payments.method}). */
public enum PaymentMethod {
    CASH, CARD, TRANSFER,
    /** Anything else: a gift certificate, a voucher (its note says which). */
    OTHER;

    public String dbValue() {
        return name().toLowerCase(Locale.ROOT);
    }

    public static PaymentMethod fromDb(String value) {
        return valueOf(value.toUpperCase(Locale.ROOT));
    }

    /** The bundle key of the method's name. */
    public String messageKey() {
        return "checkout.method." + dbValue();
    }
}
