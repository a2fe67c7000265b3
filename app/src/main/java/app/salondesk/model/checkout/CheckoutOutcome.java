package app.salondesk.model.checkout;

import app.salondesk.model.booking.BookingOutcome;

import java.util.function.Function;

/**
 * What became of a checkout. Values, not exceptions (as {@code BookingOutcome}): a sale made, or
 * nothing written and why — told in a sentence the person can act on.
 */
public sealed interface CheckoutOutcome {

    /** The exhaustive switch (Java 17 has no pattern switch). */
    default <R> R fold(Function<CheckedOut, R> checkedOut, Function<TryAgain, R> tryAgain, Function<Refused, R> refused) {
        if (this instanceof CheckedOut c) {
            return checkedOut.apply(c);
        }
        if (this instanceof TryAgain t) {
            return tryAgain.apply(t);
        }
        return refused.apply((Refused) this);
    }

    /**
     * The sale was made — now, or before by the same request (a double click, a retry after a lost
     * answer: one sale). Its bookings are completed.
     */
    record CheckedOut(SaleSummary sale, long changeMinor) implements CheckoutOutcome {
    }

    /** Nothing was written, or it is not known yet; asking again is safe (the request id finds a sale made). */
    record TryAgain(BookingOutcome.TryAgain.Why why) implements CheckoutOutcome {
    }

    /**
     * Nothing was written: why. {@link CheckoutProblem#ALREADY_PAID} names the sale that paid
     * ({@code saleId}); {@link CheckoutProblem#OUT_OF_STOCK} the product in {@code detail}.
     */
    record Refused(CheckoutProblem problem, String detail, Long saleId) implements CheckoutOutcome {
        public Refused(CheckoutProblem problem, String detail) {
            this(problem, detail, null);
        }
    }
}
