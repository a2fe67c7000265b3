package app.salondesk.logic.booking;

import app.salondesk.logic.salon.SalonRepository;
import app.salondesk.model.booking.Booking;
import app.salondesk.model.booking.BookingAsSeen;
import app.salondesk.model.booking.BookingOutcome.Booked;
import app.salondesk.model.booking.BookingOutcome.ChangedByOthers;
import app.salondesk.model.booking.BookingOutcome.Invalid;
import app.salondesk.model.booking.BookingOutcome.TimeTaken;
import app.salondesk.model.booking.BookingOutcome.TryAgain;
import app.salondesk.model.booking.BookingOutcome;
import app.salondesk.model.booking.BookingStatus;
import app.salondesk.model.booking.FreeSlot;
import app.salondesk.model.booking.InvalidReason;
import app.salondesk.model.booking.NewBooking;
import app.salondesk.model.booking.NewVisit;
import app.salondesk.model.booking.NoteChange;
import app.salondesk.model.booking.Reschedule;
import app.salondesk.model.booking.Source;
import app.salondesk.model.booking.StatusChange;
import app.salondesk.model.booking.VisitOutcome;
import app.salondesk.model.clients.PhoneNumbers;
import org.jooq.DSLContext;
import org.jooq.exception.DataAccessException;

import java.time.Duration;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import java.util.function.Function;

import static app.salondesk.jooq.Tables.BOOKINGS;

/**
 * The one way bookings are written (DESIGN.md, "The booking protocol"): new bookings, moves,
 * status changes, and (through {@link VisitWrites}) whole visits. What every write does besides
 * its own reads and writes — the named locks in one global order, {@code lock_timeout}, the
 * savepoint where the exclusion constraint has the last word, bounded retries, the SQLSTATEs
 * mapped to outcomes, settling a write whose answer was lost, a loser's nearest free times
 * searched after the commit — is {@link WriteProtocol}'s, written once. Each write here is the
 * protocol plus one private method's worth of its own:
 * <ol>
 *   <li>a new booking: for the usual case (a known client, inside the rules) the locks and the
 *       checked write in one message ({@link FastInsert}); otherwise — or when that wrote
 *       nothing — a repeated request id returns what it made, the rule book ({@link RuleBook})
 *       says why not, and the row is written inside the savepoint;</li>
 *   <li>a change of an existing booking: it is read {@code FOR UPDATE} and its version compared
 *       with the one the user saw, the rule book asked, the row updated inside the savepoint.</li>
 * </ol>
 * See docs/decisions/0005-booking-engine-two-lines-of-defence.md. The lock statement is
 * {@link MasterLocks}', the rows the engine reads and returns {@link BookingRows}'.
 */
public final class BookingEngine {

    public static final int MAX_DURATION_MIN = 720;
    public static final int MAX_NOTE_LENGTH = 2000;

    private final DSLContext dsl;
    private final NearestFree nearest;
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
        this.nearest = new NearestFree(dsl, sharedOffers);
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

    /** The protocol every write of this engine goes through. */
    WriteProtocol protocol() {
        return new WriteProtocol(dsl, lostBudget, lockWait);
    }

    /**
     * What a road writes in the same transaction as its new booking (the waitlist: its entry,
     * claimed and then fulfilled by the booking — ADR 13), so that both land together or neither.
     */
    public interface Alongside {
        /**
         * Under the masters' locks, before anything of the booking is read or written; false stops
         * the write (nothing written; the caller knows why and reads it from its own object).
         */
        boolean claim(DSLContext tx);

        /** The booking was made (now, or before by the same request id): in the same transaction. */
        void booked(DSLContext tx, Booking booking);

        /**
         * Whether "taken" still offers the nearest free times (looked for after the transaction): the
         * waitlist tries its own next time and needs none; a client's signed consent (issue 36) does.
         */
        default boolean offersWhenTaken() {
            return false;
        }
    }

    // ---- new bookings ------------------------------------------------------------------------

    public BookingOutcome book(NewBooking cmd) {
        return create(cmd, BookingStatus.CONFIRMED, false, null);
    }

    /**
     * A new booking that arrives in {@code status} rather than confirmed: an online booking
     * arrives pending when its salon confirms them by hand. Everything else as {@link #book}.
     */
    public BookingOutcome book(NewBooking cmd, BookingStatus status) {
        return create(cmd, status, false, null);
    }

    /**
     * A new booking whose transaction also carries {@code alongside}'s claim and its consequence
     * (the waitlist's entry). It takes the detailed path (the claim must come after the locks,
     * before the write), and a "taken" has no offers: such a road tries its own next time.
     */
    public BookingOutcome book(NewBooking cmd, BookingStatus status, Alongside alongside) {
        return create(cmd, status, false, alongside);
    }

    /**
     * Records a booking from another system or the demo seed: the same protocol, but the
     * start may lie in the past and the status is given (a past visit is "completed").
     */
    public BookingOutcome record(NewBooking cmd, BookingStatus status) {
        return create(cmd, status, true, null);
    }

    private BookingOutcome create(NewBooking cmd, BookingStatus status, boolean pastAllowed, Alongside alongside) {
        boolean newPhone = cmd.clientId() == null && cmd.newClient() != null && cmd.newClient().phone() != null
                && !cmd.newClient().phone().isBlank();
        // a number typed without +code is the salon's country's, whichever road it came by (form,
        // command line, import); read before the transaction, and only on this path: a booking for
        // a known client (the fast path), or a number already international (the online page
        // sends E.164), costs no extra round trip
        String region = newPhone && !cmd.newClient().phone().strip().startsWith("+")
                ? new SalonRepository(dsl).country(cmd.tenantId()) : PhoneNumbers.NO_REGION;
        Optional<Invalid> bad = RequestChecks.invalid(cmd, region);
        if (bad.isPresent()) {
            return bad.get();
        }
        UUID requestId = cmd.requestId() != null ? cmd.requestId() : UUID.randomUUID();
        String phone = newPhone ? PhoneNumbers.normalise(cmd.newClient().phone(), region).orElse(null) : null;
        boolean usual = cmd.clientId() != null && !cmd.overrideHours() && !cmd.waivePatchTest() && alongside == null;
        boolean offers = alongside == null || alongside.offersWhenTaken();
        Function<DSLContext, BookingOutcome> truth = d -> BookingRows.byRequest(d, cmd.tenantId(), requestId, cmd.source(), phone)
                .<BookingOutcome>map(Booked::new).orElseGet(() -> new TryAgain(TryAgain.Why.CONNECTION_LOST));
        WriteProtocol.Write<BookingOutcome> write = protocol().write(WriteProtocol.BOOKING, cmd.tenantId(), List.of(cmd.masterId()), cmd.source())
                .settledBy(truth);
        if (usual) {
            write.locksSentByTheWork();
        }
        return write.run(attempt -> {
            DSLContext tx = attempt.tx();
            if (usual) {
                // the usual case: the locks and the checked write in one round trip; if it writes
                // nothing, the checks below (still under the lock it took) say why
                FastInsert.Result fast = FastInsert.tryInsert(tx, attempt.locks, cmd, requestId, status, pastAllowed);
                if (fast.made().isPresent()) {
                    return new Booked(fast.made().get());
                }
                if (fast.taken()) {
                    // the rule book said "taken" in that same round trip: leave the lock now, the
                    // nearest free times are looked for after it (ADR 5)
                    return taken(attempt, new NearestFree.Question(cmd.tenantId(), fast.takenMinutes(), cmd.start(), cmd.masterId(),
                            cmd.serviceId(), null));
                }
            }
            attempt.takeLocks();
            if (alongside != null && !alongside.claim(tx)) {
                return new Invalid(InvalidReason.BAD_VALUE, "claim");
            }
            // a repeat of a request already carried out returns what it made
            Optional<Booking> done = BookingRows.byRequest(tx, cmd.tenantId(), requestId, cmd.source(), phone);
            if (done.isPresent()) {
                return alongside(tx, alongside, new Booked(done.get()));
            }
            RuleBook.Question q = new RuleBook.Question(cmd.tenantId(), cmd.masterId(), cmd.clientId(), cmd.serviceId(),
                    cmd.start(), cmd.durationMin(), null, pastAllowed, cmd.overrideHours(), true, status.holdsTime());
            RuleBook.Verdict verdict = RuleBook.verdict(tx, q);
            // an admin may book without the patch test (ADR 36): the rule is the rule book's last, so
            // every other rule has been met when it is the one broken; the database keeps the right an admin's
            boolean waived = cmd.waivePatchTest() && verdict.problem().map(p -> p.rule() == RuleBook.Rule.PATCH_TEST_NEEDED).orElse(false);
            if (verdict.problem().isPresent() && !waived) {
                return refusal(attempt, q, verdict.problem().get(), offers);
            }
            // the length the rule book just checked (asked in the same round trip)
            int minutes = cmd.durationMin() != null ? cmd.durationMin() : verdict.minutes();
            boolean outside = cmd.overrideHours() && !RuleBook.withinHours(tx, cmd.tenantId(), cmd.masterId(), cmd.serviceId(), null, cmd.start(), minutes);
            BookingOutcome written = attempt.savepoint(sp -> BookingRows.insert(sp, cmd, status, requestId, phone, minutes, outside, waived),
                    () -> taken(attempt, offers ? new NearestFree.Question(cmd.tenantId(), minutes, cmd.start(), cmd.masterId(), cmd.serviceId(), null)
                            : null));
            return alongside(tx, alongside, written);
        });
    }

    /** A booking made: {@code alongside}'s consequence, in the same transaction. */
    private static BookingOutcome alongside(DSLContext tx, Alongside alongside, BookingOutcome outcome) {
        if (alongside != null && outcome instanceof Booked b) {
            alongside.booked(tx, b.booking());
        }
        return outcome;
    }

    /** "Taken"; its nearest free times are searched once the transaction is over, without the locks (none: {@code q} null). */
    private BookingOutcome taken(WriteProtocol.Attempt<BookingOutcome> attempt, NearestFree.Question q) {
        TimeTaken now = new TimeTaken(List.of());
        return q == null ? now : attempt.afterCommit(now, () -> new TimeTaken(nearest.find(q)));
    }

    /** The answer for a broken rule: a free-time offer when the time is taken, else why not. */
    private BookingOutcome refusal(WriteProtocol.Attempt<BookingOutcome> attempt, RuleBook.Question q, RuleBook.Problem p, boolean offers) {
        if (p.rule() == RuleBook.Rule.TIME_TAKEN || p.rule() == RuleBook.Rule.RESOURCE_TAKEN) {
            return taken(attempt, offers ? new NearestFree.Question(q.tenantId(), p.minutes(), q.start(), q.masterId(),
                    q.serviceId(), q.excludeBookingId()) : null);
        }
        return invalid(q, p);
    }

    /** Why a broken rule other than "taken" refuses a write, said once for bookings and visits. */
    static Invalid invalid(RuleBook.Question q, RuleBook.Problem p) {
        return switch (p.rule()) {
            case UNKNOWN_MASTER -> new Invalid(InvalidReason.UNKNOWN_MASTER, Long.toString(q.masterId()));
            case MASTER_INACTIVE -> new Invalid(InvalidReason.MASTER_INACTIVE, p.masterName());
            case UNKNOWN_SERVICE -> new Invalid(InvalidReason.UNKNOWN_SERVICE, String.valueOf(q.serviceId()));
            case SERVICE_INACTIVE -> new Invalid(InvalidReason.SERVICE_INACTIVE, p.serviceName());
            case SERVICE_NOT_OFFERED -> new Invalid(InvalidReason.SERVICE_NOT_OFFERED, p.serviceName());
            case DURATION_MISSING -> new Invalid(InvalidReason.DURATION_MISSING);
            case DURATION_OUT_OF_RANGE -> new Invalid(InvalidReason.DURATION_OUT_OF_RANGE, String.valueOf(p.minutes()));
            case START_IN_PAST -> new Invalid(InvalidReason.START_IN_PAST);
            case OUTSIDE_WORKING_HOURS -> new Invalid(InvalidReason.OUTSIDE_WORKING_HOURS);
            case MASTER_TIME_OFF -> new Invalid(InvalidReason.MASTER_TIME_OFF);
            case UNKNOWN_CLIENT -> new Invalid(InvalidReason.UNKNOWN_CLIENT, String.valueOf(q.clientId()));
            case PATCH_TEST_NEEDED -> new Invalid(InvalidReason.PATCH_TEST_NEEDED, p.detail());
            case TIME_TAKEN, RESOURCE_TAKEN -> throw new IllegalArgumentException("taken is not invalid");
        };
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
        return reschedule(cmd, null);
    }

    /**
     * A move whose transaction also carries {@code alongside}'s claim (null: none), made under the
     * masters' locks before the booking is read: a client's "another time" by her message's link opens
     * the link there (migration 31), so that the link, the booking and the move are checked and
     * written in one transaction. {@code alongside}'s {@link Alongside#booked} follows a move made.
     * The online road's move ({@link Source#ONLINE}) reads and returns only what its login may read.
     */
    public BookingOutcome reschedule(Reschedule cmd, Alongside alongside) {
        if (cmd.newStart() == null) {
            return new Invalid(InvalidReason.START_MISSING);
        }
        if (cmd.newDurationMin() <= 0 || cmd.newDurationMin() > MAX_DURATION_MIN) {
            return new Invalid(InvalidReason.DURATION_OUT_OF_RANGE, Integer.toString(cmd.newDurationMin()));
        }
        if (cmd.note() != null && cmd.note().length() > MAX_NOTE_LENGTH) {
            return new Invalid(InvalidReason.NOTE_TOO_LONG);
        }
        boolean online = cmd.source() == Source.ONLINE;
        Function<DSLContext, BookingOutcome> truth = d -> LostConnection.changeSettled(d, cmd.tenantId(), cmd.bookingId(), cmd.expectedVersion(),
                cmd.source(), b -> b.masterId() == cmd.toMasterId() && b.start().equals(cmd.newStart()) && b.durationMin() == cmd.newDurationMin()
                        && (cmd.note() == null || cmd.note().equals(b.note())));
        return protocol().write(WriteProtocol.BOOKING, cmd.tenantId(), List.of(cmd.fromMasterId(), cmd.toMasterId()), cmd.source())
                .settledBy(truth).run(attempt -> {
            DSLContext tx = attempt.tx();
            if (alongside != null && !alongside.claim(tx)) {
                return new Invalid(InvalidReason.BAD_VALUE, "claim");
            }
            Optional<Booking> found = BookingRows.lockBooking(tx, cmd.tenantId(), cmd.bookingId(), cmd.source());
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
                    return refusal(attempt, q, problem.get(), true);
                }
            }
            // kept as it is by a change that leaves the time alone, unless an admin asks for it now
            boolean outside = samePlace && !cmd.overrideHours() ? current.outsideHours()
                    : waived && !RuleBook.withinHours(tx, cmd.tenantId(), cmd.toMasterId(), current.serviceId(), current.id(),
                    cmd.newStart(), cmd.newDurationMin());
            return attempt.savepoint(
                    sp -> {
                        var change = sp.update(BOOKINGS)
                                .set(BOOKINGS.MASTER_ID, cmd.toMasterId())
                                .set(BOOKINGS.STARTS_AT, utc(cmd.newStart()))
                                .set(BOOKINGS.DURATION_MIN, cmd.newDurationMin())
                                .set(BOOKINGS.OUTSIDE_HOURS, outside);
                        if (cmd.note() != null) {
                            change = change.set(BOOKINGS.NOTE, cmd.note());
                        }
                        var where = change.where(BOOKINGS.TENANT_ID.eq(cmd.tenantId()).and(BOOKINGS.ID.eq(cmd.bookingId())));
                        Booking moved;
                        if (online) {
                            org.jooq.Record r = where.returning(BookingRows.MOVED).fetchOne();
                            if (r == null) {
                                // the policy let no row through (not this transaction's link): nothing written
                                throw attempt.refuse(new Invalid(InvalidReason.NO_PERMISSION, ""));
                            }
                            moved = BookingRows.moved(current, r);
                        } else {
                            moved = BookingRows.toBooking(where.returning().fetchOne());
                        }
                        if (alongside != null) {
                            alongside.booked(sp, moved);
                        }
                        return new Booked(moved);
                    },
                    () -> taken(attempt, new NearestFree.Question(cmd.tenantId(), cmd.newDurationMin(), cmd.newStart(), cmd.toMasterId(),
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
        return protocol().write(WriteProtocol.BOOKING, cmd.tenantId(), List.of(cmd.masterId()), cmd.source())
                .settledBy(truth).run(attempt -> {
            DSLContext tx = attempt.tx();
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
        return protocol().write(WriteProtocol.BOOKING, cmd.tenantId(), List.of(cmd.masterId()), cmd.source())
                .settledBy(truth).run(attempt -> {
            DSLContext tx = attempt.tx();
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
                    return refusal(attempt, q, problem.get(), true);
                }
            }
            return attempt.savepoint(
                    sp -> new Booked(BookingRows.toBooking(sp.update(BOOKINGS)
                            .set(BOOKINGS.STATUS, cmd.newStatus().dbValue())
                            .where(BOOKINGS.TENANT_ID.eq(cmd.tenantId()).and(BOOKINGS.ID.eq(cmd.bookingId())))
                            .returning().fetchOne())),
                    () -> taken(attempt, new NearestFree.Question(cmd.tenantId(), current.durationMin(), current.start(), current.masterId(),
                            current.serviceId(), current.id())));
        });
    }

    // ---- a checkout's sale, with the bookings it pays for (issue 34) ------------------------------

    /**
     * A road's own write in the same transaction as the bookings it pays for (a checkout's sale,
     * {@code logic.checkout}): the engine takes the protocol's locks of those bookings' masters and reads
     * each booking {@code FOR UPDATE}; the road compares them with what the person saw and writes its
     * rows inside the savepoint. The database completes the bookings a sale pays for (migration 35),
     * so the engine writes no booking here itself.
     */
    public interface Payment<O> {
        /**
         * Under the locks, inside the savepoint: {@code current} are the bookings found, by ascending id
         * (one that is gone is missing). An exception undoes everything written here.
         */
        O write(DSLContext tx, List<Booking> current);

        /** What a refusal of the database met in {@link #write} answers (the savepoint undone); empty: not the road's to say. */
        Optional<O> refused(DataAccessException e);

        /** What the write became, asked after its transaction let go of the locks, when its answer was lost. */
        O settled(DSLContext dsl);

        O tryAgain(TryAgain.Why why);

        O invalid(InvalidReason reason, String detail);
    }

    /**
     * Runs {@code payment} under the named locks of the masters of {@code seen} (none: a sale of
     * products alone), with the protocol's retries and settling (ADR 5, 17): two desks paying for the
     * same booking are one after the other, and a cancel or move of it waits for the payment, or the
     * payment for it.
     */
    public <O> O payFor(long tenantId, List<BookingAsSeen> seen, Source source, Payment<O> payment) {
        WriteProtocol.Answers<O> answers = new WriteProtocol.Answers<>() {
            @Override
            public O tryAgain(TryAgain.Why why) {
                return payment.tryAgain(why);
            }

            @Override
            public O invalid(InvalidReason reason, String detail) {
                return payment.invalid(reason, detail);
            }
        };
        List<Long> masters = seen.stream().map(BookingAsSeen::masterId).toList();
        List<Long> ids = seen.stream().map(BookingAsSeen::id).distinct().sorted().toList();
        return protocol().write(answers, tenantId, masters, source).settledBy(payment::settled).run(attempt -> {
            DSLContext tx = attempt.tx();
            List<Booking> current = new java.util.ArrayList<>();
            for (long id : ids) {
                BookingRows.lockBooking(tx, tenantId, id).ifPresent(current::add);
            }
            try {
                return attempt.savepoint(sp -> payment.write(sp, current), () -> payment.invalid(InvalidReason.BAD_VALUE, "overlap"));
            } catch (DataAccessException e) {
                return payment.refused(e).orElseThrow(() -> e);
            }
        });
    }

    // ---- visits (issue 18) ----------------------------------------------------------------------

    /**
     * One client's bookings in sequence, all or none, under every involved master's lock
     * (ascending): {@link VisitWrites}. "Taken" offers the nearest starts at which the whole
     * sequence fits.
     */
    public VisitOutcome bookVisit(NewVisit visit) {
        return new VisitWrites(dsl, protocol()).book(visit);
    }

    /**
     * Moves every part of a visit by {@code by} (a drag of one part, answered "the whole visit"),
     * all or none; {@code expectedVersions} are the parts' versions as the user saw them.
     */
    public VisitOutcome moveVisit(long tenantId, long visitId, java.util.Map<Long, Integer> expectedVersions, Duration by, Source source) {
        return new VisitWrites(dsl, protocol()).move(tenantId, visitId, expectedVersions, by, source);
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

    /**
     * The statement every program that writes a salon's bookings runs in its transaction before
     * it reads or writes a master's schedule: {@code SELECT salondesk_lock_master(tenant_id,
     * master_id)} (migration 9; ADR 9).
     */
    public static String lockStatement(long tenantId, long masterId) {
        return "SELECT salondesk_lock_master(" + tenantId + ", " + masterId + ")";
    }

    private static OffsetDateTime utc(Instant i) {
        return i.atOffset(ZoneOffset.UTC);
    }
}
