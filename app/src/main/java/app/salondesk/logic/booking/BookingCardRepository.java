package app.salondesk.logic.booking;

import app.salondesk.model.booking.BookingCard;
import org.jooq.DSLContext;

import java.util.Optional;

import static app.salondesk.jooq.Tables.BOOKINGS;
import static app.salondesk.jooq.Tables.CLIENTS;
import static app.salondesk.jooq.Tables.MASTERS;
import static app.salondesk.jooq.Tables.SERVICES;

/** One booking as a card: its fields with its client's, master's and service's names, in one read. */
public final class BookingCardRepository {

    private final DSLContext dsl;

    public BookingCardRepository(DSLContext dsl) {
        this.dsl = dsl;
    }

    /** The booking of this salon with this id; empty for none (another salon's is none). */
    public Optional<BookingCard> find(long tenantId, long bookingId) {
        return dsl.select(BOOKINGS.asterisk(), CLIENTS.NAME, CLIENTS.PHONE, MASTERS.NAME, SERVICES.NAME)
                .from(BOOKINGS)
                .join(CLIENTS).on(CLIENTS.TENANT_ID.eq(BOOKINGS.TENANT_ID).and(CLIENTS.ID.eq(BOOKINGS.CLIENT_ID)))
                .join(MASTERS).on(MASTERS.TENANT_ID.eq(BOOKINGS.TENANT_ID).and(MASTERS.ID.eq(BOOKINGS.MASTER_ID)))
                .leftJoin(SERVICES).on(SERVICES.TENANT_ID.eq(BOOKINGS.TENANT_ID).and(SERVICES.ID.eq(BOOKINGS.SERVICE_ID)))
                .where(BOOKINGS.TENANT_ID.eq(tenantId).and(BOOKINGS.ID.eq(bookingId)))
                .fetchOptional(r -> new BookingCard(BookingRows.toBooking(r.into(BOOKINGS)), r.get(CLIENTS.NAME), r.get(CLIENTS.PHONE),
                        r.get(MASTERS.NAME), r.get(SERVICES.NAME), r.get(BOOKINGS.VISIT_ID)));
    }
}
