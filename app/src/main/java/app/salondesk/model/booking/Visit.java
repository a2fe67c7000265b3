package app.salondesk.model.booking;

import java.math.BigDecimal;
import java.time.Instant;

/**
 * One booking of a client, as the client card lists it; {@code serviceName} and {@code price}
 * are null for a custom booking. The price is the master's own for the service, else the
 * service's — as it is now, in the salon's currency.
 */
public record Visit(long bookingId, Instant start, int durationMin, BookingStatus status, String masterName,
                    String serviceName, BigDecimal price) {

    public Instant end() {
        return start.plusSeconds(durationMin * 60L);
    }
}
