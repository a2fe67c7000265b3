package app.salondesk.booking;

import app.salondesk.booking.BookingOutcome.Booked;
import app.salondesk.booking.BookingOutcome.ChangedByOthers;
import app.salondesk.booking.BookingOutcome.Invalid;
import app.salondesk.booking.BookingOutcome.TimeTaken;
import app.salondesk.booking.BookingOutcome.TryAgain;
import app.salondesk.clients.ClientRepository;
import app.salondesk.clients.PhoneNumbers;
import app.salondesk.jooq.tables.records.BookingsRecord;
import app.salondesk.salon.SalonRepository;
import org.jooq.DSLContext;
import org.jooq.Field;
import org.jooq.Record;
import org.jooq.exception.DataAccessException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.TreeSet;
import java.util.UUID;
import java.util.concurrent.ThreadLocalRandom;
import java.util.function.BiFunction;
import java.util.function.Function;

import static app.salondesk.jooq.Tables.BOOKINGS;

/**
 * The one way bookings are written (DESIGN.md, "The booking protocol"). Every write is one
 * short READ COMMITTED transaction that
 * <ol>
 *   <li>sets {@code lock_timeout = 5s} and takes the named per-master lock through
 *       {@code salondesk_lock_master(tenant_id, master_id)} — an advisory lock whose key holds the
 *       salon's secret, so no other salon can compute or hold it (ADR 9) — both masters,
 *       in ascending id order, for a move — in one statement (for the usual new booking, at the
 *       head of the one message that also carries the checked write: {@link FastInsert});</li>
 *   <li>reads an existing booking {@code FOR UPDATE} and compares its version with the one the
 *       user saw;</li>
 *   <li>checks the business rules against the current state;</li>
 *   <li>writes inside a savepoint, where the exclusion constraint has the last word: a
 *       violation (23P01) rolls back to the savepoint and becomes {@link TimeTaken} with the
 *       nearest free slots, computed in the same transaction;</li>
 *   <li>commits.</li>
 * </ol>
 * Deadlocks and serialization failures retry the whole transaction (3 times, jittered
 * backoff); a lock timeout is not retried and becomes {@link TryAgain}. Nothing slow happens
 * while the lock is held. See docs/decisions/0005-booking-engine-two-lines-of-defence.md.
 */
public final class BookingEngine {

    private static final Logger log = LoggerFactory.getLogger(BookingEngine.class);

    public static final int MAX_DURATION_MIN = 720;
    public static final int MAX_NOTE_LENGTH = 2000;
    static final int RETRIES = 3;
    static final int SLOT_STEP_MIN = 15;
    static final int SLOTS_PER_GROUP = 3;

    private final DSLContext dsl;

    public BookingEngine(DSLContext dsl) {
        this.dsl = dsl;
    }

    // ---- new bookings ------------------------------------------------------------------------

    public BookingOutcome book(NewBooking cmd) {
        return create(cmd, BookingStatus.CONFIRMED, false);
    }

    /**
     * A new booking that arrives in {@code status} rather than confirmed: an online booking
     * arrives pending when its salon confirms them by hand. Everything else as {@link #book}.
     */
    public BookingOutcome book(NewBooking cmd, BookingStatus status) {
        return create(cmd, status, false);
    }

    /**
     * Records a booking from another system or the demo seed: the same protocol, but the
     * start may lie in the past and the status is given (a past visit is "completed").
     */
    public BookingOutcome record(NewBooking cmd, BookingStatus status) {
        return create(cmd, status, true);
    }

    private BookingOutcome create(NewBooking cmd, BookingStatus status, boolean pastAllowed) {
        boolean newPhone = cmd.clientId() == null && cmd.newClient() != null && cmd.newClient().phone() != null
                && !cmd.newClient().phone().isBlank();
        // a number typed without +code is the salon's country's, whichever road it came by (form,
        // command line, import); read before the transaction, and only on this path: a booking for
        // a known client (the fast path) costs no extra round trip
        String region = newPhone ? new SalonRepository(dsl).country(cmd.tenantId()) : PhoneNumbers.NO_REGION;
        Optional<Invalid> bad = validate(cmd, region);
        if (bad.isPresent()) {
            return bad.get();
        }
        UUID requestId = cmd.requestId() != null ? cmd.requestId() : UUID.randomUUID();
        String phone = newPhone ? PhoneNumbers.normalise(cmd.newClient().phone(), region).orElse(null) : null;
        boolean usual = cmd.clientId() != null && !cmd.overrideHours();
        return inTransaction(cmd.tenantId(), List.of(cmd.masterId()), cmd.source(), !usual, (tx, locks) -> {
            if (usual) {
                // the usual case: the locks and the checked write in one round trip; if it writes
                // nothing, the checks below (still under the lock it took) say why
                Optional<Booking> made = FastInsert.tryInsert(tx, locks, cmd, requestId, status, pastAllowed);
                if (made.isPresent()) {
                    return new Booked(made.get());
                }
            }
            locks.take(tx);
            // a repeat of a request already carried out returns what it made
            Optional<Booking> done = byRequest(tx, cmd.tenantId(), requestId, cmd.source(), phone);
            if (done.isPresent()) {
                return new Booked(done.get());
            }
            RuleBook.Question q = new RuleBook.Question(cmd.tenantId(), cmd.masterId(), cmd.clientId(), cmd.serviceId(),
                    cmd.start(), cmd.durationMin(), null, pastAllowed, cmd.overrideHours(), true, status.holdsTime());
            Optional<RuleBook.Problem> problem = RuleBook.check(tx, q);
            if (problem.isPresent()) {
                return refusal(tx, q, problem.get());
            }
            int minutes = cmd.durationMin() != null ? cmd.durationMin()
                    : RuleBook.serviceMinutes(tx, cmd.tenantId(), cmd.masterId(), cmd.serviceId());
            boolean outside = cmd.overrideHours() && !RuleBook.withinHours(tx, cmd.tenantId(), cmd.masterId(), cmd.start(), minutes);
            return writeOrTimeTaken(tx,
                    () -> {
                        // a new client is made inside the savepoint: if the booking is refused, so is the client
                        long clientId = cmd.clientId() != null ? cmd.clientId() : newClient(tx, cmd, phone);
                        Record r = tx.insertInto(BOOKINGS)
                                .set(BOOKINGS.TENANT_ID, cmd.tenantId())
                                .set(BOOKINGS.MASTER_ID, cmd.masterId())
                                .set(BOOKINGS.CLIENT_ID, clientId)
                                .set(BOOKINGS.SERVICE_ID, cmd.serviceId())
                                .set(BOOKINGS.STARTS_AT, utc(cmd.start()))
                                .set(BOOKINGS.DURATION_MIN, minutes)
                                .set(BOOKINGS.STATUS, status.dbValue())
                                .set(BOOKINGS.REQUEST_ID, requestId)
                                .set(BOOKINGS.NOTE, cmd.note() == null ? "" : cmd.note())
                                .set(BOOKINGS.OUTSIDE_HOURS, outside)
                                .onConflict(BOOKINGS.TENANT_ID, BOOKINGS.REQUEST_ID).doNothing()
                                .returning(MADE)
                                .fetchOne();
                        // null: the same request id was inserted meanwhile (another desk, a retry) — or, on
                        // the online road, it is another client's request id, whose booking is not shown
                        if (r != null) {
                            return new Booked(made(r, cmd, clientId, requestId));
                        }
                        return byRequest(tx, cmd.tenantId(), requestId, cmd.source(), phone).<BookingOutcome>map(Booked::new)
                                .orElseGet(() -> new Invalid(InvalidReason.BAD_VALUE, "request"));
                    },
                    () -> slots(tx, cmd.tenantId(), minutes, cmd.start(), cmd.masterId(), cmd.serviceId(), null));
        });
    }

    /** The answer for a broken rule: a free-time offer when the time is taken, else why not. */
    private static BookingOutcome refusal(DSLContext tx, RuleBook.Question q, RuleBook.Problem p) {
        return switch (p.rule()) {
            case UNKNOWN_MASTER -> new Invalid(InvalidReason.UNKNOWN_MASTER, Long.toString(q.masterId()));
            case MASTER_INACTIVE -> new Invalid(InvalidReason.MASTER_INACTIVE, p.masterName());
            case UNKNOWN_SERVICE -> new Invalid(InvalidReason.UNKNOWN_SERVICE, Long.toString(q.serviceId()));
            case SERVICE_INACTIVE -> new Invalid(InvalidReason.SERVICE_INACTIVE, p.serviceName());
            case SERVICE_NOT_OFFERED -> new Invalid(InvalidReason.SERVICE_NOT_OFFERED, p.serviceName());
            case DURATION_MISSING -> new Invalid(InvalidReason.DURATION_MISSING);
            case DURATION_OUT_OF_RANGE -> new Invalid(InvalidReason.DURATION_OUT_OF_RANGE, String.valueOf(p.minutes()));
            case START_IN_PAST -> new Invalid(InvalidReason.START_IN_PAST);
            case OUTSIDE_WORKING_HOURS -> new Invalid(InvalidReason.OUTSIDE_WORKING_HOURS);
            case MASTER_TIME_OFF -> new Invalid(InvalidReason.MASTER_TIME_OFF);
            case TIME_TAKEN -> new TimeTaken(slots(tx, q.tenantId(), p.minutes(), q.start(), q.masterId(), q.serviceId(),
                    q.excludeBookingId()));
            case UNKNOWN_CLIENT -> new Invalid(InvalidReason.UNKNOWN_CLIENT, String.valueOf(q.clientId()));
        };
    }

    private static Optional<Invalid> validate(NewBooking cmd, String region) {
        if (cmd.start() == null) {
            return Optional.of(new Invalid(InvalidReason.START_MISSING));
        }
        if (cmd.durationMin() == null && cmd.serviceId() == null) {
            return Optional.of(new Invalid(InvalidReason.DURATION_MISSING));
        }
        if (cmd.durationMin() != null && (cmd.durationMin() <= 0 || cmd.durationMin() > MAX_DURATION_MIN)) {
            return Optional.of(new Invalid(InvalidReason.DURATION_OUT_OF_RANGE, Integer.toString(cmd.durationMin())));
        }
        if (cmd.note() != null && cmd.note().length() > MAX_NOTE_LENGTH) {
            return Optional.of(new Invalid(InvalidReason.NOTE_TOO_LONG));
        }
        if (cmd.clientId() == null) {
            NewBooking.ClientDetails c = cmd.newClient();
            if (c == null || c.name() == null || c.name().isBlank()) {
                return Optional.of(new Invalid(InvalidReason.CLIENT_NAME_MISSING));
            }
            if (c.name().strip().length() > ClientRepository.MAX_NAME_LENGTH || c.name().chars().anyMatch(ch -> ch < 0x20)) {
                return Optional.of(new Invalid(InvalidReason.CLIENT_NAME_TOO_LONG));
            }
            if (c.phone() != null && !c.phone().isBlank()
                    && PhoneNumbers.normalise(c.phone(), region).isEmpty()) {
                return Optional.of(new Invalid(InvalidReason.PHONE_INVALID, c.phone().length() > 40 ? c.phone().substring(0, 40) : c.phone()));
            }
        }
        return Optional.empty();
    }

    // ---- changes of existing bookings --------------------------------------------------------

    /** Move to another time and/or master, or change the duration (drag, resize, form, "Move to ▸"). */
    public BookingOutcome reschedule(Reschedule cmd) {
        if (cmd.newStart() == null) {
            return new Invalid(InvalidReason.START_MISSING);
        }
        if (cmd.newDurationMin() <= 0 || cmd.newDurationMin() > MAX_DURATION_MIN) {
            return new Invalid(InvalidReason.DURATION_OUT_OF_RANGE, Integer.toString(cmd.newDurationMin()));
        }
        return inTransaction(cmd.tenantId(), List.of(cmd.fromMasterId(), cmd.toMasterId()), cmd.source(), tx -> {
            Optional<Booking> found = lockBooking(tx, cmd.tenantId(), cmd.bookingId());
            if (found.isEmpty()) {
                return new Invalid(InvalidReason.UNKNOWN_BOOKING, Long.toString(cmd.bookingId()));
            }
            Booking current = found.get();
            // any change by anyone bumps the version (a trigger does, for plain SQL too), and
            // a master change is a change: so matching versions mean we locked the right master
            if (current.version() != cmd.expectedVersion() || current.masterId() != cmd.fromMasterId()) {
                return new ChangedByOthers(current);
            }
            // the same rules as a new booking, but: the client stays; the master's service is asked
            // for only when the master changes; a start that does not move may lie in the past
            RuleBook.Question q = new RuleBook.Question(cmd.tenantId(), cmd.toMasterId(), null, current.serviceId(),
                    cmd.newStart(), cmd.newDurationMin(), current.id(), cmd.newStart().equals(current.start()),
                    cmd.overrideHours(), current.masterId() != cmd.toMasterId(), current.status().holdsTime());
            Optional<RuleBook.Problem> problem = RuleBook.check(tx, q);
            if (problem.isPresent()) {
                return refusal(tx, q, problem.get());
            }
            boolean outside = cmd.overrideHours()
                    && !RuleBook.withinHours(tx, cmd.tenantId(), cmd.toMasterId(), cmd.newStart(), cmd.newDurationMin());
            return writeOrTimeTaken(tx,
                    () -> new Booked(toBooking(tx.update(BOOKINGS)
                            .set(BOOKINGS.MASTER_ID, cmd.toMasterId())
                            .set(BOOKINGS.STARTS_AT, utc(cmd.newStart()))
                            .set(BOOKINGS.DURATION_MIN, cmd.newDurationMin())
                            .set(BOOKINGS.OUTSIDE_HOURS, outside)
                            .where(BOOKINGS.TENANT_ID.eq(cmd.tenantId()).and(BOOKINGS.ID.eq(cmd.bookingId())))
                            .returning().fetchOne())),
                    () -> slots(tx, cmd.tenantId(), cmd.newDurationMin(), cmd.newStart(), cmd.toMasterId(), current.serviceId(), current.id()));
        });
    }

    /** Confirm, arrived, completed, no-show, cancel — or revive a cancelled booking if its time is still free. */
    public BookingOutcome changeStatus(StatusChange cmd) {
        if (cmd.newStatus() == null) {
            return new Invalid(InvalidReason.BAD_VALUE, "status");
        }
        return inTransaction(cmd.tenantId(), List.of(cmd.masterId()), cmd.source(), tx -> {
            Optional<Booking> found = lockBooking(tx, cmd.tenantId(), cmd.bookingId());
            if (found.isEmpty()) {
                return new Invalid(InvalidReason.UNKNOWN_BOOKING, Long.toString(cmd.bookingId()));
            }
            Booking current = found.get();
            if (current.version() != cmd.expectedVersion() || current.masterId() != cmd.masterId()) {
                return new ChangedByOthers(current);
            }
            if (current.status() == cmd.newStatus()) {
                return new Booked(current);
            }
            if (cmd.newStatus().holdsTime() && !current.status().holdsTime()) {
                // reviving: the time must still be free (hours and the past are not asked again:
                // it was booked once)
                RuleBook.Question q = new RuleBook.Question(cmd.tenantId(), current.masterId(), null, current.serviceId(),
                        current.start(), current.durationMin(), current.id(), true, true, false, true);
                Optional<RuleBook.Problem> problem = RuleBook.check(tx, q);
                if (problem.isPresent()) {
                    return refusal(tx, q, problem.get());
                }
            }
            return writeOrTimeTaken(tx,
                    () -> new Booked(toBooking(tx.update(BOOKINGS)
                            .set(BOOKINGS.STATUS, cmd.newStatus().dbValue())
                            .where(BOOKINGS.TENANT_ID.eq(cmd.tenantId()).and(BOOKINGS.ID.eq(cmd.bookingId())))
                            .returning().fetchOne())),
                    () -> slots(tx, cmd.tenantId(), current.durationMin(), current.start(), current.masterId(), current.serviceId(), current.id()));
        });
    }

    /** Free starts for the booking form (outside any write). */
    public List<FreeSlot> freeSlots(FreeSlotFinder.Question q) {
        return FreeSlotFinder.find(dsl, q);
    }

    public Optional<Booking> find(long tenantId, long bookingId) {
        return dsl.selectFrom(BOOKINGS).where(BOOKINGS.TENANT_ID.eq(tenantId).and(BOOKINGS.ID.eq(bookingId)))
                .fetchOptional(BookingEngine::toBooking);
    }

    // ---- the protocol --------------------------------------------------------------------------

    /**
     * Runs {@code work} in one transaction after taking the masters' named locks (ascending id
     * order, so A→B and B→A moves cannot deadlock on them). Retries deadlocks and serialization
     * failures; turns a lock timeout into {@link TryAgain}.
     */
    private BookingOutcome inTransaction(long tenantId, List<Long> masterIds, Source source,
                                         Function<DSLContext, BookingOutcome> work) {
        return inTransaction(tenantId, masterIds, source, true, (tx, locks) -> work.apply(tx));
    }

    /**
     * The same, but with {@code lockFirst == false} the work takes the locks itself: it sends
     * {@link Locks#sql()} at the head of its own first message (saving the round trip a lock of
     * its own would cost), or calls {@link Locks#take} before it reads or writes anything.
     */
    private BookingOutcome inTransaction(long tenantId, List<Long> masterIds, Source source, boolean lockFirst,
                                         BiFunction<DSLContext, Locks, BookingOutcome> work) {
        for (int attempt = 0; ; attempt++) {
            try {
                return dsl.transactionResult(cfg -> {
                    DSLContext tx = cfg.dsl();
                    Locks locks = new Locks(tenantId, masterIds, source);
                    if (lockFirst) {
                        locks.take(tx);
                    }
                    return work.apply(tx, locks);
                });
            } catch (DataAccessException e) {
                String state = e.sqlState();
                if ("55P03".equals(state)) {
                    log.info("schedule of master(s) {} stayed locked for 5 s: try again", masterIds);
                    return new TryAgain();
                }
                if (("40P01".equals(state) || "40001".equals(state)) && attempt < RETRIES) {
                    log.info("{} on attempt {}, retrying", state, attempt + 1);
                    backoff(attempt);
                    continue;
                }
                if ("40P01".equals(state) || "40001".equals(state)) {
                    return new TryAgain();
                }
                if ("23503".equals(state)) {
                    return new Invalid(InvalidReason.BAD_VALUE, "reference");
                }
                if ("42501".equals(state)) {
                    // a role without the right, or a row of another salon (row-level security)
                    log.info("permission denied for this login: {}", e.getMessage());
                    return new Invalid(InvalidReason.NO_PERMISSION);
                }
                if (state != null && (state.startsWith("22") || "23514".equals(state))) {
                    return new Invalid(InvalidReason.BAD_VALUE, "");
                }
                throw e;
            }
        }
    }

    /**
     * The statement that opens every engine transaction, taken once: {@code lock_timeout}, the
     * audit's source, then the masters' named locks in ascending id order. A SELECT list is
     * evaluated left to right, so the timeout is in force before the first lock is awaited.
     */
    static final class Locks {
        private final String sql;
        private final List<Object> binds = new ArrayList<>();
        private boolean taken;

        Locks(long tenantId, List<Long> masterIds, Source source) {
            StringBuilder b = new StringBuilder("SELECT set_config('lock_timeout', '5s', true), set_config('salondesk.source', ?, true)");
            binds.add(source.dbValue());
            for (long masterId : new TreeSet<>(masterIds)) {
                b.append(", salondesk_lock_master(?, ?)");
                binds.add(tenantId);
                binds.add(masterId);
            }
            this.sql = b.toString();
        }

        /** The statement, with {@code ?} for {@link #binds()}, for a message that carries it at its head. */
        String sql() {
            return sql;
        }

        List<Object> binds() {
            return binds;
        }

        /** Takes the locks with a statement of its own, unless they are taken already. */
        void take(DSLContext tx) {
            if (!taken) {
                tx.resultQuery(sql, binds.toArray()).fetch();
                taken = true;
            }
        }

        /** The caller's own message carried {@link #sql()} and the server ran it. */
        void takenBy() {
            taken = true;
        }
    }

    /**
     * The statement every program that writes a salon's bookings runs in its transaction before
     * it reads or writes a master's schedule: {@code SELECT salondesk_lock_master(tenant_id,
     * master_id)} (migration 9; ADR 9).
     */
    public static String lockStatement(long tenantId, long masterId) {
        return "SELECT salondesk_lock_master(" + tenantId + ", " + masterId + ")";
    }

    private interface Write {
        BookingOutcome run();
    }

    private interface Slots {
        List<FreeSlot> find();
    }

    /**
     * The write inside a savepoint (jOOQ's nested transaction): if the exclusion constraint
     * refuses it — someone wrote past the lock, e.g. plain SQL — only the write is undone, and
     * the same transaction answers with the nearest free slots.
     */
    private static BookingOutcome writeOrTimeTaken(DSLContext tx, Write write, Slots slots) {
        try {
            return tx.transactionResult(nested -> write.run());
        } catch (DataAccessException e) {
            if ("23P01".equals(e.sqlState())) {
                return new TimeTaken(slots.find());
            }
            throw e;
        }
    }

    private static void backoff(int attempt) {
        long base = 20L << attempt;   // 20, 40, 80 ms
        try {
            Thread.sleep(base + ThreadLocalRandom.current().nextLong(base));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    // ---- helpers -----------------------------------------------------------------------------

    private static List<FreeSlot> slots(DSLContext tx, long tenantId, int minutes, Instant wished, long masterId,
                                        Long serviceId, Long excludeId) {
        return FreeSlotFinder.find(tx, FreeSlotFinder.Question.nearest(tenantId, minutes, wished, masterId, serviceId,
                excludeId, SLOT_STEP_MIN, SLOTS_PER_GROUP));
    }

    private static Optional<Booking> lockBooking(DSLContext tx, long tenantId, long bookingId) {
        return tx.selectFrom(BOOKINGS).where(BOOKINGS.TENANT_ID.eq(tenantId).and(BOOKINGS.ID.eq(bookingId)))
                .forUpdate().fetchOptional(BookingEngine::toBooking);
    }

    /** The booking a request id made already; {@code phone} is the online road's proof that it is the client's own. */
    private static Optional<Booking> byRequest(DSLContext tx, long tenantId, UUID requestId, Source source, String phone) {
        if (source == Source.ONLINE) {
            // the online login reads no booking's client or note: a definer function answers for the
            // road's own bookings, to the client's phone only (migration 12)
            return tx.resultQuery("SELECT * FROM salondesk_online_request(?, ?, ?)", tenantId, requestId, phone)
                    .fetchOptional(r -> toBooking(r.into(BOOKINGS)));
        }
        return tx.selectFrom(BOOKINGS).where(BOOKINGS.TENANT_ID.eq(tenantId).and(BOOKINGS.REQUEST_ID.eq(requestId)))
                .fetchOptional(BookingEngine::toBooking);
    }

    /**
     * A client typed into the request, found by phone or made. The online road may neither read
     * nor write clients: a definer function finds or makes the client by phone and answers with
     * the id alone (migration 12).
     */
    private static long newClient(DSLContext tx, NewBooking cmd, String phone) {
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
     * may not read a booking's client, note or request id (migration 12).
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
                cmd.note() == null ? "" : cmd.note(), r.get(BOOKINGS.OUTSIDE_HOURS));
    }

    static Booking toBooking(BookingsRecord r) {
        return new Booking(r.getId(), r.getTenantId(), r.getMasterId(), r.getClientId(), r.getServiceId(),
                r.getStartsAt().toInstant(), r.getDurationMin(), BookingStatus.fromDb(r.getStatus()), r.getVersion(),
                r.getRequestId(), Source.valueOf(r.getSource().toUpperCase(java.util.Locale.ROOT)), r.getNote(), r.getOutsideHours());
    }

    private static OffsetDateTime utc(Instant i) {
        return i.atOffset(ZoneOffset.UTC);
    }
}
