package app.salondesk.model.staff;

import java.time.Instant;

/**
 * A session holding (or awaiting) one of the salon's named locks ({@code salondesk_salon_locks},
 * migration 23): a master's, the salon's rooms lock, a room's, or the lock that keeps a client's
 * waitlist entries under their cap. A write holds its locks for milliseconds;
 * one held for long is a stuck program (or someone in the way), and the reason every desk hears
 * "try again" for what it locks.
 *
 * @param objectId   the master, room or client locked; null for the salon's rooms lock
 * @param objectName its name; null for the salon's rooms lock
 * @param shared     held in shared mode (every booking holds the rooms lock so; only a change of
 *                   rooms waits for it)
 * @param heldSince  when the holder's transaction began; null when the server does not show it
 */
public record SalonLock(Kind kind, Long objectId, String objectName, int pid, String login, boolean shared, boolean granted,
                        Instant heldSince) {

    /** What a lock guards: the names {@code salondesk_lock_keys} gives them. */
    public enum Kind {
        MASTER("master"), ROOMS("rooms"), RESOURCE("resource"), WAITLIST_CLIENT("waitlist-client");

        private final String dbValue;

        Kind(String dbValue) {
            this.dbValue = dbValue;
        }

        public String dbValue() {
            return dbValue;
        }

        public static Kind of(String dbValue) {
            for (Kind k : values()) {
                if (k.dbValue.equals(dbValue)) {
                    return k;
                }
            }
            throw new IllegalArgumentException("a lock of an unknown kind: " + dbValue);
        }
    }
}
