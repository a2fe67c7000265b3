package app.salondesk.model.booking;

import java.util.List;
import java.util.function.Function;

/**
 * What became of a booking request. Expected outcomes are values, not exceptions: callers
 * switch over them exhaustively and show each as a person can act on it.
 */
public sealed interface BookingOutcome {

    /**
     * Java 17 has no pattern switch: this is the exhaustive switch. Every caller names what
     * to do for each of the five outcomes, and a sixth outcome would not compile anywhere.
     */
    default <R> R fold(Function<Booked, R> booked, Function<TimeTaken, R> timeTaken, Function<TryAgain, R> tryAgain,
                       Function<ChangedByOthers, R> changedByOthers, Function<Invalid, R> invalid) {
        if (this instanceof Booked b) {
            return booked.apply(b);
        }
        if (this instanceof TimeTaken t) {
            return timeTaken.apply(t);
        }
        if (this instanceof TryAgain a) {
            return tryAgain.apply(a);
        }
        if (this instanceof ChangedByOthers c) {
            return changedByOthers.apply(c);
        }
        return invalid.apply((Invalid) this);
    }

    /** Saved (or found already saved by the same request: a double click makes one booking). */
    record Booked(Booking booking) implements BookingOutcome {
    }

    /** The time is not free (any more); the nearest free starts, same master first. */
    record TimeTaken(List<FreeSlot> nearestFree) implements BookingOutcome {
        public TimeTaken {
            nearestFree = List.copyOf(nearestFree);
        }
    }

    /**
     * Nothing was saved, or it is not known yet: the master's schedule stayed locked by someone
     * else for the whole waiting budget ({@link Why#BUSY}), or the connection to the server was
     * lost during the write (issue 15). Trying again is always safe: a new booking keeps its
     * request id and a change its version, so a write that did land is found, never doubled.
     */
    record TryAgain(Why why) implements BookingOutcome {
        public TryAgain() {
            this(Why.BUSY);
        }

        public enum Why {
            /** The lock timeout (or repeated deadlocks): nothing was written. */
            BUSY,
            /** The connection was lost; once it was back the database said the write had not landed. */
            CONNECTION_LOST,
            /** The connection was lost and did not come back in time to ask whether the write landed. */
            CONNECTION_LOST_UNKNOWN
        }
    }

    /** The booking changed since the user loaded it; here is how it is now. */
    record ChangedByOthers(Booking current) implements BookingOutcome {
    }

    /** The request itself cannot be carried out; {@code detail} is the offending value, if any. */
    record Invalid(InvalidReason reason, String detail) implements BookingOutcome {
        public Invalid(InvalidReason reason) {
            this(reason, "");
        }
    }
}
