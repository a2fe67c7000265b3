package app.salondesk.model.checkout;

import java.math.BigDecimal;

/**
 * A discount on a line or on the whole sale: an amount in minor units, or a percentage of what it
 * is taken from (rounded half up when applied), always with a reason.
 *
 * @param percent null for an amount
 */
public record Discount(long amountMinor, BigDecimal percent, String reason) {

    public static final Discount NONE = new Discount(0, null, "");

    public static Discount amount(long minor, String reason) {
        return new Discount(minor, null, reason);
    }

    public static Discount percent(BigDecimal percent, String reason) {
        return new Discount(0, percent, reason);
    }

    /** What it takes from {@code base}. */
    public long of(long base) {
        return percent != null ? Amounts.percent(base, percent) : amountMinor;
    }

    public boolean none() {
        return percent == null ? amountMinor == 0 : percent.signum() == 0;
    }
}
