package app.salondesk.runtime;

import app.salondesk.db.Database;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.Meter;
import io.micrometer.core.instrument.Metrics;
import io.micrometer.core.instrument.Timer;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Duration;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;

/**
 * The desk's own figures in its log (issue 37): a desk has no {@code /metrics} (nobody scrapes a
 * salon's PC), so what the write protocol counts in Micrometer's global registry — bookings
 * written by road and outcome, the named locks' waits, "try again"s, retries — and its pool
 * are written to {@code salondesk.log} as one line every so often (15 minutes), and once more when
 * the desk closes. The figures are since the desk started; a line is written only when a
 * write happened since the last, or once an hour while the desk is idle.
 */
public final class DeskFigures implements AutoCloseable {

    private static final Logger log = LoggerFactory.getLogger(DeskFigures.class);
    /** How often a line is written, unless {@code -Dsalondesk.figures.minutes=N} says otherwise. */
    public static final Duration EVERY = Duration.ofMinutes(Long.getLong("salondesk.figures.minutes", 15));

    private final SimpleMeterRegistry registry = new SimpleMeterRegistry();
    private final Supplier<Backend> backend;
    private final ScheduledExecutorService timer;
    private final long quietLines;
    private long lastWrites = -1;
    private long quiet;

    private DeskFigures(Supplier<Backend> backend, Duration every) {
        this.backend = backend;
        this.quietLines = Math.max(1, Duration.ofHours(1).toMillis() / Math.max(1, every.toMillis()));
        Metrics.addRegistry(registry);
        timer = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "desk-figures");
            t.setDaemon(true);
            return t;
        });
        timer.scheduleAtFixedRate(this::logIfDue, every.toMillis(), every.toMillis(), TimeUnit.MILLISECONDS);
    }

    /** Starts counting and writing the figures of this desk, whose pool is {@code backend}'s (a restore replaces it; null: none yet). */
    public static DeskFigures start(Supplier<Backend> backend, Duration every) {
        return new DeskFigures(backend, every);
    }

    private synchronized void logIfDue() {
        try {
            long writes = writes();
            if (writes != lastWrites || ++quiet >= quietLines) {
                log.info(line());
                lastWrites = writes;
                quiet = 0;
            }
        } catch (RuntimeException | Error e) {
            // never out of the timer: an exception there would end the schedule for good
            log.warn("the desk's figures could not be written", e);
        }
    }

    private long writes() {
        return registry.find("salondesk.booking.writes").timers().stream().mapToLong(Timer::count).sum();
    }

    /**
     * One line of the figures since the start: {@code desk figures: bookings written 12 (online/Booked 1,
     * desk/Booked 10, desk/TimeTaken 1), try again 0, retries 0, lock waits 12 (mean 3 ms, max 40 ms), pool
     * active 1 idle 2 waiting 0 of 4}.
     */
    public String line() {
        Map<String, Long> byRoad = new TreeMap<>();
        long written = 0;
        for (Timer t : registry.find("salondesk.booking.writes").timers()) {
            written += t.count();
            if (t.count() > 0) {
                byRoad.merge(t.getId().getTag("road") + "/" + t.getId().getTag("outcome"), t.count(), Long::sum);
            }
        }
        StringBuilder s = new StringBuilder("desk figures: bookings written ").append(written);
        if (!byRoad.isEmpty()) {
            StringBuilder parts = new StringBuilder();
            byRoad.forEach((k, n) -> parts.append(parts.isEmpty() ? "" : ", ").append(k).append(' ').append(n));
            s.append(" (").append(parts).append(')');
        }
        s.append(", try again ").append(count("salondesk.booking.try.again"));
        s.append(", retries ").append(count("salondesk.booking.retries"));
        long waits = 0;
        double total = 0;
        double max = 0;
        for (Timer t : registry.find("salondesk.booking.lock.wait").timers()) {
            waits += t.count();
            total += t.totalTime(TimeUnit.MILLISECONDS);
            max = Math.max(max, t.max(TimeUnit.MILLISECONDS));
        }
        s.append(", lock waits ").append(waits);
        if (waits > 0) {
            s.append(String.format(java.util.Locale.ROOT, " (mean %.0f ms, max %.0f ms)", total / waits, max));
        }
        try {
            Backend b = backend.get();
            Database db = b == null ? null : b.database();
            var pool = db == null ? null : db.poolFigures();
            if (pool != null) {
                s.append(", pool active ").append(pool.getActiveConnections())
                        .append(" idle ").append(pool.getIdleConnections())
                        .append(" waiting ").append(pool.getThreadsAwaitingConnection())
                        .append(" of ").append(db.maxPoolSize());
            }
        } catch (RuntimeException e) {
            s.append(", pool closed");
        }
        return s.toString();
    }

    private long count(String name) {
        return (long) registry.find(name).counters().stream().mapToDouble(Counter::count).sum();
    }

    /** The figures once more, and no more counting. */
    @Override
    public synchronized void close() {
        timer.shutdownNow();
        try {
            log.info(line());
        } finally {
            Metrics.removeRegistry(registry);
            for (Meter m : registry.getMeters()) {
                registry.remove(m);
            }
            registry.close();
        }
    }
}
