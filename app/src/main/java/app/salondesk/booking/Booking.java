package app.salondesk.booking;

import java.time.Instant;
import java.util.UUID;

/** A booking as stored, at a given version. {@code serviceId} is null for a custom booking. */
public record Booking(long id, long tenantId, long masterId, long clientId, Long serviceId,
                      Instant start, int durationMin, BookingStatus status, int version,
                      UUID requestId, Source source, String note, boolean outsideHours) {

    public Instant end() {
        return start.plusSeconds(durationMin * 60L);
    }
}
