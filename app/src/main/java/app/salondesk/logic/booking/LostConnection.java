package app.salondesk.logic.booking;

import app.salondesk.model.booking.Booking;
import app.salondesk.model.booking.BookingOutcome.TryAgain;
import app.salondesk.model.booking.BookingOutcome;
import app.salondesk.model.booking.InvalidReason;
import app.salondesk.model.booking.Source;
import org.jooq.DSLContext;
import org.jooq.exception.DataAccessException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.sql.SQLException;
import java.time.Duration;
import java.util.Optional;
import java.util.function.Function;

/**
 * A write whose answer the connection lost (issue 15): the network stalled (the pool's socket
 * timeout gave up on it), the server restarted, the primary died and a standby took over
 * (issue 19), or the connection broke. The write may or may not have landed — a COMMIT can
 * reach the server after its answer was lost. This class settles it, so the person is told the
 * truth rather than "failed" (a silent loss if it landed, a double if they then book again by
 * hand):
 * <ol>
 *   <li>If no connection had been taken for it, nothing was sent and nothing landed.</li>
 *   <li>Otherwise take, on a new connection to the primary, the same masters' named locks the
 *       write took. Every write holds them from its first statement to its COMMIT (or
 *       rollback), so once they are granted the write's transaction is over on this server —
 *       committed, rolled back, or ended by the idle bound every engine transaction carries
 *       ({@code idle_in_transaction_session_timeout}, {@link MasterLocks}) — and no late COMMIT
 *       can change it.</li>
 *   <li>Then, under those locks, ask the database what is so by the write's own key: the new
 *       booking's request id, or the changed booking's version.</li>
 * </ol>
 * The locks, not the old session's process id in {@code pg_stat_activity} (what this did until
 * issue 19): behind PgBouncer the process id the driver knows is the pooler's, not a server
 * session's, and a transaction of one desk runs on whichever server connection is free; on a
 * new primary after a failover a process id names some unrelated session, if any. A lock is
 * the server's own and holds whichever connection took it. On a new primary the old session is
 * gone with the old server, and with it anything it had not committed: whatever the promoted
 * standby holds is final (ADR 23 says why), and the locks are free at once. A connection that
 * reaches a standby (a pooler in front of a demoted primary, for a moment) is not asked: its
 * replay may lag behind the commit it is asked about.
 *
 * <p>If no primary can be asked within the whole budget the answer is
 * {@link TryAgain.Why#CONNECTION_LOST_UNKNOWN}: saving again is still safe, because the retry
 * carries the same request id or version, and the calendar shows the truth once it reconnects.
 */
public final class LostConnection {

    private static final Logger log = LoggerFactory.getLogger(LostConnection.class);

    /**
     * How long a lost write is settled for: the server ends the old session's transaction after
     * the idle bound (20 s); a failover of the reference deployment takes about ten seconds
     * (ADR 23); a few seconds more to reach the server again.
     */
    static final Duration BUDGET = Duration.ofSeconds(30);

    /** How long one try waits for the masters' locks before it looks at the budget again. */
    private static final String LOCK_WAIT = "2s";

    private LostConnection() {
    }

    /**
     * Whether {@code e} means the connection (not the statement) failed: SQLSTATE class 08, the
     * server shutting down or restarting (57P01–57P03), an I/O error under the driver's
     * exception (a socket timeout), or the pool finding no connection in time.
     */
    public static boolean isLost(DataAccessException e) {
        String state = e.sqlState();
        if (state != null && (state.startsWith("08") || state.startsWith("57P0"))) {
            return true;
        }
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t instanceof IOException || t instanceof java.sql.SQLTransientConnectionException) {
                // a socket timeout under the driver's exception; the pool giving up on a connection
                return true;
            }
            if (t instanceof SQLException s && s.getSQLState() != null
                    && (s.getSQLState().startsWith("08") || s.getSQLState().startsWith("57P0"))) {
                return true;
            }
        }
        return false;
    }

    /**
     * As {@link #isLost(DataAccessException)}, for a failure as a background task delivers it to a
     * screen (which holds no SQL and no jOOQ: the screen asks here).
     */
    public static boolean isLost(Throwable failure) {
        for (Throwable t = failure; t != null; t = t.getCause()) {
            if (t instanceof DataAccessException d) {
                return isLost(d);
            }
            if (t instanceof SQLException s && s.getSQLState() != null
                    && (s.getSQLState().startsWith("08") || s.getSQLState().startsWith("57P0"))) {
                return true;
            }
        }
        return false;
    }

    /** The server refused a write because it takes none: a standby (25006, read_only_sql_transaction). */
    public static boolean isReadOnlyServer(DataAccessException e) {
        return "25006".equals(e.sqlState());
    }

    /** The settling connection reached a standby: not asked, tried again. */
    private static final class NotThePrimary extends RuntimeException {
        NotThePrimary() {
            super("the connection reached a standby", null, false, false);
        }
    }

    /**
     * Settles a write whose answer was lost ({@link WriteProtocol} calls it for every write).
     *
     * @param sent     whether a connection had been taken for the write (something may have been sent)
     * @param locks    the masters' locks the write took
     * @param truth    what the database now says the write became (read under those locks)
     * @param notKnown the answer "not saved" ({@code CONNECTION_LOST}) or "not known yet"
     *                 ({@code CONNECTION_LOST_UNKNOWN}) in the write's outcome type
     */
    static <O> O settle(DSLContext dsl, boolean sent, MasterLocks locks, Duration budget,
                        Function<DSLContext, O> truth, Function<TryAgain.Why, O> notKnown) {
        if (!sent) {
            return notKnown.apply(TryAgain.Why.CONNECTION_LOST);
        }
        long deadline = System.nanoTime() + budget.toNanos();
        long pause = 250;
        while (true) {
            try {
                O outcome = dsl.transactionResult(cfg -> {
                    DSLContext tx = cfg.dsl();
                    if (Boolean.TRUE.equals(tx.fetchValue("SELECT pg_is_in_recovery()"))) {
                        throw new NotThePrimary();
                    }
                    locks.again(LOCK_WAIT).take(tx);
                    return truth.apply(tx);
                });
                log.info("a write whose answer was lost is settled: {}", outcome);
                return outcome;
            } catch (DataAccessException e) {
                if ("55P03".equals(e.sqlState())) {
                    // its transaction still holds a master's lock: it has not ended yet on this server
                    log.debug("a write whose answer was lost still holds its master's lock");
                } else if (isLost(e) || isReadOnlyServer(e)) {
                    log.debug("no primary to settle a lost write on yet", e);
                } else {
                    throw e;
                }
            } catch (NotThePrimary e) {
                log.debug("settling a lost write: the connection reached a standby; trying again");
            }
            if (System.nanoTime() + pause * 1_000_000 > deadline) {
                log.warn("a write whose answer was lost could not be settled within {}", budget);
                return notKnown.apply(TryAgain.Why.CONNECTION_LOST_UNKNOWN);
            }
            try {
                Thread.sleep(pause);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return notKnown.apply(TryAgain.Why.CONNECTION_LOST_UNKNOWN);
            }
            pause = Math.min(pause * 2, 2_000);
        }
    }

    /**
     * What a change whose answer was lost became: not made (its version is still the one the
     * person saw), made ({@code asAsked}: the booking is now as they asked), or overtaken by
     * someone else's change.
     */
    static BookingOutcome changeSettled(DSLContext d, long tenantId, long bookingId, int expectedVersion,
                                          java.util.function.Predicate<Booking> asAsked) {
        return changeSettled(d, tenantId, bookingId, expectedVersion, null, asAsked);
    }

    /** The same, read as {@code source}'s login may read the booking ({@link BookingRows#find}). */
    static BookingOutcome changeSettled(DSLContext d, long tenantId, long bookingId, int expectedVersion, Source source,
                                          java.util.function.Predicate<Booking> asAsked) {
        Optional<Booking> now = BookingRows.find(d, tenantId, bookingId, source);
        if (now.isEmpty()) {
            return new BookingOutcome.Invalid(InvalidReason.UNKNOWN_BOOKING, Long.toString(bookingId));
        }
        Booking b = now.get();
        if (b.version() == expectedVersion) {
            return new TryAgain(TryAgain.Why.CONNECTION_LOST);
        }
        return asAsked.test(b) ? new BookingOutcome.Booked(b) : new BookingOutcome.ChangedByOthers(b);
    }
}
