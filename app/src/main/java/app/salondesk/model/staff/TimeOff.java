package app.salondesk.model.staff;

import java.time.Instant;

public record TimeOff(long masterId, Instant start, Instant end, String reason) {
}
