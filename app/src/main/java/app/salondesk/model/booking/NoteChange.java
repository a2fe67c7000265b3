package app.salondesk.model.booking;

/**
 * A booking's note changed, nothing else ({@code bookings note --id N --text TEXT}, issue 30).
 * {@code expectedVersion} and {@code masterId} are what the user saw: a change by anyone since is
 * reported, not overwritten. The note is at most {@link BookingEngine#MAX_NOTE_LENGTH} characters.
 */
public record NoteChange(long tenantId, long bookingId, int expectedVersion, long masterId, String note, Source source) {
}
