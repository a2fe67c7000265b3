package app.salondesk.model.staff;

import java.time.Instant;

/** One stretch of a master's time off, as the setup screen lists and removes it. */
public record TimeOffEntry(long id, long masterId, Instant start, Instant end, String reason) {
}
