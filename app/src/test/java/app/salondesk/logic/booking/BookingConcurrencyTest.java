package app.salondesk.logic.booking;

import app.salondesk.db.TestPostgres;
import app.salondesk.model.booking.Booking;
import app.salondesk.model.booking.BookingOutcome.Booked;
import app.salondesk.model.booking.BookingOutcome.ChangedByOthers;
import app.salondesk.model.booking.BookingOutcome.Invalid;
import app.salondesk.model.booking.BookingOutcome.TimeTaken;
import app.salondesk.model.booking.BookingOutcome.TryAgain;
import app.salondesk.model.booking.BookingOutcome;
import app.salondesk.model.booking.BookingStatus;
import app.salondesk.model.booking.NewBooking;
import app.salondesk.model.booking.Reschedule;
import app.salondesk.model.booking.Source;
import app.salondesk.model.booking.StatusChange;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
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
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import static app.salondesk.logic.booking.EngineFixture.at;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Many desks at once, each on its own connection, against a real PostgreSQL. */
class BookingConcurrencyTest {

    private static final int THREADS = 16;
    private static EngineFixture f;

    @BeforeAll
    static void salon() {
        f = new EngineFixture("concurrency", THREADS + 4);
    }

    @AfterAll
    static void close() {
        f.close();
    }

    @BeforeEach
    void emptySchedule() {
        f.dsl.execute("DELETE FROM bookings");
    }

    /** What one attempt was, and what came of it. */
    private record Attempt(String kind, BookingOutcome outcome) {
    }

    @Test
    void creatingMovingAndRevivingAtOnceNeverDoubleBooksAndEveryAttemptHasOneOutcome() throws Exception {
        int attemptsPerThread = 30;
        List<Booking> known = Collections.synchronizedList(new ArrayList<>());
        List<Attempt> attempts = Collections.synchronizedList(new ArrayList<>());
        AtomicInteger bypassInserted = new AtomicInteger();
        AtomicInteger bypassRefused = new AtomicInteger();
        ExecutorService pool = Executors.newFixedThreadPool(THREADS);
        CountDownLatch go = new CountDownLatch(1);
        List<Future<?>> done = new ArrayList<>();
        for (int t = 0; t < THREADS; t++) {
            int thread = t;
            done.add(pool.submit(() -> {
                Random rnd = new Random(thread);
                go.await();
                if (thread == 0) {
                    bypassWriter(rnd, attemptsPerThread, bypassInserted, bypassRefused);
                    return null;
                }
                for (int i = 0; i < attemptsPerThread; i++) {
                    // one master, one morning: 10:00..13:45 on a 15-minute grid, 30 or 60 minutes
                    Instant start = at(10, 0).plusSeconds(60L * 15 * rnd.nextInt(16));
                    int minutes = rnd.nextBoolean() ? 30 : 60;
                    int dice = rnd.nextInt(10);
                    Booking target = known.isEmpty() ? null : known.get(rnd.nextInt(known.size()));
                    if (dice < 5 || target == null) {
                        BookingOutcome o = f.engine.book(f.newBooking(f.anna, start, minutes));
                        attempts.add(new Attempt("create", o));
                        if (o instanceof Booked b) {
                            known.add(b.booking());
                        }
                    } else if (dice < 8) {
                        BookingOutcome o = f.engine.reschedule(new Reschedule(f.tenant, target.id(), target.version(),
                                target.masterId(), f.anna, start, minutes, Source.DRAG, false));
                        attempts.add(new Attempt("move", o));
                        if (o instanceof Booked b) {
                            known.add(b.booking());
                        }
                    } else {
                        BookingStatus next = target.status() == BookingStatus.CANCELLED ? BookingStatus.CONFIRMED : BookingStatus.CANCELLED;
                        BookingOutcome o = f.engine.changeStatus(new StatusChange(f.tenant, target.id(), target.version(),
                                target.masterId(), next, Source.FORM));
                        attempts.add(new Attempt("status", o));
                        if (o instanceof Booked b) {
                            known.add(b.booking());
                        }
                    }
                }
                return null;
            }));
        }
        go.countDown();
        for (Future<?> d : done) {
            d.get(5, TimeUnit.MINUTES);   // any exception escaping the engine fails the test here
        }
        pool.shutdown();

        assertEquals(0, f.overlappingPairs(), "no master is ever double-booked");
        assertEquals((THREADS - 1) * attemptsPerThread, attempts.size(), "every attempt returned");
        Map<String, Map<String, Integer>> tally = new ConcurrentHashMap<>();
        for (Attempt a : attempts) {
            assertTrue(a.outcome() != null);
            tally.computeIfAbsent(a.kind(), k -> new ConcurrentHashMap<>()).merge(a.outcome().getClass().getSimpleName(), 1, Integer::sum);
            if (a.kind().equals("create")) {
                assertFalse(a.outcome() instanceof ChangedByOthers);
            }
            if (a.outcome() instanceof Invalid i) {
                throw new AssertionError("nothing here is invalid: " + i);
            }
        }
        int createdByEngine = tally.getOrDefault("create", Map.of()).getOrDefault("Booked", 0);
        int rows = f.count("SELECT count(*) FROM bookings");
        assertEquals(createdByEngine + bypassInserted.get(), rows, "Booked creates (plus plain-SQL rows) = rows gained; tally " + tally);
        assertTrue(createdByEngine > 0 && tally.get("create").getOrDefault("TimeTaken", 0) > 0, "a real race: " + tally);
        assertTrue(tally.containsKey("move") && tally.containsKey("status"), tally.toString());
        org.slf4j.LoggerFactory.getLogger(BookingConcurrencyTest.class)
                .info("race: {}, plain SQL {} inserted / {} refused", tally, bypassInserted.get(), bypassRefused.get());
    }

    /** A program that ignores the lock and writes plain SQL: the constraint still holds it back. */
    private static void bypassWriter(Random rnd, int attempts, AtomicInteger inserted, AtomicInteger refused) throws SQLException {
        try (Connection c = TestPostgres.connect(f.backend.database().settings()); Statement s = c.createStatement()) {
            for (int i = 0; i < attempts; i++) {
                Instant start = at(10, 0).plusSeconds(60L * 15 * rnd.nextInt(16));
                try {
                    s.executeUpdate("INSERT INTO bookings (tenant_id, master_id, client_id, service_id, starts_at, duration_min, status) VALUES ("
                            + f.tenant + ", " + f.anna + ", " + f.client + ", NULL, '" + start + "', 30, 'confirmed')");
                    inserted.incrementAndGet();
                } catch (SQLException e) {
                    assertEquals("23P01", e.getSQLState());
                    refused.incrementAndGet();
                }
            }
        }
    }

    @Test
    void whileAnotherProgramHoldsTheMastersLockTheAnswerIsTryAgainAndOtherMastersAreUnaffected() throws Exception {
        try (Connection holder = TestPostgres.connect(f.backend.database().settings())) {
            holder.setAutoCommit(false);
            try (Statement s = holder.createStatement()) {
                // Anna's named lock, exactly as another program of the salon takes it
                s.execute(BookingEngine.lockStatement(f.tenant, f.anna));
            }
            long t0 = System.nanoTime();
            CompletableFuture<BookingOutcome> onAnna = CompletableFuture.supplyAsync(() -> f.engine.book(f.newBooking(f.anna, at(10, 0), 60)));
            BookingOutcome onBohdan = f.engine.book(f.newBooking(f.bohdan, at(10, 0), 60));
            assertInstanceOf(Booked.class, onBohdan);
            assertFalse(onAnna.isDone(), "Bohdan's booking went through while Anna's still waits");
            assertInstanceOf(TryAgain.class, onAnna.get(30, TimeUnit.SECONDS));
            Duration waited = Duration.ofNanos(System.nanoTime() - t0);
            assertTrue(waited.toMillis() >= 4_500, "waited the 5 s budget, not less: " + waited);
            holder.rollback();
        }
        assertInstanceOf(Booked.class, f.engine.book(f.newBooking(f.anna, at(10, 0), 60)), "free again once released");
    }

    @Test
    void opposingMovesBetweenTwoMastersNeverDeadlockTowardsTheCaller() throws Exception {
        // Anna has morning bookings, Bohdan afternoon ones; threads shuffle them both ways at once
        List<Booking> bookings = Collections.synchronizedList(new ArrayList<>());
        for (int h = 8; h < 20; h += 1) {
            bookings.add(f.booked(f.engine.book(f.newBooking(h % 2 == 0 ? f.anna : f.bohdan, at(h, 0), 60))));
        }
        ExecutorService pool = Executors.newFixedThreadPool(8);
        List<Future<List<BookingOutcome>>> results = new ArrayList<>();
        for (int t = 0; t < 8; t++) {
            int thread = t;
            results.add(pool.submit(() -> {
                Random rnd = new Random(100 + thread);
                List<BookingOutcome> outcomes = new ArrayList<>();
                for (int i = 0; i < 25; i++) {
                    int idx = rnd.nextInt(bookings.size());
                    Booking b = bookings.get(idx);
                    long to = b.masterId() == f.anna ? f.bohdan : f.anna;
                    BookingOutcome o = f.engine.reschedule(new Reschedule(f.tenant, b.id(), b.version(), b.masterId(), to,
                            at(8, 0).plusSeconds(3600L * rnd.nextInt(12)), 60, Source.DRAG, false));
                    outcomes.add(o);
                    if (o instanceof Booked moved) {
                        bookings.set(idx, moved.booking());
                    } else if (o instanceof ChangedByOthers c) {
                        bookings.set(idx, c.current());
                    }
                }
                return outcomes;
            }));
        }
        int booked = 0;
        for (Future<List<BookingOutcome>> r : results) {
            for (BookingOutcome o : r.get(5, TimeUnit.MINUTES)) {
                assertTrue(o instanceof Booked || o instanceof TimeTaken || o instanceof ChangedByOthers, o.toString());
                booked += o instanceof Booked ? 1 : 0;
            }
        }
        pool.shutdown();
        assertTrue(booked > 0);
        assertEquals(0, f.overlappingPairs());
        assertEquals(12, f.count("SELECT count(*) FROM bookings"));
    }

    @Test
    void theSameRequestSentConcurrentlyMakesOneBooking() throws Exception {
        NewBooking request = f.cutWith(f.anna, at(11, 0));
        ExecutorService pool = Executors.newFixedThreadPool(8);
        CountDownLatch go = new CountDownLatch(1);
        List<Future<BookingOutcome>> results = new ArrayList<>();
        for (int i = 0; i < 8; i++) {
            results.add(pool.submit(() -> {
                go.await();
                return f.engine.book(request);
            }));
        }
        go.countDown();
        long id = -1;
        for (Future<BookingOutcome> r : results) {
            Booking b = f.booked(r.get(1, TimeUnit.MINUTES));
            assertTrue(id == -1 || id == b.id(), "all eight see the same booking");
            id = b.id();
        }
        pool.shutdown();
        assertEquals(1, f.count("SELECT count(*) FROM bookings"));
        assertEquals(1, f.count("SELECT count(*) FROM booking_history WHERE operation = 'INSERT' AND booking_id = " + id));
    }

    @Test
    void aDeadlockIsRetriedInsteadOfReachingTheCaller() throws Exception {
        Booking b = f.booked(f.engine.book(f.newBooking(f.anna, at(16, 0), 60)));
        try (Connection other = TestPostgres.connect(f.backend.database().settings()); Statement s = other.createStatement()) {
            other.setAutoCommit(false);
            // another program holds the booking's row, then wants Anna's lock: a real deadlock
            s.executeQuery("SELECT id FROM bookings WHERE id = " + b.id() + " FOR UPDATE");
            CompletableFuture<BookingOutcome> engineSide = CompletableFuture.supplyAsync(() -> f.engine.changeStatus(
                    new StatusChange(f.tenant, b.id(), b.version(), f.anna, BookingStatus.ARRIVED, Source.FORM)));
            Thread.sleep(300);   // the engine holds Anna's lock and waits for the row
            s.executeQuery(BookingEngine.lockStatement(f.tenant, f.anna));
            // PostgreSQL broke the deadlock by failing the engine's transaction (it waited first)
            other.commit();
            Booking after = f.booked(engineSide.get(30, TimeUnit.SECONDS));
            assertEquals(BookingStatus.ARRIVED, after.status(), "the engine retried and got through");
        }
    }

    @SuppressWarnings("unused")
    private static UUID uuid() {
        return UUID.randomUUID();
    }
}
