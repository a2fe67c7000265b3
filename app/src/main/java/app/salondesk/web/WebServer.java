package app.salondesk.web;

import app.salondesk.logic.online.OnlineDesk;
import io.javalin.Javalin;
import io.javalin.config.JavalinConfig;
import io.javalin.http.Context;
import io.javalin.http.ForbiddenResponse;
import io.javalin.http.HttpResponseException;
import io.javalin.http.TooManyRequestsResponse;
import org.eclipse.jetty.server.HttpConnectionFactory;
import org.eclipse.jetty.server.NetworkConnectionLimit;
import org.eclipse.jetty.server.SecureRequestCustomizer;
import org.eclipse.jetty.server.ServerConnector;
import org.eclipse.jetty.server.SslConnectionFactory;
import org.eclipse.jetty.server.handler.EagerContentHandler;
import org.eclipse.jetty.server.handler.ErrorHandler;
import org.eclipse.jetty.server.handler.GracefulHandler;
import org.eclipse.jetty.util.ssl.SslContextFactory;
import org.eclipse.jetty.util.thread.QueuedThreadPool;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.slf4j.MDC;

import java.io.IOException;
import java.io.InputStream;
import java.time.Clock;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;

/**
 * The online booking server ({@code salondesk serve}): Javalin on Jetty 12. It owns the
 * lifecycle (start, graceful stop: requests in flight finish, new ones are refused), the
 * cross-cutting guards every request passes (request id, security headers, rate limits, CSRF)
 * and the error pages; the pages themselves are {@link SalonPage}, {@link BookHandler} and
 * {@link BookingLinkPages}, which only parse, call {@link OnlineDesk} and render.
 */
public final class WebServer implements AutoCloseable {

    private static final Logger log = LoggerFactory.getLogger(WebServer.class);
    /** Every form of the page together is a few hundred bytes; 16 KiB leaves room and no more. */
    static final long MAX_REQUEST_BYTES = 16 * 1024;
    /** Jetty's threads: its acceptor and selectors, and the requests being answered. */
    static final int MAX_THREADS = 32;
    static final int MIN_THREADS = 4;
    private static final String CSS = "/app/salondesk/web/salondesk.css";

    private final Javalin app;
    private final ExecutorService probe = Executors.newSingleThreadExecutor(r -> {
        Thread t = new Thread(r, "health-probe");
        t.setDaemon(true);
        return t;
    });
    private volatile boolean stopped;
    private Future<Boolean> probing;

    private WebServer(OnlineDesk desk, app.salondesk.logic.messages.MessageLinks messageLinks, BooleanSupplier databaseAnswers,
                      WebSettings settings, Clock clock) {
        Csrf csrf = settings.csrfSecret() != null && !settings.csrfSecret().isBlank()
                ? Csrf.withSecret(settings.csrfSecret()) : Csrf.withRandomKey();
        // the port is the server's own once it listens (0 in the settings picks one at start)
        Pages pages = new Pages(csrf, settings, this::port);
        WebSettings.Limits l = settings.limits();
        RateLimiter posts = new RateLimiter(l.postsPerAddress(), l.postRefill().toMillis(), 100_000, clock);
        RateLimiter views = new RateLimiter(l.pagesPerAddress(), l.pageRefill().toMillis(), 100_000, clock);
        RateLimiter phones = new RateLimiter(l.bookingsPerPhone(), l.phoneRefill().toMillis(), 100_000, clock);
        WebSettings.Capacity capacity = settings.capacity();
        // every question of a salon's page in that salon's lane: one salon's rush never takes
        // another's connections or threads (issue 29)
        desk = new SalonLanes(desk, capacity.perSalon(), capacity.waitingPerSalon(), capacity.laneWait());
        SalonPage salonPage = new SalonPage(desk, pages, clock);
        BookHandler book = new BookHandler(desk, pages, salonPage, phones, clock);
        BookingLinkPages links = new BookingLinkPages(desk, pages);
        WaitlistPage wait = new WaitlistPage(desk, pages, salonPage, phones, clock);
        MessageLinkPages messages = messageLinks == null ? null : new MessageLinkPages(messageLinks, desk, pages, clock);
        byte[] css = resource(CSS);

        app = Javalin.create(config -> {
            config.startup.showJavalinBanner = false;
            config.startup.showOldJavalinVersionWarning = false;
            config.http.maxRequestSize = MAX_REQUEST_BYTES;
            config.jetty.host = settings.host();
            config.jetty.port = settings.port();
            jetty(config, settings);
            config.requestLogger.http(WebServer::logRequest);

            config.routes.before(ctx -> {
                String id = UUID.randomUUID().toString();
                ctx.attribute(Pages.REQUEST_ID, id);
                MDC.put("req", id);
                securityHeaders(ctx, pages);
                String path = ctx.path();
                if (path.equals("/health") || path.startsWith("/static/")) {
                    return;
                }
                boolean post = ctx.method().name().equals("POST");
                if (!(post ? posts : views).tryAcquire(clientAddress(ctx, settings))) {
                    ctx.header("Retry-After", Long.toString((post ? posts : views).secondsUntilNext()));
                    throw new TooManyRequestsResponse();
                }
                if (post && !(sameOrigin(ctx, pages) && pages.csrfAccepted(ctx))) {
                    log.warn("refused a POST to {}: CSRF token or origin not ours", path);
                    throw new ForbiddenResponse();
                }
            });
            config.routes.get("/health", ctx -> health(ctx, databaseAnswers));
            config.routes.get("/static/salondesk.css", ctx -> ctx.header("Cache-Control", "public, max-age=3600")
                    .contentType("text/css; charset=utf-8").result(css));
            config.routes.get("/", ctx -> pages.message(ctx, 404, null, "web.notFound.title", "web.notFound.text", false));
            config.routes.get("/{slug}", salonPage::show);
            config.routes.post("/{slug}/book", book::book);
            config.routes.get("/{slug}/wait", wait::show);
            config.routes.post("/{slug}/wait", wait::join);
            config.routes.get("/{slug}/b/{token}", links::show);
            config.routes.post("/{slug}/b/{token}/cancel", links::cancel);
            config.routes.get("/{slug}/b/{token}/calendar.ics", links::calendar);
            if (messageLinks != null) {
                config.routes.get("/m/{token}", messages::show);
                config.routes.get("/m/{token}/move", messages::showMove);
                config.routes.post("/m/{token}/{action}", messages::act);
            }

            config.routes.exception(HttpResponseException.class, (e, ctx) -> refused(ctx, pages, e.getStatus()));
            config.routes.exception(SalonLanes.Busy.class, (e, ctx) -> busy(ctx, pages));
            config.routes.exception(Exception.class, (e, ctx) -> failed(ctx, pages, e, salonPage.lastRead(ctx)));
            for (int status : new int[]{400, 403, 404, 405, 413, 429}) {
                config.routes.error(status, ctx -> {
                    if (ctx.attribute(Pages.RENDERED) == null) {
                        refused(ctx, pages, status);
                    }
                });
            }
        });
    }

    /** Starts listening; throws if the port is taken. */
    public static WebServer start(OnlineDesk desk, BooleanSupplier databaseAnswers, WebSettings settings, Clock clock) {
        return start(desk, null, databaseAnswers, settings, clock);
    }

    /** The same, with the messages' private links at /m/&lt;token&gt; (issue 33); null: none. */
    public static WebServer start(OnlineDesk desk, app.salondesk.logic.messages.MessageLinks messageLinks, BooleanSupplier databaseAnswers,
                                  WebSettings settings, Clock clock) {
        WebServer server = new WebServer(desk, messageLinks, databaseAnswers, settings, clock);
        server.app.start();
        log.info("online booking server listening on port {}", server.port());
        return server;
    }

    /** Whether {@code serve --base-url} may use this: http or https, a host, no query, fragment or user. */
    public static boolean usableBaseUrl(String url) {
        try {
            PublicAddress.check(url.replaceAll("/+$", ""));
            return true;
        } catch (IllegalArgumentException e) {
            return false;
        }
    }

    public int port() {
        return app.port();
    }

    /**
     * Jetty's graceful stop: the connectors stop accepting, requests in flight (a booking
     * among them) finish within the stop timeout, new requests on open connections get 503.
     */
    public synchronized void stop() {
        if (stopped) {
            return;
        }
        stopped = true;
        log.info("online booking server stopping: letting requests in flight finish");
        app.stop();
        probe.shutdownNow();
        log.info("online booking server stopped");
    }

    @Override
    public void close() {
        stop();
    }

    private static void jetty(JavalinConfig config, WebSettings settings) {
        WebSettings.Capacity capacity = settings.capacity();
        // A few dozen threads, not Jetty's 200: a page waits for one of the pool's few database
        // connections, and 200 threads parked on them cost the two cores more than the pages do;
        // requests beyond them wait in Jetty's queue, which is cheap (BENCHMARKS.md, figure 7)
        QueuedThreadPool threads = new QueuedThreadPool(MAX_THREADS, MIN_THREADS);
        threads.setName("web");
        config.jetty.threadPool = threads;
        config.jetty.modifyServer(server -> {
            server.setStopTimeout(settings.stopTimeout().toMillis());
            // a form's body is read before a thread handles it (issue 29): a client trickling its
            // body holds a connection, never one of the 32 threads; bodies over the page's limit
            // go on unread, and Javalin refuses them by their length with its 413 page
            server.insertHandler(new EagerContentHandler(new EagerContentHandler.RetainedContentLoaderFactory(MAX_REQUEST_BYTES, 0, false)));
            // ... and one trickled slower than the minimum rate is dropped (Jetty answers and closes)
            server.insertHandler(new SlowBodies(capacity.minBodyRate(), capacity.bodyGrace()));
            server.insertHandler(new GracefulHandler());
            // past so many open connections, accept none until some close (and close idle ones sooner)
            NetworkConnectionLimit limit = new NetworkConnectionLimit(capacity.maxConnections(), server);
            limit.setEndPointIdleTimeout(Math.min(2_000, capacity.idleTimeout().toMillis()));
            server.addBean(limit);
            // Jetty's own answers (a malformed request line, headers too large) say no more than the status
            ErrorHandler quiet = new ErrorHandler();
            quiet.setShowStacks(false);
            quiet.setShowMessageInTitle(false);
            server.setErrorHandler(quiet);
        });
        config.jetty.modifyHttpConfiguration(http -> {
            http.setSendServerVersion(false);
            http.setSendXPoweredBy(false);
            http.setRequestHeaderSize(8 * 1024);
            // enforced by Jetty for a servlet's own reads; the eager read above has SlowBodies
            http.setMinRequestDataRate(capacity.minBodyRate());
            http.setIdleTimeout(capacity.idleTimeout().toMillis());
        });
        // the connector is ours, http or https, for its idle timeout: a connection silent for it is
        // closed (Jetty's default, 30 s, let a slow client keep one three times as long)
        config.jetty.addConnector((server, http) -> {
            ServerConnector connector;
            if (settings.keystore() != null) {
                SslContextFactory.Server tls = new SslContextFactory.Server();
                tls.setKeyStorePath(settings.keystore().toString());
                tls.setKeyStorePassword(settings.keystorePassword());
                http.addCustomizer(new SecureRequestCustomizer());
                connector = new ServerConnector(server, new SslConnectionFactory(tls, "http/1.1"), new HttpConnectionFactory(http));
            } else {
                connector = new ServerConnector(server, new HttpConnectionFactory(http));
            }
            connector.setHost(settings.host());
            connector.setPort(settings.port());
            connector.setIdleTimeout(capacity.idleTimeout().toMillis());
            return connector;
        });
    }

    /**
     * What a browser may do with our pages: our own styles and forms only, no scripts from
     * anywhere, never inside another site's frame, and no Referer to other sites (a private
     * link's token must not travel).
     */
    private static void securityHeaders(Context ctx, Pages pages) {
        ctx.header("Content-Security-Policy", "default-src 'none'; style-src 'self'; img-src 'self' data:; "
                + "form-action 'self'; frame-ancestors 'none'; base-uri 'none'");
        ctx.header("X-Content-Type-Options", "nosniff");
        // same-origin, not no-referrer: with no-referrer a browser sends "Origin: null" on our own forms
        ctx.header("Referrer-Policy", "same-origin");
        ctx.header("X-Frame-Options", "DENY");
        ctx.header("Permissions-Policy", "camera=(), microphone=(), geolocation=(), payment=()");
        ctx.header("Cross-Origin-Opener-Policy", "same-origin");
        ctx.header("Cache-Control", "no-store");
        if (pages.secure(ctx)) {
            ctx.header("Strict-Transport-Security", "max-age=31536000");
        }
    }

    /**
     * A browser sends Origin with every POST; one that is not exactly ours — another site, or
     * this host on another port or scheme — is refused outright.
     */
    private static boolean sameOrigin(Context ctx, Pages pages) {
        String origin = ctx.header("Origin");
        if (origin == null || origin.equals("null")) {
            return true;    // older browsers, curl, privacy settings: the CSRF token still decides
        }
        return pages.ourOrigin(origin, ctx);
    }

    static String clientAddress(Context ctx, WebSettings settings) {
        if (settings.behindProxy()) {
            String forwarded = ctx.header("X-Forwarded-For");
            if (forwarded != null && !forwarded.isBlank() && forwarded.length() < 1000) {
                // the proxy appends the address it saw last; earlier entries are the client's word
                String[] hops = forwarded.split(",");
                return hops[hops.length - 1].trim();
            }
        }
        return ctx.ip();
    }

    /**
     * One probe at a time: while the database hangs, every /health waits (at most 3 s) for the
     * probe already asked rather than queueing another behind it.
     */
    private synchronized Future<Boolean> probe(BooleanSupplier databaseAnswers) {
        if (probing == null || probing.isDone()) {
            probing = probe.submit(databaseAnswers::getAsBoolean);
        }
        return probing;
    }

    private void health(Context ctx, BooleanSupplier databaseAnswers) {
        boolean up;
        try {
            up = probe(databaseAnswers).get(3, TimeUnit.SECONDS);
        } catch (Exception noAnswer) {
            up = false;
        }
        ctx.status(up ? 200 : 503).contentType("application/json")
                .result(up ? "{\"status\":\"up\",\"database\":\"up\"}" : "{\"status\":\"down\",\"database\":\"down\"}");
    }

    private static final Set<Integer> KNOWN = Set.of(400, 403, 404, 405, 413, 429, 503);

    /** Statuses the server answers by design: a page that says what happened, in the client's language. */
    private static void refused(Context ctx, Pages pages, int status) {
        int s = KNOWN.contains(status) ? status : 400;
        String key = switch (s) {
            case 403 -> "web.forbidden";
            case 404, 405 -> "web.notFound";
            case 413 -> "web.tooLarge";
            case 429 -> "web.tooMany";
            case 503 -> "web.unavailable";
            default -> "web.badRequest";
        };
        pages.message(ctx, s == 405 ? 404 : s, null, key + ".title", key + ".text", s == 400 || s == 403);
    }

    /** The salon's lane is full ({@link SalonLanes}): "busy, try again" in a moment, as the engine says it. */
    private static void busy(Context ctx, Pages pages) {
        log.info("{} {}: the salon's lane is full, answered busy", ctx.method(), ctx.path());
        ctx.header("Retry-After", "2");
        pages.message(ctx, 503, null, "web.busy.title", "web.busy.text", false);
    }

    /**
     * Anything else: the database out of reach is a page saying so (the pool reconnects by
     * itself when it is back); a bug is a page with the request id, and the stack trace goes to
     * the log once, under the same id. Neither page says more.
     */
    private static void failed(Context ctx, Pages pages, Exception e, app.salondesk.model.online.OnlineSalon lastRead) {
        if (Unavailable.is(e)) {
            log.warn("database unreachable: {}", Unavailable.summary(e));
            // under the salon's name as last read: the client knows where she is (issue 37)
            pages.message(ctx, 503, lastRead, "web.unavailable.title", "web.unavailable.text", true);
        } else if (Unavailable.poolBusy(e)) {
            // every connection of the pool in use past the page's wait (issue 37: 2 s): busy, as a full lane is
            busy(ctx, pages);
        } else {
            log.error("request {} {} failed", ctx.method(), ctx.path(), e);
            pages.message(ctx, 500, null, "web.error.title", "web.error.text", true);
        }
    }

    private static void logRequest(Context ctx, Float ms) {
        try {
            int status = ctx.status().getCode();
            // serve's /metrics (issue 37): by the route as written ("/{slug}/book"), never the path
            // a client typed, so neither a slug nor a token makes a series of its own
            io.micrometer.core.instrument.Timer.builder("salondesk.http.requests")
                    .description("Requests to the online pages, by route, method and status")
                    .tag("route", route(ctx))
                    .tag("method", ctx.method().name())
                    .tag("status", Integer.toString(status))
                    .publishPercentileHistogram()
                    .register(io.micrometer.core.instrument.Metrics.globalRegistry)
                    .record(java.time.Duration.ofNanos((long) (ms * 1_000_000)));
            if (status >= 500) {
                log.warn("{} {} -> {} in {} ms", ctx.method(), ctx.path(), status, Math.round(ms));
            } else {
                log.debug("{} {} -> {} in {} ms", ctx.method(), ctx.path(), status, Math.round(ms));
            }
        } finally {
            MDC.remove("req");
        }
    }

    /** The route the request matched, as the server declares it; "unmatched" for any other path (a 404). */
    private static String route(Context ctx) {
        io.javalin.router.Endpoint endpoint = ctx.endpoints().lastHttpEndpoint();
        return endpoint == null ? "unmatched" : endpoint.path;
    }

    private static byte[] resource(String name) {
        try (InputStream in = WebServer.class.getResourceAsStream(name)) {
            if (in == null) {
                throw new IllegalStateException(name + " is missing from the build");
            }
            return in.readAllBytes();
        } catch (IOException e) {
            throw new IllegalStateException(name, e);
        }
    }
}
