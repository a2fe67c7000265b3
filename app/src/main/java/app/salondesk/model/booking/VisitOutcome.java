package app.salondesk.model.booking;

import java.time.Instant;
import java.util.List;

/**
 * What became of a visit (issue 18): all its parts booked (or moved), or none of them and why.
 * Like {@link BookingOutcome}, outcomes are values; a visit is never half booked.
 */
public sealed interface VisitOutcome {

    /** Every part, in the visit's order. */
    record Booked(long visitId, List<Booking> parts) implements VisitOutcome {
        public Booked {
            parts = List.copyOf(parts);
        }
    }

    /**
     * A part's time is not free; the nearest starts of the first part at which the whole
     * sequence fits with the same masters and the same gaps between the parts.
     */
    record TimeTaken(int part, List<Instant> nearestStarts) implements VisitOutcome {
        public TimeTaken {
            nearestStarts = List.copyOf(nearestStarts);
        }
    }

    /** The masters' schedules stayed locked, or the connection was lost (see {@link BookingOutcome.TryAgain}). */
    record TryAgain(BookingOutcome.TryAgain.Why why) implements VisitOutcome {
    }

    /** A part changed since it was read (a move of the whole visit); how the visit is now. */
    record ChangedByOthers(List<Booking> current) implements VisitOutcome {
        public ChangedByOthers {
            current = List.copyOf(current);
        }
    }

    /** The request cannot be carried out; {@code part} is the part it concerns (0 for the whole). */
    record Invalid(int part, InvalidReason reason, String detail) implements VisitOutcome {
    }
}
