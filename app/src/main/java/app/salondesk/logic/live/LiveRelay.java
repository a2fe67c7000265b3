package app.salondesk.logic.live;

import app.salondesk.db.ConnectionSettings;
import org.eclipse.jetty.server.HttpConfiguration;
import org.eclipse.jetty.server.HttpConnectionFactory;
import org.eclipse.jetty.server.NetworkConnectionLimit;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;
import org.eclipse.jetty.util.thread.QueuedThreadPool;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.time.Duration;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * The live relay of {@code salondesk serve --live-port} (issue 19; ADR 23, amended by ADR 25):
 * ONE session on PostgreSQL that LISTENs on the channels of every desk that asks, and a stream of
 * each channel's notifications to each of those desks over HTTP (server-sent events). A LISTEN
 * belongs to a server session, so hundreds of desks each listening for themselves need hundreds
 * of sessions — more than a server of {@code max_connections = 100} has; through the relay they
 * need one.
 *
 * <p><b>Who may be streamed what.</b> The relay signs in as a login of its own ({@code
 * salondesk_relay}, migration 26), never the online login: no other login sees its statements,
 * and it may read no salon's rows. A desk asks the database, as its own staff login, for a
 * ticket for its salon ({@code salondesk_live_ticket}) and sends it in {@code Authorization:
 * Bearer}; the relay redeems it ({@code salondesk_live_redeem}: used once, a minute to live) and
 * learns from the database which channel to stream. No channel's name travels over HTTP or is
 * written in the log.
 *
 * <p><b>What one address, or many, can take.</b> It listens on {@value #DEFAULT_HOST} unless told
 * otherwise (the desks' network, never the internet). Jetty reads requests without a thread per
 * connection and streams are written without one ({@link RelayStream}), so the relay's threads
 * are at most {@value #MAX_THREADS} however many connect; one address may hold at most {@link
 * Limits#perAddress()} connections ({@link AddressLimit}); a connection that sends nothing ends
 * after {@link #IDLE}; at most {@link Limits#maxStreams()} streams are open at once.
 *
 * <p>Its promise is a LISTEN's: a stream says {@code : online} once the relay LISTENs on the
 * channel, and from then on every notification arrives, with a {@code : ping} every
 * {@value #PING_SECONDS} s; when the relay loses PostgreSQL (a failover) it ends every stream and
 * refuses new ones (503) until it LISTENs again — the desks show "offline", ask a new ticket,
 * reconnect, and reload what they show.
 */
public final class LiveRelay implements AutoCloseable {

    private static final Logger log = LoggerFactory.getLogger(LiveRelay.class);

    /** Where the relay listens unless told otherwise: this machine only. */
    public static final String DEFAULT_HOST = "127.0.0.1";
    /** A comment on every stream this often, by which a desk knows the relay is there. */
    static final int PING_SECONDS = 2;
    /** Jetty's threads: an acceptor, a selector, and the few that parse requests and finish writes. */
    static final int MAX_THREADS = 12;
    /** A connection that sends or takes nothing for this long is closed (a stream's pings keep it busy). */
    static final Duration IDLE = Duration.ofSeconds(15);

    /**
     * How much the relay takes. {@code perAddress}: connections one address may hold — a salon's
     * desks often share one NAT address, each holds one stream (two for a moment while it
     * reconnects), so the default {@value #PER_ADDRESS} serves a site of 30 desks and keeps a flood
     * from one address to that many. {@code maxStreams}: streams open at once, from all addresses.
     */
    public record Limits(int perAddress, int maxStreams) {
        public static final int PER_ADDRESS = 64;
        public static final int MAX_STREAMS = 10_000;

        public Limits {
            if (perAddress < 1 || maxStreams < 1) {
                throw new IllegalArgumentException("the live relay's limits must be at least 1");
            }
        }

        public static Limits defaults() {
            return new Limits(PER_ADDRESS, MAX_STREAMS);
        }
    }

    private final Server http;
    private final ServerConnector connector;
    private final QueuedThreadPool threads;
    private final RelayDatabase db;
    private final RelayGate gate;
    private final AddressLimit perAddress;
    private final ScheduledExecutorService pings = Executors.newSingleThreadScheduledExecutor(r -> {
        Thread t = new Thread(r, "live-relay-ping");
        t.setDaemon(true);
        return t;
    });

    private LiveRelay(ConnectionSettings settings, String host, int port, Limits limits) {
        this.db = new RelayDatabase(settings);
        this.gate = new RelayGate(db, limits.maxStreams());
        this.perAddress = new AddressLimit(limits.perAddress());
        this.threads = new QueuedThreadPool(MAX_THREADS, 2, 30_000);
        threads.setName("live-relay");
        threads.setDaemon(true);
        threads.setReservedThreads(0);
        this.http = new Server(threads);
        HttpConfiguration config = new HttpConfiguration();
        config.setSendServerVersion(false);
        config.setSendXPoweredBy(false);
        // a desk's request is a line and three headers
        config.setRequestHeaderSize(4 * 1024);
        this.connector = new ServerConnector(http, 1, 1, new HttpConnectionFactory(config));
        connector.setHost(host == null || host.isBlank() ? DEFAULT_HOST : host.strip());
        connector.setPort(port);
        connector.setIdleTimeout(IDLE.toMillis());
        connector.setAcceptQueueSize(1_024);
        connector.addEventListener(perAddress);
        http.addConnector(connector);
        // every connection, streams and requests on their way: past this, Jetty stops accepting for a while
        http.addBean(new NetworkConnectionLimit(limits.maxStreams() + 1_024, connector));
        http.setHandler(gate);
        http.setStopTimeout(0);
    }

    /** {@link #start(ConnectionSettings, String, int, Limits)} with the default limits. */
    public static LiveRelay start(ConnectionSettings settings, String host, int port) throws IOException {
        return start(settings, host, port, Limits.defaults());
    }

    /**
     * Starts the relay on {@code host:port} (host null: {@value #DEFAULT_HOST}; port 0: a free
     * one), LISTENing as {@code settings} say — a relay login, on a URL straight to PostgreSQL. A
     * login that may not redeem tickets, or a URL through a connection pooler (where a LISTEN hears
     * nothing), is refused at once: {@link IllegalStateException} with the sentence.
     */
    public static LiveRelay start(ConnectionSettings settings, String host, int port, Limits limits) throws IOException {
        RelayDatabase.check(settings);
        LiveRelay relay = new LiveRelay(settings, host, port, limits);
        try {
            relay.http.start();
        } catch (IOException e) {
            relay.close();
            throw e;
        } catch (Exception e) {
            relay.close();
            throw new IOException("the live relay could not start: " + e.getMessage(), e);
        }
        relay.db.start();
        relay.pings.scheduleAtFixedRate(relay::ping, PING_SECONDS, PING_SECONDS, TimeUnit.SECONDS);
        log.info("live relay listening on {}:{}", relay.host(), relay.port());
        return relay;
    }

    /** A comment on every open stream; a failure is logged, never allowed to end the pings (the executor would). */
    private void ping() {
        try {
            String ping = db.lagging() ? RelayStream.LAGGING : RelayStream.PING;
            db.forEachStream(s -> s.send(ping));
        } catch (RuntimeException e) {
            log.error("live relay: pinging the streams failed", e);
        }
    }

    public int port() {
        return connector.getLocalPort();
    }

    /** The address it listens on. */
    public String host() {
        return connector.getHost();
    }

    /** Whether the relay LISTENs now (its connection to PostgreSQL is up). */
    public boolean up() {
        return db.up();
    }

    /** Streams open or waiting for their ticket. */
    int streams() {
        return gate.streams();
    }

    /** Threads of the relay's HTTP side now (at most {@value #MAX_THREADS}). */
    int threads() {
        return threads.getThreads();
    }

    AddressLimit perAddress() {
        return perAddress;
    }

    /** Ends every stream and the LISTEN connection. */
    @Override
    public void close() {
        pings.shutdownNow();
        db.close();
        try {
            http.stop();
        } catch (Exception e) {
            log.warn("live relay: stopping its HTTP server failed", e);
        }
        log.info("live relay stopped");
    }
}
