package app.salondesk.booking;

import java.util.List;

/**
 * What became of a booking request. Expected outcomes are values, not exceptions: callers
 * switch over them exhaustively and show each as a person can act on it.
 */
public sealed interface BookingOutcome {

    /** Saved (or found already saved by the same request: a double click makes one booking). */
    record Booked(Booking booking) implements BookingOutcome {
    }

    /** The time is not free (any more); the nearest free starts, same master first. */
    record TimeTaken(List<FreeSlot> nearestFree) implements BookingOutcome {
        public TimeTaken {
            nearestFree = List.copyOf(nearestFree);
        }
    }

    /** The master's schedule stayed locked by someone else for the whole waiting budget. */
    record TryAgain() implements BookingOutcome {
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
