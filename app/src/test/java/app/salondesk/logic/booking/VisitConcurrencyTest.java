package app.salondesk.logic.booking;

import app.salondesk.model.booking.BookingOutcome;
import app.salondesk.model.booking.NewVisit;
import app.salondesk.model.booking.Source;
import app.salondesk.model.booking.VisitOutcome;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

import static app.salondesk.logic.booking.EngineFixture.at;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Issue 18's race of visits: 16 desks at once, each on its own connection. Some book visits
 * across two masters — a colour with Anna then a cut with Bohdan, or a cut with Bohdan then a
 * colour with Anna (so the masters' locks are wanted in both orders) — while the others book
 * single bookings on either master. Never half a visit, never an overlap, no deadlock reaches
 * a caller, every attempt one outcome.
 */
class VisitConcurrencyTest {

    private static final int THREADS = 16;
    private static EngineFixture f;
    private static long colour;

    @BeforeAll
    static void salon() {
        f = new EngineFixture("visit-race", THREADS + 4);
        colour = f.phasedService("Colour", "{30,-40,30}", 0, f.anna, f.bohdan);
    }

    @AfterAll
    static void close() {
        f.close();
    }

    @Test
    void visitsAcrossTwoMastersRacingWithSingleBookingsAreNeverHalfBookedNorOverlapping() throws Exception {
        f.clearSchedule();
        int attemptsPerThread = 20;
        List<Object> outcomes = Collections.synchronizedList(new ArrayList<>());
        ExecutorService pool = Executors.newFixedThreadPool(THREADS);
        CountDownLatch go = new CountDownLatch(1);
        List<Future<?>> done = new ArrayList<>();
        for (int t = 0; t < THREADS; t++) {
            int thread = t;
            done.add(pool.submit(() -> {
                Random rnd = new Random(700 + thread);
                go.await();
                for (int i = 0; i < attemptsPerThread; i++) {
                    Instant start = at(8, 0).plusSeconds(600L * rnd.nextInt(48));
                    if (thread % 2 == 0) {
                        boolean annaFirst = rnd.nextBoolean();
                        List<NewVisit.Part> parts = annaFirst
                                ? List.of(new NewVisit.Part(f.anna, colour, start, null),
                                          new NewVisit.Part(f.bohdan, f.cut, start.plus(Duration.ofMinutes(100)), null))
                                : List.of(new NewVisit.Part(f.bohdan, f.cut, start, null),
                                          new NewVisit.Part(f.anna, colour, start.plus(Duration.ofMinutes(60)), null));
                        outcomes.add(f.engine.bookVisit(new NewVisit(f.tenant, f.client, parts, "", UUID.randomUUID(), Source.FORM)));
                    } else {
                        long master = rnd.nextBoolean() ? f.anna : f.bohdan;
                        outcomes.add(f.engine.book(f.newBooking(master, start, rnd.nextBoolean() ? 30 : 40)));
                    }
                }
                return null;
            }));
        }
        go.countDown();
        for (Future<?> d : done) {
            d.get(5, TimeUnit.MINUTES);   // an exception escaping the engine (a deadlock) fails here
        }
        pool.shutdown();

        assertEquals(THREADS * attemptsPerThread, outcomes.size(), "every attempt returned");
        Map<String, Integer> tally = new ConcurrentHashMap<>();
        int visitParts = 0;
        for (Object o : outcomes) {
            boolean expected = o instanceof VisitOutcome.Booked || o instanceof VisitOutcome.TimeTaken
                    || o instanceof BookingOutcome.Booked || o instanceof BookingOutcome.TimeTaken;
            assertTrue(expected, "only booked or taken, no try-again from a deadlock: " + o);
            tally.merge(o.getClass().getName().replaceAll(".*\\.", "").replace("$", "."), 1, Integer::sum);
            if (o instanceof VisitOutcome.Booked b) {
                visitParts += b.parts().size();
            }
        }
        assertEquals(0, f.overlappingPairs(), "no busy time of one master overlaps: " + tally);
        assertEquals(0, f.count("SELECT count(*) FROM visits v WHERE (SELECT count(*) FROM bookings b "
                + "WHERE b.tenant_id = v.tenant_id AND b.visit_id = v.id) <> 2"), "every visit has both its parts");
        int visits = tally.getOrDefault("VisitOutcome.Booked", 0);
        assertEquals(2 * visits, visitParts);
        assertEquals(visits, f.count("SELECT count(*) FROM visits"), "each visit booked is one visit row");
        assertEquals(visits * 2 + tally.getOrDefault("BookingOutcome.Booked", 0), f.count("SELECT count(*) FROM bookings"),
                "rows = what was answered booked; " + tally);
        assertTrue(visits > 0 && tally.getOrDefault("VisitOutcome.TimeTaken", 0) > 0, "a real race: " + tally);
        org.slf4j.LoggerFactory.getLogger(VisitConcurrencyTest.class).info("visit race: {}", tally);
    }
}
