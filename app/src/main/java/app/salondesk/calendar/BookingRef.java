package app.salondesk.calendar;

import app.salondesk.booking.BookingStatus;
import app.salondesk.booking.Source;

/**
 * What a calendar entry knows of its booking: its ids, the version it was read at (for the
 * engine's stale-edit check), its status (which edits make sense), the road that made it
 * (how it is marked: online, from the waitlist) and its service (which masters a drag may
 * offer it to; null: a custom one). Never a copy of the row.
 */
public record BookingRef(long bookingId, long masterId, int version, BookingStatus status, Source source, Long serviceId) {

    public BookingRef(long bookingId, long masterId, int version, BookingStatus status) {
        this(bookingId, masterId, version, status, Source.FORM, null);
    }

    public BookingRef(long bookingId, long masterId, int version, BookingStatus status, Source source) {
        this(bookingId, masterId, version, status, source, null);
    }

    public boolean online() {
        return source == Source.ONLINE;
    }

    public boolean fromWaitlist() {
        return source == Source.WAITLIST;
    }
}
