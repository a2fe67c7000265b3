package app.salondesk.model.online;

import java.time.Instant;

/**
 * A client's "another time" by her message's private link (issue 33): move the booking the link
 * speaks of, as she saw it ({@code version}, on {@code fromMasterId}, of {@code serviceId}), to
 * {@code toMasterId} at {@code start}, for that master's length of the service. The link's token is the only key; the database checks it in the move's own
 * transaction (migration 31).
 */
public record LinkMove(String token, long tenantId, long bookingId, int version, long serviceId, long fromMasterId, long toMasterId,
                       Instant start) {
}
