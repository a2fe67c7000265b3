package app.salondesk.model.booking;

import java.math.BigDecimal;
import java.time.Instant;

/**
 * One booking as the exports write it: who, when, what, for how much, in what state, by which
 * road. {@code serviceName} and {@code price} are null for a custom booking, {@code clientPhone}
 * for a client without one. The price is the master's own for the service, else the service's.
 */
public record ExportedBooking(long id, Instant start, int durationMin, long masterId, String masterName, String clientName,
                              String clientPhone, String serviceName, BigDecimal price, BookingStatus status, String source,
                              String note) {

    public Instant end() {
        return start.plusSeconds(durationMin * 60L);
    }
}
