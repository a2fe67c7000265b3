package app.salondesk.model.calendar;

import app.salondesk.model.booking.BookingStatus;
import app.salondesk.model.booking.Source;

/**
 * What a calendar entry knows of its booking: its ids, the version it was read at (for the
 * engine's stale-edit check), its status (which edits make sense), the road that made it
 * (how it is marked: online, from the waitlist), its service (which masters a drag may
 * offer it to; null: a custom one) and its shape (where its processing gaps are: drawn lighter,
 * and another booking may be dropped there) and its visit (a drag asks whether the whole visit
 * moves; null: none). Never a copy of the row.
 */
public record BookingRef(long bookingId, long masterId, int version, BookingStatus status, Source source, Long serviceId,
                         app.salondesk.model.booking.Shape shape, Long visitId) {

    public BookingRef(long bookingId, long masterId, int version, BookingStatus status, Source source, Long serviceId) {
        this(bookingId, masterId, version, status, source, serviceId, app.salondesk.model.booking.Shape.PLAIN, null);
    }

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
