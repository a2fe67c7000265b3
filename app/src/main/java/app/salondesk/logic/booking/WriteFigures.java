package app.salondesk.logic.booking;

import app.salondesk.model.booking.Source;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.Metrics;
import io.micrometer.core.instrument.Timer;

import java.time.Duration;
import java.util.Locale;

/**
 * What the write protocol counts (issue 37), in Micrometer's global registry: every write by road
 * and outcome with its time, the time spent awaiting the named locks, and the "try again"s by
 * why. With no registry added (the desk) the meters cost next to nothing; {@code serve} adds
 * the one its {@code /metrics} reads.
 */
final class WriteFigures {

    private WriteFigures() {
    }

    /** One write's end: its road (the booking's source), its outcome's name, and how long it took, retries included. */
    static void written(Source road, Object outcome, long startedNanos) {
        String kind = outcome == null ? "none" : outcome.getClass().getSimpleName();
        Timer.builder("salondesk.booking.writes")
                .description("Writes of bookings through the write protocol, by road and outcome")
                .tag("road", road.name().toLowerCase(Locale.ROOT))
                .tag("outcome", kind)
                .publishPercentileHistogram()
                .register(Metrics.globalRegistry)
                .record(Duration.ofNanos(System.nanoTime() - startedNanos));
    }

    /** Time spent taking the named locks (the masters', the rooms'), a lock timeout included. */
    static void lockWait(long startedNanos) {
        Timer.builder("salondesk.booking.lock.wait")
                .description("Time a write waited for the named per-master (and rooms) locks")
                .publishPercentileHistogram()
                .register(Metrics.globalRegistry)
                .record(Duration.ofNanos(System.nanoTime() - startedNanos));
    }

    /** A "try again" answered, by why: busy (a lock held past the wait), connection lost. */
    static void tryAgain(String why) {
        Counter.builder("salondesk.booking.try.again")
                .description("Writes answered 'busy, try again', by why")
                .tag("why", why.toLowerCase(Locale.ROOT))
                .register(Metrics.globalRegistry)
                .increment();
    }

    /** A write sent again by the protocol (deadlock, serialization failure, a standby refusing it). */
    static void retried(String sqlState) {
        Counter.builder("salondesk.booking.retries")
                .description("Whole transactions the write protocol sent again, by SQLSTATE")
                .tag("sqlstate", sqlState == null ? "none" : sqlState)
                .register(Metrics.globalRegistry)
                .increment();
    }
}
