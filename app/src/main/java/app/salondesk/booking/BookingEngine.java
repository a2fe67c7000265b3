package app.salondesk.booking;

import app.salondesk.booking.BookingOutcome.Booked;
import app.salondesk.booking.BookingOutcome.ChangedByOthers;
import app.salondesk.booking.BookingOutcome.Invalid;
import app.salondesk.booking.BookingOutcome.TimeTaken;
import app.salondesk.booking.BookingOutcome.TryAgain;
import app.salondesk.clients.ClientRepository;
import app.salondesk.clients.PhoneNumbers;
import app.salondesk.salon.SalonRepository;
import org.jooq.DSLContext;
import org.jooq.Record;
import org.jooq.exception.DataAccessException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Duration;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Optional;
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
 *       head of the one message that also carries the checked write: {@link FastInsert}). Before
 *       its first master's lock that function takes the salon's rooms lock, shared (migration 22:
 *       a change of rooms or equipment takes it exclusive, so it never slips between a booking's
 *       check and its write). A booking of a service that needs rooms or equipment takes each
 *       resource's named lock ({@code salondesk_resource_lock_key}), ascending, after the
 *       masters': the database's holding trigger takes them in the write, and a visit takes all
 *       of its parts' at once with {@code salondesk_lock_resources} ({@link VisitWrites}). One
 *       global order: the rooms lock, the masters by id, the resources by id;</li>
 *   <li>reads an existing booking {@code FOR UPDATE} and compares its version with the one the
 *       user saw;</li>
 *   <li>checks the business rules against the current state;</li>
 *   <li>writes inside a savepoint, where the exclusion constraint has the last word: a
 *       violation (23P01) rolls back to the savepoint and becomes {@link TimeTaken};</li>
 *   <li>commits — and only then, without the locks, a {@link TimeTaken} gets the nearest
 *       free starts: they are advice the user books through the engine again, and searching
 *       them under the lock made every other writer for that master wait (ADR 5).</li>
 * </ol>
 * Deadlocks and serialization failures retry the whole transaction (3 times, jittered
 * backoff); a lock timeout is not retried and becomes {@link TryAgain}. Nothing slow happens
 * while the lock is held. See docs/decisions/0005-booking-engine-two-lines-of-defence.md.
 * The lock statement is {@link MasterLocks}', the rows the engine reads and returns
 * {@link BookingRows}', the usual new booking's one message {@link FastInsert}'s.
 */
public final class BookingEngine {

    private static final Logger log = LoggerFactory.getLogger(BookingEngine.class);

    public static final int MAX_DURATION_MIN = 720;
    public static final int MAX_NOTE_LENGTH = 2000;
    static final int RETRIES = 3;
    static final int SLOT_STEP_MIN = 15;
    static final int SLOTS_PER_GROUP = 3;

    private final DSLContext dsl;
    private final SharedOffers offers;
    private Duration lostBudget = LostConnection.BUDGET;
    /** How long a write waits for the masters' locks (lock_timeout): the desk's 5 s unless a road asks for less. */
    private String lockWait = MasterLocks.WRITE_LOCK_TIMEOUT;

    public BookingEngine(DSLContext dsl) {
        this(dsl, Duration.ZERO);
    }

    /**
     * @param sharedOffers how long losers of the same time share one search for their offers
     *                     ({@link SharedOffers}); a server facing a crowd (the online page) shares
     *                     them for a moment, a desk searches its own
     */
    public BookingEngine(DSLContext dsl, Duration sharedOffers) {
        this.dsl = dsl;
        this.offers = sharedOffers.isZero() ? null : new SharedOffers(sharedOffers, System::nanoTime);
    }

    /** For tests: how long a write whose answer was lost is settled for. */
    public BookingEngine settlingLostWritesFor(Duration budget) {
        this.lostBudget = budget;
        return this;
    }

    /**
     * A road that must not keep its caller waiting as long as the desk does (the online page,
     * issue 29: a visitor and a thread of the server per request) waits at most this for the
     * masters' locks, then answers {@link TryAgain}. Between 100 ms and the desk's 5 s.
     */
    public BookingEngine waitingForLocksAtMost(Duration wait) {
        long ms = Math.max(100, Math.min(wait.toMillis(), 5_000));
        this.lockWait = ms + "ms";
        return this;
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
        // a known client (the fast path), or a number already international (the online page
        // sends E.164), costs no extra round trip
        String region = newPhone && !cmd.newClient().phone().strip().startsWith("+")
                ? new SalonRepository(dsl).country(cmd.tenantId()) : PhoneNumbers.NO_REGION;
        Optional<Invalid> bad = validate(cmd, region);
        if (bad.isPresent()) {
            return bad.get();
        }
        UUID requestId = cmd.requestId() != null ? cmd.requestId() : UUID.randomUUID();
        String phone = newPhone ? PhoneNumbers.normalise(cmd.newClient().phone(), region).orElse(null) : null;
        boolean usual = cmd.clientId() != null && !cmd.overrideHours();
        Function<DSLContext, BookingOutcome> truth = d -> BookingRows.byRequest(d, cmd.tenantId(), requestId, cmd.source(), phone)
                .<BookingOutcome>map(Booked::new).orElseGet(() -> new TryAgain(TryAgain.Why.CONNECTION_LOST));
        return inTransaction(cmd.tenantId(), List.of(cmd.masterId()), cmd.source(), !usual, truth, (tx, attempt) -> {
            MasterLocks locks = attempt.locks;
            if (usual) {
                // the usual case: the locks and the checked write in one round trip; if it writes
                // nothing, the checks below (still under the lock it took) say why
                FastInsert.Result fast = FastInsert.tryInsert(tx, locks, cmd, requestId, status, pastAllowed);
                if (fast.made().isPresent()) {
                    return new Booked(fast.made().get());
                }
                if (fast.taken()) {
                    // the rule book said "taken" in that same round trip: leave the lock now, the
                    // nearest free times are looked for after it (ADR 5)
                    return attempt.timeTaken(new Nearest(cmd.tenantId(), fast.takenMinutes(), cmd.start(), cmd.masterId(),
                            cmd.serviceId(), null));
                }
            }
            locks.take(tx);
            // a repeat of a request already carried out returns what it made
            Optional<Booking> done = BookingRows.byRequest(tx, cmd.tenantId(), requestId, cmd.source(), phone);
            if (done.isPresent()) {
                return new Booked(done.get());
            }
            RuleBook.Question q = new RuleBook.Question(cmd.tenantId(), cmd.masterId(), cmd.clientId(), cmd.serviceId(),
                    cmd.start(), cmd.durationMin(), null, pastAllowed, cmd.overrideHours(), true, status.holdsTime());
            RuleBook.Verdict verdict = RuleBook.verdict(tx, q);
            if (verdict.problem().isPresent()) {
                return refusal(attempt, q, verdict.problem().get());
            }
            // the length the rule book just checked (asked in the same round trip)
            int minutes = cmd.durationMin() != null ? cmd.durationMin() : verdict.minutes();
            boolean outside = cmd.overrideHours() && !RuleBook.withinHours(tx, cmd.tenantId(), cmd.masterId(), cmd.serviceId(), null, cmd.start(), minutes);
            return writeOrTimeTaken(tx,
                    () -> {
                        // a new client is made inside the savepoint: if the booking is refused, so is the client
                        long clientId = cmd.clientId() != null ? cmd.clientId() : BookingRows.newClient(tx, cmd, phone);
                        var row = tx.insertInto(BOOKINGS)
                                .set(BOOKINGS.TENANT_ID, cmd.tenantId())
                                .set(BOOKINGS.MASTER_ID, cmd.masterId())
                                .set(BOOKINGS.CLIENT_ID, clientId)
                                .set(BOOKINGS.SERVICE_ID, cmd.serviceId())
                                .set(BOOKINGS.STARTS_AT, utc(cmd.start()))
                                .set(BOOKINGS.DURATION_MIN, minutes)
                                .set(BOOKINGS.STATUS, status.dbValue())
                                .set(BOOKINGS.REQUEST_ID, requestId)
                                .set(BOOKINGS.NOTE, cmd.note() == null ? "" : cmd.note())
                                .set(BOOKINGS.OUTSIDE_HOURS, outside);
                        if (cmd.seriesId() != null) {
                            // named only when there is one: the online road's login may not write the column
                            row = row.set(BOOKINGS.SERIES_ID, cmd.seriesId());
                        }
                        Record r = row
                                .onConflict(BOOKINGS.TENANT_ID, BOOKINGS.REQUEST_ID).doNothing()
                                .returning(BookingRows.MADE)
                                .fetchOne();
                        // null: the same request id was inserted meanwhile (another desk, a retry) — or, on
                        // the online road, it is another client's request id, whose booking is not shown
                        if (r != null) {
                            return new Booked(BookingRows.made(r, cmd, clientId, requestId));
                        }
                        return BookingRows.byRequest(tx, cmd.tenantId(), requestId, cmd.source(), phone).<BookingOutcome>map(Booked::new)
                                .orElseGet(() -> new Invalid(InvalidReason.BAD_VALUE, "request"));
                    },
                    () -> attempt.timeTaken(new Nearest(cmd.tenantId(), minutes, cmd.start(), cmd.masterId(), cmd.serviceId(), null)));
        });
    }

    /** The answer for a broken rule: a free-time offer when the time is taken, else why not. */
    private static BookingOutcome refusal(Attempt attempt, RuleBook.Question q, RuleBook.Problem p) {
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
            case TIME_TAKEN, RESOURCE_TAKEN -> attempt.timeTaken(new Nearest(q.tenantId(), p.minutes(), q.start(), q.masterId(), q.serviceId(),
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

    /**
     * Move to another time and/or master, or change the duration (drag, resize, form, "Move to ▸"),
     * and the note with it when {@link Reschedule#note()} is given: one transaction, so nothing is
     * half-saved. A booking that has the override of working hours keeps it (ADR 5): the rule book
     * waives the hours for it, and the database lets only an admin take it further outside them. A
     * change that keeps the master, start and length asks the rule book nothing: the booking's time
     * is not changed, so a note can be changed even where the master's hours have changed since.
     */
    public BookingOutcome reschedule(Reschedule cmd) {
        if (cmd.newStart() == null) {
            return new Invalid(InvalidReason.START_MISSING);
        }
        if (cmd.newDurationMin() <= 0 || cmd.newDurationMin() > MAX_DURATION_MIN) {
            return new Invalid(InvalidReason.DURATION_OUT_OF_RANGE, Integer.toString(cmd.newDurationMin()));
        }
        if (cmd.note() != null && cmd.note().length() > MAX_NOTE_LENGTH) {
            return new Invalid(InvalidReason.NOTE_TOO_LONG);
        }
        Function<DSLContext, BookingOutcome> truth = d -> LostConnection.changeSettled(d, cmd.tenantId(), cmd.bookingId(), cmd.expectedVersion(),
                b -> b.masterId() == cmd.toMasterId() && b.start().equals(cmd.newStart()) && b.durationMin() == cmd.newDurationMin()
                        && (cmd.note() == null || cmd.note().equals(b.note())));
        return inTransaction(cmd.tenantId(), List.of(cmd.fromMasterId(), cmd.toMasterId()), cmd.source(), truth, (tx, attempt) -> {
            Optional<Booking> found = BookingRows.lockBooking(tx, cmd.tenantId(), cmd.bookingId());
            if (found.isEmpty()) {
                return new Invalid(InvalidReason.UNKNOWN_BOOKING, Long.toString(cmd.bookingId()));
            }
            Booking current = found.get();
            // any change by anyone bumps the version (a trigger does, for plain SQL too), and
            // a master change is a change: so matching versions mean we locked the right master
            if (current.version() != cmd.expectedVersion() || current.masterId() != cmd.fromMasterId()) {
                return new ChangedByOthers(current);
            }
            boolean samePlace = current.masterId() == cmd.toMasterId() && current.start().equals(cmd.newStart())
                    && current.durationMin() == cmd.newDurationMin();
            boolean waived = cmd.overrideHours() || current.outsideHours();
            if (!samePlace) {
                // the same rules as a new booking, but: the client stays; the master's service is asked
                // for only when the master changes; a start that does not move may lie in the past
                RuleBook.Question q = new RuleBook.Question(cmd.tenantId(), cmd.toMasterId(), null, current.serviceId(),
                        cmd.newStart(), cmd.newDurationMin(), current.id(), cmd.newStart().equals(current.start()),
                        waived, current.masterId() != cmd.toMasterId(), current.status().holdsTime());
                Optional<RuleBook.Problem> problem = RuleBook.check(tx, q);
                if (problem.isPresent()) {
                    return refusal(attempt, q, problem.get());
                }
            }
            // kept as it is by a change that leaves the time alone, unless an admin asks for it now
            boolean outside = samePlace && !cmd.overrideHours() ? current.outsideHours()
                    : waived && !RuleBook.withinHours(tx, cmd.tenantId(), cmd.toMasterId(), current.serviceId(), current.id(),
                    cmd.newStart(), cmd.newDurationMin());
            return writeOrTimeTaken(tx,
                    () -> {
                        var change = tx.update(BOOKINGS)
                                .set(BOOKINGS.MASTER_ID, cmd.toMasterId())
                                .set(BOOKINGS.STARTS_AT, utc(cmd.newStart()))
                                .set(BOOKINGS.DURATION_MIN, cmd.newDurationMin())
                                .set(BOOKINGS.OUTSIDE_HOURS, outside);
                        if (cmd.note() != null) {
                            change = change.set(BOOKINGS.NOTE, cmd.note());
                        }
                        return new Booked(BookingRows.toBooking(change
                                .where(BOOKINGS.TENANT_ID.eq(cmd.tenantId()).and(BOOKINGS.ID.eq(cmd.bookingId())))
                                .returning().fetchOne()));
                    },
                    () -> attempt.timeTaken(new Nearest(cmd.tenantId(), cmd.newDurationMin(), cmd.newStart(), cmd.toMasterId(),
                            current.serviceId(), current.id())));
        });
    }

    /**
     * Changes a booking's note and nothing else, under the master's lock with the version check
     * (the command line's {@code bookings note}); the history records it as any change.
     */
    public BookingOutcome changeNote(NoteChange cmd) {
        if (cmd.note() == null) {
            return new Invalid(InvalidReason.BAD_VALUE, "note");
        }
        if (cmd.note().length() > MAX_NOTE_LENGTH) {
            return new Invalid(InvalidReason.NOTE_TOO_LONG);
        }
        Function<DSLContext, BookingOutcome> truth = d -> LostConnection.changeSettled(d, cmd.tenantId(), cmd.bookingId(), cmd.expectedVersion(),
                b -> cmd.note().equals(b.note()));
        return inTransaction(cmd.tenantId(), List.of(cmd.masterId()), cmd.source(), truth, (tx, attempt) -> {
            Optional<Booking> found = BookingRows.lockBooking(tx, cmd.tenantId(), cmd.bookingId());
            if (found.isEmpty()) {
                return new Invalid(InvalidReason.UNKNOWN_BOOKING, Long.toString(cmd.bookingId()));
            }
            Booking current = found.get();
            if (current.version() != cmd.expectedVersion() || current.masterId() != cmd.masterId()) {
                return new ChangedByOthers(current);
            }
            if (current.note().equals(cmd.note())) {
                return new Booked(current);
            }
            return new Booked(BookingRows.toBooking(tx.update(BOOKINGS)
                    .set(BOOKINGS.NOTE, cmd.note())
                    .where(BOOKINGS.TENANT_ID.eq(cmd.tenantId()).and(BOOKINGS.ID.eq(cmd.bookingId())))
                    .returning().fetchOne()));
        });
    }

    /** Confirm, arrived, completed, no-show, cancel — or revive a cancelled booking if its time is still free. */
    public BookingOutcome changeStatus(StatusChange cmd) {
        if (cmd.newStatus() == null) {
            return new Invalid(InvalidReason.BAD_VALUE, "status");
        }
        Function<DSLContext, BookingOutcome> truth = d -> LostConnection.changeSettled(d, cmd.tenantId(), cmd.bookingId(), cmd.expectedVersion(),
                b -> b.status() == cmd.newStatus());
        return inTransaction(cmd.tenantId(), List.of(cmd.masterId()), cmd.source(), truth, (tx, attempt) -> {
            Optional<Booking> found = BookingRows.lockBooking(tx, cmd.tenantId(), cmd.bookingId());
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
                    return refusal(attempt, q, problem.get());
                }
            }
            return writeOrTimeTaken(tx,
                    () -> new Booked(BookingRows.toBooking(tx.update(BOOKINGS)
                            .set(BOOKINGS.STATUS, cmd.newStatus().dbValue())
                            .where(BOOKINGS.TENANT_ID.eq(cmd.tenantId()).and(BOOKINGS.ID.eq(cmd.bookingId())))
                            .returning().fetchOne())),
                    () -> attempt.timeTaken(new Nearest(cmd.tenantId(), current.durationMin(), current.start(), current.masterId(),
                            current.serviceId(), current.id())));
        });
    }

    // ---- visits (issue 18) ----------------------------------------------------------------------

    /**
     * One client's bookings in sequence, all or none, under every involved master's lock
     * (ascending): {@link VisitWrites}. "Taken" offers the nearest starts at which the whole
     * sequence fits.
     */
    public VisitOutcome bookVisit(NewVisit visit) {
        return new VisitWrites(dsl, lostBudget).book(visit);
    }

    /**
     * Moves every part of a visit by {@code by} (a drag of one part, answered "the whole visit"),
     * all or none; {@code expectedVersions} are the parts' versions as the user saw them.
     */
    public VisitOutcome moveVisit(long tenantId, long visitId, java.util.Map<Long, Integer> expectedVersions, Duration by, Source source) {
        return new VisitWrites(dsl, lostBudget).move(tenantId, visitId, expectedVersions, by, source);
    }

    /** The parts of a visit, in time order (for the desk's "move the whole visit?"). */
    public List<Booking> visitParts(long tenantId, long visitId) {
        return VisitWrites.parts(dsl, tenantId, visitId);
    }

    /** Free starts for the booking form (outside any write). */
    public List<FreeSlot> freeSlots(FreeSlotFinder.Question q) {
        return FreeSlotFinder.find(dsl, q);
    }

    public Optional<Booking> find(long tenantId, long bookingId) {
        return find(dsl, tenantId, bookingId);
    }

    /** The bookings of a series that start at {@code from} or later, in time order ({@link BookingSeries}). */
    public List<Booking> series(long tenantId, UUID seriesId, Instant from) {
        return dsl.selectFrom(BOOKINGS)
                .where(BOOKINGS.TENANT_ID.eq(tenantId).and(BOOKINGS.SERIES_ID.eq(seriesId)).and(BOOKINGS.STARTS_AT.ge(utc(from))))
                .orderBy(BOOKINGS.STARTS_AT, BOOKINGS.ID)
                .fetch(BookingRows::toBooking);
    }

    static Optional<Booking> find(DSLContext dsl, long tenantId, long bookingId) {
        return dsl.selectFrom(BOOKINGS).where(BOOKINGS.TENANT_ID.eq(tenantId).and(BOOKINGS.ID.eq(bookingId)))
                .fetchOptional(BookingRows::toBooking);
    }

    // ---- the protocol --------------------------------------------------------------------------

    /**
     * Runs {@code work} in one transaction after taking the masters' named locks (ascending id
     * order, so A→B and B→A moves cannot deadlock on them). Retries deadlocks and serialization
     * failures; turns a lock timeout into {@link TryAgain}.
     */
    private BookingOutcome inTransaction(long tenantId, List<Long> masterIds, Source source,
                                         Function<DSLContext, BookingOutcome> truth,
                                         BiFunction<DSLContext, Attempt, BookingOutcome> work) {
        return inTransaction(tenantId, masterIds, source, true, truth, work);
    }

    /**
     * The same, but with {@code lockFirst == false} the work takes the locks itself: it sends
     * {@link MasterLocks#sql()} at the head of its own first message (saving the round trip a lock of
     * its own would cost), or calls {@link MasterLocks#take} before it reads or writes anything.
     * A {@link TimeTaken} gets its nearest free times after the transaction has ended, without
     * the locks: they are advice, which the user books through the engine again (ADR 5).
     * A write whose answer the connection lost is settled by {@code truth}, what the database
     * says it became once the old transaction has let go of the masters' locks ({@link LostConnection}).
     */
    private BookingOutcome inTransaction(long tenantId, List<Long> masterIds, Source source, boolean lockFirst,
                                         Function<DSLContext, BookingOutcome> truth,
                                         BiFunction<DSLContext, Attempt, BookingOutcome> work) {
        for (int attempt = 0; ; attempt++) {
            Attempt current = new Attempt(new MasterLocks(tenantId, masterIds, source, lockWait));
            BookingOutcome outcome;
            try {
                outcome = dsl.transactionResult(cfg -> {
                    DSLContext tx = cfg.dsl();
                    // from here on something may reach the server: a lost answer is settled, not guessed
                    current.sent = true;
                    if (lockFirst) {
                        current.locks.take(tx);
                    }
                    return work.apply(tx, current);
                });
            } catch (DataAccessException e) {
                if (LostConnection.isLost(e)) {
                    log.warn("the connection was lost during a write to master(s) {}: settling it", masterIds, e);
                    return LostConnection.settle(dsl, current.sent, current.locks, lostBudget, truth);
                }
                String state = e.sqlState();
                if (LostConnection.isReadOnlyServer(e) && attempt < RETRIES) {
                    // a standby refused the write (a pooler's server connection to a demoted primary,
                    // ADR 23): nothing was written; the pool replaces its connections, and the write
                    // is sent again, to the server that takes writes now
                    log.info("the server took no writes (a standby after a failover or switchover); retrying on the primary");
                    backoff(attempt + 2);
                    continue;
                }
                if ("55P03".equals(state)) {
                    log.info("schedule of master(s) {} stayed locked for {}: try again", masterIds, lockWait);
                    return new TryAgain();
                }
                if (("40P01".equals(state) || "40001".equals(state)) && attempt < RETRIES) {
                    log.info("{} on attempt {}, retrying", state, attempt + 1);
                    backoff(attempt);
                    continue;
                }
                if ("40P01".equals(state) || "40001".equals(state) || LostConnection.isReadOnlyServer(e)) {
                    return new TryAgain();
                }
                if ("23503".equals(state)) {
                    return new Invalid(InvalidReason.BAD_VALUE, "reference");
                }
                if ("53100".equals(state)) {
                    // the transaction rolled back whole; PostgreSQL goes on once space is freed
                    java.sql.SQLException cause = e.getCause(java.sql.SQLException.class);
                    log.warn("the database's disk is full, nothing was saved: {}", cause != null ? cause.getMessage() : e.getMessage());
                    return new Invalid(InvalidReason.DISK_FULL);
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
            return current.nearest != null && outcome instanceof TimeTaken ? new TimeTaken(nearestFree(current.nearest)) : outcome;
        }
    }

    /**
     * One try of a write: its locks, and — when the time turned out taken — what to search the
     * nearest free times for once the transaction is over.
     */
    private static final class Attempt {
        final MasterLocks locks;
        Nearest nearest;
        /** Whether a connection was taken for it (so that something may have reached the server). */
        boolean sent;

        Attempt(MasterLocks locks) {
            this.locks = locks;
        }

        /** "Taken"; the free times are found after the commit, outside the masters' locks. */
        TimeTaken timeTaken(Nearest question) {
            this.nearest = question;
            return new TimeTaken(List.of());
        }
    }

    private List<FreeSlot> search(Nearest q) {
        return FreeSlotFinder.find(dsl, FreeSlotFinder.Question.nearest(q.tenantId(), q.minutes(), q.wished(), q.masterId(),
                q.serviceId(), q.excludeId(), SLOT_STEP_MIN, SLOTS_PER_GROUP));
    }

    /** The nearest-free-times question of a loser: the wished start, length, master and service. */
    private record Nearest(long tenantId, int minutes, Instant wished, long masterId, Long serviceId, Long excludeId) {
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

    private interface Taken {
        TimeTaken answer();
    }

    /**
     * The write inside a savepoint (jOOQ's nested transaction): if the exclusion constraint
     * refuses it — someone wrote past the lock, e.g. plain SQL — only the write is undone, and
     * the answer is "taken" (its free times are searched after the transaction).
     */
    private static BookingOutcome writeOrTimeTaken(DSLContext tx, Write write, Taken taken) {
        try {
            return tx.transactionResult(nested -> write.run());
        } catch (DataAccessException e) {
            if ("23P01".equals(e.sqlState())) {
                return taken.answer();
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

    /**
     * A loser's nearest free starts, asked in a transaction of their own after the write's has
     * ended. If the database cannot answer now, the loser still hears "taken", without offers:
     * the time is taken whatever the search says.
     */
    private List<FreeSlot> nearestFree(Nearest q) {
        try {
            if (offers != null && q.excludeId() == null) {
                return offers.get(q, () -> search(q));
            }
            return search(q);
        } catch (DataAccessException e) {
            log.warn("the time was taken; its nearest free times could not be searched", e);
            return List.of();
        }
    }

    private static OffsetDateTime utc(Instant i) {
        return i.atOffset(ZoneOffset.UTC);
    }
}
