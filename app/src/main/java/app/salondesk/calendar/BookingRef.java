package app.salondesk.calendar;

/** What a calendar entry knows of its booking: ids only, never a copy of the row. */
public record BookingRef(long bookingId, long masterId, int version) {
}
