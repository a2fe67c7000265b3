package app.salondesk.model.clients;

import java.time.Instant;

/**
 * A dated note on a client's card (issue 36): of the client, or of one visit ({@code bookingId}: what
 * was done). An alert is a note marked so: it is shown wherever she is booked or paid for.
 */
public record ClientNote(long id, Long bookingId, String body, boolean alert, Instant createdAt, String createdBy) {
}
