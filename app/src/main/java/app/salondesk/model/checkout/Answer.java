package app.salondesk.model.checkout;

/**
 * What became of a write around the checkout that is not a sale — a refund, a void, the till's
 * float, a movement of cash, closing the day, a product, a stock movement, a commission rate:
 * done (with what it made), or refused with why. Nothing is half-written.
 */
public sealed interface Answer<T> {

    record Done<T>(T value) implements Answer<T> {
    }

    record Refused<T>(CheckoutProblem problem, String detail) implements Answer<T> {
    }

    static <T> Answer<T> done(T value) {
        return new Done<>(value);
    }

    static <T> Answer<T> refused(CheckoutProblem problem, String detail) {
        return new Refused<>(problem, detail == null ? "" : detail);
    }

    default boolean isDone() {
        return this instanceof Done;
    }

    /** The value done; throws for a refusal (for tests and callers that checked). */
    default T value() {
        if (this instanceof Done<T> d) {
            return d.value();
        }
        throw new IllegalStateException("refused: " + this);
    }
}
