package app.salondesk.booking;

import org.jooq.DSLContext;

import java.util.List;

import static app.salondesk.jooq.Tables.BOOKINGS;
import static app.salondesk.jooq.Tables.BOOKING_HISTORY;

/** The audit trail the database writes for every change of a booking, whoever made it. */
public final class BookingHistoryRepository {

    private final DSLContext dsl;

    public BookingHistoryRepository(DSLContext dsl) {
        this.dsl = dsl;
    }

    public List<HistoryEntry> ofBooking(long tenantId, long bookingId) {
        return dsl.select(BOOKING_HISTORY.BOOKING_ID, BOOKING_HISTORY.CHANGED_AT, BOOKING_HISTORY.CHANGED_BY,
                        BOOKING_HISTORY.SOURCE, BOOKING_HISTORY.OPERATION, BOOKING_HISTORY.CHANGES)
                .from(BOOKING_HISTORY)
                .where(BOOKING_HISTORY.TENANT_ID.eq(tenantId).and(BOOKING_HISTORY.BOOKING_ID.eq(bookingId)))
                .orderBy(BOOKING_HISTORY.ID)
                .fetch(r -> new HistoryEntry(r.value1(), r.value2().toInstant(), r.value3(), r.value4(), r.value5(), r.value6().data()));
    }

    /** Every change of every booking of a client, newest last. */
    public List<HistoryEntry> ofClient(long tenantId, long clientId) {
        return dsl.select(BOOKING_HISTORY.BOOKING_ID, BOOKING_HISTORY.CHANGED_AT, BOOKING_HISTORY.CHANGED_BY,
                        BOOKING_HISTORY.SOURCE, BOOKING_HISTORY.OPERATION, BOOKING_HISTORY.CHANGES)
                .from(BOOKING_HISTORY)
                .where(BOOKING_HISTORY.TENANT_ID.eq(tenantId))
                .and(BOOKING_HISTORY.BOOKING_ID.in(dsl.select(BOOKINGS.ID).from(BOOKINGS)
                        .where(BOOKINGS.TENANT_ID.eq(tenantId).and(BOOKINGS.CLIENT_ID.eq(clientId)))))
                .orderBy(BOOKING_HISTORY.ID)
                .fetch(r -> new HistoryEntry(r.value1(), r.value2().toInstant(), r.value3(), r.value4(), r.value5(), r.value6().data()));
    }
}
