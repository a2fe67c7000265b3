package app.salondesk.logic.booking;

import app.salondesk.model.booking.HistoryEntry;
import org.jooq.DSLContext;
import org.jooq.Field;
import org.jooq.Record;
import org.jooq.SelectSelectStep;
import org.jooq.impl.DSL;

import java.util.List;

import static app.salondesk.jooq.Tables.BOOKINGS;
import static app.salondesk.jooq.Tables.BOOKING_HISTORY;
import static app.salondesk.jooq.Tables.STAFF;

/**
 * The audit trail the database writes for every change of a booking, whoever made it, with the
 * writer named as the salon knows them (issue 31: the history said "Who: postgres"): the staff
 * display name of the login, and whether the login was the database's owner (the embedded
 * desk's own), which names no one person.
 */
public final class BookingHistoryRepository {

    private final DSLContext dsl;

    public BookingHistoryRepository(DSLContext dsl) {
        this.dsl = dsl;
    }

    /**
     * Whether a login is the database's owner or a superuser. Raw SQL: jOOQ has no generated
     * pg_catalog tables here; the same test as {@code StaffRepository.signedInAsOwner}.
     */
    private static Field<Boolean> isOwner(Field<String> login) {
        return DSL.field("EXISTS (SELECT 1 FROM pg_roles r, pg_database d WHERE d.datname = current_database() "
                + "AND r.rolname = {0} AND (r.rolsuper OR r.oid = d.datdba))", Boolean.class, login);
    }

    private SelectSelectStep<? extends Record> columns() {
        Field<Boolean> owner = isOwner(BOOKING_HISTORY.CHANGED_BY);
        Field<String> name = DSL.field(DSL.select(STAFF.DISPLAY_NAME).from(STAFF)
                .where(STAFF.LOGIN.eq(BOOKING_HISTORY.CHANGED_BY)).and(STAFF.TENANT_ID.eq(BOOKING_HISTORY.TENANT_ID)));
        return dsl.select(BOOKING_HISTORY.BOOKING_ID, BOOKING_HISTORY.CHANGED_AT, BOOKING_HISTORY.CHANGED_BY,
                BOOKING_HISTORY.SOURCE, BOOKING_HISTORY.OPERATION, BOOKING_HISTORY.CHANGES, name.as("by_name"), owner.as("by_owner"));
    }

    private static HistoryEntry entry(Record r) {
        return new HistoryEntry(r.get(BOOKING_HISTORY.BOOKING_ID), r.get(BOOKING_HISTORY.CHANGED_AT).toInstant(),
                r.get(BOOKING_HISTORY.CHANGED_BY), r.get(BOOKING_HISTORY.SOURCE), r.get(BOOKING_HISTORY.OPERATION),
                r.get(BOOKING_HISTORY.CHANGES).data(), r.get("by_name", String.class), Boolean.TRUE.equals(r.get("by_owner", Boolean.class)));
    }

    public List<HistoryEntry> ofBooking(long tenantId, long bookingId) {
        return columns()
                .from(BOOKING_HISTORY)
                .where(BOOKING_HISTORY.TENANT_ID.eq(tenantId).and(BOOKING_HISTORY.BOOKING_ID.eq(bookingId)))
                .orderBy(BOOKING_HISTORY.ID)
                .fetch(BookingHistoryRepository::entry);
    }

    /** Every change of every booking of a client, newest last. */
    public List<HistoryEntry> ofClient(long tenantId, long clientId) {
        return columns()
                .from(BOOKING_HISTORY)
                .where(BOOKING_HISTORY.TENANT_ID.eq(tenantId))
                .and(BOOKING_HISTORY.BOOKING_ID.in(dsl.select(BOOKINGS.ID).from(BOOKINGS)
                        .where(BOOKINGS.TENANT_ID.eq(tenantId).and(BOOKINGS.CLIENT_ID.eq(clientId)))))
                .orderBy(BOOKING_HISTORY.ID)
                .fetch(BookingHistoryRepository::entry);
    }
}
