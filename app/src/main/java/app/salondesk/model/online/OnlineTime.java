package app.salondesk.model.online;

import java.time.Instant;

/** A free start: which master, and when (the page writes it in the salon's zone). */
public record OnlineTime(long masterId, String masterName, Instant start) {
}
