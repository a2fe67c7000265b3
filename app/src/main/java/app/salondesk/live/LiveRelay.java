package app.salondesk.live;

import app.salondesk.db.ConnectionSettings;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import org.postgresql.PGConnection;
import org.postgresql.PGNotification;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.HexFormat;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The live relay of {@code salondesk serve --live-port} (issue 19, ADR 23): ONE connection to
 * PostgreSQL that LISTENs on the channels of every desk that asks, and a stream of each
 * channel's notifications to each of those desks over HTTP ({@code GET /live/<channel>},
 * server-sent events). A LISTEN belongs to a server session, so hundreds of desks each
 * listening for themselves need hundreds of sessions — more than a server of
 * {@code max_connections = 100} has, whatever PgBouncer does; through the relay they need one.
 *
 * <p>What a desk must know to be streamed a channel is its name, the salon's secret (ADR 9):
 * the same as PostgreSQL asks of a LISTEN, and only the salon's logins may read it. The relay
 * adds nothing a LISTEN of its own could not hear, and what it forwards is checked by the desk
 * as its own LISTEN's payloads are ({@link LiveUpdates}). It never writes a channel's name in
 * its log, only a hash of it.
 *
 * <p>Its promise is a LISTEN's: a stream says {@code : online} once the relay LISTENs on the
 * channel, and from then on every notification arrives; when the relay loses its connection to
 * PostgreSQL (a failover) it ends every stream, reconnects (with the multi-host URL's
 * {@code targetServerType=primary}, to the new primary) and refuses new streams (503) until it
 * LISTENs again — the desks show "offline", reconnect, and reload what they show. A desk that
 * does not read its stream fast enough ({@value #QUEUE} notifications behind) is ended too.
 */
public final class LiveRelay implements AutoCloseable {

    private static final Logger log = LoggerFactory.getLogger(LiveRelay.class);

    /** A comment on every stream this often, by which a desk knows the relay is there. */
    static final int PING_SECONDS = 2;
    static final int QUEUE = 1_000;
    /** At most this many streams and channels at once (a guard against a flood of made-up channels). */
    static final int MAX_STREAMS = 10_000;
    private static final Duration POLL = Duration.ofMillis(100);
    private static final Duration QUIET_BEFORE_HEALTH_CHECK = Duration.ofSeconds(3);
    private static final Duration LISTEN_WAIT = Duration.ofSeconds(5);
    private static final Duration TIDY_EVERY = Duration.ofSeconds(10);
    private static final String END = "\u0000end";

    private final ConnectionSettings settings;
    private final HttpServer http;
    private final ExecutorService streams;
    private final Thread listener;
    private final Backoff backoff = new Backoff(Duration.ofMillis(250), Duration.ofSeconds(5),
            () -> ThreadLocalRandom.current().nextDouble());
    /** The streams of each channel the relay LISTENs on. */
    private final Map<String, Set<BlockingQueue<String>>> subscribers = new ConcurrentHashMap<>();
    /** Channels a new stream waits for the LISTEN of; done by the listener thread. */
    private final BlockingQueue<Pending> pending = new ArrayBlockingQueue<>(MAX_STREAMS);
    private final AtomicInteger open = new AtomicInteger();
    private volatile boolean up;
    private volatile boolean closed;

    private record Pending(String channel, CompletableFuture<Boolean> listening) {
    }

    private LiveRelay(ConnectionSettings settings, HttpServer http) {
        this.settings = settings;
        this.http = http;
        AtomicInteger n = new AtomicInteger();
        // a stream waits for its next notification on a thread of its own: simple, and a desk's
        // stream costs a small stack, not a database session
        this.streams = Executors.newCachedThreadPool(r -> {
            Thread t = new Thread(r, "live-relay-stream-" + n.incrementAndGet());
            t.setDaemon(true);
            return t;
        });
        this.listener = new Thread(this::listen, "live-relay-listener");
        listener.setDaemon(true);
    }

    /**
     * Starts the relay on {@code host:port} (0: a free port), LISTENing as {@code settings} say —
     * a URL straight to PostgreSQL, never one through a connection pooler, where a LISTEN hears
     * nothing: such a URL is refused at once ({@link IllegalStateException} with the sentence).
     */
    public static LiveRelay start(ConnectionSettings settings, String host, int port) throws IOException {
        try (Connection c = connect(settings)) {
            log.debug("live relay: PostgreSQL answers straight (no pooler in between)");
        } catch (ThroughPoolerException e) {
            // serve stops with the sentence rather than run a relay that would hear nothing (ADR 23)
            throw new IllegalStateException(e.getMessage(), e);
        } catch (SQLException e) {
            log.warn("live relay: PostgreSQL does not answer yet ({}); the relay keeps trying", e.getMessage());
        }
        HttpServer http = HttpServer.create(host == null ? new InetSocketAddress(port) : new InetSocketAddress(host, port), 256);
        LiveRelay relay = new LiveRelay(settings, http);
        http.createContext("/live/", relay::stream);
        http.setExecutor(relay.streams);
        relay.listener.start();
        http.start();
        log.info("live relay listening on port {}", relay.port());
        return relay;
    }

    public int port() {
        return http.getAddress().getPort();
    }

    /** Whether the relay LISTENs now (its connection to PostgreSQL is up). */
    public boolean up() {
        return up;
    }

    // ---- a desk's stream ---------------------------------------------------------------------

    private void stream(HttpExchange exchange) throws IOException {
        try {
            String channel = exchange.getRequestURI().getPath().substring("/live/".length());
            if (!"GET".equals(exchange.getRequestMethod()) || !ListenConnection.CHANNEL.matcher(channel).matches()) {
                exchange.sendResponseHeaders(404, -1);
                return;
            }
            if (!up || open.get() >= MAX_STREAMS) {
                exchange.sendResponseHeaders(503, -1);
                return;
            }
            BlockingQueue<String> queue = new ArrayBlockingQueue<>(QUEUE);
            open.incrementAndGet();
            try {
                subscribers.computeIfAbsent(channel, c -> ConcurrentHashMap.newKeySet()).add(queue);
                if (!listening(channel)) {
                    exchange.sendResponseHeaders(503, -1);
                    return;
                }
                exchange.getResponseHeaders().set("Content-Type", "text/event-stream; charset=utf-8");
                exchange.getResponseHeaders().set("Cache-Control", "no-store");
                exchange.sendResponseHeaders(200, 0);
                OutputStream out = exchange.getResponseBody();
                write(out, ": online\n\n");
                while (!closed) {
                    String payload = queue.poll(PING_SECONDS, TimeUnit.SECONDS);
                    if (END.equals(payload)) {
                        return;   // the relay lost PostgreSQL, or this desk fell behind: it reconnects
                    }
                    write(out, payload == null ? ": ping\n\n" : "data: " + payload + "\n\n");
                }
            } catch (IOException gone) {
                log.debug("a desk's live stream ended: {}", gone.getMessage());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            } finally {
                unsubscribe(channel, queue);
                open.decrementAndGet();
            }
        } finally {
            exchange.close();
        }
    }

    private static void write(OutputStream out, String text) throws IOException {
        out.write(text.getBytes(StandardCharsets.UTF_8));
        out.flush();
    }

    /** Asks the listener thread to LISTEN on the channel (if it does not already) and waits until it does. */
    private boolean listening(String channel) throws InterruptedException {
        CompletableFuture<Boolean> done = new CompletableFuture<>();
        if (!pending.offer(new Pending(channel, done))) {
            return false;
        }
        try {
            return done.get(LISTEN_WAIT.toMillis(), TimeUnit.MILLISECONDS);
        } catch (java.util.concurrent.ExecutionException | java.util.concurrent.TimeoutException e) {
            return false;
        }
    }

    private void unsubscribe(String channel, BlockingQueue<String> queue) {
        subscribers.computeIfPresent(channel, (c, set) -> {
            set.remove(queue);
            return set.isEmpty() ? null : set;
        });
    }

    // ---- the one LISTEN connection -----------------------------------------------------------

    private void listen() {
        while (!closed) {
            try (Connection c = connect()) {
                Set<String> listened = ConcurrentHashMap.newKeySet();
                up = true;
                backoff.reset();
                log.info("live relay: LISTENing on PostgreSQL");
                PGConnection pg = c.unwrap(PGConnection.class);
                long quietSince = System.nanoTime();
                long tidiedAt = System.nanoTime();
                while (!closed) {
                    serve(c, listened);
                    PGNotification[] arrived = pg.getNotifications((int) POLL.toMillis());
                    if (arrived != null && arrived.length > 0) {
                        for (PGNotification n : arrived) {
                            forward(n.getName(), n.getParameter());
                        }
                        quietSince = System.nanoTime();
                    } else if (System.nanoTime() - quietSince > QUIET_BEFORE_HEALTH_CHECK.toNanos()) {
                        if (!c.isValid(2)) {
                            throw new SQLException("the database did not answer the health check", "08006");
                        }
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

    private Connection connect() throws SQLException {
        return connect(settings);
    }

    /** A session straight on PostgreSQL; one through a pooler is closed and refused. */
    private static Connection connect(ConnectionSettings settings) throws SQLException {
        Properties props = new Properties();
        if (settings.user() != null) {
            props.setProperty("user", settings.user());
        }
        if (settings.password() != null) {
            props.setProperty("password", settings.password());
        }
        props.setProperty("ApplicationName", "SalonDesk live relay");
        props.setProperty("connectTimeout", "5");
        props.setProperty("socketTimeout", "10");
        props.setProperty("tcpKeepAlive", "true");
        props.setProperty("loginTimeout", "5");
        Connection c = ListenConnection.connect(settings.url(), props);
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

    /** The LISTENs new streams wait for. */
    private void serve(Connection c, Set<String> listened) throws SQLException {
        Pending p;
        while ((p = pending.poll()) != null) {
            if (!listened.contains(p.channel())) {
                try (Statement s = c.createStatement()) {
                    // an identifier cannot be a bind value; CHANNEL's pattern keeps the statement ours
                    s.execute("LISTEN " + p.channel());
                } catch (SQLException e) {
                    p.listening().complete(false);
                    throw e;
                }
                listened.add(p.channel());
            }
            p.listening().complete(true);
        }
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
        Set<BlockingQueue<String>> set = subscribers.get(channel);
        if (set == null) {
            return;
        }
        for (BlockingQueue<String> q : set) {
            if (!q.offer(payload)) {
                // this desk is far behind: it is ended, and reloads what it shows when it is back
                log.warn("live relay: a desk of channel {} fell {} notifications behind; its stream ends", hash(channel), QUEUE);
                q.clear();
                q.offer(END);
            }
        }
    }

    private void endEveryStream() {
        for (Set<BlockingQueue<String>> set : subscribers.values()) {
            for (BlockingQueue<String> q : set) {
                q.clear();
                q.offer(END);
            }
        }
        Pending p;
        while ((p = pending.poll()) != null) {
            p.listening().complete(false);
        }
    }

    /** A channel's name is a salon's secret: the log names it by a short hash. */
    private static String hash(String channel) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(channel.getBytes(StandardCharsets.UTF_8)), 0, 4);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    /** Ends every stream and the LISTEN connection. */
    @Override
    public void close() {
        closed = true;
        http.stop(0);
        listener.interrupt();
        try {
            listener.join(TimeUnit.SECONDS.toMillis(5));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        endEveryStream();
        streams.shutdownNow();
        log.info("live relay stopped");
    }
}
