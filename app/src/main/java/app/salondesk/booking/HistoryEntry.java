package app.salondesk.booking;

import java.time.Instant;

/** One change of a booking: when, by whom, through which path, and what changed (JSON). */
public record HistoryEntry(long bookingId, Instant at, String by, String source, String operation, String changesJson) {
}
