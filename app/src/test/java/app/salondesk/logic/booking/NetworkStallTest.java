package app.salondesk.logic.booking;

import app.salondesk.db.ConnectionSettings;
import app.salondesk.db.Database;
import app.salondesk.model.booking.Booking;
import app.salondesk.model.booking.BookingOutcome.TryAgain;
import app.salondesk.model.booking.BookingOutcome;
import app.salondesk.model.booking.NewBooking;
import app.salondesk.model.booking.NewVisit;
import app.salondesk.model.booking.Reschedule;
import app.salondesk.model.booking.Source;
import app.salondesk.model.booking.VisitOutcome;
import org.jooq.SQLDialect;
import org.jooq.impl.DSL;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import static app.salondesk.logic.booking.EngineFixture.at;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Issue 15: a desk's network stalls in the middle of a save (a TCP relay the test controls,
 * {@link StallingProxy}). Every call is bounded by the pool's socket timeout (2 s here, 15 s in
 * the app), the answer is settled by request id or version once the network is back — booked
 * if it committed, else "try again", never a silent double or loss — and the server ends the
 * stalled desk's transaction (idle_in_transaction_session_timeout, 3 s here), so a dead desk
 * never keeps a master's lock.
 */
class NetworkStallTest {

    private static EngineFixture f;
    private static StallingProxy proxy;
    private static Database overTheNetwork;
    private static BookingEngine desk;

    @BeforeAll
    static void aDeskBehindAStallingNetwork() throws Exception {
        f = new EngineFixture("stall", 4);
        ConnectionSettings direct = f.backend.database().settings();
        int port = Integer.parseInt(direct.url().replaceAll("^jdbc:postgresql://[^:/]+:(\\d+)/.*$", "$1"));
        proxy = new StallingProxy(port);
        String url = direct.url().replaceFirst("//[^/]+/", "//127.0.0.1:" + proxy.port() + "/");
        // a URL's own settings win over the pool's: a short socket timeout and idle timeout for the
        // test; and no server-prepared statements, so that every COMMIT crosses the proxy as its text
        url += (url.contains("?") ? "&" : "?") + "socketTimeout=2&prepareThreshold=0"
                + "&options=-c%20idle_in_transaction_session_timeout%3D3s";
        overTheNetwork = Database.open(new ConnectionSettings(url, direct.user(), direct.password()), 4);
        desk = new BookingEngine(DSL.using(overTheNetwork.dataSource(), SQLDialect.POSTGRES));
    }

    @AfterAll
    static void close() throws Exception {
        overTheNetwork.close();
        proxy.close();
        f.close();
    }

    @BeforeEach
    void bareWeek() {
        f.clearSchedule();
    }

    @AfterEach
    void networkBack() {
        proxy.resume();
    }

    @Test
    void aBookingThatCommittedBeforeItsAnswerWasLostIsAnsweredBooked() {
        NewBooking cmd = f.cutWith(f.anna, at(10, 0));
        proxy.stallAnswersAfterTheDeskSends("COMMIT");
        proxy.resumeAfter(5_000);
        long t0 = System.nanoTime();
        BookingOutcome outcome = desk.book(cmd);
        Booking made = f.booked(outcome);
        assertEquals(1, f.count("SELECT count(*) FROM bookings WHERE request_id = '" + cmd.requestId() + "'"));
        assertEquals(made.id(), f.id("SELECT id FROM bookings WHERE request_id = '" + cmd.requestId() + "'"));
        // settled once the network was back, not hours later
        assertTrue(System.nanoTime() - t0 < TimeUnit.SECONDS.toNanos(25), "answered within seconds");
    }

    @Test
    void aBookingThatNeverReachedTheServerIsTryAgainAndTryingAgainBooksOnce() {
        NewBooking cmd = f.cutWith(f.anna, at(11, 0));
        proxy.stall();
        proxy.resumeAfter(5_000);
        TryAgain lost = assertInstanceOf(TryAgain.class, desk.book(cmd));
        assertEquals(TryAgain.Why.CONNECTION_LOST, lost.why());
        assertEquals(0, f.count("SELECT count(*) FROM bookings WHERE request_id = '" + cmd.requestId() + "'"));
        // the person saves again: the same request id, one booking
        f.booked(desk.book(cmd));
        assertEquals(1, f.count("SELECT count(*) FROM bookings WHERE request_id = '" + cmd.requestId() + "'"));
    }

    @Test
    void aStalledDeskLosesTheMastersLockWithinSecondsAndItsWriteIsNotSaved() throws Exception {
        NewBooking stalled = f.cutWith(f.bohdan, at(12, 0));
        proxy.stallAnswers();   // the desk's statements reach the server, its answers never come back
        proxy.resumeAfter(12_000);
        CompletableFuture<BookingOutcome> stalledAnswer = CompletableFuture.supplyAsync(() -> desk.book(stalled));
        // the stalled desk holds Bohdan's lock inside its open transaction
        long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (f.count("SELECT count(*) FROM pg_locks WHERE locktype = 'advisory' AND granted") == 0) {
            assertTrue(System.nanoTime() < until, "the stalled desk took the lock");
            Thread.sleep(20);
        }
        // another desk, over a working network, books the same time: the server ends the stalled
        // transaction after its idle timeout (3 s), well inside this desk's 5 s lock wait
        long t0 = System.nanoTime();
        Booking other = f.booked(f.engine.book(f.cutWith(f.bohdan, at(12, 0))));
        assertTrue(System.nanoTime() - t0 < TimeUnit.SECONDS.toNanos(6), "the lock was free within seconds");
        assertFalse(stalledAnswer.isDone(), "the network is still down for the stalled desk");
        TryAgain lost = assertInstanceOf(TryAgain.class, stalledAnswer.get(60, TimeUnit.SECONDS));
        assertEquals(TryAgain.Why.CONNECTION_LOST, lost.why());
        assertEquals(0, f.count("SELECT count(*) FROM bookings WHERE request_id = '" + stalled.requestId() + "'"));
        assertEquals(other.id(), f.id("SELECT id FROM bookings WHERE master_id = " + f.bohdan));
        assertEquals(0, f.overlappingPairs());
    }

    @Test
    void aMoveThatCommittedBeforeItsAnswerWasLostIsAnsweredAsMoved() {
        Booking b = f.booked(f.engine.book(f.cutWith(f.anna, at(14, 0))));
        Reschedule move = new Reschedule(f.tenant, b.id(), b.version(), f.anna, f.bohdan, at(15, 0), 60, Source.DRAG, false);
        proxy.stallAnswersAfterTheDeskSends("COMMIT");
        proxy.resumeAfter(5_000);
        Booking moved = f.booked(desk.reschedule(move));
        assertEquals(f.bohdan, moved.masterId());
        assertEquals(at(15, 0), moved.start());
        assertEquals(b.version() + 1, moved.version());
    }

    @Test
    void aMoveThatNeverReachedTheServerIsTryAgainWithTheBookingUnchanged() {
        Booking b = f.booked(f.engine.book(f.cutWith(f.anna, at(16, 0))));
        proxy.stall();
        proxy.resumeAfter(5_000);
        TryAgain lost = assertInstanceOf(TryAgain.class,
                desk.reschedule(new Reschedule(f.tenant, b.id(), b.version(), f.anna, f.anna, at(17, 0), 60, Source.DRAG, false)));
        assertEquals(TryAgain.Why.CONNECTION_LOST, lost.why());
        Booking now = f.engine.find(f.tenant, b.id()).orElseThrow();
        assertEquals(b.version(), now.version());
        assertEquals(at(16, 0), now.start());
    }

    /**
     * Issue 19: behind PgBouncer the server process id a desk is told at connect is the pooler's
     * own invention, and a desk's transaction runs on whichever server connection is free. Here
     * the desk's COMMIT waits in the network well after the desk gave up on its answer; what the
     * desk was told about its session says nothing, and the answer must still be the truth.
     * (Settling by that process id in pg_stat_activity found no such session at once, said
     * "not saved", and the COMMIT landed a moment later.)
     */
    @Test
    void aLostWriteBehindAPoolerIsSettledByItsMastersLockNotByTheServerProcessTheDeskWasTold() throws Exception {
        ConnectionSettings direct = f.backend.database().settings();
        int port = Integer.parseInt(direct.url().replaceAll("^jdbc:postgresql://[^:/]+:(\\d+)/.*$", "$1"));
        try (StallingProxy pooler = new StallingProxy(port)) {
            pooler.disguiseServerProcessIds();
            String url = direct.url().replaceFirst("//[^/]+/", "//127.0.0.1:" + pooler.port() + "/");
            // the desk gives up on an answer after 1 s; the server's idle bound (10 s) outlasts the stall
            url += (url.contains("?") ? "&" : "?") + "socketTimeout=1&prepareThreshold=0"
                    + "&options=-c%20idle_in_transaction_session_timeout%3D10s";
            try (Database behindThePooler = Database.open(new ConnectionSettings(url, direct.user(), direct.password()), 2)) {
                BookingEngine desk = new BookingEngine(DSL.using(behindThePooler.dataSource(), SQLDialect.POSTGRES));
                NewBooking cmd = f.cutWith(f.bohdan, at(9, 0));
                pooler.stallWhenTheDeskSends("COMMIT");
                pooler.resumeAfter(4_000);
                Booking made = f.booked(desk.book(cmd));
                assertEquals(1, f.count("SELECT count(*) FROM bookings WHERE request_id = '" + cmd.requestId() + "'"));
                assertEquals(made.id(), f.id("SELECT id FROM bookings WHERE request_id = '" + cmd.requestId() + "'"));
            }
        }
    }

    @Test
    void aVisitThatCommittedBeforeItsAnswerWasLostIsAnsweredBookedWithBothParts() {
        NewVisit visit = new NewVisit(f.tenant, f.client, java.util.List.of(
                new NewVisit.Part(f.anna, f.cut, at(13, 0), null),
                new NewVisit.Part(f.bohdan, f.cut, at(14, 0), null)), "", java.util.UUID.randomUUID(), Source.FORM);
        proxy.stallAnswersAfterTheDeskSends("COMMIT");
        proxy.resumeAfter(5_000);
        VisitOutcome.Booked made = assertInstanceOf(VisitOutcome.Booked.class, desk.bookVisit(visit));
        assertEquals(2, made.parts().size());
        assertEquals(1, f.count("SELECT count(*) FROM visits WHERE request_id = '" + visit.requestId() + "'"));
        assertEquals(2, f.count("SELECT count(*) FROM bookings WHERE visit_id = " + made.visitId()));
        // saving again finds the same visit rather than booking it twice
        VisitOutcome.Booked again = assertInstanceOf(VisitOutcome.Booked.class, desk.bookVisit(visit));
        assertEquals(made.visitId(), again.visitId());
    }

    /**
     * Issue 30, defect 6: a whole visit moved, its COMMIT landed, its answer lost. The settle
     * compared the parts' versions with those before the move, found them changed, and said
     * "changed by others" — for the desk's own move, which it then did not offer to undo.
     */
    @Test
    void aWholeVisitMoveThatCommittedBeforeItsAnswerWasLostIsAnsweredMovedWithItsParts() {
        VisitOutcome.Booked made = assertInstanceOf(VisitOutcome.Booked.class, f.engine.bookVisit(new NewVisit(f.tenant, f.client,
                java.util.List.of(new NewVisit.Part(f.anna, f.cut, at(9, 0), null), new NewVisit.Part(f.bohdan, f.cut, at(10, 0), null)),
                "", java.util.UUID.randomUUID(), Source.FORM)));
        java.util.Map<Long, Integer> seen = new java.util.HashMap<>();
        made.parts().forEach(p -> seen.put(p.id(), p.version()));
        proxy.stallAnswersAfterTheDeskSends("COMMIT");
        proxy.resumeAfter(5_000);
        VisitOutcome.Booked moved = assertInstanceOf(VisitOutcome.Booked.class,
                desk.moveVisit(f.tenant, made.visitId(), seen, Duration.ofMinutes(30), Source.DRAG));
        assertEquals(java.util.List.of(at(9, 30), at(10, 30)), moved.parts().stream().map(Booking::start).toList());
        for (Booking p : moved.parts()) {
            assertEquals(seen.get(p.id()) + 1, p.version(), "the versions an undo must carry");
        }
        assertEquals(java.util.List.of(at(9, 30), at(10, 30)),
                f.engine.visitParts(f.tenant, made.visitId()).stream().map(Booking::start).toList());
    }

    @Test
    void aVisitThatNeverReachedTheServerIsTryAgainWithNothingWritten() {
        NewVisit visit = new NewVisit(f.tenant, f.client, java.util.List.of(
                new NewVisit.Part(f.anna, f.cut, at(15, 0), null),
                new NewVisit.Part(f.bohdan, f.cut, at(16, 0), null)), "", java.util.UUID.randomUUID(), Source.FORM);
        proxy.stall();
        proxy.resumeAfter(5_000);
        assertInstanceOf(VisitOutcome.TryAgain.class, desk.bookVisit(visit));
        assertEquals(0, f.count("SELECT count(*) FROM visits WHERE request_id = '" + visit.requestId() + "'"));
    }

    @Test
    void whenTheServerStaysUnreachableTheAnswerSaysItIsNotKnownYetAndARetryIsStillSafe() {
        NewBooking cmd = f.cutWith(f.anna, at(18, 0));
        BookingEngine impatient = new BookingEngine(DSL.using(overTheNetwork.dataSource(), SQLDialect.POSTGRES))
                .settlingLostWritesFor(Duration.ofSeconds(3));
        proxy.stallAnswersAfterTheDeskSends("COMMIT");
        TryAgain unknown = assertInstanceOf(TryAgain.class, impatient.book(cmd));
        assertEquals(TryAgain.Why.CONNECTION_LOST_UNKNOWN, unknown.why());
        proxy.resume();
        // it did land; saving again finds it instead of booking twice
        f.booked(desk.book(cmd));
        assertEquals(1, f.count("SELECT count(*) FROM bookings WHERE request_id = '" + cmd.requestId() + "'"));
    }
}
