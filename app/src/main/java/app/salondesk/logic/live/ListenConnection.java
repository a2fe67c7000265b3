package app.salondesk.logic.live;

import app.salondesk.db.ConnectionSettings;
import org.postgresql.PGConnection;
import org.postgresql.PGNotification;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Properties;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * One JDBC connection that LISTENs on a salon's channel, straight on PostgreSQL. One that reaches
 * it through a connection pooler is refused ({@link ThroughPoolerException}; ADR 23): in
 * transaction mode the pooler runs the LISTEN on whichever server session is free and then hands
 * that session to other clients, so nothing is ever heard, silently; session mode cannot be told
 * apart from outside, and would save nothing, since a LISTEN keeps its server session for as long
 * as it listens. It is opened with {@link DriverManager},
 * not taken from the pool: LISTEN belongs to a session, and a pooled connection would be handed
 * to other work (and recycled by the pool) while we still wait for notifications on it.
 *
 * <p>The channel's name is the salon's secret (migration 9): only the salon's own logins can
 * read it, so nobody else can listen to the salon's changes or send it fake ones. It is read
 * on every connect, so a desk follows a new name after a reconnect.
 */
final class ListenConnection implements ChangeFeed {

    private static final Logger log = LoggerFactory.getLogger(ListenConnection.class);
    private static final int HEALTH_CHECK_TIMEOUT_SECONDS = 2;

    private final Connection connection;
    private final PGConnection pg;

    /** The salon's masters, read with its channel. */
    private final Set<Long> masters;

    private ListenConnection(Connection connection, PGConnection pg, Set<Long> masters) {
        this.connection = connection;
        this.pg = pg;
        this.masters = masters;
    }

    /**
     * The driver's properties of a session that listens, or asks on behalf of one (the relay's, a
     * relay's desk's): signed in as {@code settings} say, named in pg_stat_activity, with bounded
     * waits everywhere — a server that vanished without closing the socket must turn into an
     * exception (and a reconnect), never into a thread stuck for minutes; loginTimeout also makes
     * the wait for a login interruptible, so close() ends an attempt that hangs on a server that
     * accepts but does not answer.
     */
    static Properties properties(ConnectionSettings settings, String applicationName) {
        Properties props = new Properties();
        if (settings.user() != null) {
            props.setProperty("user", settings.user());
        }
        if (settings.password() != null) {
            props.setProperty("password", settings.password());
        }
        props.setProperty("ApplicationName", applicationName);
        props.setProperty("connectTimeout", "5");
        props.setProperty("socketTimeout", "10");
        props.setProperty("tcpKeepAlive", "true");
        props.setProperty("loginTimeout", "5");
        return props;
    }

    /** What a salon's channel looks like; anything else is refused before it reaches LISTEN. */
    static final Pattern CHANNEL = Pattern.compile("salondesk_[0-9a-f]{32}");

    /** Connects and LISTENs on the salon's channel. */
    static ListenConnection open(ConnectionSettings settings, long tenantId) throws SQLException {
        return open(settings, tenantId, "SalonDesk live updates");
    }

    static ListenConnection open(ConnectionSettings settings, long tenantId, String applicationName) throws SQLException {
        Connection c = connect(settings.url(), properties(settings, applicationName));
        try (Statement s = c.createStatement()) {
            if (app.salondesk.db.Pooler.between(c)) {
                throw new ThroughPoolerException(settings.url());
            }
            SalonChannel salon = salonOf(c, tenantId);
            // an identifier cannot be a bind value; the pattern keeps the statement ours
            s.execute("LISTEN " + salon.channel());
            return new ListenConnection(c, c.unwrap(PGConnection.class), salon.masters());
        } catch (SQLException | RuntimeException e) {
            closeQuietly(c);
            throw e;
        }
    }

    /**
     * A salon's change channel — its secret name, as the signed-in login may read it (row-level
     * security) — and the masters it has now.
     */
    record SalonChannel(String channel, Set<Long> masters) {
    }

    /**
     * The salon's channel and its masters, in one statement (a change about these masters is then
     * trusted without asking again; one about a master added later is asked about). A relay's desk
     * never reads the channel: it asks a ticket, with the masters, in one statement too
     * ({@link RelayFeed#ticketOf}).
     */
    static SalonChannel salonOf(Connection c, long tenantId) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement("SELECT k.channel, ARRAY(SELECT m.id FROM masters m "
                + "WHERE m.tenant_id = k.tenant_id) FROM salon_keys k WHERE k.tenant_id = ?")) {
            ps.setLong(1, tenantId);
            try (ResultSet rs = ps.executeQuery()) {
                String channel = rs.next() ? rs.getString(1) : null;
                if (channel == null || !CHANNEL.matcher(channel).matches()) {
                    // no salon for this login (row-level security shows none), or not ours
                    throw new SQLException("salon " + tenantId + " has no change channel this login may read", "42501");
                }
                Set<Long> masters = new HashSet<>();
                for (Object id : (Object[]) rs.getArray(2).getArray()) {
                    masters.add(((Number) id).longValue());
                }
                return new SalonChannel(channel, Set.copyOf(masters));
            }
        }
    }

    /**
     * Which of {@code masterIds} are masters of the salon, read from the database: a payload on
     * the channel is trusted only as far as the database confirms it.
     */
    @Override
    public Set<Long> mastersOf(long tenantId, List<Long> masterIds) throws SQLException {
        return mastersOf(connection, tenantId, masterIds);
    }

    @Override
    public Set<Long> mastersKnownAtOpen() {
        return masters;
    }

    static Set<Long> mastersOf(Connection connection, long tenantId, List<Long> masterIds) throws SQLException {
        try (PreparedStatement ps = connection.prepareStatement("SELECT id FROM masters WHERE tenant_id = ? AND id = ANY (?)")) {
            ps.setLong(1, tenantId);
            ps.setArray(2, connection.createArrayOf("bigint", masterIds.toArray()));
            Set<Long> known = new HashSet<>();
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    known.add(rs.getLong(1));
                }
            }
            return known;
        }
    }

    static Connection connect(String url, Properties props) throws SQLException {
        try {
            return DriverManager.getConnection(url, props);
        } catch (RuntimeException e) {
            // pgjdbc reports an interrupted login as a plain RuntimeException (with the
            // interrupt flag set again); to the caller it is one more failed attempt.
            if (Thread.currentThread().isInterrupted()) {
                throw new SQLException("interrupted while connecting", "08001", e);
            }
            throw e;
        }
    }

    @Override
    public List<String> poll(Duration timeout) throws SQLException {
        // 0 would mean "block until one arrives", which would leave close() and the health
        // check no chance to run.
        int millis = (int) Math.max(1, timeout.toMillis());
        PGNotification[] arrived = pg.getNotifications(millis);
        if (arrived == null || arrived.length == 0) {
            return List.of();
        }
        List<String> payloads = new ArrayList<>(arrived.length);
        for (PGNotification n : arrived) {
            payloads.add(n.getParameter());
        }
        return payloads;
    }

    /**
     * Polling alone never notices a server that went away without a word (a cable pulled, a
     * VM paused): the read simply times out as on a quiet day. A round trip does.
     */
    @Override
    public boolean checkAlive() throws SQLException {
        return announcesEveryChange(connection, HEALTH_CHECK_TIMEOUT_SECONDS);
    }

    /**
     * The health check of a LISTEN connection, in one round trip: whether the server announces
     * every change now (migration 24) — and, when it does not, the cure, on this very connection:
     * {@code salondesk_end_overdue_sessions()} ends the session that holds the server's notification
     * queue back (any desk of any salon that notices runs it; serve does too). A server that does
     * not answer within {@code timeoutSeconds} is a lost connection (SQLSTATE 08006).
     */
    static boolean announcesEveryChange(Connection connection, int timeoutSeconds) throws SQLException {
        // the socket's own timeout, as isValid() bounds its check: a cancel request would go to a
        // server that does not answer, and the read would wait for the connection's longer bound
        int saved = connection.getNetworkTimeout();
        try (Statement s = connection.createStatement()) {
            connection.setNetworkTimeout(Runnable::run, (int) java.util.concurrent.TimeUnit.SECONDS.toMillis(timeoutSeconds));
            try (ResultSet rs = s.executeQuery(
                    "SELECT CASE WHEN salondesk_notifications_dropped() THEN salondesk_end_overdue_sessions() ELSE -1 END")) {
                rs.next();
                int ended = rs.getInt(1);
                if (ended > 0) {
                    log.warn("the server's notification queue is half full: {} session(s) holding it back were ended", ended);
                }
                return ended < 0;
            }
        } catch (SQLException e) {
            if (e.getSQLState() == null || e.getSQLState().startsWith("08")) {
                throw new SQLException("the database did not answer the health check", "08006", e);
            }
            throw e;
        } finally {
            if (!connection.isClosed()) {
                connection.setNetworkTimeout(Runnable::run, saved);
            }
        }
    }

    /** Safe from any thread: closing the socket ends a poll that is waiting on it. */
    @Override
    public void close() {
        closeQuietly(connection);
    }

    private static void closeQuietly(Connection c) {
        try {
            c.close();
        } catch (SQLException e) {
            // a connection that is already broken may fail to say goodbye; nothing to do
            log.debug("closing the live-updates connection failed", e);
        }
    }
}
