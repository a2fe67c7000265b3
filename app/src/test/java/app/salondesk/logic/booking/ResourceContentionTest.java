package app.salondesk.logic.booking;

import app.salondesk.db.TestPostgres;
import app.salondesk.model.booking.BookingOutcome;
import app.salondesk.model.booking.FreeSlot;
import app.salondesk.model.booking.NewVisit;
import app.salondesk.model.booking.Source;
import app.salondesk.model.booking.VisitOutcome;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
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
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Rooms and equipment (issue 18): one pedicure chair and two washing stations shared by Anna
 * and Bohdan. The engine answers "taken" with times when the chair is, whichever master is free;
 * 16 desks at once on both masters (and visits that need both resources, and a program writing
 * plain SQL) never put two bookings on one unit at once, and every booking that needs a resource
 * holds one.
 */
class ResourceContentionTest {

    private static final int THREADS = 16;
    private static EngineFixture f;
    private static long pedicure;
    private static long wash;

    @BeforeAll
    static void salon() {
        f = new EngineFixture("resources", THREADS + 4);
        pedicure = f.phasedService("Pedicure", "{50}", 10, f.anna, f.bohdan);
        wash = f.phasedService("Wash", "{20}", 0, f.anna, f.bohdan);
        long chair = f.id("INSERT INTO resources (tenant_id, name) VALUES (" + f.tenant + ", 'Pedicure chair') RETURNING id");
        long stations = f.id("INSERT INTO resources (tenant_id, name, capacity) VALUES (" + f.tenant + ", 'Washing station', 2) RETURNING id");
        f.dsl.execute("INSERT INTO service_resources (tenant_id, service_id, resource_id) VALUES (" + f.tenant + ", " + pedicure + ", "
                + chair + "), (" + f.tenant + ", " + wash + ", " + stations + ")");
    }

    @AfterAll
    static void close() {
        f.close();
    }

    @Test
    void theChairTakenByOneMasterIsTakenForTheOtherAndTheOffersRespectIt() {
        f.clearSchedule();
        f.booked(f.engine.book(f.serviceWith(f.anna, pedicure, at(10, 0))));
        BookingOutcome.TimeTaken taken = assertInstanceOf(BookingOutcome.TimeTaken.class,
                f.engine.book(f.serviceWith(f.bohdan, pedicure, at(10, 30))));
        assertTrue(!taken.nearestFree().isEmpty(), taken.toString());
        for (FreeSlot s : taken.nearestFree()) {
            Instant end = s.start().plus(Duration.ofMinutes(60));
            assertTrue(!end.isAfter(at(10, 0)) || !s.start().isBefore(at(11, 0)), "offered " + s + " while the chair is in use");
        }
        // Bohdan is free; a cut needs no chair
        f.booked(f.engine.book(f.cutWith(f.bohdan, at(10, 30))));
        // and the chair is Bohdan's once Anna's pedicure and its cleanup are over
        f.booked(f.engine.book(f.serviceWith(f.bohdan, pedicure, at(11, 30))));
    }

    @Test
    void manyDesksOnSeveralMastersNeverDoubleBookAUnit() throws Exception {
        f.clearSchedule();
        f.dsl.execute("DELETE FROM visits");
        int attemptsPerThread = 20;
        List<Object> outcomes = Collections.synchronizedList(new ArrayList<>());
        ExecutorService pool = Executors.newFixedThreadPool(THREADS);
        CountDownLatch go = new CountDownLatch(1);
        List<Future<?>> done = new ArrayList<>();
        for (int t = 0; t < THREADS; t++) {
            int thread = t;
            done.add(pool.submit(() -> {
                Random rnd = new Random(900 + thread);
                go.await();
                if (thread == 0) {
                    bypass(rnd, attemptsPerThread);
                    return null;
                }
                for (int i = 0; i < attemptsPerThread; i++) {
                    Instant start = at(8, 0).plusSeconds(600L * rnd.nextInt(36));
                    long master = rnd.nextBoolean() ? f.anna : f.bohdan;
                    if (thread % 4 == 1) {
                        // a wash with one master, then a pedicure with the other: both resources in one visit
                        long other = master == f.anna ? f.bohdan : f.anna;
                        outcomes.add(f.engine.bookVisit(new NewVisit(f.tenant, f.client, List.of(
                                new NewVisit.Part(master, wash, start, null),
                                new NewVisit.Part(other, pedicure, start.plus(Duration.ofMinutes(20)), null)), "", UUID.randomUUID(),
                                Source.FORM)));
                    } else {
                        outcomes.add(f.engine.book(f.serviceWith(master, rnd.nextBoolean() ? pedicure : wash, start)));
                    }
                }
                return null;
            }));
        }
        go.countDown();
        for (Future<?> d : done) {
            d.get(5, TimeUnit.MINUTES);
        }
        pool.shutdown();

        Map<String, Integer> tally = new ConcurrentHashMap<>();
        for (Object o : outcomes) {
            boolean expected = o instanceof VisitOutcome.Booked || o instanceof VisitOutcome.TimeTaken
                    || o instanceof BookingOutcome.Booked || o instanceof BookingOutcome.TimeTaken;
            assertTrue(expected, "booked or taken only: " + o);
            tally.merge(o.getClass().getName().replaceAll(".*\\.", ""), 1, Integer::sum);
        }
        assertEquals(0, f.overlappingPairs(), "no master double-booked");
        assertEquals(0, f.count("SELECT count(*) FROM booking_resources a JOIN booking_resources b ON a.tenant_id = b.tenant_id "
                + "AND a.resource_id = b.resource_id AND a.unit = b.unit AND a.booking_id < b.booking_id WHERE a.during && b.during"),
                "no unit held twice at once");
        assertEquals(0, f.count("SELECT count(*) FROM bookings b JOIN service_resources sr ON sr.tenant_id = b.tenant_id "
                + "AND sr.service_id = b.service_id WHERE b.status IN ('pending','confirmed','arrived') AND NOT EXISTS ("
                + "SELECT 1 FROM booking_resources h WHERE h.tenant_id = b.tenant_id AND h.booking_id = b.id AND h.resource_id = sr.resource_id)"),
                "every booking that needs a resource holds a unit of it");
        // capacity: never more pedicures at once than the one chair, nor washes than the two stations
        assertEquals(0, f.count("SELECT count(*) FROM booking_resources a JOIN resources r ON r.tenant_id = a.tenant_id AND r.id = a.resource_id "
                + "WHERE (SELECT count(*) FROM booking_resources b WHERE b.tenant_id = a.tenant_id AND b.resource_id = a.resource_id "
                + "AND b.during @> lower(a.during)) > r.capacity"));
        assertEquals(0, f.count("SELECT count(*) FROM visits v WHERE (SELECT count(*) FROM bookings b WHERE b.tenant_id = v.tenant_id "
                + "AND b.visit_id = v.id) <> 2"), "no half visit");
        assertTrue(tally.getOrDefault("BookingOutcome$Booked", 0) + tally.getOrDefault("VisitOutcome$Booked", 0) > 0
                && tally.getOrDefault("BookingOutcome$TimeTaken", 0) > 0, "a real race: " + tally);
        org.slf4j.LoggerFactory.getLogger(ResourceContentionTest.class).info("resource race: {}", tally);
    }

    /** Plain SQL past every lock: the database still gives units one at a time. */
    private static void bypass(Random rnd, int attempts) throws SQLException {
        try (Connection c = TestPostgres.connect(f.backend.database().settings()); Statement s = c.createStatement()) {
            for (int i = 0; i < attempts; i++) {
                Instant start = at(8, 0).plusSeconds(600L * rnd.nextInt(36));
                try {
                    s.executeUpdate("INSERT INTO bookings (tenant_id, master_id, client_id, service_id, starts_at, duration_min) VALUES ("
                            + f.tenant + ", " + (rnd.nextBoolean() ? f.anna : f.bohdan) + ", " + f.client + ", " + wash + ", '" + start + "', 20)");
                } catch (SQLException e) {
                    // refused by the exclusion constraint, or — this writer takes none of the named
                    // locks, so its row locks come in another order than the engine's — chosen by
                    // PostgreSQL's deadlock detector (40P01, seen once in the CI run of 08:40); either
                    // way nothing of it is written
                    assertTrue(java.util.Set.of("23P01", "40P01").contains(e.getSQLState()), e.getSQLState() + ": " + e.getMessage());
                }
            }
        }
    }
}
