package app.salondesk.catalog;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.text.NumberFormat;
import java.util.Currency;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Prices as people read and type them: formatted for the desk's language in the salon's
 * currency ("1 800,00 ₴" in Ukrainian), and read back however they were typed — "1500",
 * "1 500", "1500,50", "1,500.50", with or without the currency's sign.
 */
public final class Money {

    /** numeric(10,2): at most 8 digits before the point. */
    private static final BigDecimal MAX = new BigDecimal("99999999.99");
    private static final Pattern AMOUNT = Pattern.compile("(\\d+|\\d{1,3}(?:[.,]\\d{3})+)(?:[.,](\\d{1,2}))?");

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

    /** The amount typed (at most two decimals); null when it is not one, or negative, or too large for numeric(10,2). */
    public BigDecimal parse(String text) {
        if (text == null) {
            return null;
        }
        String t = text.replace(currency.getSymbol(locale), "").replace(currency.getCurrencyCode(), "")
                .replaceAll("[\\s\u00a0\u202f']", "");
        // thousands grouped by "," or "." in threes, then one or two decimals after either
        Matcher m = AMOUNT.matcher(t);
        if (!m.matches()) {
            return null;
        }
        String whole = m.group(1).replaceAll("[.,]", "");
        String cents = m.group(2) == null ? "0" : m.group(2);
        BigDecimal amount = new BigDecimal(whole + "." + cents).setScale(2, RoundingMode.UNNECESSARY);
        return amount.compareTo(MAX) > 0 ? null : amount;
    }

    public Currency currency() {
        return currency;
    }
}
