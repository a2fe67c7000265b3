package app.salondesk.faults;

import app.salondesk.logic.booking.BookingEngine;
import app.salondesk.logic.live.LiveUpdates.State;
import app.salondesk.logic.live.LiveUpdates;
import app.salondesk.runtime.AppHome;
import app.salondesk.runtime.Backend;
import app.salondesk.runtime.DbOptions;
import org.jooq.exception.DataAccessException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CopyOnWriteArrayList;

import static app.salondesk.jooq.Tables.BOOKINGS;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Issue 15, "the embedded PostgreSQL killed while the desk is open": {@code kill -9} of the
 * postmaster under a running backend. The live listener reports offline, the backend's watchdog
 * starts the server again on the same data and port (crash recovery), the pool and the listener
 * reconnect by themselves, and the booking answered "booked" before the kill is still there.
 */
class EmbeddedServerKilledFaultTest {

    // a loaded 2-core machine: crash recovery, the watchdog's 1 s look, the listener's backoff
    private static final Duration BACK_WITHIN = Duration.ofSeconds(90);

    @Test
    void aKilledEmbeddedServerIsStartedAgainByItselfAndKeepsWhatWasBooked(@TempDir Path dir) throws Exception {
        AppHome home = new AppHome(dir);
        Path data = home.postgres().resolve("data");
        try (Backend backend = Backend.open(home, DbOptions.embedded())) {
            FaultSalon salon = FaultSalon.create(backend.dsl(), 1);
            long master = salon.masters.get(0);
            BookingEngine engine = new BookingEngine(backend.dsl());
            try (LiveUpdates live = new LiveUpdates(backend.database().settings(), salon.tenant)) {
                List<State> states = new CopyOnWriteArrayList<>();
                live.onState(states::add);
                live.start();
                Processes.await("the desk is live", BACK_WITHIN, () -> live.state() == State.ONLINE);

                long before = FaultSalon.bookedId(engine.book(salon.booking(master, 0, UUID.randomUUID())));

                long postmaster = Processes.postmasterPid(data);
                Processes.kill9(postmaster);
                Processes.await("the desk shows offline", BACK_WITHIN, () -> states.contains(State.OFFLINE));
                Processes.await("the watchdog started the server again", BACK_WITHIN, () -> backend.serverRestarts() >= 1);
                assertNotEquals(postmaster, Processes.postmasterPid(data), "a new postmaster");

                // the desk's next save: the pool replaces its dead connections on the way
                UUID again = UUID.randomUUID();
                long after = bookWhenBack(engine, salon, master, again);
                Processes.await("the desk is live again", BACK_WITHIN,
                        () -> live.state() == State.ONLINE && states.lastIndexOf(State.ONLINE) > states.indexOf(State.OFFLINE));

                assertEquals(2, backend.dsl().fetchCount(BOOKINGS, BOOKINGS.ID.in(before, after)), "both bookings are there");
                assertEquals(1, backend.serverRestarts(), "started once, not again and again");
            }
        }
        String log = Files.readString(home.postgres().resolve("postgres.log"));
        assertTrue(log.contains("automatic recovery in progress") || log.contains("was interrupted"),
                "PostgreSQL recovered from its write-ahead log:\n" + log);
    }

    /** Books until the answer comes: one request id, so a retry after a lost answer books once. */
    private static long bookWhenBack(BookingEngine engine, FaultSalon salon, long master, UUID requestId) throws InterruptedException {
        long deadline = System.nanoTime() + BACK_WITHIN.toNanos();
        while (true) {
            try {
                return FaultSalon.bookedId(engine.book(salon.booking(master, 1, requestId)));
            } catch (DataAccessException lostConnection) {
                if (System.nanoTime() > deadline) {
                    throw lostConnection;
                }
                Thread.sleep(250);
            }
        }
    }
}
