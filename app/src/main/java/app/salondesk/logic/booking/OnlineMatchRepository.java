package app.salondesk.logic.booking;

import org.jooq.DSLContext;
import org.jooq.exception.DataAccessException;

import java.util.Optional;

import static app.salondesk.jooq.Tables.BOOKINGS;
import static app.salondesk.jooq.Tables.CLIENTS;
import static app.salondesk.jooq.Tables.ONLINE_BOOKINGS;

/**
 * {@link OnlineMatchDesk} on the database (migration 25): the salon's staff read their online
 * bookings' typed names (row-level security keeps them to their salon), and decide a match through
 * {@code salondesk_online_decide_match}, which only a receptionist or admin of the salon may call.
 */
public final class OnlineMatchRepository implements OnlineMatchDesk {

    private final DSLContext dsl;
    private final long tenantId;

    public OnlineMatchRepository(DSLContext dsl, long tenantId) {
        this.dsl = dsl;
        this.tenantId = tenantId;
    }

    @Override
    public Optional<OnlineMatch> unconfirmed(long bookingId) {
        return dsl.select(ONLINE_BOOKINGS.NAME_AS_TYPED, ONLINE_BOOKINGS.PHONE_AS_TYPED, CLIENTS.NAME)
                .from(ONLINE_BOOKINGS)
                .join(BOOKINGS).on(BOOKINGS.TENANT_ID.eq(ONLINE_BOOKINGS.TENANT_ID).and(BOOKINGS.ID.eq(ONLINE_BOOKINGS.BOOKING_ID)))
                .join(CLIENTS).on(CLIENTS.TENANT_ID.eq(BOOKINGS.TENANT_ID).and(CLIENTS.ID.eq(BOOKINGS.CLIENT_ID)))
                .where(ONLINE_BOOKINGS.TENANT_ID.eq(tenantId).and(ONLINE_BOOKINGS.BOOKING_ID.eq(bookingId))
                        .and(ONLINE_BOOKINGS.CLIENT_MATCH.eq("unconfirmed")))
                .fetchOptional(r -> new OnlineMatch(bookingId, r.value1(), r.value2(), r.value3()));
    }

    @Override
    public Decision decide(long bookingId, boolean samePerson) {
        try {
            return dsl.resultQuery("SELECT booking_client, booking_version FROM salondesk_online_decide_match(?, ?, ?)",
                            tenantId, bookingId, samePerson)
                    .fetchOne(r -> new Decision.Decided(r.get(0, Long.class), r.get(1, Integer.class)));
        } catch (DataAccessException e) {
            return switch (String.valueOf(e.sqlState())) {
                case "55000" -> new Decision.AlreadyDecided();
                case "42501" -> new Decision.NotAllowed();
                default -> throw e;
            };
        }
    }
}
