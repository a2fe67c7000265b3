package app.salondesk.gui.reports;

import app.salondesk.i18n.Messages;
import app.salondesk.logic.checkout.CheckoutWords;
import app.salondesk.model.checkout.Amounts;

import java.math.BigDecimal;
import java.text.NumberFormat;
import java.util.Currency;
import java.util.Set;

/**
 * How the Reports window writes a figure for people (issue 35): an amount as the checkout writes money — the
 * salon's currency in the desk's language, through {@link CheckoutWords#money} ("€1,234.50", "1 234,50 ₴"), not a
 * second formatter —, a share with one decimal and a count grouped as the language writes numbers ("12,5", "1 234").
 * The report's own cells stay machine-readable ("1234.50", "12.5": {@code ReportTables}), for CSV and the trend;
 * this turns them into words on screen and in the PDF.
 */
public final class ReportWords {

    /** The summary's figures that are amounts of money. */
    public static final Set<String> MONEY = Set.of("revenue", "services", "products", "tips", "average_ticket");
    /** The summary's figures that are percentages. */
    public static final Set<String> PERCENT = Set.of("utilisation", "no_show_rate", "late_cancellation_rate", "rebooking_rate", "online_share",
            "waitlist_share");

    private final CheckoutWords money;
    private final Currency currency;
    private final NumberFormat share;
    private final NumberFormat count;

    public ReportWords(Messages messages, Currency currency) {
        this.money = new CheckoutWords(messages, currency);
        this.currency = currency;
        this.share = NumberFormat.getNumberInstance(messages.locale());
        share.setMinimumFractionDigits(1);
        share.setMaximumFractionDigits(1);
        this.count = NumberFormat.getIntegerInstance(messages.locale());
    }

    /** Minor units as money: "€1,234.50". */
    public String money(long minor) {
        return money.money(minor);
    }

    /** An amount in the currency's units (a chart's axis, a tooltip) as money. */
    public String money(double units) {
        return money(Amounts.toMinor(BigDecimal.valueOf(units), currency));
    }

    /** A share in percent, one decimal: "12,5" in Ukrainian. */
    public String share(double percent) {
        return share.format(percent);
    }

    public String count(long n) {
        return count.format(n);
    }

    /** A summary cell of the figure {@code key} as people read it; a word (a service's name) or an empty cell as it is. */
    public String cell(String key, String plain) {
        if (plain == null || plain.isBlank()) {
            return plain;
        }
        try {
            BigDecimal n = new BigDecimal(plain);
            if (MONEY.contains(key)) {
                return money(Amounts.toMinor(n, currency));
            }
            if (PERCENT.contains(key)) {
                return share(n.doubleValue());
            }
            return n.scale() <= 0 ? count(n.longValueExact()) : share(n.doubleValue());
        } catch (NumberFormatException | ArithmeticException e) {
            return plain;   // a name: the top service, the top master
        }
    }

    /** A trend as the model writes it ("+12.5 %") in the language's numbers ("+12,5 %"). */
    public String trend(String plain) {
        if (plain == null || plain.isBlank()) {
            return plain;
        }
        String number = plain.replace("%", "").strip();
        String sign = number.startsWith("+") ? "+" : "";
        try {
            return sign + share(new BigDecimal(number.replace("+", "")).doubleValue()) + " %";
        } catch (NumberFormatException e) {
            return plain;
        }
    }

    public Currency currency() {
        return currency;
    }
}
