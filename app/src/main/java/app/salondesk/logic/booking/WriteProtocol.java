package app.salondesk.logic.booking;

import app.salondesk.model.booking.BookingOutcome.TryAgain;
import app.salondesk.model.booking.BookingOutcome;
import app.salondesk.model.booking.InvalidReason;
import app.salondesk.model.booking.Source;
import app.salondesk.model.booking.VisitOutcome;
import org.jooq.DSLContext;
import org.jooq.exception.DataAccessException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * The one write protocol (DESIGN.md, "The booking protocol"; issue 30): what every write of
 * bookings does besides its own reads and writes, written once for every road — a new booking, a
 * move, a status change, a visit, a series' occurrences, undo, the waitlist's bookings, the online
 * page. Each write is one short READ COMMITTED transaction that
 * <ol>
 *   <li>opens with one statement ({@link MasterLocks}): {@code lock_timeout}, the idle bound, the
 *       audit's source, and the named locks in the one global order — the salon's rooms lock
 *       (shared), the masters by ascending id, the rooms and equipment of a visit's services by
 *       ascending id. A write that saves a round trip sends that statement at the head of its own
 *       first message instead ({@link Write#locksSentByTheWork()}, {@link FastInsert});</li>
 *   <li>runs the write's own work — reads {@code FOR UPDATE}, version checks, the rule book — and
 *       writes inside a savepoint ({@link Attempt#savepoint}), where the exclusion constraint has
 *       the last word: 23P01 undoes the savepoint only, and the write answers "taken"; a refusal
 *       the work finds there ({@link Attempt#refuse}) undoes everything written in it;</li>
 *   <li>commits — and only then, without the locks, runs what the answer asked for afterwards
 *       ({@link Attempt#afterCommit}: a loser's nearest free times, which are advice; ADR 5).</li>
 * </ol>
 * A deadlock or serialization failure (a writer that skipped the locks), and a standby's refusal
 * (25006, after a failover: nothing was written), send the whole transaction again, up to
 * {@value #RETRIES} times with jittered backoff; a lock timeout (55P03) is "try again", never
 * retried (the wait is spent, the person decides). A write whose answer the connection lost is
 * settled by its own key ({@link LostConnection}: under its masters' locks, the database says what
 * it became). Other SQLSTATEs become "invalid" with a reason; anything else is a bug and is thrown.
 *
 * <p>Generic over the write's outcome ({@link BookingOutcome}, {@link VisitOutcome}): the
 * protocol's own answers are made by the write's {@link Answers}.
 */
final class WriteProtocol {

    private static final Logger log = LoggerFactory.getLogger(WriteProtocol.class);

    /** How often a deadlock, serialization failure or standby's refusal sends the write again. */
    static final int RETRIES = 3;

    /** The answers the protocol gives of its own accord, in the write's outcome type. */
    interface Answers<O> {
        O tryAgain(TryAgain.Why why);

        O invalid(InvalidReason reason, String detail);
    }

    static final Answers<BookingOutcome> BOOKING = new Answers<>() {
        @Override
        public BookingOutcome tryAgain(TryAgain.Why why) {
            return new TryAgain(why);
        }

        @Override
        public BookingOutcome invalid(InvalidReason reason, String detail) {
            return new BookingOutcome.Invalid(reason, detail);
        }
    };

    static final Answers<VisitOutcome> VISIT = new Answers<>() {
        @Override
        public VisitOutcome tryAgain(TryAgain.Why why) {
            return new VisitOutcome.TryAgain(why);
        }

        @Override
        public VisitOutcome invalid(InvalidReason reason, String detail) {
            return new VisitOutcome.Invalid(0, reason, detail);
        }
    };

    /** A write's own work, run in its transaction once the locks are taken (or sent). */
    interface Work<O> {
        O run(Attempt<O> attempt);
    }

    private final DSLContext dsl;
    private final Duration lostBudget;
    private final String lockWait;

    /**
     * @param lostBudget how long a write whose answer was lost is settled for
     * @param lockWait   how long the locks are awaited ({@code lock_timeout}, as PostgreSQL reads it)
     */
    WriteProtocol(DSLContext dsl, Duration lostBudget, String lockWait) {
        this.dsl = dsl;
        this.lostBudget = lostBudget;
        this.lockWait = lockWait;
    }

    /** A write of {@code masterIds}' schedules (any order, repeats allowed), recorded as coming by {@code source}. */
    <O> Write<O> write(Answers<O> answers, long tenantId, List<Long> masterIds, Source source) {
        return new Write<>(answers, tenantId, masterIds, source);
    }

    /** One write, described before it runs. */
    final class Write<O> {
        private final Answers<O> answers;
        private final long tenantId;
        private final List<Long> masterIds;
        private final Source source;
        private List<Long> resourcesOf;
        private boolean lockedByWork;
        private Function<DSLContext, O> truth;

        private Write(Answers<O> answers, long tenantId, List<Long> masterIds, Source source) {
            this.answers = answers;
            this.tenantId = tenantId;
            // in the locks' order, each once: the log names the masters as the locks take them
            this.masterIds = masterIds.stream().distinct().sorted().toList();
            this.source = source;
        }

        /** Also the rooms and equipment these services need, after the masters (a visit's parts). */
        Write<O> resourcesOf(List<Long> serviceIds) {
            this.resourcesOf = serviceIds;
            return this;
        }

        /**
         * The work sends {@link MasterLocks#sql()} at the head of its own first message (or calls
         * {@link Attempt#takeLocks} before it reads or writes anything).
         */
        Write<O> locksSentByTheWork() {
            this.lockedByWork = true;
            return this;
        }

        /**
         * What the database says the write became, asked once its transaction has let go of the
         * masters' locks, when its answer was lost: by request id for something new, by the
         * version it was to produce for a change. Without it a lost answer is "try again".
         */
        Write<O> settledBy(Function<DSLContext, O> truth) {
            this.truth = truth;
            return this;
        }

        O run(Work<O> work) {
            return WriteProtocol.this.run(this, work);
        }
    }

    private <O> O run(Write<O> w, Work<O> work) {
        long started = System.nanoTime();
        O outcome = runCounted(w, work);
        WriteFigures.written(w.source, outcome, started);
        if (outcome instanceof TryAgain again) {
            WriteFigures.tryAgain(again.why().name());
        } else if (outcome instanceof app.salondesk.model.booking.VisitOutcome.TryAgain again) {
            WriteFigures.tryAgain(again.why().name());
        }
        return outcome;
    }

    private <O> O runCounted(Write<O> w, Work<O> work) {
        for (int n = 0; ; n++) {
            Attempt<O> attempt = new Attempt<>(new MasterLocks(w.tenantId, w.masterIds, w.source, lockWait, w.resourcesOf));
            O outcome;
            try {
                outcome = dsl.transactionResult(cfg -> {
                    attempt.tx = cfg.dsl();
                    // from here on something may reach the server: a lost answer is settled, not guessed
                    attempt.sent = true;
                    if (!w.lockedByWork) {
                        attempt.takeLocks();
                    }
                    return work.run(attempt);
                });
            } catch (DataAccessException e) {
                if (LostConnection.isLost(e)) {
                    log.warn("the connection was lost during a write to master(s) {}: settling it", w.masterIds, e);
                    return w.truth == null ? w.answers.tryAgain(TryAgain.Why.CONNECTION_LOST)
                            : LostConnection.settle(dsl, attempt.sent, attempt.locks, lostBudget, w.truth, w.answers::tryAgain);
                }
                String state = e.sqlState();
                if (LostConnection.isReadOnlyServer(e) && n < RETRIES) {
                    // a standby refused the write (a pooler's server connection to a demoted primary,
                    // ADR 23): nothing was written; the pool replaces its connections, and the write
                    // is sent again, to the server that takes writes now
                    log.info("the server took no writes (a standby after a failover or switchover); retrying on the primary");
                    WriteFigures.retried(state);
                    backoff(n + 2);
                    continue;
                }
                if (("40P01".equals(state) || "40001".equals(state)) && n < RETRIES) {
                    log.info("{} on attempt {} of a write to master(s) {}, retrying", state, n + 1, w.masterIds);
                    WriteFigures.retried(state);
                    backoff(n);
                    continue;
                }
                return answer(w, e);
            }
            return attempt.after(outcome);
        }
    }

    static final String PATCH_TEST_CONSTRAINT = "bookings_patch_test_needed";
    private static final java.util.regex.Pattern PATCH_TEST_WHY = java.util.regex.Pattern.compile("\\(last: ([a-z]+)\\)");

    /** The constraint the server named in its refusal (a trigger's {@code RAISE … USING CONSTRAINT}), or null. */
    static String constraint(DataAccessException e) {
        org.postgresql.util.PSQLException p = e.getCause(org.postgresql.util.PSQLException.class);
        return p != null && p.getServerErrorMessage() != null ? p.getServerErrorMessage().getConstraint() : null;
    }

    /** The SQLSTATEs a write may meet, each mapped once; anything else is thrown (a bug, or the infrastructure). */
    private <O> O answer(Write<O> w, DataAccessException e) {
        String state = e.sqlState();
        if ("55P03".equals(state)) {
            log.info("schedule of master(s) {} stayed locked for {}: try again", w.masterIds, lockWait);
            return w.answers.tryAgain(TryAgain.Why.BUSY);
        }
        if ("40P01".equals(state) || "40001".equals(state) || LostConnection.isReadOnlyServer(e)) {
            return w.answers.tryAgain(TryAgain.Why.BUSY);
        }
        if ("23503".equals(state)) {
            return w.answers.invalid(InvalidReason.BAD_VALUE, "reference");
        }
        if ("53100".equals(state)) {
            // the transaction rolled back whole; PostgreSQL goes on once space is freed
            java.sql.SQLException cause = e.getCause(java.sql.SQLException.class);
            log.warn("the database's disk is full, nothing was saved: {}", cause != null ? cause.getMessage() : e.getMessage());
            return w.answers.invalid(InvalidReason.DISK_FULL, "");
        }
        if ("55000".equals(state) && "booking_paid".equals(constraint(e))) {
            // a paid booking stays completed where it was (migration 35): void its sale first
            return w.answers.invalid(InvalidReason.PAID, "");
        }
        if ("42501".equals(state)) {
            // a role without the right, or a row of another salon (row-level security)
            log.info("permission denied for this login: {}", e.getMessage());
            return w.answers.invalid(InvalidReason.NO_PERMISSION, "");
        }
        if ("23514".equals(state) && PATCH_TEST_CONSTRAINT.equals(constraint(e))) {
            // the database's last word on a patch test (migration 41): what the rule book could not see
            // (a client made in the same transaction) — "(last: none)" in its message
            java.util.regex.Matcher m = PATCH_TEST_WHY.matcher(String.valueOf(e.getMessage()));
            return w.answers.invalid(InvalidReason.PATCH_TEST_NEEDED, m.find() ? m.group(1) : "none");
        }
        if (state != null && (state.startsWith("22") || "23514".equals(state))) {
            return w.answers.invalid(InvalidReason.BAD_VALUE, "");
        }
        throw e;
    }

    /**
     * One try of a write: its transaction, its locks, and what its answer asks for once the
     * transaction is over.
     */
    static final class Attempt<O> {
        final MasterLocks locks;
        private DSLContext tx;
        /** Whether a connection was taken for it (so that something may have reached the server). */
        private boolean sent;
        private O answered;
        private Supplier<O> later;

        private Attempt(MasterLocks locks) {
            this.locks = locks;
        }

        /** The write's transaction. */
        DSLContext tx() {
            return tx;
        }

        /** Takes the locks with a statement of their own, unless the work's own message carried them. */
        void takeLocks() {
            long started = System.nanoTime();
            try {
                locks.take(tx);
            } finally {
                WriteFigures.lockWait(started);
            }
        }

        /**
         * Runs {@code write} inside a savepoint. If the exclusion constraint refuses it — someone
         * wrote past the locks, plain SQL say — only the savepoint is undone and the answer is
         * {@code constraintSaid}; if the write {@link #refuse refuses} itself, everything it wrote
         * is undone and the answer is the refusal's.
         */
        O savepoint(Function<DSLContext, O> write, Supplier<O> constraintSaid) {
            try {
                return tx.transactionResult(nested -> write.apply(nested.dsl()));
            } catch (Refusal r) {
                return r.answer();
            } catch (DataAccessException e) {
                if (e.getCause() instanceof Refusal r) {
                    return r.answer();
                }
                if ("23P01".equals(e.sqlState())) {
                    return constraintSaid.get();
                }
                throw e;
            }
        }

        /**
         * Thrown inside {@link #savepoint}: undoes everything written in it (a visit is never half
         * booked), and the write answers {@code answer}.
         */
        RuntimeException refuse(O answer) {
            return new Refusal(answer);
        }

        /**
         * Answers {@code now} in the transaction; once it is over — committed, the locks let go —
         * the answer becomes {@code later}'s (searched on a connection of its own). For "taken": the
         * nearest free times are advice the person books through the engine again, and searching
         * them under the locks made every other writer of those masters wait (ADR 5).
         */
        O afterCommit(O now, Supplier<O> later) {
            this.answered = now;
            this.later = later;
            return now;
        }

        private O after(O outcome) {
            return later != null && outcome == answered ? later.get() : outcome;
        }
    }

    /** A refusal found inside a savepoint, carrying its answer out of it. */
    private static final class Refusal extends RuntimeException {
        private final transient Object answer;

        Refusal(Object answer) {
            super(null, null, false, false);
            this.answer = answer;
        }

        @SuppressWarnings("unchecked")
        <O> O answer() {
            return (O) answer;
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
}
