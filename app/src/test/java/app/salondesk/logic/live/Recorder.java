package app.salondesk.logic.live;

import app.salondesk.model.live.BookingChange;

import java.time.Duration;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.fail;

/** What a {@link LiveUpdates} told its listeners, waited for with a bound instead of a sleep. */
final class Recorder {

    static final Duration WITHIN = Duration.ofSeconds(5);

    final BlockingQueue<BookingChange> changes = new LinkedBlockingQueue<>();
    final BlockingQueue<LiveUpdates.State> states = new LinkedBlockingQueue<>();

    Recorder(LiveUpdates live) {
        live.onChange(changes::add);
        live.onState(states::add);
    }

    BookingChange nextChange() throws InterruptedException {
        BookingChange c = changes.poll(WITHIN.toMillis(), TimeUnit.MILLISECONDS);
        if (c == null) {
            fail("no change arrived within " + WITHIN);
        }
        return c;
    }

    /** Waits until {@code expected} is reported, skipping the states before it. */
    void awaitState(LiveUpdates.State expected, Duration within) throws InterruptedException {
        long deadline = System.nanoTime() + within.toNanos();
        while (true) {
            LiveUpdates.State s = states.poll(deadline - System.nanoTime(), TimeUnit.NANOSECONDS);
            if (s == null) {
                fail(expected + " was not reported within " + within);
            }
            if (s == expected) {
                return;
            }
        }
    }

    void awaitState(LiveUpdates.State expected) throws InterruptedException {
        awaitState(expected, WITHIN);
    }
}
