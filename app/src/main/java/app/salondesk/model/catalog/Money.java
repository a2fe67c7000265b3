package app.salondesk.model.catalog;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.text.NumberFormat;
import java.util.Currency;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Prices as people read and type them: formatted for the desk's language in the salon's
 * currency ("1 800,00 ₴" in Ukrainian, "UAH 1,800.00" in English, "€650.00"), and read back
 * however they were typed — "1500", "1 500", "1500,50", "1,500.50", with or without the
 * currency's sign. The one formatter of money: the booking form, the client card, the setup
 * screens, the wizard and the online pages all write prices through it (issue 17: they did
 * not agree).
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

    /**
     * A price as this language writes money, in the salon's currency: "1 650,50 ₴" in
     * Ukrainian, "€1,650.50" in English ({@link NumberFormat#getCurrencyInstance} with the
     * currency set, so the symbol and its place follow the language, not the computer's region).
     */
    public String format(BigDecimal amount) {
        NumberFormat format = NumberFormat.getCurrencyInstance(locale);
        format.setCurrency(currency);
        // setCurrency keeps the language's own currency's decimals: yen have none, dinars three
        format.setMinimumFractionDigits(currency.getDefaultFractionDigits());
        format.setMaximumFractionDigits(currency.getDefaultFractionDigits());
        String text = format.format(amount);
        // Java puts a currency code straight against the digits ("UAH650.00"); CLDR's currency
        // spacing rule asks for a space between a code made of letters and a digit
        String symbol = currency.getSymbol(locale);
        int at = text.indexOf(symbol);
        if (at >= 0 && symbol.chars().allMatch(Character::isLetter)) {
            int after = at + symbol.length();
            if (after < text.length() && Character.isDigit(text.charAt(after))) {
                text = text.substring(0, after) + '\u00a0' + text.substring(after);
            } else if (at > 0 && Character.isDigit(text.charAt(at - 1))) {
                text = text.substring(0, at) + '\u00a0' + text.substring(at);
            }
        }
        return text;
    }

    /** The price in one go: {@code new Money(locale, currency).format(amount)}. */
    public static String format(Locale locale, Currency currency, BigDecimal amount) {
        return new Money(locale, currency).format(amount);
    }

    /** The currency's sign as this language writes it next to a price ("₴", "€", "UAH"). */
    public String symbol() {
        return currency.getSymbol(locale);
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
