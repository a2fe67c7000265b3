package app.salondesk.model.booking;

import java.time.Instant;

/**
 * Move and/or resize a booking, possibly to another master, and change its note with it.
 * {@code fromMasterId} and {@code expectedVersion} are what the user saw; a change by anyone
 * since is reported, not overwritten. {@code overrideHours}: book even outside working hours or
 * into time off (an admin's right, ADR 5); a booking that has the override keeps it without
 * asking. {@code note}: the booking's new note, saved in the same transaction; null leaves it as
 * it is.
 */
public record Reschedule(long tenantId, long bookingId, int expectedVersion, long fromMasterId, long toMasterId,
                         Instant newStart, int newDurationMin, Source source, boolean overrideHours, String note) {

    /** A move or resize that leaves the note as it is. */
    public Reschedule(long tenantId, long bookingId, int expectedVersion, long fromMasterId, long toMasterId,
                      Instant newStart, int newDurationMin, Source source, boolean overrideHours) {
        this(tenantId, bookingId, expectedVersion, fromMasterId, toMasterId, newStart, newDurationMin, source, overrideHours, null);
    }
}
