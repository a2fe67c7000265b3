package app.salondesk.model.checkout;

import java.util.Locale;

/**
 * Why a checkout (or a refund, a void, a till's movement) cannot be carried out as asked. Each has
 * a sentence in the bundles, {@code checkout.problem.<name in lower case>}, which may name a detail.
 */
public enum CheckoutProblem {
    /** No line to sell. */
    NOTHING_SOLD,
    /** A quantity outside 1–999. */
    QUANTITY,
    /** A price, discount, tip or payment below zero, or beyond what the database holds. */
    AMOUNT,
    /** A price other than the list price, without a reason. */
    PRICE_REASON,
    /** A discount without a reason. */
    DISCOUNT_REASON,
    /** A discount larger than what it is taken from. */
    DISCOUNT_TOO_LARGE,
    /** A percentage outside (0, 100] or with more than two decimals. */
    PERCENT,
    /** A reason, a note or a description longer than the database keeps. */
    TEXT_TOO_LONG,
    /** More lines (200) or payments (20) than a sale holds. */
    TOO_MANY,
    /** A tip for nobody, or of nothing. */
    TIP,
    /** Card, transfer and other together pay more than the total. */
    PAID_TOO_MUCH,
    /** What is handed over does not cover the total (the detail: how much is missing). */
    NOT_PAID,
    /** The cash due is smaller than the smallest coin in use: it goes on the card. */
    CASH_TOO_SMALL,
    /** A booking of the checkout is paid already (by another desk, say); nothing was written. */
    ALREADY_PAID,
    /** A booking changed since the checkout opened (moved, cancelled, reassigned): nothing was written. */
    CHANGED,
    /** A booking that is not there (any more), or of another client. */
    UNKNOWN_BOOKING,
    /** A product sold out meanwhile (the detail: its name). */
    OUT_OF_STOCK,
    /** The day is closed: its till takes no more money. */
    DAY_CLOSED,
    /** This login may not (a receptionist's refund, a price below the list, a manager's sale). */
    NO_PERMISSION,
    /** The sale is void, refunded already, or not of today (a void). */
    SALE_STATE,
    /** A correction or a difference without its reason. */
    REASON,
    /** The till was opened with a float already today. */
    TILL_OPEN,
    /** A name that is taken (a product), or a rate set twice at once. */
    DUPLICATE,
    /** Someone else was writing the same rows for the whole waiting budget: nothing was written, try again. */
    BUSY,
    /** Something the database refused as a bad value. */
    BAD_VALUE,
    /** The database's disk is full: nothing was saved. */
    DISK_FULL;

    public String messageKey() {
        return "checkout.problem." + name().toLowerCase(Locale.ROOT);
    }
}
