package app.salondesk.staff;

import java.time.Instant;

/**
 * A session holding (or awaiting) the named lock of one of the salon's masters
 * ({@code salondesk_master_locks}, migration 9). A booking holds it for milliseconds; one held
 * for long is a stuck program, and the reason every desk hears "try again" for that master.
 *
 * @param heldSince when the holder's transaction began; null when the server does not show it
 */
public record SalonLock(long masterId, String masterName, int pid, String login, boolean granted, Instant heldSince) {
}
