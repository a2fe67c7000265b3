package app.salondesk.calendar;

import app.salondesk.booking.BookingOutcome;
import app.salondesk.booking.BookingStatus;

import java.time.Instant;

/** The changes a calendar can ask for; in the app they go to the booking engine. */
public interface BookingCommands {

    BookingOutcome move(BookingRef ref, long toMasterId, Instant start, int minutes);

    BookingOutcome changeStatus(BookingRef ref, BookingStatus status);

    /**
     * The same commands, recorded in the history as coming by {@code road} (the right-click menu,
     * Ctrl+Z); commands that record no road answer themselves.
     */
    default BookingCommands via(app.salondesk.booking.Source road) {
        return this;
    }

    /** Moves every part of the booking's visit by {@code by}, all or none (issue 18). */
    default app.salondesk.booking.VisitOutcome moveVisit(BookingRef ref, java.time.Duration by) {
        return new app.salondesk.booking.VisitOutcome.Invalid(0, app.salondesk.booking.InvalidReason.BAD_VALUE, "visit");
    }

    /** Moves a visit by {@code by} if its parts are still at {@code versions} (an undo: issue 17). */
    default app.salondesk.booking.VisitOutcome moveVisit(long visitId, java.util.Map<Long, Integer> versions, java.time.Duration by) {
        return new app.salondesk.booking.VisitOutcome.Invalid(0, app.salondesk.booking.InvalidReason.BAD_VALUE, "visit");
    }
}
