package app.salondesk.booking;

import java.time.Instant;

/** One booking of a client, as the client card lists it; {@code serviceName} is null for a custom booking. */
public record Visit(long bookingId, Instant start, int durationMin, BookingStatus status, String masterName,
                    String serviceName) {

    public Instant end() {
        return start.plusSeconds(durationMin * 60L);
    }
}
