package app.salondesk.logic.booking;

import app.salondesk.model.booking.BookingStatus;
import app.salondesk.model.booking.ScheduledBooking;
import app.salondesk.model.booking.Shape;
import app.salondesk.model.booking.Source;
import org.jooq.DSLContext;

import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.List;

/**
 * Reads which booking holds which unit of a room or a piece of equipment (migration 19's
 * {@code booking_resources}, written by the database alone), for the calendar's columns of rooms
 * and equipment. Only active bookings hold a unit: a cancelled one has let it go.
 */
public final class ResourceHoldsRepository {

    /** One unit of a resource held by a booking from {@code from} until its cleanup ends ({@code to}). */
    public record Hold(long resourceId, int unit, Instant from, Instant to, ScheduledBooking booking, String masterName) {
    }

    private final DSLContext dsl;

    public ResourceHoldsRepository(DSLContext dsl) {
        this.dsl = dsl;
    }

    /**
     * The holds that overlap [from, to), by resource, unit and time. Raw SQL: the generated code
     * has no type for {@code tstzrange}, so the hold's range is compared and taken apart
     * ({@code &&}, {@code lower}, {@code upper}) in SQL.
     */
    public List<Hold> findRange(long tenantId, Instant from, Instant to) {
        return dsl.resultQuery("""
                        SELECT h.resource_id, h.unit, lower(h.during) AS held_from, upper(h.during) AS held_to,
                               b.id, b.master_id, b.starts_at, b.duration_min, b.status, c.name AS client_name,
                               s.name AS service_name, b.version, b.source, b.service_id, b.phases, b.cleanup_min, b.visit_id,
                               m.name AS master_name
                          FROM booking_resources h
                          JOIN bookings b ON b.tenant_id = h.tenant_id AND b.id = h.booking_id
                          JOIN clients c ON c.tenant_id = b.tenant_id AND c.id = b.client_id
                          JOIN masters m ON m.tenant_id = b.tenant_id AND m.id = b.master_id
                          LEFT JOIN services s ON s.tenant_id = b.tenant_id AND s.id = b.service_id
                         WHERE h.tenant_id = ? AND h.during && tstzrange(CAST(? AS timestamptz), CAST(? AS timestamptz))
                         ORDER BY h.resource_id, h.unit, lower(h.during), b.id
                        """, tenantId, from.atOffset(ZoneOffset.UTC), to.atOffset(ZoneOffset.UTC))
                .fetch(r -> new Hold(r.get("resource_id", Long.class), r.get("unit", Integer.class),
                        r.get("held_from", OffsetDateTime.class).toInstant(), r.get("held_to", OffsetDateTime.class).toInstant(),
                        new ScheduledBooking(r.get("id", Long.class), r.get("master_id", Long.class),
                                r.get("starts_at", OffsetDateTime.class).toInstant(), r.get("duration_min", Integer.class),
                                BookingStatus.fromDb(r.get("status", String.class)), r.get("client_name", String.class),
                                r.get("service_name", String.class), r.get("version", Integer.class),
                                Source.fromDb(r.get("source", String.class)), r.get("service_id", Long.class),
                                Shape.of(r.get("phases", Integer[].class), r.get("cleanup_min", Integer.class)),
                                r.get("visit_id", Long.class)),
                        r.get("master_name", String.class)));
    }
}
