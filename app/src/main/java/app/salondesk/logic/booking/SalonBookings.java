package app.salondesk.logic.booking;

import org.jooq.DSLContext;

import static app.salondesk.jooq.Tables.BOOKINGS;
import static app.salondesk.jooq.Tables.BOOKING_HISTORY;

/**
 * All bookings of one salon at once — only for removing a whole salon (the demo one). It is
 * no booking write in the protocol's sense (no master's lock: nothing may be booked into a
 * salon that is being removed, and the foreign keys see to that), but the bookings table
 * belongs to this package (ArchitectureTest), so the deletion lives here.
 */
public final class SalonBookings {

    private SalonBookings() {
    }

    /**
     * Deletes the salon's bookings and then their history (the audit trigger writes a row for
     * each deleted booking, so the history goes second), inside the caller's transaction.
     *
     * @return how many bookings there were
     */
    public static int deleteAll(DSLContext tx, long tenantId) {
        tx.execute("SET LOCAL salondesk.source = 'demo'");
        int bookings = tx.deleteFrom(BOOKINGS).where(BOOKINGS.TENANT_ID.eq(tenantId)).execute();
        tx.deleteFrom(BOOKING_HISTORY).where(BOOKING_HISTORY.TENANT_ID.eq(tenantId)).execute();
        return bookings;
    }
}
