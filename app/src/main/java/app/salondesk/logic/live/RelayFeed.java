package app.salondesk.logic.live;

import app.salondesk.db.ConnectionSettings;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

/**
 * A desk's live updates through the live relay of {@code salondesk serve} ({@link LiveRelay};
 * ADR 23, ADR 25): one LISTEN of the relay serves hundreds of desks, where a LISTEN connection of
 * each desk would need a server session each. The desk asks the database, as its own login, for a
 * ticket for its salon's stream ({@code salondesk_live_ticket}: used once, a minute to live) and
 * hands it to the relay in {@code Authorization: Bearer}; the relay redeems it and learns from the
 * database which channel to stream — the channel's name never leaves the database over HTTP. What
 * arrives is checked as a direct LISTEN's payload is: the salon, and its masters confirmed by the
 * database as the desk's login.
 *
 * <p>The relay says {@code : online} once it LISTENs on the channel, a comment every
 * {@value LiveRelay#PING_SECONDS} s, and closes the stream when it loses its own connection to
 * PostgreSQL; so "connected" here means what it means for a LISTEN of the desk's own: the
 * changes from now on arrive. The desk holds no database connection for it: it asks the ticket
 * (with the salon's masters, in the same statement), and about a master the database has not
 * confirmed yet (rare: {@link LiveUpdates} remembers the confirmed ones), on a connection of the
 * desk's own pool — or, without a pool, on a connection opened for the question. Each connection
 * to a relay takes a new ticket, except after a relay that could not be reached at all: nobody
 * redeemed it, so the next relay, or the next attempt within half its life, uses it again.
 */
final class RelayFeed implements ChangeFeed {

    private static final Logger log = LoggerFactory.getLogger(RelayFeed.class);
    private static final Duration CONNECT = Duration.ofSeconds(5);
    /**
     * Five pings missed: the relay, or the network to it, is gone. (A relay that loses PostgreSQL
     * ends its streams at once; this is for a relay or network that vanished without a word, and
     * is generous to a busy machine, whose threads may be late by seconds.)
     */
    private static final Duration SILENCE = Duration.ofSeconds(5L * LiveRelay.PING_SECONDS);
    private static final String END = "\u0000end";

    private static final HttpClient HTTP = HttpClient.newBuilder().connectTimeout(CONNECT)
            .followRedirects(HttpClient.Redirect.NEVER).build();

    private final ConnectionSettings settings;
    private final javax.sql.DataSource pool;
    private final InputStream stream;
    private final BlockingQueue<String> arrived = new LinkedBlockingQueue<>();
    private volatile long lastHeard = System.nanoTime();
    /**
     * The relay said {@code : lagging} in place of its last ping: the server announces no change
     * now (its notification queue is half full, migration 24), so the desk reloads instead.
     */
    private volatile boolean relayHearsNothing;
    private volatile String failure;
    /** The salon's masters, read with its ticket. */
    private final Set<Long> masters;

    private RelayFeed(ConnectionSettings settings, javax.sql.DataSource pool, InputStream stream, Set<Long> masters) {
        this.settings = settings;
        this.pool = pool;
        this.stream = stream;
        this.masters = masters;
    }

    /** The relays of {@code SALONDESK_LIVE_URL}: comma-separated http(s) addresses, tried in order. */
    static List<URI> addresses(String liveUrl) {
        List<URI> out = new ArrayList<>();
        for (String part : liveUrl.split(",")) {
            String a = part.strip().replaceAll("/+$", "");
            if (a.isEmpty()) {
                continue;
            }
            URI uri = URI.create(a);
            if (!("http".equals(uri.getScheme()) || "https".equals(uri.getScheme())) || uri.getHost() == null) {
                throw new IllegalArgumentException("not a live relay's address (http://host:port): " + part.strip());
            }
            out.add(uri);
        }
        if (out.isEmpty()) {
            throw new IllegalArgumentException("no live relay's address in " + liveUrl);
        }
        return List.copyOf(out);
    }

    /** A ticket of {@code salondesk_live_ticket} and the salon's masters, read in the same statement. */
    record Ticket(String value, Set<Long> masters, long issuedAt) {
        /** Half of the minute the database gives it: the rest is for the relay to redeem it. */
        static final Duration REUSABLE = Duration.ofSeconds(30);

        boolean fresh() {
            return System.nanoTime() - issuedAt < REUSABLE.toNanos();
        }

        @Override
        public String toString() {
            return "Ticket[salon's masters " + masters + "]";   // the value is a credential
        }
    }

    /**
     * How one desk opens its relay feeds ({@link LiveUpdates}'s one thread calls it): the relays,
     * the desk's pool, and a ticket that no relay redeemed yet, kept for the next attempt.
     */
    static final class Route implements ChangeFeed.Opener {
        private final List<URI> relays;
        private final javax.sql.DataSource pool;
        private Ticket spare;

        Route(List<URI> relays, javax.sql.DataSource pool) {
            this.relays = relays;
            this.pool = pool;
        }

        @Override
        public ChangeFeed open(ConnectionSettings settings, long tenantId) throws SQLException {
            SQLException last = null;
            for (URI relay : relays) {
                Ticket ticket = spare != null && spare.fresh() ? spare : ticketOf(settings, pool, tenantId);
                spare = null;
                InputStream stream;
                try {
                    stream = subscribe(relay, ticket.value());
                } catch (Unreachable e) {
                    spare = ticket;   // nobody redeemed it
                    last = e.failure;
                    log.debug("live relay {} not reachable: {}", relay, e.failure.getMessage());
                    continue;
                } catch (SQLException e) {
                    last = e;
                    log.debug("live relay {} not available: {}", relay, e.getMessage());
                    continue;
                }
                RelayFeed feed = new RelayFeed(settings, pool, stream, ticket.masters());
                try {
                    feed.start(relay);
                    return feed;
                } catch (SQLException e) {
                    last = e;
                    log.debug("live relay {} did not say online: {}", relay, e.getMessage());
                }
            }
            throw last;
        }
    }

    /** A new ticket for the salon's stream, and its masters, as the desk's login. */
    static Ticket ticketOf(ConnectionSettings settings, javax.sql.DataSource pool, long tenantId) throws SQLException {
        try (Connection c = pool != null ? pool.getConnection() : connect(settings)) {
            return ticketOf(c, tenantId);
        }
    }

    /**
     * One statement: through PgBouncer every statement outside a transaction may cost the login a
     * server login, so the masters come with the ticket (a change about them is then trusted
     * without asking again; one about a master added later is asked about).
     */
    static Ticket ticketOf(Connection c, long tenantId) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement("SELECT salondesk_live_ticket(?), ARRAY(SELECT m.id FROM masters m WHERE m.tenant_id = ?)")) {
            ps.setLong(1, tenantId);
            ps.setLong(2, tenantId);
            try (ResultSet rs = ps.executeQuery()) {
                rs.next();
                String ticket = rs.getString(1);
                if (ticket == null || !RelayGate.TICKET.matcher(ticket).matches()) {
                    throw new SQLException("salon " + tenantId + " gave no live ticket this relay would take", "42501");
                }
                Set<Long> masters = new HashSet<>();
                for (Object id : (Object[]) rs.getArray(2).getArray()) {
                    masters.add(((Number) id).longValue());
                }
                return new Ticket(ticket, Set.copyOf(masters), System.nanoTime());
            }
        }
    }

    private static Connection connect(ConnectionSettings settings) throws SQLException {
        return ListenConnection.connect(settings.url(), ListenConnection.properties(settings, "SalonDesk live updates (relay)"));
    }

    /** The relay could not be reached at all: the ticket was not handed over, and is still good. */
    private static final class Unreachable extends Exception {
        final SQLException failure;

        Unreachable(SQLException failure) {
            super(failure.getMessage(), null, false, false);
            this.failure = failure;
        }
    }

    private static InputStream subscribe(URI relay, String ticket) throws SQLException, Unreachable {
        HttpRequest request = HttpRequest.newBuilder(relay.resolve("/live")).header("Accept", "text/event-stream")
                .header("Authorization", "Bearer " + ticket).timeout(CONNECT).GET().build();
        HttpResponse<InputStream> response;
        try {
            response = HTTP.send(request, HttpResponse.BodyHandlers.ofInputStream());
        } catch (java.net.ConnectException | java.net.http.HttpConnectTimeoutException e) {
            throw new Unreachable(new SQLException("the live relay " + relay + " did not answer: " + e.getMessage(), "08001", e));
        } catch (IOException e) {
            throw new SQLException("the live relay " + relay + " did not answer: " + e.getMessage(), "08001", e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new SQLException("interrupted while connecting to the live relay", "08001", e);
        }
        if (response.statusCode() != 200) {
            closeQuietly(response.body());
            throw new SQLException("the live relay " + relay + " answered " + response.statusCode(), "08001");
        }
        return response.body();
    }

    /**
     * Reads the stream on a thread of its own until it ends, and waits (at most
     * {@link #CONNECT}) for the relay's {@code : online}.
     */
    private void start(URI relay) throws SQLException {
        java.util.concurrent.CountDownLatch online = new java.util.concurrent.CountDownLatch(1);
        Thread reader = new Thread(() -> read(online), "live-relay-reader");
        reader.setDaemon(true);
        reader.start();
        try {
            if (!online.await(CONNECT.toMillis(), TimeUnit.MILLISECONDS) || failure != null) {
                close();
                throw new SQLException("the live relay " + relay + " did not say online", "08001");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            close();
            throw new SQLException("interrupted while connecting to the live relay", "08001", e);
        }
    }

    private void read(java.util.concurrent.CountDownLatch online) {
        try (BufferedReader in = new BufferedReader(new InputStreamReader(stream, StandardCharsets.UTF_8))) {
            String line;
            while ((line = in.readLine()) != null) {
                lastHeard = System.nanoTime();
                if (line.startsWith("data: ")) {
                    arrived.add(line.substring("data: ".length()));
                } else if (line.equals(": online")) {
                    online.countDown();
                } else if (line.equals(": lagging")) {
                    relayHearsNothing = true;
                } else if (line.equals(": ping")) {
                    relayHearsNothing = false;
                }
                // the blank line between events only says the relay is there
            }
            failure = "the live relay closed the stream";
        } catch (IOException e) {
            failure = "the stream from the live relay broke: " + e.getMessage();
        } finally {
            arrived.add(END);
        }
    }

    @Override
    public List<String> poll(Duration timeout) throws SQLException {
        List<String> payloads = new ArrayList<>();
        try {
            String first = arrived.poll(Math.max(1, timeout.toMillis()), TimeUnit.MILLISECONDS);
            if (first != null) {
                payloads.add(first);
                arrived.drainTo(payloads);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new SQLException("interrupted", "08006", e);
        }
        if (payloads.remove(END)) {
            throw new SQLException(failure != null ? failure : "the live relay's stream ended", "08006");
        }
        return payloads;
    }

    @Override
    public boolean checkAlive() throws SQLException {
        if (System.nanoTime() - lastHeard > SILENCE.toNanos()) {
            throw new SQLException("the live relay has been silent for " + SILENCE.toSeconds() + " s", "08006");
        }
        return !relayHearsNothing;
    }

    @Override
    public Set<Long> mastersKnownAtOpen() {
        return masters;
    }

    @Override
    public Set<Long> mastersOf(long tenantId, List<Long> masterIds) throws SQLException {
        try (Connection c = pool != null ? pool.getConnection() : connect(settings)) {
            return ListenConnection.mastersOf(c, tenantId, masterIds);
        }
    }

    @Override
    public void close() {
        closeQuietly(stream);
    }

    private static void closeQuietly(InputStream in) {
        try {
            in.close();
        } catch (IOException e) {
            // a stream that is already broken may fail to close; nothing to do
        }
    }
}
