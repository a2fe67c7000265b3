package app.salondesk.model.booking;

import java.time.Instant;

/** A start time at which a master is free for the asked duration. */
public record FreeSlot(long masterId, String masterName, Instant start, boolean sameMaster) {
}
