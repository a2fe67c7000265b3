package app.salondesk.model.checkout;

import app.salondesk.model.booking.BookingAsSeen;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Currency;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * What a {@link Checkout} comes to, worked out once for the desk's live totals, the command line,
 * and the rows the sale writes — by the rules migration 35 checks again at COMMIT (ADR 34): each
 * line's own discount, the whole discount split over the service and product lines in proportion
 * ({@link Amounts#split}), the tips whole, then the payments: card, transfer and other pay what
 * they say, cash pays the rest rounded half up to the coins in use ({@link Amounts#cashStep}), the
 * difference a rounding line of the sale, and the change is what was given beyond that.
 *
 * <p>A bill is made even when something is wrong, so that the desk can show what is due while the
 * person types; {@link #problem()} is then the first thing to put right (null when none).
 *
 * @param discountMinor the whole sale's discount, as split over its lines
 * @param subtotalMinor what is owed before the cash is rounded: lines after discounts, plus the tips
 * @param roundingMinor cash rounded to the coins in use (may be negative)
 * @param totalMinor    what the sale comes to: subtotal plus rounding; the payments add up to it
 * @param dueMinor      what is still missing from what was handed over (0 when paid)
 */
public record Bill(Currency currency, List<BilledLine> lines, long discountMinor, long tipsMinor, long subtotalMinor,
                   long roundingMinor, long totalMinor, List<Paid> payments, long changeMinor, long dueMinor,
                   CheckoutProblem problem, String detail) {

    /** The largest amount a sale, a line or a payment may carry (the database's bound). */
    public static final long MAX_MINOR = 999_999_999_999L;
    public static final int MAX_LINES = 200;
    public static final int MAX_PAYMENTS = 20;
    public static final int MAX_REASON = 200;
    public static final int MAX_NOTE = 500;

    public Bill {
        lines = List.copyOf(lines);
        payments = List.copyOf(payments);
    }

    /** A line as billed: quantity × price, its own discount, its part of the whole discount, what it comes to. */
    public record BilledLine(CheckoutLine line, long grossMinor, long discountMinor, long shareMinor, long amountMinor) {
    }

    /** A payment as the sale records it: what stays in the salon and, for cash, what was given. */
    public record Paid(PaymentMethod method, long amountMinor, Long tenderedMinor, String note) {
        public long changeMinor() {
            return tenderedMinor == null ? 0 : tenderedMinor - amountMinor;
        }
    }

    public boolean ok() {
        return problem == null;
    }

    /** Services and products after every discount (the tips and the rounding apart). */
    public long soldMinor() {
        return lines.stream().mapToLong(BilledLine::amountMinor).sum();
    }

    static Bill of(Checkout c) {
        Problems problems = new Problems();
        if (c.lines().isEmpty() && c.tips().isEmpty()) {
            problems.add(CheckoutProblem.NOTHING_SOLD, "");
        }
        if (c.lines().size() + c.tips().size() + 1 > MAX_LINES || c.tenders().size() > MAX_PAYMENTS) {
            problems.add(CheckoutProblem.TOO_MANY, "");
        }
        if (c.note().length() > MAX_NOTE) {
            problems.add(CheckoutProblem.TEXT_TOO_LONG, "");
        }
        Set<Long> seen = c.bookings().stream().map(BookingAsSeen::id).collect(Collectors.toSet());
        long[] bases = new long[c.lines().size()];
        long[] grosses = new long[bases.length];
        long[] ownDiscounts = new long[bases.length];
        long sum = 0;
        for (int i = 0; i < bases.length; i++) {
            CheckoutLine l = c.lines().get(i);
            if (l.bookingId() != null && !seen.contains(l.bookingId())) {
                problems.add(CheckoutProblem.UNKNOWN_BOOKING, l.bookingId().toString());
            }
            if (l.quantity() < 1 || l.quantity() > 999) {
                problems.add(CheckoutProblem.QUANTITY, l.description());
            }
            if (l.unitPriceMinor() < 0 || l.unitPriceMinor() > MAX_MINOR / 1000) {
                problems.add(CheckoutProblem.AMOUNT, l.description());
            }
            if (l.unitPriceMinor() != l.listPriceMinor() && l.priceReason().isBlank()) {
                problems.add(CheckoutProblem.PRICE_REASON, l.description());
            }
            if (l.priceReason().length() > MAX_REASON || l.description().length() > MAX_REASON
                    || l.discount().reason().length() > MAX_REASON) {
                problems.add(CheckoutProblem.TEXT_TOO_LONG, l.description());
            }
            long gross = Math.max(0, Math.min(l.quantity(), 999)) * Math.max(0, Math.min(l.unitPriceMinor(), MAX_MINOR / 1000));
            long own = discount(l.discount(), gross, l.description(), problems);
            grosses[i] = gross;
            ownDiscounts[i] = own;
            bases[i] = gross - own;
            sum += bases[i];
        }
        long whole = discount(c.discount(), sum, "", problems);
        long[] shares = Amounts.split(whole, bases);
        List<BilledLine> billed = new ArrayList<>();
        for (int i = 0; i < bases.length; i++) {
            billed.add(new BilledLine(c.lines().get(i), grosses[i], ownDiscounts[i], shares[i], bases[i] - shares[i]));
        }
        long tips = 0;
        for (Tip t : c.tips()) {
            if (t.amountMinor() <= 0 || t.amountMinor() > MAX_MINOR) {
                problems.add(CheckoutProblem.TIP, "");
            } else {
                tips += t.amountMinor();
            }
        }
        long subtotal = sum - whole + tips;
        if (subtotal > MAX_MINOR) {
            problems.add(CheckoutProblem.AMOUNT, "");
        }
        // what is handed over
        long byOthers = 0;
        long cashGiven = 0;
        boolean cashOffered = false;
        List<Paid> paid = new ArrayList<>();
        for (Tender t : c.tenders()) {
            if (t.amountMinor() < 0 || t.amountMinor() > MAX_MINOR) {
                problems.add(CheckoutProblem.AMOUNT, "");
                continue;
            }
            if (t.note().length() > 100) {
                problems.add(CheckoutProblem.TEXT_TOO_LONG, "");
            }
            if (t.method() == PaymentMethod.CASH) {
                cashOffered = true;
                cashGiven += t.amountMinor();
            } else if (t.amountMinor() > 0) {
                byOthers += t.amountMinor();
                paid.add(new Paid(t.method(), t.amountMinor(), null, t.note()));
            }
        }
        long rounding = 0;
        long change = 0;
        long due = 0;
        long cashDue = subtotal - byOthers;
        if (cashDue < 0) {
            problems.add(CheckoutProblem.PAID_TOO_MUCH, Long.toString(-cashDue));
            change = cashGiven;
        } else if (cashDue > 0 && !cashOffered) {
            due = cashDue;
            problems.add(CheckoutProblem.NOT_PAID, Long.toString(due));
        } else if (cashDue > 0) {
            long cash = Amounts.roundTo(cashDue, Amounts.cashStep(c.currency()));
            rounding = cash - cashDue;
            if (cash == 0) {
                problems.add(CheckoutProblem.CASH_TOO_SMALL, Long.toString(cashDue));
            } else if (cashGiven < cash) {
                due = cash - cashGiven;
                problems.add(CheckoutProblem.NOT_PAID, Long.toString(due));
            } else {
                change = cashGiven - cash;
                paid.add(new Paid(PaymentMethod.CASH, cash, cashGiven, ""));
            }
        } else {
            // nothing is due in cash: whatever cash was given goes back
            change = cashGiven;
        }
        return new Bill(c.currency(), billed, whole, tips, subtotal, rounding, subtotal + rounding, paid, change, due,
                problems.first, problems.detail);
    }

    /** What a discount takes from {@code base}; checked for a reason, its percentage and its size. */
    private static long discount(Discount d, long base, String what, Problems problems) {
        if (d.none()) {
            return 0;
        }
        if (d.reason().isBlank()) {
            problems.add(CheckoutProblem.DISCOUNT_REASON, what);
        }
        if (d.percent() != null) {
            BigDecimal p = d.percent();
            if (p.signum() <= 0 || p.compareTo(BigDecimal.valueOf(100)) > 0 || p.stripTrailingZeros().scale() > 2) {
                problems.add(CheckoutProblem.PERCENT, what);
                return 0;
            }
        } else if (d.amountMinor() < 0) {
            problems.add(CheckoutProblem.AMOUNT, what);
            return 0;
        }
        long taken = d.of(base);
        if (taken > base) {
            problems.add(CheckoutProblem.DISCOUNT_TOO_LARGE, what);
            return base;
        }
        return taken;
    }

    /** The first problem met, with its detail. */
    private static final class Problems {
        CheckoutProblem first;
        String detail;

        void add(CheckoutProblem p, String d) {
            if (first == null) {
                first = p;
                detail = d;
            }
        }
    }
}
