package app.salondesk.calendar;

import app.salondesk.booking.BookingOutcome;
import app.salondesk.booking.BookingStatus;

import java.time.Instant;

/** The changes a calendar can ask for; in the app they go to the booking engine. */
public interface BookingCommands {

    BookingOutcome move(BookingRef ref, long toMasterId, Instant start, int minutes);

    BookingOutcome changeStatus(BookingRef ref, BookingStatus status);
}
