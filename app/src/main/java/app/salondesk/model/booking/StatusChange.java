package app.salondesk.model.booking;

/** Confirm, mark arrived / completed / no-show, cancel, or revive a booking. */
public record StatusChange(long tenantId, long bookingId, int expectedVersion, long masterId,
                           BookingStatus newStatus, Source source) {
}
