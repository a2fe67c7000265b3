package app.salondesk.logic.live;

import app.salondesk.db.ConnectionSettings;

import java.sql.SQLException;
import java.time.Duration;
import java.util.List;
import java.util.Set;

/**
 * Where a desk hears its salon's changes, one connection's worth, for {@link LiveUpdates}: its
 * own LISTEN connection to PostgreSQL ({@link ListenConnection}), or a stream from the live
 * relay of {@code salondesk serve} ({@link RelayFeed}), which LISTENs once for hundreds of
 * desks (ADR 23). Either way a failure is an {@link SQLException} (SQLSTATE class 08 for a lost
 * connection), after which the feed is closed and opened again.
 */
interface ChangeFeed extends AutoCloseable {

    /** Opens a feed for a salon, signed in as {@code settings} say (read on every open: a new password is used). */
    @FunctionalInterface
    interface Opener {
        ChangeFeed open(ConnectionSettings settings, long tenantId) throws SQLException;
    }

    /** The payloads that arrived, waiting at most {@code timeout} for the first. */
    List<String> poll(Duration timeout) throws SQLException;

    /**
     * Fails when the other end went away without a word (polling alone never notices); else
     * whether the server announces every change now. It does not while its notification queue is
     * half full (migration 24: a booking's COMMIT must never fail on the queue, so the trigger then
     * sends nothing), and a desk must reload what it shows instead.
     */
    boolean checkAlive() throws SQLException;

    /**
     * Which of {@code masterIds} are masters of the salon, read from the database as the desk's
     * login: a payload is trusted only as far as the database confirms it.
     */
    Set<Long> mastersOf(long tenantId, List<Long> masterIds) throws SQLException;

    /**
     * The salon's masters the database confirmed when the feed opened, as the desk's login:
     * {@link #mastersOf} is asked only about others.
     */
    Set<Long> mastersKnownAtOpen();

    /** Safe from any thread: ends a poll that is waiting. */
    @Override
    void close();
}
