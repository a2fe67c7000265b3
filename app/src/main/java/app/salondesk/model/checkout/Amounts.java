package app.salondesk.model.checkout;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.RoundingMode;
import java.util.Currency;
import java.util.Map;

/**
 * Money in minor units, the rules written once (ADR 34) — the same rules migration 35 checks:
 * the minor unit is the currency's ({@link Currency#getDefaultFractionDigits()}: kopiyky, cents;
 * none for yen, three for dinars); a percentage and a price in whole units become minor units half
 * up; cash is paid in steps of the smallest coin in use ({@link #cashStep}); a discount on the whole
 * is split over the lines in proportion, by largest remainder ({@link #split}). Amounts are longs,
 * never floating point.
 */
public final class Amounts {

    /** The smallest cash amount where it is not one minor unit (the database's money_cash_step). */
    private static final Map<String, Integer> CASH_STEPS = Map.of(
            "UAH", 10, "CHF", 5, "CAD", 5, "AUD", 5, "NZD", 10, "DKK", 50, "SEK", 100, "NOK", 100, "CZK", 100, "HUF", 500);

    private Amounts() {
    }

    /** The digits of the currency's minor unit (2 where Java knows none: a pseudo-currency). */
    public static int minorDigits(Currency currency) {
        int digits = currency.getDefaultFractionDigits();
        return digits < 0 ? 2 : digits;
    }

    /** The smallest amount cash is paid in, in minor units (10 kopiyky: no smaller coins since 2019). */
    public static int cashStep(Currency currency) {
        return CASH_STEPS.getOrDefault(currency.getCurrencyCode(), 1);
    }

    /** A price in whole units ("500.00") as minor units, half up. */
    public static long toMinor(BigDecimal amount, Currency currency) {
        return amount.movePointRight(minorDigits(currency)).setScale(0, RoundingMode.HALF_UP).longValueExact();
    }

    /** Minor units as a decimal amount of the currency, for formatting ({@code Money.format}). */
    public static BigDecimal toDecimal(long minor, Currency currency) {
        return BigDecimal.valueOf(minor, minorDigits(currency));
    }

    /** {@code percent} percent of {@code base} (not negative), half up. */
    public static long percent(long base, BigDecimal percent) {
        return BigDecimal.valueOf(base).multiply(percent).divide(BigDecimal.valueOf(100), 0, RoundingMode.HALF_UP).longValueExact();
    }

    /** {@code amount} (not negative) to a multiple of {@code step}, half up. */
    public static long roundTo(long amount, int step) {
        return BigDecimal.valueOf(amount).divide(BigDecimal.valueOf(step), 0, RoundingMode.HALF_UP).longValueExact() * step;
    }

    /**
     * {@code total} split over parts in proportion to {@code weights} (none negative, their sum at
     * least {@code total} when it is not 0): each part gets its exact share rounded down, and the
     * units left over go one each to the parts with the largest remainders, the earlier part first
     * on a tie. Every part is then within one unit of its exact share, and they add up to {@code total}.
     */
    public static long[] split(long total, long[] weights) {
        long[] parts = new long[weights.length];
        BigInteger sum = BigInteger.ZERO;
        for (long w : weights) {
            sum = sum.add(BigInteger.valueOf(w));
        }
        if (total == 0 || sum.signum() == 0) {
            return parts;
        }
        BigInteger[] remainders = new BigInteger[weights.length];
        long given = 0;
        for (int i = 0; i < weights.length; i++) {
            BigInteger[] qr = BigInteger.valueOf(total).multiply(BigInteger.valueOf(weights[i])).divideAndRemainder(sum);
            parts[i] = qr[0].longValueExact();
            remainders[i] = qr[1];
            given += parts[i];
        }
        for (long left = total - given; left > 0; left--) {
            int best = -1;
            for (int i = 0; i < weights.length; i++) {
                if (remainders[i].signum() > 0 && (best < 0 || remainders[i].compareTo(remainders[best]) > 0)) {
                    best = i;
                }
            }
            parts[best]++;
            remainders[best] = BigInteger.ZERO;
        }
        return parts;
    }
}
