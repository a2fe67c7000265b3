package app.salondesk.logic.booking;

import app.salondesk.logic.clients.ClientRecordRepository;
import app.salondesk.model.clients.ClientNote;
import org.jooq.DSLContext;

import java.util.List;

import static app.salondesk.jooq.Tables.BOOKINGS;

/**
 * A client's alerts where she is booked or paid for (issue 36): the booking form, the command line's
 * {@code book}, and the checkout — which is built elsewhere (issue 34) and needs only
 * {@link #forBooking}: the alerts of the booking's client, oldest first, empty when she has none.
 */
public final class ClientAlerts {

    private final DSLContext dsl;

    public ClientAlerts(DSLContext dsl) {
        this.dsl = dsl;
    }

    /** The alerts of the client of {@code bookingId} (the checkout's question); empty for a booking the salon does not have. */
    public List<String> forBooking(long tenantId, long bookingId) {
        Long client = dsl.select(BOOKINGS.CLIENT_ID).from(BOOKINGS)
                .where(BOOKINGS.TENANT_ID.eq(tenantId).and(BOOKINGS.ID.eq(bookingId))).fetchOne(BOOKINGS.CLIENT_ID);
        return client == null ? List.of() : forClient(tenantId, client);
    }

    /** The client's alerts, oldest first. */
    public List<String> forClient(long tenantId, long clientId) {
        return new ClientRecordRepository(dsl).alerts(tenantId, clientId).stream().map(ClientNote::body).toList();
    }
}
