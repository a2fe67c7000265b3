package app.salondesk.model.booking;

import java.time.Instant;

/**
 * A booking as a schedule shows it: who, what, when, the version it was read at, and the road
 * that made it (its source, which no later change alters), and its service (null: a custom one): the calendar marks a booking the
 * client made on the salon's online page, and one the waitlist made; {@code clientConfirmed}: the
 * client said "yes" by her message's link (or chose this time by it, issue 33). {@code alert} is the
 * client's alerts (issue 36), one after another, or null when she has none: the calendar marks the entry.
 */
public record ScheduledBooking(long id, long masterId, Instant start, int durationMin,
                               BookingStatus status, String clientName, String serviceName,
                               int version, Source source, Long serviceId, Shape shape, Long visitId, boolean clientConfirmed,
                               String alert) {

    /** A booking whose client has not confirmed it by a message's link and has no alert (or whose alerts were not read). */
    public ScheduledBooking(long id, long masterId, Instant start, int durationMin, BookingStatus status, String clientName,
                            String serviceName, int version, Source source, Long serviceId, Shape shape, Long visitId) {
        this(id, masterId, start, durationMin, status, clientName, serviceName, version, source, serviceId, shape, visitId, false, null);
    }

    /** A booking whose client has no alert (or whose alerts were not read). */
    public ScheduledBooking(long id, long masterId, Instant start, int durationMin, BookingStatus status, String clientName,
                            String serviceName, int version, Source source, Long serviceId, Shape shape, Long visitId,
                            boolean clientConfirmed) {
        this(id, masterId, start, durationMin, status, clientName, serviceName, version, source, serviceId, shape, visitId, clientConfirmed, null);
    }

    /** A booking whose client has not confirmed it by a message's link. */
    public ScheduledBooking(long id, long masterId, Instant start, int durationMin, BookingStatus status, String clientName,
                            String serviceName, int version, Source source, Long serviceId, Shape shape, Long visitId, String alert) {
        this(id, masterId, start, durationMin, status, clientName, serviceName, version, source, serviceId, shape, visitId, false, alert);
    }

    /** A booking as the calendar read it before it knew shapes and visits: one busy phase, no cleanup, no visit. */
    public ScheduledBooking(long id, long masterId, Instant start, int durationMin, BookingStatus status, String clientName,
                            String serviceName, int version, Source source, Long serviceId) {
        this(id, masterId, start, durationMin, status, clientName, serviceName, version, source, serviceId, Shape.PLAIN, null);
    }

    /** A booking whose service id is not needed (tests, lists): null. */
    public ScheduledBooking(long id, long masterId, Instant start, int durationMin, BookingStatus status, String clientName,
                            String serviceName, int version, Source source) {
        this(id, masterId, start, durationMin, status, clientName, serviceName, version, source, null);
    }

    /** A booking made at the desk. */
    public ScheduledBooking(long id, long masterId, Instant start, int durationMin, BookingStatus status, String clientName,
                            String serviceName, int version) {
        this(id, masterId, start, durationMin, status, clientName, serviceName, version, Source.FORM);
    }

    /** The client made it on the salon's online page. */
    public boolean online() {
        return source == Source.ONLINE;
    }

    /** The waitlist made it for a client who waited for this time. */
    public boolean fromWaitlist() {
        return source == Source.WAITLIST;
    }

    public Instant end() {
        return start.plusSeconds(durationMin * 60L);
    }
}
