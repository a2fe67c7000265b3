package app.salondesk.model.checkout;

import app.salondesk.model.booking.Source;
import org.junit.jupiter.api.Test;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.RoundingMode;
import java.util.ArrayList;
import java.util.Currency;
import java.util.List;
import java.util.Random;
import java.util.UUID;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The bill's arithmetic against a plain model written apart from it (ADR 34): exact fractions
 * ({@link BigInteger}, {@link BigDecimal}) and the rules as sentences — a percentage rounded half up,
 * a whole discount split so that each line is within one unit of its exact part and the units left
 * over go to the largest remainders, cash rounded half up to the currency's coins, the change what was
 * given beyond it; and the sums a sale must keep: lines plus tips plus rounding equal the total, the
 * payments equal it too. Random checkouts in six currencies (no decimals, two, three; cash steps of 1,
 * 5, 10, 100).
 */
class BillRandomizedTest {

    private static final List<Currency> CURRENCIES = List.of("UAH", "CHF", "JPY", "KWD", "USD", "SEK").stream()
            .map(Currency::getInstance).toList();

    @Test
    void randomBillsAgreeWithThePlainModelAndAddUp() {
        Random rnd = new Random(34);
        int ok = 0;
        for (int n = 0; n < 20_000; n++) {
            Currency currency = CURRENCIES.get(rnd.nextInt(CURRENCIES.size()));
            Checkout c = randomCheckout(rnd, currency);
            Bill bill = c.bill();
            check(c, bill);
            ok += bill.ok() ? 1 : 0;
        }
        assertTrue(ok > 10_000, "most random checkouts are payable: " + ok);
    }

    /** Random checkouts, mostly valid; the payments cover the total in one of five ways. */
    static Checkout randomCheckout(Random rnd, Currency currency) {
        int lines = rnd.nextInt(6) + (rnd.nextInt(10) == 0 ? 0 : 1);
        List<CheckoutLine> ls = new ArrayList<>();
        long scale = currency.getDefaultFractionDigits() == 0 ? 1 : currency.getDefaultFractionDigits() == 3 ? 1000 : 100;
        for (int i = 0; i < lines; i++) {
            long list = (rnd.nextInt(2000) + 1) * scale / (rnd.nextBoolean() ? 1 : 4) + rnd.nextInt(3);
            CheckoutLine l = rnd.nextBoolean() ? CheckoutLine.product(i + 1, null, "p" + i, rnd.nextInt(3) + 1, list)
                    : CheckoutLine.service(i + 1, 1, "s" + i, list);
            if (rnd.nextInt(4) == 0) {
                l = l.priced(list + rnd.nextInt(2001) - 1000 < 0 ? 0 : list + rnd.nextInt(2001) - 1000, "agreed");
            }
            l = l.discounted(randomDiscount(rnd, l.gross()));
            ls.add(l);
        }
        Discount whole = randomDiscount(rnd, ls.stream().mapToLong(CheckoutLine::gross).sum() / 2);
        List<Tip> tips = new ArrayList<>();
        for (int i = rnd.nextInt(3); i > 0; i--) {
            tips.add(new Tip(i, (rnd.nextInt(500) + 1) * scale / 10 + rnd.nextInt(7)));
        }
        Checkout draft = new Checkout(1, currency, null, UUID.randomUUID(), List.of(), ls, whole, tips, List.of(), "", Source.CHECKOUT);
        long total = draft.bill().subtotalMinor();
        List<Tender> tenders = switch (rnd.nextInt(5)) {
            case 0 -> List.of(new Tender(PaymentMethod.CARD, total));
            case 1 -> List.of(new Tender(PaymentMethod.CASH, total + rnd.nextInt(1000) * scale / 10));
            case 2 -> {
                long card = total == 0 ? 0 : rnd.nextLong(total + 1);
                yield List.of(new Tender(PaymentMethod.CARD, card), new Tender(PaymentMethod.CASH, total - card + rnd.nextInt(200) * scale));
            }
            case 3 -> {
                long t = total == 0 ? 0 : rnd.nextLong(total + 1);
                yield List.of(new Tender(PaymentMethod.TRANSFER, t), new Tender(PaymentMethod.OTHER, total - t, "voucher"));
            }
            default -> List.of(new Tender(PaymentMethod.CASH, Math.max(0, total - rnd.nextInt(50))), new Tender(PaymentMethod.CARD,
                    rnd.nextInt(3) == 0 ? total + 1 : 0));
        };
        return new Checkout(1, currency, null, UUID.randomUUID(), List.of(), ls, whole, tips, tenders, "", Source.CHECKOUT);
    }

    private static Discount randomDiscount(Random rnd, long base) {
        return switch (rnd.nextInt(5)) {
            case 0 -> Discount.amount(base <= 0 ? 0 : rnd.nextLong(base + 1), "promo");
            case 1 -> Discount.percent(new BigDecimal(List.of("10", "12.5", "33.33", "5", "50", "100", "7.77").get(rnd.nextInt(7))), "loyal");
            default -> Discount.NONE;
        };
    }

    /** The model: every number of the bill worked out again, exactly, and compared. */
    static void check(Checkout c, Bill bill) {
        if (!bill.ok()) {
            return;
        }
        long step = c.currency().getCurrencyCode().equals("UAH") ? 10 : c.currency().getCurrencyCode().equals("CHF") ? 5
                : c.currency().getCurrencyCode().equals("SEK") ? 100 : 1;
        BigInteger baseSum = BigInteger.ZERO;
        List<BigInteger> bases = new ArrayList<>();
        for (int i = 0; i < c.lines().size(); i++) {
            CheckoutLine l = c.lines().get(i);
            BigInteger gross = BigInteger.valueOf(l.quantity()).multiply(BigInteger.valueOf(l.unitPriceMinor()));
            BigInteger own = l.discount().percent() == null ? BigInteger.valueOf(l.discount().amountMinor())
                    : new BigDecimal(gross).multiply(l.discount().percent()).divide(BigDecimal.valueOf(100), 0, RoundingMode.HALF_UP).toBigInteger();
            assertEquals(gross.longValueExact(), bill.lines().get(i).grossMinor());
            assertEquals(own.longValueExact(), bill.lines().get(i).discountMinor(), "a line's own discount, half up");
            bases.add(gross.subtract(own));
            baseSum = baseSum.add(gross.subtract(own));
        }
        BigInteger whole = c.discount().percent() == null ? BigInteger.valueOf(c.discount().amountMinor())
                : new BigDecimal(baseSum).multiply(c.discount().percent()).divide(BigDecimal.valueOf(100), 0, RoundingMode.HALF_UP).toBigInteger();
        assertEquals(whole.longValueExact(), bill.discountMinor(), "the whole discount, half up");
        // each share within one unit of its exact part D·b/B, the leftover units to the largest remainders
        BigInteger shares = BigInteger.ZERO;
        for (int i = 0; i < bases.size(); i++) {
            BigInteger share = BigInteger.valueOf(bill.lines().get(i).shareMinor());
            shares = shares.add(share);
            if (baseSum.signum() > 0) {
                BigInteger exact = whole.multiply(bases.get(i));
                assertTrue(share.multiply(baseSum).subtract(exact).abs().compareTo(baseSum) < 0, "share within one unit");
                BigInteger floor = exact.divide(baseSum);
                assertTrue(share.equals(floor) || share.equals(floor.add(BigInteger.ONE)));
            }
            assertEquals(bases.get(i).subtract(share).longValueExact(), bill.lines().get(i).amountMinor());
        }
        assertEquals(whole, shares, "the shares are the whole discount");
        if (baseSum.signum() > 0) {
            // a line that got a unit more has a remainder at least as large as any line that did not
            BigInteger minUp = null;
            BigInteger maxDown = null;
            for (int i = 0; i < bases.size(); i++) {
                BigInteger rem = whole.multiply(bases.get(i)).mod(baseSum);
                boolean up = BigInteger.valueOf(bill.lines().get(i).shareMinor()).compareTo(whole.multiply(bases.get(i)).divide(baseSum)) > 0;
                if (up) {
                    minUp = minUp == null || rem.compareTo(minUp) < 0 ? rem : minUp;
                } else if (rem.signum() > 0) {
                    maxDown = maxDown == null || rem.compareTo(maxDown) > 0 ? rem : maxDown;
                }
            }
            assertTrue(minUp == null || maxDown == null || minUp.compareTo(maxDown) >= 0, "largest remainders first");
        }
        long tips = c.tips().stream().mapToLong(Tip::amountMinor).sum();
        long subtotal = baseSum.subtract(whole).longValueExact() + tips;
        assertEquals(subtotal, bill.subtotalMinor());
        long byOthers = c.tenders().stream().filter(t -> t.method() != PaymentMethod.CASH).mapToLong(Tender::amountMinor).sum();
        long cashGiven = c.tenders().stream().filter(t -> t.method() == PaymentMethod.CASH).mapToLong(Tender::amountMinor).sum();
        long cashDue = subtotal - byOthers;
        long cash = cashDue == 0 ? 0 : BigDecimal.valueOf(cashDue).divide(BigDecimal.valueOf(step), 0, RoundingMode.HALF_UP).longValueExact() * step;
        assertEquals(cash - cashDue, bill.roundingMinor(), "cash rounded half up to the coins");
        assertTrue(Math.abs(bill.roundingMinor()) * 2 <= step);
        assertEquals(subtotal + cash - cashDue, bill.totalMinor());
        assertEquals(cash == 0 ? cashGiven : cashGiven - cash, bill.changeMinor(), "the change");
        // the sums a sale keeps, which the database checks again
        long lines = bill.lines().stream().mapToLong(Bill.BilledLine::amountMinor).sum() + tips + bill.roundingMinor();
        assertEquals(bill.totalMinor(), lines, "lines add up to the total");
        assertEquals(bill.totalMinor(), bill.payments().stream().mapToLong(Bill.Paid::amountMinor).sum(), "payments add up to the total");
        bill.payments().stream().filter(p -> p.method() == PaymentMethod.CASH).forEach(p -> assertEquals(0, p.amountMinor() % step, "cash in coins"));
    }

    @Test
    void theSplitOfAFewHandPickedCases() {
        assertEquals(List.of(34L, 33L, 33L), box(Amounts.split(100, new long[]{1, 1, 1})), "the earlier line on a tie");
        assertEquals(List.of(0L, 0L, 0L), box(Amounts.split(0, new long[]{5, 5, 5})));
        assertEquals(List.of(67L, 33L), box(Amounts.split(100, new long[]{2, 1})));
        assertEquals(List.of(0L, 10L), box(Amounts.split(10, new long[]{0, 7})));
        assertEquals(10_000, Amounts.roundTo(9_995, 10), "99.95 ₴ in cash is 100.00");
        assertEquals(9_990, Amounts.roundTo(9_994, 10), "99.94 ₴ in cash is 99.90");
        assertEquals(1_305, Amounts.roundTo(1_303, 5), "13.03 CHF in cash is 13.05");
        assertEquals(135, Amounts.percent(1_350, new BigDecimal("10")));
        assertEquals(3, Amounts.percent(25, new BigDecimal("10")), "2.5 rounds half up");
        assertEquals(1500, Amounts.toMinor(new BigDecimal("1500.49"), Currency.getInstance("JPY")));
        assertEquals(12_500, Amounts.toMinor(new BigDecimal("12.5"), Currency.getInstance("KWD")));
    }

    private static List<Long> box(long[] a) {
        List<Long> l = new ArrayList<>();
        for (long x : a) {
            l.add(x);
        }
        return l;
    }
}
