package app.salondesk.booking;

import java.time.Instant;

/**
 * A booking as a schedule shows it: who, what, when, the version it was read at, and whether the
 * client made it on the salon's online page (its source, which no later change alters).
 */
public record ScheduledBooking(long id, long masterId, Instant start, int durationMin,
                               BookingStatus status, String clientName, String serviceName,
                               int version, boolean online) {

    /** A booking made by any road but the online page. */
    public ScheduledBooking(long id, long masterId, Instant start, int durationMin, BookingStatus status, String clientName,
                            String serviceName, int version) {
        this(id, masterId, start, durationMin, status, clientName, serviceName, version, false);
    }

    public Instant end() {
        return start.plusSeconds(durationMin * 60L);
    }
}
