package app.salondesk.booking;

import app.salondesk.booking.BookingOutcome.TryAgain;
import org.jooq.DSLContext;
import org.jooq.exception.DataAccessException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Duration;
import java.util.Optional;
import java.util.function.Function;

/**
 * A write whose answer the connection lost (issue 15): the network stalled (the pool's socket
 * timeout gave up on it), the server restarted, or the connection broke. The write may or may
 * not have landed — a COMMIT can reach the server after its answer was lost. This class settles
 * it, so the person is told the truth rather than "failed" (a silent loss if it landed, a double
 * if they then book again by hand):
 * <ol>
 *   <li>If no statement had been sent (no server session was ever asked), nothing landed.</li>
 *   <li>Otherwise wait until the old server session is no longer inside a transaction — it
 *       committed, rolled back, or was ended by the server's
 *       {@code idle_in_transaction_session_timeout} (the desk's sessions start with it,
 *       {@code Database.open}) — so its fate is final and no late COMMIT can change it.</li>
 *   <li>Then ask the database what is so, on a new connection, by the write's own key: the
 *       new booking's request id, or the changed booking's version.</li>
 * </ol>
 * If the server stays unreachable for the whole budget the answer is
 * {@link TryAgain.Why#CONNECTION_LOST_UNKNOWN}: saving again is still safe, because the retry
 * carries the same request id or version, and the calendar shows the truth once it reconnects.
 */
final class LostConnection {

    private static final Logger log = LoggerFactory.getLogger(LostConnection.class);

    /**
     * How long a lost write is settled for: the server ends the old session's transaction after
     * the desk sessions' idle timeout; a few seconds more to reach it again.
     */
    static final Duration BUDGET = Duration.ofSeconds(30);

    private LostConnection() {
    }

    /**
     * Whether {@code e} means the connection (not the statement) failed: SQLSTATE class 08, the
     * server shutting down or restarting (57P01–57P03), an I/O error under the driver's
     * exception (a socket timeout), or the pool finding no connection in time.
     */
    static boolean isLost(DataAccessException e) {
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

    /** The server process of this connection, known to the driver since it connected (no round trip). */
    static int backendPid(Connection c) {
        try {
            return c.unwrap(org.postgresql.PGConnection.class).getBackendPID();
        } catch (SQLException e) {
            return 0;
        }
    }

    /**
     * Settles a write whose answer was lost.
     *
     * @param pid   the server process the write was sent to, 0 if nothing was sent
     * @param truth what the database now says the write became (read on a new connection)
     */
    static BookingOutcome settle(DSLContext dsl, int pid, Duration budget, Function<DSLContext, BookingOutcome> truth) {
        if (pid == 0) {
            return new TryAgain(TryAgain.Why.CONNECTION_LOST);
        }
        long deadline = System.nanoTime() + budget.toNanos();
        long pause = 250;
        while (true) {
            try {
                if (!stillInTransaction(dsl, pid)) {
                    BookingOutcome outcome = truth.apply(dsl);
                    log.info("a write whose answer was lost (server process {}) is settled: {}", pid, outcome);
                    return outcome;
                }
            } catch (DataAccessException e) {
                if (!isLost(e)) {
                    throw e;
                }
                log.debug("server still unreachable while settling a lost write", e);
            }
            if (System.nanoTime() + pause * 1_000_000 > deadline) {
                log.warn("a write whose answer was lost (server process {}) could not be settled within {}", pid, budget);
                return new TryAgain(TryAgain.Why.CONNECTION_LOST_UNKNOWN);
            }
            try {
                Thread.sleep(pause);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return new TryAgain(TryAgain.Why.CONNECTION_LOST_UNKNOWN);
            }
            pause = Math.min(pause * 2, 2_000);
        }
    }

    /**
     * Whether the server process is still inside a transaction. A login sees its own sessions'
     * {@code xact_start}; a session gone (ended by the server, or a restart) has no row.
     */
    private static boolean stillInTransaction(DSLContext dsl, int pid) {
        return Boolean.TRUE.equals(dsl.fetchValue("SELECT EXISTS (SELECT 1 FROM pg_stat_activity WHERE pid = ? AND pid <> pg_backend_pid() "
                + "AND xact_start IS NOT NULL)", pid));
    }

    /**
     * What a change whose answer was lost became: not made (its version is still the one the
     * person saw), made ({@code asAsked}: the booking is now as they asked), or overtaken by
     * someone else's change.
     */
    static BookingOutcome changeSettled(DSLContext d, long tenantId, long bookingId, int expectedVersion,
                                          java.util.function.Predicate<Booking> asAsked) {
        Optional<Booking> now = BookingEngine.find(d, tenantId, bookingId);
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
