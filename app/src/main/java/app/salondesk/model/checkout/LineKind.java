package app.salondesk.model.checkout;

import java.util.Locale;

/** What a sale's line is (the database's {@code sale_lines.kind}). */
public enum LineKind {
    SERVICE, PRODUCT, TIP,
    /** Cash rounded to the coins in use (ADR 34). */
    ROUNDING;

    public String dbValue() {
        return name().toLowerCase(Locale.ROOT);
    }

    public static LineKind fromDb(String value) {
        return valueOf(value.toUpperCase(Locale.ROOT));
    }
}
