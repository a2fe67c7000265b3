package app.salondesk.catalog;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.text.NumberFormat;
import java.util.Currency;
import java.util.Locale;

/**
 * Prices as people read and type them: formatted for the desk's language in the salon's
 * currency ("1 800,00 ₴" in Ukrainian), and read back however they were typed — "1500",
 * "1 500", "1500,50", "1,500.50", with or without the currency's sign.
 */
public final class Money {

    /** numeric(10,2): at most 8 digits before the point. */
    private static final BigDecimal MAX = new BigDecimal("99999999.99");

    private final Locale locale;
    private final Currency currency;

    public Money(Locale locale, Currency currency) {
        this.locale = locale;
        this.currency = currency;
    }

    public String format(BigDecimal amount) {
        NumberFormat f = NumberFormat.getCurrencyInstance(locale);
        f.setCurrency(currency);
        return f.format(amount);
    }

    /** The amount typed, rounded to cents; null when it is not one, or negative, or too large. */
    public BigDecimal parse(String text) {
        if (text == null) {
            return null;
        }
        String t = text.replace(currency.getSymbol(locale), "").replace(currency.getCurrencyCode(), "")
                .replaceAll("[\\s\u00a0\u202f']", "");
        int comma = t.lastIndexOf(',');
        int dot = t.lastIndexOf('.');
        // the last separator followed by one or two digits is the decimal one; the others group thousands
        int decimal = Math.max(comma, dot);
        if (decimal >= 0 && t.length() - decimal - 1 <= 2) {
            t = t.substring(0, decimal).replaceAll("[.,]", "") + "." + t.substring(decimal + 1);
        } else {
            t = t.replaceAll("[.,]", "");
        }
        if (!t.matches("\\d+(\\.\\d{0,2})?")) {
            return null;
        }
        BigDecimal amount = new BigDecimal(t.endsWith(".") ? t + "0" : t).setScale(2, RoundingMode.UNNECESSARY);
        return amount.compareTo(MAX) > 0 ? null : amount;
    }

    public Currency currency() {
        return currency;
    }
}
