package app.salondesk.logic.calendar;

import app.salondesk.model.booking.BookingOutcome;
import app.salondesk.model.booking.BookingStatus;
import app.salondesk.model.calendar.BookingRef;

import java.time.Instant;

/** The changes a calendar can ask for; in the app they go to the booking engine. */
public interface BookingCommands {

    BookingOutcome move(BookingRef ref, long toMasterId, Instant start, int minutes);

    BookingOutcome changeStatus(BookingRef ref, BookingStatus status);

    /** The parts of a visit as they are now, in time order (read while the desk asks "the whole visit?"). */
    default java.util.List<app.salondesk.model.booking.Booking> visitParts(long visitId) {
        return java.util.List.of();
    }

    /**
     * The same commands, recorded in the history as coming by {@code road} (the right-click menu,
     * Ctrl+Z); commands that record no road answer themselves.
     */
    default BookingCommands via(app.salondesk.model.booking.Source road) {
        return this;
    }

    /**
     * Moves a visit by {@code by}, all or none (issue 18), if its parts are still at
     * {@code versions} — the versions the person saw (a whole-visit drag: issue 30) or that this
     * desk's move produced (an undo: issue 17).
     */
    default app.salondesk.model.booking.VisitOutcome moveVisit(long visitId, java.util.Map<Long, Integer> versions, java.time.Duration by) {
        return new app.salondesk.model.booking.VisitOutcome.Invalid(0, app.salondesk.model.booking.InvalidReason.BAD_VALUE, "visit");
    }
}
