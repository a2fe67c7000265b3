package app.salondesk.cli;

import app.salondesk.db.ConnectionSettings;
import app.salondesk.i18n.Messages;
import app.salondesk.logic.demo.DemoSalon;
import app.salondesk.logic.live.LiveRelay;
import app.salondesk.logic.waitlist.WaitlistWorker;
import app.salondesk.runtime.Backend;
import app.salondesk.runtime.DbOptions;
import app.salondesk.runtime.LogSetup;
import app.salondesk.web.WebServer;
import app.salondesk.web.WebSettings;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * {@code salondesk serve}: the clients' online booking pages of every salon with online
 * booking switched on, at {@code /<slug>}. Runs until SIGTERM or Ctrl+C, which stop it
 * gracefully: no new requests, the ones in flight (a booking among them) finish, then the
 * database closes.
 */
@Command(name = "serve", mixinStandardHelpOptions = true,
        description = {"Serve the online booking pages (/<salon-slug>) and /health until stopped (SIGTERM or Ctrl+C).",
                "On a shared server, sign in with the online login (a member of salondesk_online), and give --base-url.",
                "Each salon's page uses at most 3 of the server's database connections at once (more: \"busy, try again\"),",
                "and a booking on it waits at most 2 s for a master's lock."})
final class ServeCommand implements Callable<Integer> {

    private static final Logger log = LoggerFactory.getLogger(ServeCommand.class);

    @ParentCommand
    SalonDeskCommand root;

    @picocli.CommandLine.Spec
    picocli.CommandLine.Model.CommandSpec spec;

    @Option(names = "--port", paramLabel = "PORT", defaultValue = "8080", description = "TCP port to listen on (default: 8080).")
    int port;

    @Option(names = "--host", paramLabel = "ADDRESS",
            description = {"Address to listen on (default: every address of this machine, IPv4 and IPv6 — give 127.0.0.1 behind a",
                    "reverse proxy on the same machine; with --demo, 127.0.0.1 only)."})
    String host;

    @Option(names = "--config", paramLabel = "FILE",
            description = {"Read these settings from a properties file, one 'name = value' a line: an option's long name without",
                    "its dashes (port = 8080, base-url = https://…, behind-proxy = true, db-url = jdbc:…, user = bookingweb).",
                    "The command line wins over the file, the file over the environment; passwords only from the environment."})
    Path config;

    @Option(names = "--metrics-port", paramLabel = "PORT",
            description = {"Also serve GET /metrics in Prometheus's text format on this port of its own (off unless given): requests",
                    "by route and status, bookings by road and outcome, lock waits, try-agains, the pool, the queues, the database."})
    Integer metricsPort;

    @Option(names = "--metrics-host", paramLabel = "ADDRESS", defaultValue = "127.0.0.1",
            description = "Address /metrics listens on (default: 127.0.0.1, this machine only; never the page's public address by accident).")
    String metricsHost;

    @Option(names = "--log-format", paramLabel = "text|json", defaultValue = "text",
            description = {"The log's lines in the home's logs/salondesk.log: text (default), or json — one JSON object a line",
                    "for a log collector. Either way a file a day, a new one past 10 MB, 14 days kept."})
    String logFormat;

    @Option(names = "--base-url", paramLabel = "URL", defaultValue = "${env:SALONDESK_BASE_URL}",
            description = {"How clients reach this server, e.g. https://book.salon.example: links in pages and calendar files, and the",
                    "only origin a form may be sent from. Required (or $SALONDESK_BASE_URL), except with --demo."})
    String baseUrl;

    @Option(names = "--behind-proxy", description = "Trust X-Forwarded-For and X-Forwarded-Proto from a reverse proxy in front (TLS ends there).")
    boolean behindProxy;

    @Option(names = "--keystore", paramLabel = "FILE",
            description = "Serve https itself with this PKCS#12 keystore (password from $SALONDESK_KEYSTORE_PASSWORD).")
    Path keystore;

    @Option(names = "--stop-timeout", paramLabel = "SECONDS", defaultValue = "30",
            description = "How long a stop waits for requests in flight (default: 30).")
    int stopTimeout;

    @Option(names = "--demo", description = "Add the demo salon if it is missing (its page is /demo), then serve: try it on one PC.")
    boolean demo;

    @Option(names = "--waitlist-login", paramLabel = "LOGIN",
            description = {"Run the waitlist worker of this receptionist's or admin's salon (password from $SALONDESK_WAITLIST_PASSWORD).",
                    "Signed in as the owner (the embedded database, --demo), serve runs every salon's worker itself."})
    String waitlistLogin;

    @Option(names = "--sender-login", paramLabel = "LOGIN",
            description = {"Send the salons' messages as this sender's login (users add --role sender; password from $SALONDESK_SENDER_PASSWORD).",
                    "Signed in as the owner (the embedded database, --demo), serve sends them itself. Mail passwords: README, Messages."})
    String senderLogin;

    @Option(names = "--live-port", paramLabel = "PORT",
            description = {"Also run the live relay on this port: one LISTEN for every desk that names it in SALONDESK_LIVE_URL",
                    "(hundreds of desks on a server of 100 connections; ADR 23). Off unless given. On a shared server it needs --live-login."})
    Integer livePort;

    @Option(names = "--live-host", paramLabel = "ADDRESS",
            description = {"Address the live relay listens on (default: 127.0.0.1, this machine only; give the address on the",
                    "desks' network, never one the internet reaches)."})
    String liveHost;

    @Option(names = "--live-login", paramLabel = "LOGIN",
            description = {"The live relay's own login (users add --role relay; password from $SALONDESK_LIVE_PASSWORD), never",
                    "the online login. Needed on a shared server; signed in as the owner (--demo), the relay uses serve's login."})
    String liveLogin;

    @Option(names = "--live-per-address", paramLabel = "N", defaultValue = "" + LiveRelay.Limits.PER_ADDRESS,
            description = {"Connections one address may hold to the live relay (default: ${DEFAULT-VALUE}; a site's desks behind",
                    "one NAT address hold one each)."})
    int livePerAddress;

    @Option(names = "--live-db-url", paramLabel = "URL", defaultValue = "${env:SALONDESK_LIVE_DB_URL}",
            description = {"Where the live relay and the waitlist workers LISTEN: straight to PostgreSQL (a multi-host URL with",
                    "targetServerType=primary), never through PgBouncer (default: $SALONDESK_LIVE_DB_URL, else --db-url)."})
    String liveDbUrl;

    @Override
    public Integer call() throws InterruptedException {
        if (port < 0 || port > 65535 || stopTimeout < 0 || livePort != null && (livePort < 0 || livePort > 65535) || livePerAddress < 1
                || metricsPort != null && (metricsPort < 0 || metricsPort > 65535)) {
            throw new picocli.CommandLine.ParameterException(spec.commandLine(),
                    "--port 0..65535, --live-port 0..65535, --metrics-port 0..65535, --stop-timeout >= 0, --live-per-address >= 1");
        }
        // links and the CSRF origin check never come from a request's Host header (issue 29): a
        // real server says where its clients reach it; only the demo on one PC may leave it out
        LogSetup.Format format;
        try {
            format = LogSetup.Format.parse(logFormat);
        } catch (IllegalArgumentException e) {
            throw new picocli.CommandLine.ParameterException(spec.commandLine(), "--log-format: text or json, not " + logFormat);
        }
        if (format != LogSetup.Format.TEXT) {
            LogSetup.useFormat(root.home(), format);
        }
        Messages words = Messages.forDefaultLocale();
        if (!demo && blankToNull(baseUrl) == null) {
            spec.commandLine().getErr().println(words.get("cli.serveNeedsBaseUrl"));
            return 2;
        }
        if (blankToNull(baseUrl) != null && !WebServer.usableBaseUrl(baseUrl.strip())) {
            spec.commandLine().getErr().println(words.format("cli.serveBadBaseUrl", baseUrl.strip()));
            return 2;
        }
        // on a shared server serve signs in as the online login, which may not migrate (nor read the
        // schema's history): the owner runs db migrate first. The embedded database migrates as ever.
        Backend backend = demo ? root.openBackendForSetup()
                : root.dbOptions().shared() ? Backend.openShared(root.dbOptions(), false) : root.openBackend();
        WebServer server;
        LiveRelay relay = null;
        Backend waitlistBackend = null;
        Backend senderBackend = null;
        app.salondesk.logic.messages.MessageSenderWorker sender = null;
        app.salondesk.runtime.SessionBounds bounds = null;
        ServeMetrics metrics = null;
        // read by the web threads (a client joined: wake her salon's worker) while this one adds
        List<WaitlistWorker> workers = new java.util.concurrent.CopyOnWriteArrayList<>();
        try {
            root.warnIfOwner(backend);
            ConnectionSettings relayLogin = livePort != null ? relayLogin(backend) : null;
            if (demo) {
                new DemoSalon(backend.dsl(), Clock.systemUTC(), app.salondesk.i18n.Messages.forDefaultLocale()).seed();
            }
            String listenOn = host != null ? host : demo ? "127.0.0.1" : null;
            WebSettings settings = new WebSettings(listenOn, port, baseUrl == null ? null : blankToNull(baseUrl.strip()), behindProxy, keystore,
                    System.getenv("SALONDESK_KEYSTORE_PASSWORD"), Duration.ofSeconds(stopTimeout),
                    WebSettings.Limits.defaults(), System.getenv("SALONDESK_WEB_SECRET"));
            bounds = app.salondesk.runtime.SessionBounds.start(backend.dsl(), app.salondesk.runtime.SessionBounds.EVERY);
            server = OnlineServer.start(backend, settings, Clock.systemUTC(),
                    tenant -> workers.stream().filter(w -> w.tenantId() == tenant).forEach(WaitlistWorker::wake));
            if (livePort != null) {
                relay = startRelay(relayLogin, liveHost);
            }
            if (metricsPort != null) {
                metrics = ServeMetrics.start(metricsHost.strip(), metricsPort, backend);
            }
            // the waitlist: on the serving login when it is the owner; on a login of the salon's staff
            // when one is given (the online login may not touch the waitlist: ADR 13)
            if (waitlistLogin != null && !waitlistLogin.isBlank()) {
                waitlistBackend = Backend.openShared(new DbOptions(root.dbOptions().url(), waitlistLogin.strip(),
                        System.getenv("SALONDESK_WAITLIST_PASSWORD")), false);
                workers.addAll(OnlineServer.startWaitlistWorkers(waitlistBackend, blankToNull(liveDbUrl)));
            } else {
                workers.addAll(OnlineServer.startWaitlistWorkers(backend, blankToNull(liveDbUrl)));
            }
            // the messages (issue 33): as a sender's own login when given; as serve's login when that is
            // the owner; never as the online login, which may not claim them (ADR 33)
            String links = baseUrl == null ? null : blankToNull(baseUrl.strip());
            if (senderLogin != null && !senderLogin.isBlank()) {
                senderBackend = Backend.openShared(new DbOptions(root.dbOptions().url(), senderLogin.strip(),
                        System.getenv("SALONDESK_SENDER_PASSWORD")), false);
                sender = app.salondesk.logic.messages.MessageSenders.start(senderBackend.dsl(), links, "message-sender");
            } else if (backend.embedded() || new app.salondesk.logic.staff.StaffRepository(backend.dsl()).signedInAsOwner()) {
                sender = app.salondesk.logic.messages.MessageSenders.start(backend.dsl(), links, "message-sender");
            } else {
                log.info("no messages are sent by this serve: give --sender-login to send them");
            }
        } catch (RuntimeException e) {
            if (metrics != null) {
                metrics.close();
            }
            if (sender != null) {
                sender.close();
            }
            if (senderBackend != null) {
                senderBackend.close();
            }
            if (bounds != null) {
                bounds.close();
            }
            if (relay != null) {
                relay.close();
            }
            workers.forEach(WaitlistWorker::close);
            if (waitlistBackend != null) {
                waitlistBackend.close();
            }
            backend.close();
            throw e;
        }
        Backend waitlistDb = waitlistBackend;
        Backend senderDb = senderBackend;
        app.salondesk.logic.messages.MessageSenderWorker messages = sender;
        LiveRelay liveRelay = relay;
        app.salondesk.runtime.SessionBounds watch = bounds;
        ServeMetrics figures = metrics;
        CountDownLatch stopped = new CountDownLatch(1);
        AtomicBoolean stopping = new AtomicBoolean();
        Runnable stop = () -> {
            if (stopping.compareAndSet(false, true)) {
                try {
                    watch.close();
                    if (liveRelay != null) {
                        liveRelay.close();
                    }
                    workers.forEach(WaitlistWorker::close);
                    if (messages != null) {
                        messages.close();
                    }
                    server.stop();
                    if (figures != null) {
                        figures.close();
                    }
                } finally {
                    if (waitlistDb != null) {
                        waitlistDb.close();
                    }
                    if (senderDb != null) {
                        senderDb.close();
                    }
                    backend.close();
                    stopped.countDown();
                }
            }
        };
        StopSignals.install(stop);
        PrintWriter out = spec.commandLine().getOut();
        String shown = baseUrl != null && !baseUrl.isBlank() ? baseUrl.replaceAll("/+$", "")
                : (keystore != null ? "https" : "http") + "://" + (host != null ? host : "localhost") + ":" + server.port();
        out.println(words.format("cli.serveListening", shown + (demo ? "/" + DemoSalon.ONLINE_SLUG : "")));
        out.println("port=" + server.port());
        if (liveRelay != null) {
            out.println("live_port=" + liveRelay.port());
        }
        if (figures != null) {
            out.println("metrics_port=" + figures.port());
        }
        out.flush();
        stopped.await();
        log.info("serve stopped");
        return 0;
    }

    private static String blankToNull(String s) {
        return s == null || s.isBlank() ? null : s;
    }

    /**
     * Whom the live relay signs in as (ADR 25): {@code --live-login}, with its password from
     * {@code SALONDESK_LIVE_PASSWORD}; without it, serve's own login only when that is the owner
     * (the embedded database, {@code --demo}) — the online login may not redeem tickets, and the
     * relay's statements must not be visible to the login whose password sits on the web server.
     * On a URL straight to PostgreSQL: {@code --live-db-url}, else serve's.
     */
    private ConnectionSettings relayLogin(Backend backend) {
        ConnectionSettings db = backend.database().settings();
        String url = liveDbUrl != null && !liveDbUrl.isBlank() ? liveDbUrl.strip() : db.url();
        if (liveLogin != null && !liveLogin.isBlank()) {
            return new ConnectionSettings(url, liveLogin.strip(), System.getenv("SALONDESK_LIVE_PASSWORD"));
        }
        if (backend.embedded() || new app.salondesk.logic.staff.StaffRepository(backend.dsl()).signedInAsOwner()) {
            return new ConnectionSettings(url, db.user(), db.password());
        }
        throw new app.salondesk.runtime.StartupException(app.salondesk.runtime.StartupException.Reason.LIVE_LOGIN_MISSING,
                db.user(), null);
    }

    private LiveRelay startRelay(ConnectionSettings as, String host) {
        try {
            return LiveRelay.start(as, host, livePort, new LiveRelay.Limits(livePerAddress, LiveRelay.Limits.MAX_STREAMS));
        } catch (IllegalStateException e) {
            if (e.getCause() instanceof app.salondesk.logic.live.ThroughPoolerException) {
                // a relay on a pooler would hear nothing and stream silence to every desk (ADR 23)
                throw new app.salondesk.runtime.StartupException(app.salondesk.runtime.StartupException.Reason.LIVE_THROUGH_POOLER,
                        ConnectionSettings.where(as.url()), e);
            }
            if (e.getCause() instanceof java.sql.SQLException sql && sql.getSQLState() != null
                    && (sql.getSQLState().startsWith("28") || "08004".equals(sql.getSQLState()))) {
                throw new app.salondesk.runtime.StartupException(app.salondesk.runtime.StartupException.Reason.BAD_CREDENTIALS,
                        ConnectionSettings.where(as.url()), e);
            }
            if (e.getCause() instanceof java.sql.SQLException) {
                throw new app.salondesk.runtime.StartupException(app.salondesk.runtime.StartupException.Reason.LIVE_NOT_RELAY_LOGIN,
                        as.user(), e);
            }
            throw e;
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException("the live relay could not listen on port " + livePort, e);
        }
    }
}
