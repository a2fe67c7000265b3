package app.salondesk.logic.booking;

import app.salondesk.db.ConnectionSettings;
import app.salondesk.db.StandbyPair;
import app.salondesk.db.TestPostgres;
import app.salondesk.model.booking.Booking;
import app.salondesk.model.booking.BookingOutcome.TryAgain;
import app.salondesk.model.booking.BookingOutcome;
import app.salondesk.model.booking.NewBooking;
import app.salondesk.runtime.Backend;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;

import static app.salondesk.logic.booking.EngineFixture.at;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;

/**
 * Issue 19: a desk whose primary dies under a save, on a real primary and synchronous standby
 * ({@link StandbyPair}, what Patroni keeps) named in one multi-host URL. The desk reaches the
 * primary through a network it can lose ({@link StallingProxy}): the machine goes, and with it
 * whatever was in flight. The standby is promoted as Patroni promotes it. The save is answered
 * by what the new primary holds — booked when the commit reached the standby, "try again" when
 * it did not — and the desk's pool finds the new primary by itself.
 */
class FailoverTest {

    private static final Duration WITHIN = Duration.ofSeconds(60);
    /** The desk's connections' application_name, to tell them from the fixture's own. */
    private static final String DESK = "failover-desk";

    /** The salon on the pair, the desk's pool through {@code proxy} to the primary, then straight to the standby. */
    private record Desk(EngineFixture salon, Backend desk, BookingEngine engine) implements AutoCloseable {
        @Override
        public void close() {
            desk.close();
            salon.close();
        }
    }

    private static Desk deskOn(StandbyPair pair, StallingProxy proxy) {
        ConnectionSettings onPrimary = TestPostgres.freshDatabase(pair.primary, "failover");
        String db = onPrimary.url().substring(onPrimary.url().lastIndexOf('/') + 1);
        EngineFixture salon = new EngineFixture(Backend.connect(pair.multiHostSettings(db), 2));
        String url = "jdbc:postgresql://127.0.0.1:" + proxy.port() + ",localhost:" + pair.standby.port() + "/" + db
                + "?targetServerType=primary&hostRecheckSeconds=1&prepareThreshold=0&ApplicationName=" + DESK;
        Backend desk = Backend.connect(new ConnectionSettings(url, onPrimary.user(), onPrimary.password()), 4);
        return new Desk(salon, desk, new BookingEngine(desk.dsl()));
    }

    @Test
    void aBookingThatReachedTheStandbyBeforeThePrimaryDiedWithItsAnswerIsAnsweredBookedByTheNewPrimary(@TempDir Path dir)
            throws Exception {
        try (StandbyPair pair = StandbyPair.start(dir, true);
             StallingProxy network = new StallingProxy(pair.primary.port());
             Desk d = deskOn(pair, network)) {
            NewBooking cmd = d.salon().cutWith(d.salon().anna, at(10, 0));
            // the COMMIT reaches the primary (which waits for the standby's flush before it answers);
            // its answer waits in the network
            network.stallAnswersAfterTheDeskSends("COMMIT");
            CompletableFuture<BookingOutcome> answer = CompletableFuture.supplyAsync(() -> d.engine().book(cmd));
            await("the booking is on the standby", () -> countOn(pair, d, "SELECT count(*) FROM bookings WHERE request_id = '"
                    + cmd.requestId() + "'") == 1);
            // the machine dies with the answer still in its network
            pair.killPrimary();
            network.cut();
            pair.promoteStandby();
            Booking made = d.salon().booked(answer.get(WITHIN.toSeconds(), TimeUnit.SECONDS));
            assertEquals(1, d.salon().count("SELECT count(*) FROM bookings WHERE request_id = '" + cmd.requestId() + "'"));
            assertEquals(made.id(), d.salon().id("SELECT id FROM bookings WHERE request_id = '" + cmd.requestId() + "'"));
            // the desk books on the new primary by itself
            d.salon().booked(d.engine().book(d.salon().cutWith(d.salon().bohdan, at(10, 0))));
            assertEquals(0, d.salon().overlappingPairs());
        }
    }

    @Test
    void aBookingTheStandbyNeverReceivedIsTryAgainOnTheNewPrimaryAndSavingAgainBooksOnce(@TempDir Path dir) throws Exception {
        try (StandbyPair pair = StandbyPair.start(dir, true);
             StallingProxy network = new StallingProxy(pair.primary.port());
             Desk d = deskOn(pair, network)) {
            NewBooking cmd = d.salon().cutWith(d.salon().anna, at(11, 0));
            // the standby stops receiving: the primary writes the COMMIT into its own log and waits for a
            // flush that never comes — a commit acknowledged to nobody
            try (Connection c = StandbyPair.superuser(pair.standby, "postgres"); Statement s = c.createStatement()) {
                s.execute("ALTER SYSTEM SET primary_conninfo = ''");
                s.execute("SELECT pg_reload_conf()");
            }
            await("the standby stopped receiving", () -> countOnServer(pair.primary, "SELECT count(*) FROM pg_stat_replication") == 0);
            CompletableFuture<BookingOutcome> answer = CompletableFuture.supplyAsync(() -> d.engine().book(cmd));
            await("the COMMIT waits for the standby", () -> countOnServer(pair.primary,
                    "SELECT count(*) FROM pg_stat_activity WHERE wait_event = 'SyncRep'") == 1);
            pair.killPrimary();
            network.cut();
            pair.promoteStandby();
            TryAgain lost = assertInstanceOf(TryAgain.class, answer.get(WITHIN.toSeconds(), TimeUnit.SECONDS));
            assertEquals(TryAgain.Why.CONNECTION_LOST, lost.why());
            assertEquals(0, d.salon().count("SELECT count(*) FROM bookings WHERE request_id = '" + cmd.requestId() + "'"));
            // the receptionist saves again (the form keeps the request id): one booking
            d.salon().booked(d.engine().book(cmd));
            assertEquals(1, d.salon().count("SELECT count(*) FROM bookings WHERE request_id = '" + cmd.requestId() + "'"));
        }
    }

    /**
     * After a switchover a desk's connection through PgBouncer outlives the node behind it: the
     * old primary still answers, as a standby, and refuses writes (SQLSTATE 25006). Nothing was
     * written; the engine sends the write again, the pool leaves the old server, and the booking
     * is made on the new primary.
     */
    @Test
    void aWriteRefusedByADemotedPrimaryIsMadeOnTheNewPrimaryAndThePoolLeavesTheOldOne(@TempDir Path dir) throws Exception {
        try (StandbyPair pair = StandbyPair.start(dir, false);
             StallingProxy network = new StallingProxy(pair.primary.port());
             Desk d = deskOn(pair, network)) {
            Booking before = d.salon().booked(d.engine().book(d.salon().cutWith(d.salon().anna, at(12, 0))));
            pair.awaitStandbyCaughtUp();
            pair.promoteStandby();
            pair.makePrimaryReadOnly();
            NewBooking cmd = d.salon().cutWith(d.salon().anna, at(13, 0));
            Booking after = d.salon().booked(d.engine().book(cmd));
            // on the new primary, with what was booked before; nothing on the old one
            assertEquals(2, countOnServer(pair.standby, dbOf(d), "SELECT count(*) FROM bookings WHERE id IN (" + before.id() + ", "
                    + after.id() + ")"));
            assertEquals(0, countOnServer(pair.primary, dbOf(d), "SELECT count(*) FROM bookings WHERE request_id = '" + cmd.requestId() + "'"));
            await("the desk's pool holds no connection to the old primary", () -> countOnServer(pair.primary,
                    "SELECT count(*) FROM pg_stat_activity WHERE application_name = '" + DESK + "'") == 0);
        }
    }

    private static String dbOf(Desk d) {
        String url = d.desk().database().settings().url();
        return url.substring(url.lastIndexOf('/') + 1, url.indexOf('?'));
    }

    private static int countOn(StandbyPair pair, Desk d, String sql) {
        return countOnServer(pair.standby, dbOf(d), sql);
    }

    private static int countOnServer(app.salondesk.db.EmbeddedServer server, String sql) {
        return countOnServer(server, "postgres", sql);
    }

    private static int countOnServer(app.salondesk.db.EmbeddedServer server, String db, String sql) {
        try (Connection c = StandbyPair.superuser(server, db); Statement s = c.createStatement(); ResultSet rs = s.executeQuery(sql)) {
            rs.next();
            return rs.getInt(1);
        } catch (SQLException e) {
            return -1;
        }
    }

    private static void await(String what, BooleanSupplier condition) throws InterruptedException {
        long deadline = System.nanoTime() + WITHIN.toNanos();
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("waited " + WITHIN.toSeconds() + " s for: " + what);
            }
            Thread.sleep(50);
        }
    }
}
