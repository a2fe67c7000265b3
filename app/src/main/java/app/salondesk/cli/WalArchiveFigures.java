package app.salondesk.cli;

import app.salondesk.runtime.Backend;
import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Duration;

/**
 * The WAL archive's health on serve's {@code /metrics} (issue 37, ADR 0037, ADR 0041): how long ago
 * PostgreSQL last archived a WAL segment ({@code salondesk_wal_archive_age_seconds}) and how many
 * archive attempts failed ({@code salondesk_wal_archive_failed_total}), both from
 * {@code pg_stat_archiver} of the server serve's pool is connected to (the primary: serve's URL
 * asks for it).
 *
 * <p>{@code pg_stat_archiver} is one row of counters readable by every login, serve's
 * least-privileged online login included, so no definer function is needed. Where the server does
 * not archive ({@code archive_mode = off}: the embedded single-salon server, which has its own
 * backups) both say NaN, Prometheus's "no value", never a made-up 0; the age is NaN too while the
 * server has archived nothing yet. Read at most every few seconds, as the queues' depths are.
 *
 * <p>The age grows on a server that writes nothing, since nothing needs archiving: alert on it
 * together with the failures, or past {@code archive_timeout} plus a margin on a server that is
 * written to all day.
 */
final class WalArchiveFigures {

    private static final Logger log = LoggerFactory.getLogger(WalArchiveFigures.class);
    private static final Duration READ_EVERY = Duration.ofSeconds(5);
    private static final String QUERY = "SELECT pg_catalog.current_setting('archive_mode') <> 'off', "
            + "extract(epoch FROM pg_catalog.clock_timestamp() - last_archived_time)::float8, failed_count "
            + "FROM pg_catalog.pg_stat_archiver";

    private final Backend backend;
    private long readAt;
    private boolean everRead;
    private boolean warned;
    private volatile Archive last = new Archive(Double.NaN, Double.NaN);

    private WalArchiveFigures(Backend backend) {
        this.backend = backend;
    }

    /** The two series in {@code registry}, read from {@code backend}'s database at scrape time. */
    static void register(MeterRegistry registry, Backend backend) {
        WalArchiveFigures figures = new WalArchiveFigures(backend);
        Gauge.builder("salondesk.wal.archive.age", figures, f -> f.read().ageSeconds).baseUnit("seconds")
                .description("Seconds since the database last archived a WAL segment; NaN where it does not archive or has archived nothing")
                .strongReference(true).register(registry);
        FunctionCounter.builder("salondesk.wal.archive.failed", figures, f -> f.read().failed)
                .description("Failed attempts to archive a WAL segment since the database's statistics were reset; NaN where it does not archive")
                .register(registry);
        // FunctionCounter holds its object weakly: the gauge above keeps it
    }

    synchronized Archive read() {
        long now = System.nanoTime();
        if (everRead && now - readAt < READ_EVERY.toNanos()) {
            return last;
        }
        everRead = true;
        readAt = now;
        try {
            var r = backend.dsl().resultQuery(QUERY).fetchOne();
            if (r == null || !Boolean.TRUE.equals(r.get(0, Boolean.class))) {
                last = new Archive(Double.NaN, Double.NaN);
            } else {
                Double age = r.get(1, Double.class);
                last = new Archive(age == null ? Double.NaN : Math.max(0, age), r.get(2, Long.class));
            }
            warned = false;
        } catch (RuntimeException e) {
            if (!warned) {
                log.warn("metrics: the WAL archive's figures could not be read: {}", e.toString());
                warned = true;
            }
            last = new Archive(Double.NaN, Double.NaN);
        }
        return last;
    }

    record Archive(double ageSeconds, double failed) {
    }
}
