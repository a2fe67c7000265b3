package app.salondesk.logic.checkout;

import app.salondesk.i18n.Messages;
import app.salondesk.model.catalog.Money;
import app.salondesk.model.checkout.Amounts;
import app.salondesk.model.checkout.CheckoutOutcome;
import app.salondesk.model.checkout.CheckoutProblem;
import app.salondesk.model.checkout.PaymentMethod;

import java.util.Currency;

/**
 * A checkout's words, for the desk and the command line alike: amounts in minor units written as the
 * person's language writes money in the salon's currency, payment methods by name, and the one
 * sentence for each refusal — with its detail where it helps (how much is missing, which product sold
 * out, which sale paid), never the database's own words.
 */
public final class CheckoutWords {

    private final Messages messages;
    private final Money money;
    private final Currency currency;

    public CheckoutWords(Messages messages, Currency currency) {
        this.messages = messages;
        this.currency = currency;
        this.money = new Money(messages.locale(), currency);
    }

    /** "1 295,00 ₴" in Ukrainian, "UAH 1,295.00" in English. */
    public String money(long minor) {
        return money.format(Amounts.toDecimal(minor, currency));
    }

    /** The amount typed ("450", "450,50", "1 295.00 ₴") in minor units, or null when it is not one. */
    public Long parse(String text) {
        var amount = money.parse(text);
        return amount == null ? null : Amounts.toMinor(amount, currency);
    }

    public String method(PaymentMethod method) {
        return messages.get(method.messageKey());
    }

    public String refusal(CheckoutOutcome.Refused r) {
        return problem(r.problem(), r.detail(), r.saleId());
    }

    /** The sentence for a refusal. {@code detail} is the bill's or the checkout's own (never the database's words). */
    public String problem(CheckoutProblem p, String detail, Long saleId) {
        String d = detail == null ? "" : detail;
        Object shown = switch (p) {
            case NOT_PAID, PAID_TOO_MUCH, CASH_TOO_SMALL -> d.matches("-?\\d+") ? money(Long.parseLong(d)) : "";
            case ALREADY_PAID -> saleId == null ? "" : saleId.toString();
            case OUT_OF_STOCK -> d;
            case UNKNOWN_BOOKING, QUANTITY, PRICE_REASON, DISCOUNT_REASON, DISCOUNT_TOO_LARGE, PERCENT, AMOUNT, TEXT_TOO_LONG ->
                    d.isBlank() || d.contains("_") ? "" : "(" + d + ")";
            default -> "";
        };
        return messages.format(p.messageKey(), shown).strip();
    }

    /** What a "try again" says. */
    public String tryAgain() {
        return messages.get("checkout.tryAgain");
    }
}
