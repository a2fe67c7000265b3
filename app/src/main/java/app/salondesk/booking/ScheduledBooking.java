package app.salondesk.booking;

import java.time.Instant;

/** A booking as a schedule shows it: who, what, when, and the version it was read at. */
public record ScheduledBooking(long id, long masterId, Instant start, int durationMin,
                               BookingStatus status, String clientName, String serviceName,
                               int version) {

    public Instant end() {
        return start.plusSeconds(durationMin * 60L);
    }
}
