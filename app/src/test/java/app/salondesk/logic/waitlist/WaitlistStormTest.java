package app.salondesk.logic.waitlist;

import app.salondesk.model.booking.BookingOutcome;
import app.salondesk.model.booking.BookingStatus;
import app.salondesk.model.booking.Source;
import app.salondesk.model.booking.StatusChange;
import app.salondesk.model.waitlist.DailyWindow;
import app.salondesk.runtime.Backend;
import org.jooq.Record;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicInteger;

import static app.salondesk.logic.waitlist.WaitlistFixture.DAY;
import static app.salondesk.logic.waitlist.WaitlistFixture.at;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Four workers (four desks, each with its own pool and its own LISTEN) on one salon while four
 * desks cancel and re-book as fast as they can: every entry is booked at most once, every
 * booking the waitlist made belongs to exactly one entry, and no master is double-booked.
 */
class WaitlistStormTest {

    private static final int WORKERS = 4;
    private static final int DESKS = 4;
    private static final int ENTRIES = 24;
    private static final int OPERATIONS_PER_DESK = 60;

    private static WaitlistFixture w;

    @BeforeAll
    static void salon() {
        w = new WaitlistFixture("waitliststorm", DESKS + 2);
    }

    @AfterAll
    static void close() {
        w.close();
    }

    @Test
    void fourWorkersAgainstAStormBookEveryEntryAtMostOnce() throws Exception {
        w.reset();
        for (int i = 0; i < ENTRIES; i++) {
            w.joinAs("Client " + i, String.format("+38067100%04d", i), w.f.cut, null, null, DAY, DAY.plusDays(1), DailyWindow.ALL_DAY);
        }
        List<Backend> pools = new ArrayList<>();
        List<WaitlistWorker> workers = new ArrayList<>();
        AtomicInteger cancelled = new AtomicInteger();
        AtomicInteger rebooked = new AtomicInteger();
        try {
            for (int i = 0; i < WORKERS; i++) {
                Backend pool = Backend.connect(w.f.backend.database().settings(), 3);
                pools.add(pool);
                workers.add(WaitlistWorker.start(pool.dsl(), pool.database().settings(), w.f.tenant, Duration.ofSeconds(2)));
            }
            ExecutorService desks = Executors.newFixedThreadPool(DESKS);
            List<Future<?>> done = new ArrayList<>();
            for (int d = 0; d < DESKS; d++) {
                done.add(desks.submit(() -> {
                    for (int op = 0; op < OPERATIONS_PER_DESK; op++) {
                        storm(cancelled, rebooked);
                    }
                    return null;
                }));
            }
            for (Future<?> f : done) {
                f.get();
            }
            desks.shutdown();
            // the storm is over: let every worker finish what it heard, and sweep once more
            for (WaitlistWorker worker : workers) {
                worker.wake();
            }
            for (WaitlistWorker worker : workers) {
                worker.awaitQuiet();
            }
        } finally {
            workers.forEach(WaitlistWorker::close);
            pools.forEach(Backend::close);
        }

        assertTrue(cancelled.get() > 20, "the storm cancelled (" + cancelled + ")");
        assertEquals(0, w.f.overlappingPairs(), "no master double-booked");
        int fulfilled = w.f.count("SELECT count(*) FROM waitlist_entries WHERE state = 'fulfilled'");
        assertTrue(fulfilled > 0, "the waitlist got some of the freed time");
        // every fulfilled entry by the booking made with its own request id, for its client
        assertEquals(0, w.f.count("SELECT count(*) FROM waitlist_entries e WHERE e.state = 'fulfilled' AND NOT EXISTS ("
                + "SELECT 1 FROM bookings b WHERE b.tenant_id = e.tenant_id AND b.id = e.booking_id "
                + "AND b.request_id = e.request_id AND b.client_id = e.client_id AND b.source = 'waitlist')"));
        // no booking fulfils two entries
        assertEquals(0, w.f.count("SELECT count(*) FROM (SELECT booking_id FROM waitlist_entries WHERE booking_id IS NOT NULL "
                + "GROUP BY booking_id HAVING count(*) > 1) x"));
        // every booking the waitlist made belongs to exactly one entry, and an entry made one booking at most
        assertEquals(0, w.f.count("SELECT count(*) FROM bookings b WHERE b.source = 'waitlist' AND (SELECT count(*) "
                + "FROM waitlist_entries e WHERE e.tenant_id = b.tenant_id AND e.booking_id = b.id AND e.request_id = b.request_id) <> 1"));
        assertEquals(0, w.f.count("SELECT count(*) FROM (SELECT e.id FROM waitlist_entries e JOIN booking_history h "
                + "ON h.tenant_id = e.tenant_id AND h.operation = 'INSERT' AND (h.new_row ->> 'request_id')::uuid = e.request_id "
                + "GROUP BY e.id HAVING count(*) > 1) x"));
        assertEquals(fulfilled, w.f.count("SELECT count(*) FROM bookings WHERE source = 'waitlist'"));
    }

    /** One desk's move: cancel the booking at a random hour, or book that hour when it is free. */
    private static void storm(AtomicInteger cancelled, AtomicInteger rebooked) {
        ThreadLocalRandom r = ThreadLocalRandom.current();
        long master = r.nextBoolean() ? w.f.anna : w.f.bohdan;
        LocalDate day = DAY.plusDays(r.nextInt(2));
        Instant start = at(day, 8 + r.nextInt(12), 0);
        Record b = w.f.dsl.resultQuery("SELECT id, version FROM bookings WHERE tenant_id = ? AND master_id = ? AND starts_at = CAST(? AS timestamptz) "
                + "AND status IN ('pending', 'confirmed', 'arrived')", w.f.tenant, master, start.atOffset(java.time.ZoneOffset.UTC)).fetchOne();
        if (b != null) {
            BookingOutcome o = w.f.engine.changeStatus(new StatusChange(w.f.tenant, b.get(0, Long.class), b.get(1, Integer.class), master,
                    BookingStatus.CANCELLED, Source.FORM));
            if (o instanceof BookingOutcome.Booked) {
                cancelled.incrementAndGet();
            }
        } else if (w.f.engine.book(w.f.cutWith(master, start)) instanceof BookingOutcome.Booked) {
            rebooked.incrementAndGet();
        }
    }
}
