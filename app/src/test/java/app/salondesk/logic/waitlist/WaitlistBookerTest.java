package app.salondesk.logic.waitlist;

import app.salondesk.db.TestPostgres;
import app.salondesk.logic.waitlist.WaitlistBooker.Attempt;
import app.salondesk.model.booking.Booking;
import app.salondesk.model.booking.BookingStatus;
import app.salondesk.model.booking.Source;
import app.salondesk.model.waitlist.DailyWindow;
import app.salondesk.model.waitlist.JoinOutcome;
import app.salondesk.model.waitlist.NewWaitlistEntry;
import app.salondesk.model.waitlist.WaitlistEntry;
import app.salondesk.model.waitlist.WaitlistRules;
import app.salondesk.model.waitlist.WaitlistState;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.sql.Connection;
import java.sql.Statement;
import java.time.Duration;
import java.time.LocalTime;
import java.util.List;

import static app.salondesk.logic.waitlist.WaitlistFixture.DAY;
import static app.salondesk.logic.waitlist.WaitlistFixture.at;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Freed time goes to the oldest entry that fits it, through the engine, and to nobody else. */
class WaitlistBookerTest {

    private static WaitlistFixture w;
    private List<Booking> made;

    @BeforeAll
    static void salon() {
        w = new WaitlistFixture("waitlistbooker", 4);
    }

    @AfterAll
    static void close() {
        w.close();
    }

    @BeforeEach
    void fullDays() {
        made = w.reset();
    }

    private static final DailyWindow MORNING = DailyWindow.of(LocalTime.of(9, 0), LocalTime.of(12, 0));

    @Test
    void freedTimeGoesToTheOldestMatchingEntry() {
        long older = w.join(w.f.cut, null, null, DAY, DAY, MORNING);
        long younger = w.join(w.f.cut, null, null, DAY, DAY, MORNING);
        assertEquals(0, w.booker.sweep(w.f.tenant).fulfilled(), "nothing is free yet");

        w.cancel(WaitlistFixture.at(made, w.f.anna, DAY, 10));
        WaitlistBooker.Pass pass = w.booker.sweep(w.f.tenant);

        assertEquals(1, pass.fulfilled());
        WaitlistEntry first = w.entry(older);
        assertEquals(WaitlistState.FULFILLED, first.state());
        Booking b = w.f.engine.find(w.f.tenant, first.bookingId()).orElseThrow();
        assertEquals(w.f.anna, b.masterId());
        assertEquals(at(DAY, 10, 0), b.start());
        assertEquals(60, b.durationMin());
        assertEquals(BookingStatus.PENDING, b.status());
        assertEquals(Source.WAITLIST, b.source());
        assertEquals(first.requestId(), b.requestId(), "booked with the entry's own request id");
        assertEquals(w.f.client, b.clientId());
        assertEquals(WaitlistState.WAITING, w.entry(younger).state());
        assertEquals(0, w.f.overlappingPairs());

        // cancelling the waitlist's booking frees the time again, for the next one
        w.cancel(b);
        w.booker.sweep(w.f.tenant);
        WaitlistEntry second = w.entry(younger);
        assertEquals(WaitlistState.FULFILLED, second.state());
        assertEquals(at(DAY, 10, 0), w.f.engine.find(w.f.tenant, second.bookingId()).orElseThrow().start());
    }

    @Test
    void entriesThatDoNotFitTheFreedTimeAreNotBooked() {
        w.cancel(WaitlistFixture.at(made, w.f.anna, DAY, 10));   // Anna, DAY 10:00-11:00 is free
        long longer = w.join(null, 90, null, DAY, DAY.plusDays(1), DailyWindow.ALL_DAY);
        long otherMaster = w.join(w.f.cut, null, w.f.bohdan, DAY, DAY.plusDays(1), DailyWindow.ALL_DAY);
        long afternoon = w.joinAs("Olha", "+380671112200", w.f.cut, null, null, DAY, DAY.plusDays(1),
                DailyWindow.of(LocalTime.of(14, 0), LocalTime.of(18, 0)));
        long nextDay = w.joinAs("Olha", "+380671112200", w.f.cut, null, null, DAY.plusDays(1), DAY.plusDays(1), DailyWindow.ALL_DAY);
        long tooNarrow = w.joinAs("Olha", "+380671112200", w.f.cut, null, null, DAY, DAY,
                DailyWindow.of(LocalTime.of(10, 0), LocalTime.of(10, 45)));

        WaitlistBooker.Pass pass = w.booker.sweep(w.f.tenant);

        assertEquals(0, pass.fulfilled(), pass.toString());
        for (long id : List.of(longer, otherMaster, afternoon, nextDay, tooNarrow)) {
            assertEquals(WaitlistState.WAITING, w.entry(id).state(), "entry " + id);
        }
        assertEquals(0, w.f.count("SELECT count(*) FROM bookings WHERE source = 'waitlist'"));

        long fits = w.joinAs("Petro", "+380671112201", null, 60, w.f.anna, DAY, DAY,
                DailyWindow.of(LocalTime.of(10, 0), LocalTime.of(11, 0)));
        w.booker.sweep(w.f.tenant);
        assertEquals(WaitlistState.FULFILLED, w.entry(fits).state());
        assertEquals(1, w.f.count("SELECT count(*) FROM bookings WHERE source = 'waitlist'"));
    }

    @Test
    void aSalonThatOnlyProposesGetsAnOfferAndNoBooking() {
        w.repo.saveRules(w.f.tenant, new WaitlistRules(true, false, 30, 3));
        long id = w.join(w.f.cut, null, null, DAY, DAY, MORNING);
        w.cancel(WaitlistFixture.at(made, w.f.bohdan, DAY, 11));

        assertEquals(Attempt.OFFERED, w.booker.tryEntry(w.f.tenant, id).attempt());

        WaitlistEntry e = w.entry(id);
        assertEquals(WaitlistState.OFFERED, e.state());
        assertEquals(w.f.bohdan, e.offeredMasterId());
        assertEquals(at(DAY, 11, 0), e.offeredStart());
        assertEquals(0, w.f.count("SELECT count(*) FROM bookings WHERE source = 'waitlist'"));
        assertEquals(Attempt.NOT_WAITING, w.booker.tryEntry(w.f.tenant, id).attempt(), "an offer is not made twice");
        assertTrue(w.repo.declineOffer(w.f.tenant, id));
        assertEquals(WaitlistState.WAITING, w.entry(id).state());
        assertNull(w.entry(id).offeredStart());
    }

    @Test
    void aSwitchedOffWaitlistBooksNothingAndTakesNoEntries() {
        long id = w.join(w.f.cut, null, null, DAY, DAY, MORNING);
        w.repo.saveRules(w.f.tenant, new WaitlistRules(false, true, 30, 3));
        w.cancel(WaitlistFixture.at(made, w.f.anna, DAY, 9));
        assertEquals(0, w.booker.sweep(w.f.tenant).fulfilled());
        assertEquals(WaitlistState.WAITING, w.entry(id).state());
        JoinOutcome o = w.repo.add(NewWaitlistEntry.forClient(w.f.tenant, w.f.client, w.f.cut, null, null, DAY, DAY, MORNING), Source.FORM);
        assertEquals(new JoinOutcome.Refused(JoinOutcome.Reason.WAITLIST_OFF), o);
    }

    @Test
    void aHeldMasterLockMakesTheAttemptGiveUpAfterFiveSecondsAndTheEntryWaitsOn() throws Exception {
        long id = w.join(w.f.cut, null, w.f.anna, DAY, DAY, MORNING);
        w.cancel(WaitlistFixture.at(made, w.f.anna, DAY, 10));
        try (Connection holder = TestPostgres.connect(w.f.backend.database().settings()); Statement s = holder.createStatement()) {
            holder.setAutoCommit(false);
            s.execute("SELECT salondesk_lock_master(" + w.f.tenant + ", " + w.f.anna + ")");
            long t0 = System.nanoTime();
            WaitlistBooker.Result r = w.booker.tryEntry(w.f.tenant, id);
            Duration waited = Duration.ofNanos(System.nanoTime() - t0);
            holder.rollback();

            assertEquals(Attempt.BUSY, r.attempt());
            assertTrue(waited.toMillis() >= 4_500 && waited.toMillis() < 15_000, "waited " + waited);
        }
        WaitlistEntry e = w.entry(id);
        assertEquals(WaitlistState.WAITING, e.state());
        assertNull(e.bookingId());
        assertEquals(0, w.f.count("SELECT count(*) FROM bookings WHERE source = 'waitlist'"), "nothing half-written");
        // and once the lock is free, the same entry is booked
        assertEquals(Attempt.FULFILLED, w.booker.tryEntry(w.f.tenant, id).attempt());
    }

    @Test
    void anEntryHeldByAnotherWorkerIsSkippedAtOnceAndThePassStopsThere() throws Exception {
        long older = w.join(w.f.cut, null, null, DAY, DAY, MORNING);
        long younger = w.joinAs("Olha", "+380671112200", w.f.cut, null, null, DAY, DAY, MORNING);
        w.cancel(WaitlistFixture.at(made, w.f.anna, DAY, 10));
        try (Connection other = TestPostgres.connect(w.f.backend.database().settings()); Statement s = other.createStatement()) {
            other.setAutoCommit(false);
            s.execute("SELECT 1 FROM waitlist_entries WHERE id = " + older + " FOR UPDATE");
            long t0 = System.nanoTime();
            WaitlistBooker.Pass pass = w.booker.sweep(w.f.tenant);
            assertTrue(Duration.ofNanos(System.nanoTime() - t0).toMillis() < 4_000, "no waiting for the other worker");
            other.rollback();
            assertTrue(pass.heldElsewhere());
            assertEquals(WaitlistState.WAITING, w.entry(younger).state(), "the younger does not overtake the held older one");
        }
        w.booker.sweep(w.f.tenant);
        assertEquals(WaitlistState.FULFILLED, w.entry(older).state());
        assertEquals(WaitlistState.WAITING, w.entry(younger).state());
    }

    /**
     * Issue 30, defect 10: each free time an entry tries is a write of its own, whose masters'
     * locks are let go before the next. Here the entry's first free time (Bohdan 09:00) is taken
     * by another desk while the worker waits for Bohdan's lock, and its second is Anna's (a lower
     * id) at 10:00, whose lock a cross-master move holds while it goes on to take Bohdan's. The
     * worker ran every try inside its claim's transaction: it kept Bohdan's lock while it waited
     * for Anna's, against the global order, and the move deadlocked with it.
     */
    @Test
    void aFailedTryLetsGoOfItsMastersLockBeforeTheNextSoACrossMasterMoveNeverDeadlocksWithTheWorker() throws Exception {
        long id = w.join(w.f.cut, null, null, DAY, DAY, MORNING);
        w.cancel(WaitlistFixture.at(made, w.f.bohdan, DAY, 9));
        w.cancel(WaitlistFixture.at(made, w.f.anna, DAY, 10));
        long other = w.f.id("INSERT INTO clients (tenant_id, name) VALUES (" + w.f.tenant + ", 'Oksana') RETURNING id");
        long annaKey = w.f.id("SELECT salondesk_master_lock_key(" + w.f.tenant + ", " + w.f.anna + ")");
        long bohdanKey = w.f.id("SELECT salondesk_master_lock_key(" + w.f.tenant + ", " + w.f.bohdan + ")");
        String key = "((l.classid::bigint << 32) | l.objid::bigint)";
        try (Connection desk = TestPostgres.connect(w.f.backend.database().settings()); Statement d = desk.createStatement();
             Connection move = TestPostgres.connect(w.f.backend.database().settings()); Statement m = move.createStatement()) {
            desk.setAutoCommit(false);
            move.setAutoCommit(false);
            // a cross-master move, Anna to Bohdan, has taken Anna's lock (ascending: Anna first)
            m.execute("SELECT salondesk_lock_master(" + w.f.tenant + ", " + w.f.anna + ")");
            // another desk holds Bohdan's and books his 09:00 for someone else
            d.execute("SELECT salondesk_lock_master(" + w.f.tenant + ", " + w.f.bohdan + ")");
            java.util.concurrent.CompletableFuture<WaitlistBooker.Result> worker =
                    java.util.concurrent.CompletableFuture.supplyAsync(() -> w.booker.tryEntry(w.f.tenant, id));
            waitUntil(() -> w.f.count("SELECT count(*) FROM pg_locks l WHERE l.locktype = 'advisory' AND NOT l.granted AND "
                    + key + " = " + bohdanKey) == 1);
            d.execute("INSERT INTO bookings (tenant_id, master_id, client_id, service_id, starts_at, duration_min, status) VALUES ("
                    + w.f.tenant + ", " + w.f.bohdan + ", " + other + ", " + w.f.cut + ", '" + at(DAY, 9, 0) + "', 60, 'confirmed')");
            desk.commit();
            // the worker's next try waits for Anna's lock: holding nothing of Bohdan's
            waitUntil(() -> w.f.count("SELECT count(*) FROM pg_locks l WHERE l.locktype = 'advisory' AND NOT l.granted AND "
                    + key + " = " + annaKey) == 1);
            int workerPid = w.f.count("SELECT l.pid FROM pg_locks l WHERE l.locktype = 'advisory' AND NOT l.granted AND " + key + " = " + annaKey);
            assertEquals(0, w.f.count("SELECT count(*) FROM pg_locks l WHERE l.pid = " + workerPid + " AND l.locktype = 'advisory' AND l.granted AND "
                    + key + " = " + bohdanKey), "the failed try's lock of Bohdan is let go");
            // the move goes on to Bohdan's lock: granted at once, no deadlock
            m.execute("SET LOCAL lock_timeout = '3s'");
            m.execute("SELECT salondesk_lock_master(" + w.f.tenant + ", " + w.f.bohdan + ")");
            move.rollback();
            WaitlistBooker.Result r = worker.get(30, java.util.concurrent.TimeUnit.SECONDS);
            assertEquals(Attempt.FULFILLED, r.attempt());
            Booking b = w.f.engine.find(w.f.tenant, r.bookingId()).orElseThrow();
            assertEquals(w.f.anna, b.masterId());
            assertEquals(at(DAY, 10, 0), b.start());
        }
        assertEquals(WaitlistState.FULFILLED, w.entry(id).state());
        assertEquals(0, w.f.overlappingPairs());
    }

    private static void waitUntil(java.util.concurrent.Callable<Boolean> condition) throws Exception {
        long until = System.nanoTime() + java.util.concurrent.TimeUnit.SECONDS.toNanos(10);
        while (!condition.call()) {
            assertTrue(System.nanoTime() < until, "waited 10 s");
            Thread.sleep(20);
        }
    }

    @Test
    void entriesWhoseDaysAreOverExpire() {
        long id = w.join(w.f.cut, null, null, DAY, DAY, MORNING);
        w.f.dsl.execute("UPDATE waitlist_entries SET date_from = current_date - 3, date_to = current_date - 2 WHERE id = " + id);
        w.booker.sweep(w.f.tenant);
        assertEquals(WaitlistState.EXPIRED, w.entry(id).state());
    }
}
