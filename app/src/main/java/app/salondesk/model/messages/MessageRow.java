package app.salondesk.model.messages;

import java.time.Instant;

/** One message as the desk shows it: for a booking, or in the list of a day. */
public record MessageRow(long id, long bookingId, MessageKind kind, int leadMin, Channel channel, Instant aboutStart,
                         Instant plannedAt, Instant dueAt, MessageState state, int attempts, String recipient, String reason,
                         Instant sentAt) {
}
