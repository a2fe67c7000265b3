package app.salondesk.logic.waitlist;

import app.salondesk.db.TestPostgres;
import app.salondesk.model.booking.Booking;
import app.salondesk.model.waitlist.DailyWindow;
import app.salondesk.model.waitlist.WaitlistState;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.sql.Connection;
import java.sql.Statement;
import java.time.Duration;
import java.time.LocalTime;
import java.util.List;
import java.util.function.BooleanSupplier;

import static app.salondesk.logic.waitlist.WaitlistFixture.DAY;
import static app.salondesk.logic.waitlist.WaitlistFixture.at;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The running worker: it hears what any writer frees, plain SQL included, and books it. */
class WaitlistWorkerTest {

    private static WaitlistFixture w;

    @BeforeAll
    static void salon() {
        w = new WaitlistFixture("waitlistworker", 4);
    }

    @AfterAll
    static void close() {
        w.close();
    }

    @Test
    void aCancellationWrittenInPlainSqlIsHeardAndItsTimeGoesToTheWaitlist() throws Exception {
        List<Booking> made = w.reset();
        long id = w.join(w.f.cut, null, null, DAY, DAY, DailyWindow.of(LocalTime.of(15, 0), LocalTime.of(17, 0)));
        // no sweep during the test: only the notification can bring the news
        try (WaitlistWorker worker = WaitlistWorker.start(w.f.dsl, w.f.backend.database().settings(), w.f.tenant, Duration.ofHours(1))) {
            eventually(worker::listening, "the worker listens");
            worker.awaitQuiet();
            assertEquals(WaitlistState.WAITING, w.entry(id).state(), "nothing was free at start");

            Booking inTheWay = WaitlistFixture.at(made, w.f.bohdan, DAY, 16);
            try (Connection c = TestPostgres.connect(w.f.backend.database().settings()); Statement s = c.createStatement()) {
                s.executeUpdate("UPDATE bookings SET status = 'cancelled' WHERE id = " + inTheWay.id());
            }

            eventually(() -> w.entry(id).state() == WaitlistState.FULFILLED, "the entry is booked");
            Booking b = w.f.engine.find(w.f.tenant, w.entry(id).bookingId()).orElseThrow();
            assertEquals(w.f.bohdan, b.masterId());
            assertEquals(at(DAY, 16, 0), b.start());
        }
        assertEquals(0, w.f.overlappingPairs());
    }

    @Test
    void aNewEntryIsBookedAtTheNextSweepWhenItsTimeIsFreeAlready() throws Exception {
        w.reset();
        try (WaitlistWorker worker = WaitlistWorker.start(w.f.dsl, w.f.backend.database().settings(), w.f.tenant, Duration.ofHours(1))) {
            worker.awaitQuiet();
            long id = w.join(w.f.cut, null, null, DAY.plusDays(2), DAY.plusDays(2), DailyWindow.ALL_DAY);
            worker.wake();
            worker.awaitQuiet();
            assertEquals(WaitlistState.FULFILLED, w.entry(id).state());
            assertEquals(at(DAY.plusDays(2), 8, 0), w.f.engine.find(w.f.tenant, w.entry(id).bookingId()).orElseThrow().start(),
                    "the earliest free start of its days");
        }
    }

    static void eventually(BooleanSupplier condition, String what) throws InterruptedException {
        long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
        while (!condition.getAsBoolean()) {
            assertTrue(System.nanoTime() < deadline, what + " within 30 s");
            Thread.sleep(50);
        }
    }
}
