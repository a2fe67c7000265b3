package app.salondesk.logic.booking;

import app.salondesk.model.booking.BookingInTheWay;
import app.salondesk.model.booking.BookingStatus;
import app.salondesk.model.booking.ScheduledBooking;
import app.salondesk.model.booking.Shape;
import app.salondesk.model.booking.Source;
import org.jooq.Condition;
import org.jooq.DSLContext;
import org.jooq.Field;
import org.jooq.impl.DSL;
import org.jooq.impl.SQLDataType;

import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.Collection;
import java.util.List;

import static app.salondesk.jooq.Tables.BOOKINGS;
import static app.salondesk.jooq.Tables.CLIENTS;
import static app.salondesk.jooq.Tables.CLIENT_NOTES;
import static app.salondesk.jooq.Tables.ONLINE_BOOKINGS;
import static app.salondesk.jooq.Tables.SERVICES;

/** Reads what calendars show. Writes go through the booking engine, never through here. */
public final class ScheduleRepository {

    /** The schema's upper bound of {@code duration_min} (12 hours). */
    static final int MAX_DURATION_MIN = 720;

    private final DSLContext dsl;

    public ScheduleRepository(DSLContext dsl) {
        this.dsl = dsl;
    }

    /**
     * Bookings of the given masters that overlap [from, to), in start order. The start is
     * bounded on both sides so the (tenant_id, master_id, starts_at) index serves the scan:
     * nothing that overlaps can start more than the longest allowed duration before {@code from}.
     */
    public List<ScheduledBooking> findRange(long tenantId, Collection<Long> masterIds, Instant from, Instant to,
                                            boolean includeCancelled) {
        OffsetDateTime f = from.atOffset(ZoneOffset.UTC);
        OffsetDateTime t = to.atOffset(ZoneOffset.UTC);
        Condition overlaps = BOOKINGS.STARTS_AT.lt(t)
                .and(BOOKINGS.STARTS_AT.ge(f.minusMinutes(MAX_DURATION_MIN)))
                .and(slotEnd().gt(f));
        Condition statuses = includeCancelled ? DSL.noCondition() : BOOKINGS.STATUS.ne(BookingStatus.CANCELLED.dbValue());
        return dsl.select(BOOKINGS.ID, BOOKINGS.MASTER_ID, BOOKINGS.STARTS_AT, BOOKINGS.DURATION_MIN, BOOKINGS.STATUS,
                        SHOWN_NAME, SERVICES.NAME, BOOKINGS.VERSION, BOOKINGS.SOURCE,
                        BOOKINGS.SERVICE_ID, BOOKINGS.PHASES, BOOKINGS.CLEANUP_MIN, BOOKINGS.VISIT_ID, BOOKINGS.CLIENT_CONFIRMED_AT.isNotNull(), ALERTS)
                .from(BOOKINGS)
                .join(CLIENTS).on(CLIENTS.TENANT_ID.eq(BOOKINGS.TENANT_ID).and(CLIENTS.ID.eq(BOOKINGS.CLIENT_ID)))
                .leftJoin(SERVICES).on(SERVICES.TENANT_ID.eq(BOOKINGS.TENANT_ID).and(SERVICES.ID.eq(BOOKINGS.SERVICE_ID)))
                .where(BOOKINGS.TENANT_ID.eq(tenantId))
                // one array parameter, not an IN list of as many: the same SQL text whatever the number
                // of masters shown, so the server-side prepared statement (and its plan) is reused
                .and(BOOKINGS.MASTER_ID.eq(DSL.any(masterIds.toArray(Long[]::new))))
                .and(overlaps)
                .and(statuses)
                .orderBy(BOOKINGS.STARTS_AT, BOOKINGS.ID)
                .fetch(r -> new ScheduledBooking(r.value1(), r.value2(), r.value3().toInstant(), r.value4(),
                        BookingStatus.fromDb(r.value5()), r.value6(), r.value7(), r.value8(), Source.fromDb(r.value9()),
                        r.value10(), Shape.of(r.value11(), r.value12()), r.value13(), Boolean.TRUE.equals(r.value14()), r.value15()));
    }

    /**
     * The client's alerts (issue 36), one after another, or null: read with the day, one index probe per
     * booking ({@code client_notes_alerts}), so the calendar marks an entry without asking again.
     */
    private static final Field<String> ALERTS = DSL.field(DSL.select(DSL.groupConcat(CLIENT_NOTES.BODY).orderBy(CLIENT_NOTES.ID).separator(" · "))
            .from(CLIENT_NOTES)
            .where(CLIENT_NOTES.TENANT_ID.eq(BOOKINGS.TENANT_ID).and(CLIENT_NOTES.CLIENT_ID.eq(BOOKINGS.CLIENT_ID)).and(CLIENT_NOTES.ALERT)));

    /**
     * The name a calendar shows for a booking: its client's — but for an online booking whose
     * phone is a client's and whose typed name is not, until the desk decides (migration 25), the
     * name typed on the page: the booking keeps it until a receptionist confirms the match.
     */
    private static final Field<String> SHOWN_NAME = DSL.coalesce(
            DSL.when(BOOKINGS.SOURCE.eq(Source.ONLINE.dbValue()), DSL.field(DSL.select(ONLINE_BOOKINGS.NAME_AS_TYPED).from(ONLINE_BOOKINGS)
                    .where(ONLINE_BOOKINGS.TENANT_ID.eq(BOOKINGS.TENANT_ID).and(ONLINE_BOOKINGS.BOOKING_ID.eq(BOOKINGS.ID))
                            .and(ONLINE_BOOKINGS.CLIENT_MATCH.eq("unconfirmed"))))),
            CLIENTS.NAME);

    /** A booking's client as the form that edits it shows her. */
    public record ClientOfBooking(String name, String phone) {
    }

    /** The client's name and phone (may be null) of a booking, for the form that edits it. */
    public java.util.Optional<ClientOfBooking> clientOf(long tenantId, long bookingId) {
        return dsl.select(CLIENTS.NAME, CLIENTS.PHONE)
                .from(BOOKINGS)
                .join(CLIENTS).on(CLIENTS.TENANT_ID.eq(BOOKINGS.TENANT_ID).and(CLIENTS.ID.eq(BOOKINGS.CLIENT_ID)))
                .where(BOOKINGS.TENANT_ID.eq(tenantId).and(BOOKINGS.ID.eq(bookingId)))
                .fetchOptional(r -> new ClientOfBooking(r.value1(), r.value2()));
    }

    /**
     * The master's active bookings from {@code from} to {@code to} that the rule book now
     * refuses: the master is inactive, or does not work then, or is away (a booking an admin
     * placed outside the hours on purpose is not listed for that). For the setup screens'
     * "bookings in the way" lists.
     */
    public List<BookingInTheWay> inTheWay(long tenantId, long masterId, Instant from, Instant to) {
        return dsl.resultQuery("""
                        SELECT b.id, b.master_id, b.starts_at, b.duration_min, b.status, c.name, s.name, b.version,
                               booking_problem(b.tenant_id, b.master_id, NULL, b.service_id, b.starts_at, b.duration_min, b.id,
                                               true, b.outside_hours, false, true) AS rule
                          FROM bookings b
                          JOIN clients c ON c.tenant_id = b.tenant_id AND c.id = b.client_id
                          LEFT JOIN services s ON s.tenant_id = b.tenant_id AND s.id = b.service_id
                         WHERE b.tenant_id = ? AND b.master_id = ? AND b.status IN ('pending', 'confirmed', 'arrived')
                           AND b.starts_at >= CAST(? AS timestamptz) AND b.starts_at < CAST(? AS timestamptz)
                         ORDER BY b.starts_at, b.id
                        """, tenantId, masterId, from.atOffset(ZoneOffset.UTC), to.atOffset(ZoneOffset.UTC))
                .stream()
                .filter(r -> r.get("rule") != null)
                .map(r -> new BookingInTheWay(new ScheduledBooking(r.get(0, Long.class), r.get(1, Long.class),
                        r.get(2, OffsetDateTime.class).toInstant(), r.get(3, Integer.class), BookingStatus.fromDb(r.get(4, String.class)),
                        r.get(5, String.class), r.get(6, String.class), r.get(7, Integer.class)), r.get("rule", String.class)))
                .toList();
    }

    /**
     * For each booking, the other masters it may be moved to as far as who they are goes: the rule
     * book ({@code booking_problem}) finds nothing against the master with the booking's service
     * and length — active, doing the service, the length fitting her phases — leaving out what
     * depends on the time (hours, time off, taken), which a move to another time may mend.
     * Issue 31: the time-off list offered a master who does not do the service. Plain SQL for
     * the rule book's function, which jOOQ does not generate.
     */
    public java.util.Map<Long, java.util.Set<Long>> mastersWhoMayTake(long tenantId, java.util.Collection<Long> bookingIds) {
        java.util.Map<Long, java.util.Set<Long>> may = new java.util.HashMap<>();
        bookingIds.forEach(id -> may.put(id, new java.util.HashSet<>()));
        if (bookingIds.isEmpty()) {
            return may;
        }
        dsl.resultQuery("""
                        SELECT b.id, m.id
                          FROM bookings b
                          JOIN masters m ON m.tenant_id = b.tenant_id AND m.id <> b.master_id
                         WHERE b.tenant_id = ? AND b.id = ANY (CAST(? AS bigint[]))
                           AND booking_problem(b.tenant_id, m.id, NULL, b.service_id, b.starts_at, b.duration_min, b.id,
                                               true, true, true, false) IS NULL
                        """, tenantId, bookingIds.toArray(Long[]::new))
                .forEach(r -> may.get(r.get(0, Long.class)).add(r.get(1, Long.class)));
        return may;
    }

    /** The master's active bookings from {@code from} on, in start order (a master about to leave). */
    public List<ScheduledBooking> activeFrom(long tenantId, long masterId, Instant from) {
        return dsl.select(BOOKINGS.ID, BOOKINGS.MASTER_ID, BOOKINGS.STARTS_AT, BOOKINGS.DURATION_MIN, BOOKINGS.STATUS,
                        CLIENTS.NAME, SERVICES.NAME, BOOKINGS.VERSION)
                .from(BOOKINGS)
                .join(CLIENTS).on(CLIENTS.TENANT_ID.eq(BOOKINGS.TENANT_ID).and(CLIENTS.ID.eq(BOOKINGS.CLIENT_ID)))
                .leftJoin(SERVICES).on(SERVICES.TENANT_ID.eq(BOOKINGS.TENANT_ID).and(SERVICES.ID.eq(BOOKINGS.SERVICE_ID)))
                .where(BOOKINGS.TENANT_ID.eq(tenantId).and(BOOKINGS.MASTER_ID.eq(masterId))
                        .and(BOOKINGS.STATUS.in(DSL.inline("pending"), DSL.inline("confirmed"), DSL.inline("arrived")))
                        .and(BOOKINGS.STARTS_AT.ge(from.atOffset(ZoneOffset.UTC))))
                .orderBy(BOOKINGS.STARTS_AT, BOOKINGS.ID)
                .fetch(r -> new ScheduledBooking(r.value1(), r.value2(), r.value3().toInstant(), r.value4(),
                        BookingStatus.fromDb(r.value5()), r.value6(), r.value7(), r.value8()));
    }

    /** The schema's {@code slot_end(starts_at, duration_min)}; routines are not generated (btree_gist brings ~190). */
    static Field<OffsetDateTime> slotEnd() {
        return DSL.function("slot_end", SQLDataType.TIMESTAMPWITHTIMEZONE, BOOKINGS.STARTS_AT, BOOKINGS.DURATION_MIN);
    }
}
