package app.salondesk.logic.live;

import java.time.Duration;
import java.util.function.DoubleSupplier;

/**
 * Waits between reconnection attempts: doubling from {@code initial} up to {@code max}, each
 * wait drawn between half and all of that step. The jitter matters when the server comes back
 * after an outage: every desk of the salon lost it at the same moment, and without it they
 * would all knock at the same instants.
 */
final class Backoff {

    private final Duration initial;
    private final Duration max;
    private final DoubleSupplier random;
    private Duration step;

    /** @param random values in [0, 1) */
    Backoff(Duration initial, Duration max, DoubleSupplier random) {
        if (initial.isZero() || initial.isNegative() || max.compareTo(initial) < 0) {
            throw new IllegalArgumentException("need 0 < initial <= max, got " + initial + " and " + max);
        }
        this.initial = initial;
        this.max = max;
        this.random = random;
        this.step = initial;
    }

    Duration nextDelay() {
        long stepMillis = step.toMillis();
        long delay = stepMillis / 2 + (long) (random.getAsDouble() * (stepMillis - stepMillis / 2));
        Duration doubled = step.multipliedBy(2);
        step = doubled.compareTo(max) > 0 ? max : doubled;
        return Duration.ofMillis(Math.max(1, delay));
    }

    /** After a success the next outage starts again with short waits. */
    void reset() {
        step = initial;
    }
}
