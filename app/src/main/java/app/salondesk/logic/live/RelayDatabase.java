package app.salondesk.logic.live;

import app.salondesk.db.ConnectionSettings;
import org.postgresql.PGConnection;
import org.postgresql.PGNotification;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ThreadLocalRandom;
import java.util.function.Consumer;

/**
 * The {@link LiveRelay}'s one session on PostgreSQL, signed in as the relay's own login (a member
 * of {@code salondesk_relay}, migration 26), and the one thread that uses it: it redeems the
 * tickets of the streams that wait ({@code salondesk_live_redeem}, in batches, each ticket used
 * up), LISTENs on the channels they name, forwards every notification to the streams of its
 * channel, and UNLISTENs a channel nobody streams any more. The channels' names live only here and
 * in PostgreSQL: they arrive from the database, never from a desk, and the log names a salon by its
 * id, never its channel.
 *
 * <p>When the session is lost (a failover) every stream ends and every waiting one is answered
 * 503; the thread reconnects with backoff (to the new primary, through the multi-host URL's
 * {@code targetServerType=primary}) and streams are taken again once it LISTENs.
 */
final class RelayDatabase {

    private static final Logger log = LoggerFactory.getLogger(RelayDatabase.class);

    /** Streams waiting for their ticket to be redeemed, at most; more are answered 503. */
    static final int WAITING = 1_000;
    private static final Duration POLL = Duration.ofMillis(100);
    private static final Duration QUIET_BEFORE_HEALTH_CHECK = Duration.ofSeconds(3);
    private static final Duration TIDY_EVERY = Duration.ofSeconds(10);

    private final ConnectionSettings settings;
    private final Thread thread;
    private final Backoff backoff = new Backoff(Duration.ofMillis(250), Duration.ofSeconds(5),
            () -> ThreadLocalRandom.current().nextDouble());
    private final BlockingQueue<RelayStream> waiting = new ArrayBlockingQueue<>(WAITING);
    /** The open streams of each channel the session LISTENs on. */
    private final Map<String, Set<RelayStream>> subscribers = new ConcurrentHashMap<>();
    private volatile boolean up;
    private volatile boolean closed;
    /**
     * The server announces no change now (its notification queue is half full, migration 24):
     * the streams are told so in place of their pings (ADR 8), and the desks reload instead.
     */
    private volatile boolean lagging;

    RelayDatabase(ConnectionSettings settings) {
        this.settings = settings;
        this.thread = new Thread(this::run, "live-relay-listener");
        thread.setDaemon(true);
    }

    /**
     * Checks, before anything listens, that the login may redeem tickets and that PostgreSQL
     * answers straight (a pooler is refused: {@link ThroughPoolerException}). A login that may not
     * redeem, or that cannot sign in: an {@link IllegalStateException} with the sentence (its cause
     * the driver's exception). A database that does not answer yet only
     * delays the relay, which keeps trying.
     */
    static void check(ConnectionSettings settings) {
        try (Connection c = connect(settings); Statement s = c.createStatement()) {
            s.executeQuery("SELECT count(*) FROM salondesk_live_redeem('{}'::text[])").close();
        } catch (ThroughPoolerException e) {
            throw new IllegalStateException(e.getMessage(), e);
        } catch (SQLException e) {
            // 28…: the password or the login refused; 08004: no password given for a login that needs one
            if (e.getSQLState() != null && (e.getSQLState().startsWith("28") || "08004".equals(e.getSQLState()))) {
                throw new IllegalStateException("the live relay's login " + settings.user() + " could not sign in: " + e.getMessage(), e);
            }
            if ("42501".equals(e.getSQLState()) || "42883".equals(e.getSQLState())) {
                throw new IllegalStateException("the live relay's login " + settings.user()
                        + " may not redeem live tickets: make it with users add --role relay (and run db migrate)", e);
            }
            log.warn("live relay: PostgreSQL does not answer yet ({}); the relay keeps trying", e.getMessage());
        }
    }

    void start() {
        thread.start();
    }

    /** Whether the session LISTENs now. */
    boolean up() {
        return up;
    }

    /** Whether the server announces no change now (its notification queue is half full): see {@link #lagging}. */
    boolean lagging() {
        return lagging;
    }

    /** Takes a stream whose ticket is to be redeemed; false (answer 503) when down or too many wait. */
    boolean offer(RelayStream stream) {
        return up && !closed && waiting.offer(stream);
    }

    /** Every open stream (for the pings). */
    void forEachStream(Consumer<RelayStream> action) {
        for (Set<RelayStream> set : subscribers.values()) {
            set.forEach(action);
        }
    }

    void close() {
        closed = true;
        thread.interrupt();
        try {
            thread.join(Duration.ofSeconds(5).toMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        endEveryStream();
    }

    // ---- the thread ----------------------------------------------------------------------------

    private void run() {
        while (!closed) {
            try (Connection c = connect(settings)) {
                Set<String> listened = new HashSet<>();
                PGConnection pg = c.unwrap(PGConnection.class);
                up = true;
                backoff.reset();
                log.info("live relay: listening on PostgreSQL as {}", settings.user());
                long quietSince = System.nanoTime();
                long tidiedAt = System.nanoTime();
                while (!closed) {
                    redeemWaiting(c, listened);
                    PGNotification[] arrived = pg.getNotifications((int) POLL.toMillis());
                    if (arrived != null && arrived.length > 0) {
                        for (PGNotification n : arrived) {
                            forward(n.getName(), n.getParameter());
                        }
                        quietSince = System.nanoTime();
                    } else if (System.nanoTime() - quietSince > QUIET_BEFORE_HEALTH_CHECK.toNanos()) {
                        // the health check of every LISTEN: whether the server announces every change,
                        // and, when it does not, the cure (the session holding the queue back is ended)
                        boolean announced = ListenConnection.announcesEveryChange(c, 2);
                        if (announced == lagging) {
                            log.warn(announced ? "live relay: the server announces changes again"
                                    : "live relay: the server announces no changes now (its notification queue is half full)");
                        }
                        lagging = !announced;
                        quietSince = System.nanoTime();
                    }
                    if (System.nanoTime() - tidiedAt > TIDY_EVERY.toNanos()) {
                        forgetUnused(c, listened);
                        tidiedAt = System.nanoTime();
                    }
                }
            } catch (ThroughPoolerException e) {
                log.error("live relay: {}; it stops listening", e.getMessage());
                closed = true;
            } catch (SQLException e) {
                if (!closed) {
                    log.warn("live relay: the connection to PostgreSQL is lost, every stream ends; reconnecting: {}", e.getMessage());
                }
            } finally {
                up = false;
                lagging = false;
                endEveryStream();
            }
            if (!closed) {
                try {
                    Thread.sleep(backoff.nextDelay().toMillis());
                } catch (InterruptedException e) {
                    return;
                }
            }
        }
    }

    /** A session straight on PostgreSQL; one through a pooler is closed and refused. */
    private static Connection connect(ConnectionSettings settings) throws SQLException {
        Connection c = ListenConnection.connect(settings.url(), ListenConnection.properties(settings, "SalonDesk live relay"));
        try {
            if (app.salondesk.db.Pooler.between(c)) {
                throw new ThroughPoolerException(settings.url());
            }
            return c;
        } catch (SQLException | RuntimeException e) {
            c.close();
            throw e;
        }
    }

    private record Redeemed(RelayStream stream, long tenant, String channel) {
    }

    /**
     * Redeems the waiting streams' tickets in one statement, LISTENs on the channels they name and
     * opens those streams; the others are answered 403. A ticket handed twice (a replay racing the
     * desk) opens one stream at most.
     */
    private void redeemWaiting(Connection c, Set<String> listened) throws SQLException {
        List<RelayStream> batch = new ArrayList<>();
        waiting.drainTo(batch, WAITING);
        if (batch.isEmpty()) {
            return;
        }
        Map<String, RelayStream> byTicket = new LinkedHashMap<>();
        for (RelayStream s : batch) {
            if (byTicket.putIfAbsent(s.ticket(), s) != null) {
                s.refuse(403);
            }
        }
        List<Redeemed> redeemed = new ArrayList<>();
        try {
            try (PreparedStatement ps = c.prepareStatement("SELECT ticket, tenant_id, channel FROM salondesk_live_redeem(?)")) {
                ps.setArray(1, c.createArrayOf("text", byTicket.keySet().toArray()));
                try (ResultSet rs = ps.executeQuery()) {
                    while (rs.next()) {
                        RelayStream s = byTicket.remove(rs.getString(1));
                        String channel = rs.getString(3);
                        if (s != null && channel != null && ListenConnection.CHANNEL.matcher(channel).matches()) {
                            redeemed.add(new Redeemed(s, rs.getLong(2), channel));
                        }
                    }
                }
            }
            byTicket.values().forEach(s -> s.refuse(403));
            for (Redeemed r : redeemed) {
                if (listened.add(r.channel())) {
                    try (Statement st = c.createStatement()) {
                        // an identifier cannot be a bind value; CHANNEL's pattern keeps the statement ours
                        st.execute("LISTEN " + r.channel());
                    } catch (SQLException e) {
                        listened.remove(r.channel());
                        throw e;
                    }
                }
            }
        } catch (SQLException e) {
            byTicket.values().forEach(s -> s.refuse(503));
            redeemed.forEach(r -> r.stream().refuse(503));
            throw e;
        }
        for (Redeemed r : redeemed) {
            Set<RelayStream> set = subscribers.computeIfAbsent(r.channel(), ch -> ConcurrentHashMap.newKeySet());
            set.add(r.stream());
            if (r.stream().open(r.tenant(), () -> unsubscribe(r.channel(), r.stream()))) {
                log.debug("live relay: a desk of salon {} streams", r.tenant());
            }
        }
    }

    private void unsubscribe(String channel, RelayStream stream) {
        subscribers.computeIfPresent(channel, (ch, set) -> {
            set.remove(stream);
            return set.isEmpty() ? null : set;
        });
    }

    /** UNLISTEN the channels nobody streams any more. */
    private void forgetUnused(Connection c, Set<String> listened) throws SQLException {
        for (String channel : Set.copyOf(listened)) {
            if (!subscribers.containsKey(channel)) {
                try (Statement s = c.createStatement()) {
                    s.execute("UNLISTEN " + channel);
                }
                listened.remove(channel);
            }
        }
    }

    private void forward(String channel, String payload) {
        Set<RelayStream> set = subscribers.get(channel);
        if (set == null) {
            return;
        }
        if (payload.indexOf('\n') >= 0 || payload.indexOf('\r') >= 0) {
            return;   // no trigger of ours sends one; it would break the stream's lines
        }
        String event = "data: " + payload + "\n\n";
        for (RelayStream s : set) {
            if (!s.send(event)) {
                log.warn("live relay: a desk of salon {} fell {} notifications behind; its stream ends", s.tenant(), RelayStream.QUEUE);
            }
        }
    }

    private void endEveryStream() {
        forEachStream(RelayStream::end);
        RelayStream s;
        while ((s = waiting.poll()) != null) {
            s.refuse(503);
        }
    }
}
