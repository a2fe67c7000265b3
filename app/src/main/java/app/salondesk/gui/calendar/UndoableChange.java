package app.salondesk.gui.calendar;

import app.salondesk.model.booking.Booking;
import app.salondesk.model.booking.BookingStatus;

import java.time.Instant;

/**
 * One change this desk made to a booking, as Ctrl+Z takes it back: how the booking was before
 * and how the change left it — with the version the change produced, which the undo carries to
 * the engine, so that a change made by anyone since is reported instead of overwritten.
 */
public record UndoableChange(long bookingId, String clientName, State before, State after, VisitMove visit) {

    /** A change of one booking (not a whole visit's move). */
    public UndoableChange(long bookingId, String clientName, State before, State after) {
        this(bookingId, clientName, before, after, null);
    }

    /**
     * The change moved a whole visit (issue 18) by {@code by}: the booking above is the part that
     * was dragged; the undo moves every part back, each at the version the move gave it.
     */
    public record VisitMove(long visitId, java.time.Duration by, java.util.Map<Long, Integer> versions) {
        public VisitMove {
            versions = java.util.Map.copyOf(versions);
        }
    }

    /** A booking's master, time, length, status, and the version they are of. */
    public record State(long masterId, Instant start, int minutes, BookingStatus status, int version) {

        public static State of(Booking b) {
            return new State(b.masterId(), b.start(), b.durationMin(), b.status(), b.version());
        }

        /** The same booking in the same place, whatever its version. */
        boolean samePlace(State other) {
            return masterId == other.masterId && start.equals(other.start) && minutes == other.minutes && status == other.status;
        }
    }

    /** A change of status (cancel, arrived…); otherwise a move or a resize. */
    public boolean statusChange() {
        return before.status() != after.status();
    }

    /** Whether anything changed: a save that changed nothing leaves nothing to undo. */
    public boolean changedSomething() {
        return before.version() != after.version() && !before.samePlace(after);
    }

    /** The same change, its booking now at {@code version} (an undo of a newer change of it brought it back here). */
    UndoableChange at(int version) {
        return new UndoableChange(bookingId, clientName, before,
                new State(after.masterId(), after.start(), after.minutes(), after.status(), version), visit);
    }
}
