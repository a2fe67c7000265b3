package app.salondesk.logic.booking;

import app.salondesk.model.booking.BookingStatus;
import app.salondesk.model.booking.NoShows;
import app.salondesk.model.booking.Visit;
import org.jooq.DSLContext;
import org.jooq.impl.DSL;

import java.util.List;

import static app.salondesk.jooq.Tables.BOOKINGS;
import static app.salondesk.jooq.Tables.MASTERS;
import static app.salondesk.jooq.Tables.MASTER_SERVICES;
import static app.salondesk.jooq.Tables.SERVICES;

/**
 * A client's bookings for the client card. It lives here because only the booking package
 * reads the bookings table; it never writes (that is the engine's job).
 */
public final class ClientVisitsRepository {

    private final DSLContext dsl;

    public ClientVisitsRepository(DSLContext dsl) {
        this.dsl = dsl;
    }

    /** Every booking of the client, cancelled ones included, newest first (served by bookings_by_client). */
    public List<Visit> visits(long tenantId, long clientId) {
        return dsl.select(BOOKINGS.ID, BOOKINGS.STARTS_AT, BOOKINGS.DURATION_MIN, BOOKINGS.STATUS, MASTERS.NAME, SERVICES.NAME,
                        DSL.coalesce(MASTER_SERVICES.PRICE, SERVICES.PRICE))
                .from(BOOKINGS)
                .join(MASTERS).on(MASTERS.TENANT_ID.eq(BOOKINGS.TENANT_ID).and(MASTERS.ID.eq(BOOKINGS.MASTER_ID)))
                .leftJoin(SERVICES).on(SERVICES.TENANT_ID.eq(BOOKINGS.TENANT_ID).and(SERVICES.ID.eq(BOOKINGS.SERVICE_ID)))
                // the master's own price for the service, where there is one (migration 11)
                .leftJoin(MASTER_SERVICES).on(MASTER_SERVICES.TENANT_ID.eq(BOOKINGS.TENANT_ID)
                        .and(MASTER_SERVICES.MASTER_ID.eq(BOOKINGS.MASTER_ID)).and(MASTER_SERVICES.SERVICE_ID.eq(BOOKINGS.SERVICE_ID)))
                .where(BOOKINGS.TENANT_ID.eq(tenantId).and(BOOKINGS.CLIENT_ID.eq(clientId)))
                .orderBy(BOOKINGS.STARTS_AT.desc(), BOOKINGS.ID.desc())
                .fetch(r -> new Visit(r.value1(), r.value2().toInstant(), r.value3(), BookingStatus.fromDb(r.value4()),
                        r.value5(), r.value6(), r.value7()));
    }

    /**
     * How many times the client booked and did not come, and when she last did not: the booking
     * form warns the receptionist as she books her (served by bookings_by_client).
     */
    public NoShows noShows(long tenantId, long clientId) {
        return dsl.select(DSL.count(), DSL.max(BOOKINGS.STARTS_AT))
                .from(BOOKINGS)
                .where(BOOKINGS.TENANT_ID.eq(tenantId)
                        .and(BOOKINGS.CLIENT_ID.eq(clientId))
                        .and(BOOKINGS.STATUS.eq(BookingStatus.NO_SHOW.dbValue())))
                .fetchOne(r -> r.value1() == 0 ? NoShows.NONE : new NoShows(r.value1(), r.value2().toInstant()));
    }

    /** How many times the client booked and did not come: the front desk asks for a deposit after a few. */
    public int noShowCount(long tenantId, long clientId) {
        return dsl.fetchCount(BOOKINGS, BOOKINGS.TENANT_ID.eq(tenantId)
                .and(BOOKINGS.CLIENT_ID.eq(clientId))
                .and(BOOKINGS.STATUS.eq(BookingStatus.NO_SHOW.dbValue())));
    }
}
