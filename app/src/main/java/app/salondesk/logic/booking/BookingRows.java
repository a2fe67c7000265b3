package app.salondesk.logic.booking;

import app.salondesk.jooq.tables.records.BookingsRecord;
import app.salondesk.logic.clients.ClientRepository;
import app.salondesk.model.booking.Booking;
import app.salondesk.model.booking.BookingOutcome;
import app.salondesk.model.booking.BookingStatus;
import app.salondesk.model.booking.InvalidReason;
import app.salondesk.model.booking.NewBooking;
import app.salondesk.model.booking.Source;
import org.jooq.DSLContext;
import org.jooq.Field;
import org.jooq.Record;

import java.util.Optional;
import java.util.UUID;

import static app.salondesk.jooq.Tables.BOOKINGS;

/**
 * How {@link BookingEngine} reads booking rows and what its writes return: a booking locked for
 * a change, the booking a request id made already, the client a request names, a new booking's
 * INSERT and the columns it returns. The online road's login may read neither a booking's client and
 * note nor any client: for it these go through the definer functions of migration 13.
 */
final class BookingRows {

    private BookingRows() {
    }

    /** The new row, with a new client made inside the savepoint: if the booking is refused, so is the client. */
    static BookingOutcome insert(DSLContext tx, NewBooking cmd, BookingStatus status, UUID requestId, String phone,
                                         int minutes, boolean outside, boolean patchTestWaived) {
        long clientId = cmd.clientId() != null ? cmd.clientId() : newClient(tx, cmd, phone);
        var row = tx.insertInto(BOOKINGS)
                .set(BOOKINGS.TENANT_ID, cmd.tenantId())
                .set(BOOKINGS.MASTER_ID, cmd.masterId())
                .set(BOOKINGS.CLIENT_ID, clientId)
                .set(BOOKINGS.SERVICE_ID, cmd.serviceId())
                .set(BOOKINGS.STARTS_AT, cmd.start().atOffset(java.time.ZoneOffset.UTC))
                .set(BOOKINGS.DURATION_MIN, minutes)
                .set(BOOKINGS.STATUS, status.dbValue())
                .set(BOOKINGS.REQUEST_ID, requestId)
                .set(BOOKINGS.NOTE, cmd.note() == null ? "" : cmd.note())
                .set(BOOKINGS.OUTSIDE_HOURS, outside);
        if (patchTestWaived) {
            // named only when set: the online road's login may not write the column (migration 41)
            row = row.set(BOOKINGS.PATCH_TEST_WAIVED, true);
        }
        if (cmd.seriesId() != null) {
            // named only when there is one: the online road's login may not write the column
            row = row.set(BOOKINGS.SERIES_ID, cmd.seriesId());
        }
        Record r = row
                .onConflict(BOOKINGS.TENANT_ID, BOOKINGS.REQUEST_ID).doNothing()
                .returning(MADE)
                .fetchOne();
        // null: the same request id was inserted meanwhile (another desk, a retry) — or, on
        // the online road, it is another client's request id, whose booking is not shown
        if (r != null) {
            return new BookingOutcome.Booked(made(r, cmd, clientId, requestId));
        }
        return byRequest(tx, cmd.tenantId(), requestId, cmd.source(), phone).<BookingOutcome>map(BookingOutcome.Booked::new)
                .orElseGet(() -> new BookingOutcome.Invalid(InvalidReason.BAD_VALUE, "request"));
    }

    static Optional<Booking> lockBooking(DSLContext tx, long tenantId, long bookingId) {
        return tx.selectFrom(BOOKINGS).where(BOOKINGS.TENANT_ID.eq(tenantId).and(BOOKINGS.ID.eq(bookingId)))
                .forUpdate().fetchOptional(BookingRows::toBooking);
    }

    /**
     * The booking a change is about, locked {@code FOR UPDATE}, as {@code source}'s login may read it:
     * the online road reads no booking's client or note, so its one change — a client's move by her
     * message's link (migration 31) — reads the booking its transaction opened through a definer
     * function, which answers nothing for any other booking.
     */
    static Optional<Booking> lockBooking(DSLContext tx, long tenantId, long bookingId, Source source) {
        if (source == Source.ONLINE) {
            return tx.resultQuery("SELECT * FROM salondesk_message_link_booking(?, ?)", tenantId, bookingId)
                    .fetchOptional(r -> toBooking(r.into(BOOKINGS)));
        }
        return lockBooking(tx, tenantId, bookingId);
    }

    /**
     * The columns a move writes and the database decides, for a road that may not read the rest
     * ({@code RETURNING} needs SELECT on every column it returns): the online road's move.
     */
    static final Field<?>[] MOVED = {BOOKINGS.ID, BOOKINGS.MASTER_ID, BOOKINGS.STARTS_AT, BOOKINGS.DURATION_MIN, BOOKINGS.STATUS,
            BOOKINGS.VERSION, BOOKINGS.OUTSIDE_HOURS};

    /** The booking as it was read, with what a move's {@link #MOVED} columns say it became. */
    static Booking moved(Booking before, Record r) {
        return new Booking(before.id(), before.tenantId(), r.get(BOOKINGS.MASTER_ID), before.clientId(), before.serviceId(),
                r.get(BOOKINGS.STARTS_AT).toInstant(), r.get(BOOKINGS.DURATION_MIN), BookingStatus.fromDb(r.get(BOOKINGS.STATUS)),
                r.get(BOOKINGS.VERSION), before.requestId(), before.source(), before.note(), r.get(BOOKINGS.OUTSIDE_HOURS), before.seriesId());
    }

    /**
     * A booking as {@code source}'s login may read it after the transaction (settling a lost answer):
     * the online road reads the columns of busy time only (migration 13), the rest is left empty.
     */
    static Optional<Booking> find(DSLContext dsl, long tenantId, long bookingId, Source source) {
        if (source != Source.ONLINE) {
            return BookingEngine.find(dsl, tenantId, bookingId);
        }
        return dsl.select(MOVED).select(BOOKINGS.SOURCE).from(BOOKINGS)
                .where(BOOKINGS.TENANT_ID.eq(tenantId).and(BOOKINGS.ID.eq(bookingId)))
                .fetchOptional(r -> new Booking(r.get(BOOKINGS.ID), tenantId, r.get(BOOKINGS.MASTER_ID), 0, null,
                        r.get(BOOKINGS.STARTS_AT).toInstant(), r.get(BOOKINGS.DURATION_MIN), BookingStatus.fromDb(r.get(BOOKINGS.STATUS)),
                        r.get(BOOKINGS.VERSION), null, Source.valueOf(r.get(BOOKINGS.SOURCE).toUpperCase(java.util.Locale.ROOT)), "",
                        r.get(BOOKINGS.OUTSIDE_HOURS), null));
    }

    /** The booking a request id made already; {@code phone} is the online road's proof that it is the client's own. */
    static Optional<Booking> byRequest(DSLContext tx, long tenantId, UUID requestId, Source source, String phone) {
        if (source == Source.ONLINE) {
            // the online login reads no booking's client or note: a definer function answers for the
            // road's own bookings, to the client's phone only (migration 13)
            return tx.resultQuery("SELECT * FROM salondesk_online_request(?, ?, ?)", tenantId, requestId, phone)
                    .fetchOptional(r -> toBooking(r.into(BOOKINGS)));
        }
        return tx.selectFrom(BOOKINGS).where(BOOKINGS.TENANT_ID.eq(tenantId).and(BOOKINGS.REQUEST_ID.eq(requestId)))
                .fetchOptional(BookingRows::toBooking);
    }

    /**
     * A client typed into the request, found by phone or made. The online road may neither read
     * nor write clients: a definer function finds or makes the client by phone and answers with
     * the id alone (migration 13).
     */
    static long newClient(DSLContext tx, NewBooking cmd, String phone) {
        String name = cmd.newClient().name().strip();
        if (cmd.source() == Source.ONLINE) {
            return new ClientRepository(tx).findOrCreateOnline(cmd.tenantId(), name, phone);
        }
        return new ClientRepository(tx).findOrCreate(cmd.tenantId(), name, phone);
    }

    /**
     * What an INSERT of a new booking returns: the columns the database decides (id, version,
     * source, length, status, the stored start). Everything else is what was sent. Named, not
     * {@code RETURNING *}: RETURNING needs SELECT on every column it returns, and the online login
     * may not read a booking's client, note or request id (migration 13).
     */
    static final Field<?>[] MADE = {BOOKINGS.ID, BOOKINGS.STARTS_AT, BOOKINGS.DURATION_MIN, BOOKINGS.STATUS,
            BOOKINGS.VERSION, BOOKINGS.SOURCE, BOOKINGS.OUTSIDE_HOURS};

    /** The columns of {@link #MADE}, as a RETURNING list in plain SQL. */
    static final String MADE_SQL = "id, starts_at, duration_min, status, version, source, outside_hours";

    /** The booking a new-booking INSERT made, from its {@link #MADE} columns and what was sent. */
    static Booking made(Record r, NewBooking cmd, long clientId, UUID requestId) {
        return new Booking(r.get(BOOKINGS.ID), cmd.tenantId(), cmd.masterId(), clientId, cmd.serviceId(),
                r.get(BOOKINGS.STARTS_AT).toInstant(), r.get(BOOKINGS.DURATION_MIN), BookingStatus.fromDb(r.get(BOOKINGS.STATUS)),
                r.get(BOOKINGS.VERSION), requestId, Source.valueOf(r.get(BOOKINGS.SOURCE).toUpperCase(java.util.Locale.ROOT)),
                cmd.note() == null ? "" : cmd.note(), r.get(BOOKINGS.OUTSIDE_HOURS), cmd.seriesId());
    }

    static Booking toBooking(BookingsRecord r) {
        return new Booking(r.getId(), r.getTenantId(), r.getMasterId(), r.getClientId(), r.getServiceId(),
                r.getStartsAt().toInstant(), r.getDurationMin(), BookingStatus.fromDb(r.getStatus()), r.getVersion(),
                r.getRequestId(), Source.valueOf(r.getSource().toUpperCase(java.util.Locale.ROOT)), r.getNote(), r.getOutsideHours(),
                r.getSeriesId());
    }
}
