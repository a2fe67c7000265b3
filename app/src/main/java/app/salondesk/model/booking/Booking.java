package app.salondesk.model.booking;

import java.time.Instant;
import java.util.UUID;

/**
 * A booking as stored, at a given version. {@code serviceId} is null for a custom booking,
 * {@code seriesId} for one that is no occurrence of a recurring series.
 */
public record Booking(long id, long tenantId, long masterId, long clientId, Long serviceId,
                      Instant start, int durationMin, BookingStatus status, int version,
                      UUID requestId, Source source, String note, boolean outsideHours, UUID seriesId) {

    /** A booking in no series. */
    public Booking(long id, long tenantId, long masterId, long clientId, Long serviceId, Instant start, int durationMin,
                   BookingStatus status, int version, UUID requestId, Source source, String note, boolean outsideHours) {
        this(id, tenantId, masterId, clientId, serviceId, start, durationMin, status, version, requestId, source, note, outsideHours, null);
    }

    public Instant end() {
        return start.plusSeconds(durationMin * 60L);
    }
}
