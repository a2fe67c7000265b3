package app.salondesk.calendar;

import app.salondesk.booking.BookingStatus;

/**
 * What a calendar entry knows of its booking: its ids, the version it was read at (for the
 * engine's stale-edit check), its status (which edits make sense) and whether it came by the
 * online page (how it is marked). Never a copy of the row.
 */
public record BookingRef(long bookingId, long masterId, int version, BookingStatus status, boolean online) {

    public BookingRef(long bookingId, long masterId, int version, BookingStatus status) {
        this(bookingId, masterId, version, status, false);
    }
}
