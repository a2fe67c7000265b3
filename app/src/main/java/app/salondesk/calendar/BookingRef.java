package app.salondesk.calendar;

import app.salondesk.booking.BookingStatus;

/**
 * What a calendar entry knows of its booking: its ids, the version it was read at (for the
 * engine's stale-edit check) and its status (which edits make sense). Never a copy of the row.
 */
public record BookingRef(long bookingId, long masterId, int version, BookingStatus status) {
}
