package app.salondesk.model.booking;

import java.time.Instant;

/**
 * One change of a booking: when, by whom, through which path, and what changed (JSON).
 *
 * @param by      the database login that wrote it
 * @param byName  the person as the salon knows them: the login's staff display name; null when
 *                the login is no staff member's (the owner's, the online server's)
 * @param byOwner whether the login was the database's owner (the embedded desk's own login)
 */
public record HistoryEntry(long bookingId, Instant at, String by, String source, String operation, String changesJson,
                           String byName, boolean byOwner) {

    public HistoryEntry(long bookingId, Instant at, String by, String source, String operation, String changesJson) {
        this(bookingId, at, by, source, operation, changesJson, null, false);
    }
}
