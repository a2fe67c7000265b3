package app.salondesk.logic.booking;

import app.salondesk.db.TestPostgres;
import app.salondesk.model.booking.BookingOutcome.Booked;
import app.salondesk.model.booking.BookingOutcome.TimeTaken;
import app.salondesk.model.booking.BookingOutcome;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import static app.salondesk.logic.booking.EngineFixture.at;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Issue 18's race: 16 desks at once, each on its own connection, book colours (30 minutes of
 * work, 40 while the colour takes, 30 of finishing) and short visits on one master's morning,
 * while a program that skips the lock writes plain SQL. Other clients land in the colours'
 * gaps; busy phases never overlap; every attempt has one outcome.
 */
class PhasedConcurrencyTest {

    private static final int THREADS = 16;
    private static EngineFixture f;
    private static long colour;

    @BeforeAll
    static void salon() {
        f = new EngineFixture("phased-race", THREADS + 4);
        colour = f.phasedService("Colour", "{30,-40,30}", 0, f.anna);
    }

    @AfterAll
    static void close() {
        f.close();
    }

    @Test
    void bookingsInterleavedIntoProcessingGapsNeverOverlapBusyPhases() throws Exception {
        f.clearSchedule();
        int attemptsPerThread = 25;
        List<BookingOutcome> outcomes = Collections.synchronizedList(new ArrayList<>());
        AtomicInteger bypassInserted = new AtomicInteger();
        ExecutorService pool = Executors.newFixedThreadPool(THREADS);
        CountDownLatch go = new CountDownLatch(1);
        List<Future<?>> done = new ArrayList<>();
        for (int t = 0; t < THREADS; t++) {
            int thread = t;
            done.add(pool.submit(() -> {
                Random rnd = new Random(300 + thread);
                go.await();
                if (thread == 0) {
                    bypass(rnd, attemptsPerThread, bypassInserted);
                    return null;
                }
                for (int i = 0; i < attemptsPerThread; i++) {
                    // Anna's 08:00–14:00 on a 10-minute grid: colours, and 20- or 40-minute visits that fit their gaps
                    Instant start = at(8, 0).plusSeconds(600L * rnd.nextInt(30));
                    BookingOutcome o = thread % 3 == 0
                            ? f.engine.book(f.serviceWith(f.anna, colour, start))
                            : f.engine.book(f.newBooking(f.anna, start, rnd.nextBoolean() ? 20 : 40));
                    outcomes.add(o);
                }
                return null;
            }));
        }
        go.countDown();
        for (Future<?> d : done) {
            d.get(5, TimeUnit.MINUTES);   // an exception escaping the engine fails here
        }
        pool.shutdown();

        assertEquals(0, f.overlappingPairs(), "no two busy phases of Anna overlap");
        assertEquals((THREADS - 1) * attemptsPerThread, outcomes.size(), "every attempt returned");
        Map<String, Integer> tally = new ConcurrentHashMap<>();
        for (BookingOutcome o : outcomes) {
            assertTrue(o instanceof Booked || o instanceof TimeTaken, "only booked or taken here: " + o);
            tally.merge(o.getClass().getSimpleName(), 1, Integer::sum);
        }
        int booked = tally.getOrDefault("Booked", 0);
        assertEquals(booked + bypassInserted.get(), f.count("SELECT count(*) FROM bookings"), "booked = rows; " + tally);
        assertTrue(tally.getOrDefault("TimeTaken", 0) > 0, "a real race: " + tally);
        int colours = f.count("SELECT count(*) FROM bookings WHERE phases IS NOT NULL");
        int inGaps = f.count("SELECT count(*) FROM bookings g JOIN bookings c ON c.tenant_id = g.tenant_id AND c.master_id = g.master_id "
                + "AND c.id <> g.id AND c.phases IS NOT NULL "
                + "WHERE tstzrange(g.starts_at, slot_end(g.starts_at, g.duration_min)) && tstzrange(c.starts_at, slot_end(c.starts_at, c.duration_min))");
        assertTrue(colours > 0 && inGaps > 0, "colours were booked (" + colours + ") and others inside their gaps (" + inGaps + ")");
        org.slf4j.LoggerFactory.getLogger(PhasedConcurrencyTest.class)
                .info("phased race: {}, {} colours, {} bookings inside their gaps, plain SQL {} inserted", tally, colours, inGaps,
                        bypassInserted.get());
    }

    /** A program that ignores the lock and writes colours with plain SQL: the constraint holds it back. */
    private static void bypass(Random rnd, int attempts, AtomicInteger inserted) throws SQLException {
        try (Connection c = TestPostgres.connect(f.backend.database().settings()); Statement s = c.createStatement()) {
            for (int i = 0; i < attempts; i++) {
                Instant start = at(8, 0).plusSeconds(600L * rnd.nextInt(30));
                try {
                    s.executeUpdate("INSERT INTO bookings (tenant_id, master_id, client_id, service_id, starts_at, duration_min, status) VALUES ("
                            + f.tenant + ", " + f.anna + ", " + f.client + ", " + colour + ", '" + start + "', 100, 'confirmed')");
                    inserted.incrementAndGet();
                } catch (SQLException e) {
                    assertEquals("23P01", e.getSQLState());
                }
            }
        }
    }
}
