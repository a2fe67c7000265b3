package app.salondesk.runtime;

import app.salondesk.logic.booking.EngineFixture;
import app.salondesk.model.booking.BookingOutcome;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import org.junit.jupiter.api.Test;
import org.slf4j.LoggerFactory;

import java.time.Duration;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The desk's own figures in its log (issue 37): bookings written through the real engine on a real
 * PostgreSQL, counted by road and outcome with their lock waits and the pool, written as one line
 * on the desk's schedule (here every 300 ms) and once more when the desk closes.
 */
class DeskFiguresTest {

    @Test
    void aDeskWritesItsBookingsLockWaitsAndPoolToItsLog() throws Exception {
        ListAppender<ILoggingEvent> logged = new ListAppender<>();
        Logger logger = (Logger) LoggerFactory.getLogger(DeskFigures.class);
        logged.start();
        logger.addAppender(logged);
        try (EngineFixture f = new EngineFixture("desk_figures", 3)) {
            DeskFigures figures = DeskFigures.start(() -> f.backend, Duration.ofMillis(300));
            try {
                assertInstanceOf(BookingOutcome.Booked.class, f.engine.book(f.cutWith(f.anna, EngineFixture.at(10, 0))));
                assertInstanceOf(BookingOutcome.TimeTaken.class, f.engine.book(f.cutWith(f.anna, EngineFixture.at(10, 30))));
                String line = figures.line();
                assertTrue(line.startsWith("desk figures: bookings written 2 (form/Booked 1, form/TimeTaken 1)"), line);
                // the engine's own statement carries the locks of a new booking: no separate wait to time
                assertTrue(line.matches(".*, try again 0, retries 0, lock waits [0-9]+( \\(mean [0-9]+ ms, max [0-9]+ ms\\))?, pool .*"), line);
                assertTrue(line.matches(".*, pool active 0 idle [0-9]+ waiting 0 of 3$"), line);
                long deadline = System.nanoTime() + Duration.ofSeconds(20).toNanos();
                // a line may have gone before the writes (the schedule's first, at 300 ms): the one after them is awaited
                while (lines(logged).stream().noneMatch(l -> l.startsWith("desk figures: bookings written 2 (")) && System.nanoTime() < deadline) {
                    Thread.sleep(50);
                }
                assertTrue(lines(logged).stream().anyMatch(l -> l.startsWith("desk figures: bookings written 2 (")), lines(logged).toString());
                // nothing written since: no new line until an hour of quiet (here 12 000 periods)
                int before = lines(logged).size();
                Thread.sleep(1200);
                assertTrue(lines(logged).size() <= before + 1, lines(logged).toString());
            } finally {
                figures.close();
            }
            List<String> all = lines(logged);
            assertTrue(all.get(all.size() - 1).startsWith("desk figures: bookings written 2"), "the last figures when the desk closes: " + all);
            // closed: the desk's registry no longer counts
            f.engine.book(f.cutWith(f.bohdan, EngineFixture.at(12, 0)));
            assertTrue(figures.line().startsWith("desk figures: bookings written 0"), figures.line());
        } finally {
            logger.detachAppender(logged);
        }
    }

    private static List<String> lines(ListAppender<ILoggingEvent> logged) {
        synchronized (logged.list) {
            return logged.list.stream().map(ILoggingEvent::getFormattedMessage).filter(l -> l.startsWith("desk figures:")).toList();
        }
    }
}
