package app.salondesk.cli;

import app.salondesk.logic.booking.WriteFigures;
import app.salondesk.runtime.Backend;
import com.sun.net.httpserver.HttpServer;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.Metrics;
import io.micrometer.core.instrument.binder.jvm.ClassLoaderMetrics;
import io.micrometer.core.instrument.binder.jvm.JvmGcMetrics;
import io.micrometer.core.instrument.binder.jvm.JvmMemoryMetrics;
import io.micrometer.core.instrument.binder.jvm.JvmThreadMetrics;
import io.micrometer.core.instrument.binder.system.FileDescriptorMetrics;
import io.micrometer.core.instrument.binder.system.ProcessorMetrics;
import io.micrometer.core.instrument.binder.system.UptimeMetrics;
import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicLong;

/**
 * {@code serve --metrics-port P} (issue 37): {@code GET /metrics} in Prometheus's text format on a
 * port of its own, bound to the loopback address unless {@code --metrics-host} names another, so
 * the figures are never on the page's public port by accident. The figures are Micrometer's
 * global registry — the page's requests ({@code web.WebServer}), the write protocol's writes, lock
 * waits and "try again"s ({@code logic.booking.WriteFigures}) — and what is asked at each scrape:
 * the pool's connections, whether the database answers, the depths of the waitlist and of
 * the messages due, and the WAL archive's age and failures ({@link WalArchiveFigures}).
 */
final class ServeMetrics implements AutoCloseable {

    private static final Logger log = LoggerFactory.getLogger(ServeMetrics.class);
    /** A scrape asks the database at most this often: Prometheus scraping every second costs one query a few seconds. */
    private static final Duration QUEUE_READ_EVERY = Duration.ofSeconds(5);

    private final PrometheusMeterRegistry registry;
    private final HttpServer http;
    private final JvmGcMetrics gc;

    private ServeMetrics(PrometheusMeterRegistry registry, HttpServer http, JvmGcMetrics gc) {
        this.registry = registry;
        this.http = http;
        this.gc = gc;
    }

    /** Starts listening on {@code host:port} (port 0: any free one) with the figures of {@code backend}, serve's own pool. */
    static ServeMetrics start(String host, int port, Backend backend) {
        PrometheusMeterRegistry registry = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
        registry.config().commonTags("app", "salondesk");
        Metrics.addRegistry(registry);
        WriteFigures.startAtZero();
        // the JVM's own: heap and its pools, garbage collection, threads, classes, CPU, uptime, files
        new JvmMemoryMetrics().bindTo(registry);
        JvmGcMetrics gc = new JvmGcMetrics();
        gc.bindTo(registry);
        new JvmThreadMetrics().bindTo(registry);
        new ClassLoaderMetrics().bindTo(registry);
        new ProcessorMetrics().bindTo(registry);
        new UptimeMetrics().bindTo(registry);
        new FileDescriptorMetrics().bindTo(registry);
        // HikariCP's own tracker of serve's pool (hikaricp_connections_*: waits for a connection, timeouts,
        // time held), beside the three figures below that the dashboard has shown since the start
        try {
            backend.database().trackPoolIn(registry);
        } catch (IllegalStateException e) {
            log.warn("metrics: serve's pool has a registry already ({}); no hikaricp_* figures", e.getMessage());
        }
        var pool = backend.database().poolFigures();
        Gauge.builder("salondesk.db.pool.connections", pool, p -> p.getActiveConnections())
                .description("serve's pool: connections in use").tag("state", "active").strongReference(true).register(registry);
        Gauge.builder("salondesk.db.pool.connections", pool, p -> p.getIdleConnections())
                .description("serve's pool: connections in use").tag("state", "idle").strongReference(true).register(registry);
        Gauge.builder("salondesk.db.pool.connections", pool, p -> p.getThreadsAwaitingConnection())
                .description("serve's pool: connections in use").tag("state", "pending").strongReference(true).register(registry);
        Gauge.builder("salondesk.db.pool.max", backend.database(), d -> d.maxPoolSize())
                .description("serve's pool: the most connections it opens").strongReference(true).register(registry);
        Gauge.builder("salondesk.database.up", backend, ServeMetrics::answers)
                .description("1 while the database answers serve's pool, 0 when it does not").strongReference(true).register(registry);
        // held by the gauges alone: strongly, or Micrometer's weak reference lets it go and they say NaN
        Queues queues = new Queues(backend);
        Gauge.builder("salondesk.waitlist.waiting", queues, q -> q.read().waitlist)
                .description("Waitlist entries waiting for a time, every salon").strongReference(true).register(registry);
        Gauge.builder("salondesk.messages.due", queues, q -> q.read().messages)
                .description("Messages due and not sent yet, every salon").strongReference(true).register(registry);
        WalArchiveFigures.register(registry, backend);
        HttpServer http;
        try {
            http = HttpServer.create(new InetSocketAddress(host, port), 16);
        } catch (IOException e) {
            gc.close();
            Metrics.removeRegistry(registry);
            registry.close();
            throw new UncheckedIOException("the metrics could not listen on " + host + ":" + port, e);
        }
        http.createContext("/metrics", exchange -> {
            try (exchange) {
                if (!"GET".equals(exchange.getRequestMethod())) {
                    exchange.sendResponseHeaders(405, -1);
                    return;
                }
                byte[] body = registry.scrape().getBytes(StandardCharsets.UTF_8);
                exchange.getResponseHeaders().set("Content-Type", "text/plain; version=0.0.4; charset=utf-8");
                exchange.sendResponseHeaders(200, body.length);
                try (OutputStream out = exchange.getResponseBody()) {
                    out.write(body);
                }
            }
        });
        http.setExecutor(Executors.newSingleThreadExecutor(r -> {
            Thread t = new Thread(r, "metrics");
            t.setDaemon(true);
            return t;
        }));
        http.start();
        log.info("metrics at http://{}:{}/metrics", host, http.getAddress().getPort());
        return new ServeMetrics(registry, http, gc);
    }

    int port() {
        return http.getAddress().getPort();
    }

    @Override
    public void close() {
        http.stop(0);
        gc.close();
        Metrics.removeRegistry(registry);
        registry.close();
    }

    private static double answers(Backend backend) {
        try {
            Integer one = backend.dsl().resultQuery("SELECT 1").fetchOne(0, Integer.class);
            return one != null && one == 1 ? 1 : 0;
        } catch (RuntimeException e) {
            log.debug("metrics: the database does not answer", e);
            return 0;
        }
    }

    /** The two depths, read at most every few seconds; NaN (Prometheus: no value) while the database does not say. */
    private static final class Queues {
        private final Backend backend;
        private final AtomicLong readAt = new AtomicLong(Long.MIN_VALUE);
        private volatile Depths last = new Depths(Double.NaN, Double.NaN);
        private boolean warned;

        Queues(Backend backend) {
            this.backend = backend;
        }

        synchronized Depths read() {
            long now = System.nanoTime();
            if (readAt.get() != Long.MIN_VALUE && now - readAt.get() < QUEUE_READ_EVERY.toNanos()) {
                return last;
            }
            readAt.set(now);
            try {
                var r = backend.dsl().resultQuery("SELECT waitlist_waiting, messages_due FROM salondesk_queue_depths()").fetchOne();
                last = new Depths(r.get(0, Long.class), r.get(1, Long.class));
            } catch (RuntimeException e) {
                // said once when it starts failing, not at every scrape while the database is away
                if (!Double.isNaN(last.waitlist) || readAt.get() == now && !warned) {
                    log.warn("metrics: the queues' depths could not be read: {}", e.toString());
                    warned = true;
                }
                last = new Depths(Double.NaN, Double.NaN);
            }
            return last;
        }
    }

    private record Depths(double waitlist, double messages) {
    }
}
