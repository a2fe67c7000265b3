package app.salondesk.logic.booking;

import app.salondesk.model.booking.BookingStatus;
import app.salondesk.model.booking.ExportedBooking;
import app.salondesk.model.booking.VisitCounts;
import org.jooq.Condition;
import org.jooq.DSLContext;
import org.jooq.Field;
import org.jooq.impl.DSL;

import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static app.salondesk.jooq.Tables.BOOKINGS;
import static app.salondesk.jooq.Tables.CLIENTS;
import static app.salondesk.jooq.Tables.MASTERS;
import static app.salondesk.jooq.Tables.MASTER_SERVICES;
import static app.salondesk.jooq.Tables.SERVICES;

/**
 * The bookings the exports write (issue 15), read with the signed-in login: row-level security
 * decides what it sees, so an export never holds more than its author may read. Only reads; it
 * lives here because only the booking package reads the bookings table. Every query bounds the
 * rows by leakproof comparisons on ids and {@code starts_at} (ADR 7, "Row-level security changes
 * plans").
 */
public final class BookingExportRepository {

    private final DSLContext dsl;

    public BookingExportRepository(DSLContext dsl) {
        this.dsl = dsl;
    }

    /** The salon's bookings starting in [from, to), cancelled ones included, in order of time. */
    public List<ExportedBooking> between(long tenantId, Instant from, Instant to) {
        return find(BOOKINGS.TENANT_ID.eq(tenantId).and(startsIn(from, to)));
    }

    /** A master's schedule: their bookings starting in [from, to) that were not cancelled, in order of time. */
    public List<ExportedBooking> scheduleOf(long tenantId, long masterId, Instant from, Instant to) {
        return find(BOOKINGS.TENANT_ID.eq(tenantId).and(BOOKINGS.MASTER_ID.eq(masterId)).and(startsIn(from, to))
                .and(BOOKINGS.STATUS.ne(BookingStatus.CANCELLED.dbValue())));
    }

    /**
     * The printed day sheet's bookings (issue 17): the given masters' bookings starting in
     * [from, to), in order of time, cancelled ones only when asked for (as the desk shows them).
     */
    public List<ExportedBooking> sheet(long tenantId, java.util.Collection<Long> masterIds, Instant from, Instant to,
                                       boolean includeCancelled) {
        Condition where = BOOKINGS.TENANT_ID.eq(tenantId)
                .and(BOOKINGS.MASTER_ID.eq(DSL.any(masterIds.toArray(Long[]::new))))
                .and(startsIn(from, to));
        return find(includeCancelled ? where : where.and(BOOKINGS.STATUS.ne(BookingStatus.CANCELLED.dbValue())));
    }

    /** Every client's bookings counted, by client id (a client without bookings is absent: {@link VisitCounts#NONE}). */
    public Map<Long, VisitCounts> visitCounts(long tenantId, Instant now) {
        OffsetDateTime at = now.atOffset(ZoneOffset.UTC);
        Field<Integer> all = DSL.count();
        Field<Integer> visits = DSL.count().filterWhere(BOOKINGS.STATUS.eq(BookingStatus.COMPLETED.dbValue()));
        Field<Integer> noShows = DSL.count().filterWhere(BOOKINGS.STATUS.eq(BookingStatus.NO_SHOW.dbValue()));
        Field<Integer> cancelled = DSL.count().filterWhere(BOOKINGS.STATUS.eq(BookingStatus.CANCELLED.dbValue()));
        Field<OffsetDateTime> last = DSL.max(BOOKINGS.STARTS_AT).filterWhere(BOOKINGS.STATUS.eq(BookingStatus.COMPLETED.dbValue()));
        Field<OffsetDateTime> next = DSL.min(BOOKINGS.STARTS_AT).filterWhere(BOOKINGS.STARTS_AT.gt(at)
                .and(BOOKINGS.STATUS.in(BookingStatus.PENDING.dbValue(), BookingStatus.CONFIRMED.dbValue(), BookingStatus.ARRIVED.dbValue())));
        Map<Long, VisitCounts> counts = new HashMap<>();
        dsl.select(BOOKINGS.CLIENT_ID, all, visits, noShows, cancelled, last, next)
                .from(BOOKINGS)
                .where(BOOKINGS.TENANT_ID.eq(tenantId))
                .groupBy(BOOKINGS.CLIENT_ID)
                .forEach(r -> counts.put(r.value1(), new VisitCounts(r.value2(), r.value3(), r.value4(), r.value5(),
                        r.value6() == null ? null : r.value6().toInstant(), r.value7() == null ? null : r.value7().toInstant())));
        return counts;
    }

    private static Condition startsIn(Instant from, Instant to) {
        return BOOKINGS.STARTS_AT.ge(from.atOffset(ZoneOffset.UTC)).and(BOOKINGS.STARTS_AT.lt(to.atOffset(ZoneOffset.UTC)));
    }

    private List<ExportedBooking> find(Condition where) {
        return dsl.select(BOOKINGS.ID, BOOKINGS.STARTS_AT, BOOKINGS.DURATION_MIN, BOOKINGS.MASTER_ID, MASTERS.NAME, CLIENTS.NAME,
                        CLIENTS.PHONE, SERVICES.NAME, DSL.coalesce(MASTER_SERVICES.PRICE, SERVICES.PRICE), BOOKINGS.STATUS,
                        BOOKINGS.SOURCE, BOOKINGS.NOTE)
                .from(BOOKINGS)
                .join(MASTERS).on(MASTERS.TENANT_ID.eq(BOOKINGS.TENANT_ID).and(MASTERS.ID.eq(BOOKINGS.MASTER_ID)))
                .join(CLIENTS).on(CLIENTS.TENANT_ID.eq(BOOKINGS.TENANT_ID).and(CLIENTS.ID.eq(BOOKINGS.CLIENT_ID)))
                .leftJoin(SERVICES).on(SERVICES.TENANT_ID.eq(BOOKINGS.TENANT_ID).and(SERVICES.ID.eq(BOOKINGS.SERVICE_ID)))
                // the master's own price for the service, where there is one (migration 11)
                .leftJoin(MASTER_SERVICES).on(MASTER_SERVICES.TENANT_ID.eq(BOOKINGS.TENANT_ID)
                        .and(MASTER_SERVICES.MASTER_ID.eq(BOOKINGS.MASTER_ID)).and(MASTER_SERVICES.SERVICE_ID.eq(BOOKINGS.SERVICE_ID)))
                .where(where)
                .orderBy(BOOKINGS.STARTS_AT, BOOKINGS.ID)
                .fetch(r -> new ExportedBooking(r.value1(), r.value2().toInstant(), r.value3(), r.value4(), r.value5(), r.value6(),
                        r.value7(), r.value8(), r.value9(), BookingStatus.fromDb(r.value10()), r.value11(), r.value12()));
    }
}
