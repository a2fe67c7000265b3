package app.salondesk.booking;

import java.time.Instant;

/**
 * Move and/or resize a booking, possibly to another master. {@code fromMasterId} and
 * {@code expectedVersion} are what the user saw; a change by anyone since is reported, not
 * overwritten.
 */
public record Reschedule(long tenantId, long bookingId, int expectedVersion, long fromMasterId, long toMasterId,
                         Instant newStart, int newDurationMin, Source source, boolean overrideHours) {
}
