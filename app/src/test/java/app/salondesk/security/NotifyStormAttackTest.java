package app.salondesk.security;

import app.salondesk.db.TestServers;
import app.salondesk.logic.live.LiveUpdates;
import app.salondesk.model.booking.BookingOutcome;
import app.salondesk.model.live.BookingChange;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

import static app.salondesk.security.AttackedServer.at;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Issue 29, item 2: a manager fills PostgreSQL's notification queue — LISTEN on a channel of her
 * own, stay in a transaction so that nothing is read, NOTIFY large payloads until the server
 * refuses any more — and every salon's bookings are still made (migration 24: the trigger sends
 * nothing while the queue is half full). A desk listening meanwhile says it is not live — and so
 * does a desk through the live relay, which the relay tells — a health check ends the session that
 * holds the queue back, and both are live again, hearing changes.
 *
 * <p>PostgreSQL 17 only: its queue's size is a setting ({@code max_notify_queue_pages}, here 64
 * pages, half a megabyte), so the queue is filled for real in a moment. PostgreSQL 14's is fixed at
 * 8 GB; the trigger's guard and the cure are the same SQL on both (ADR 8).
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class NotifyStormAttackTest {

    private AttackedServer s;

    @BeforeAll
    void setUp() throws Exception {
        s = new AttackedServer(TestServers.ownCluster(17));
        new app.salondesk.logic.staff.StaffRepository(s.dsl(AttackedServer.OWNER)).addRelayLogin("liverelay",
                AttackedServer.password("liverelay").toCharArray());
        s.asSuperuser("ALTER SYSTEM SET max_notify_queue_pages = 64");
        s.cluster.restart();
        try (Connection c = s.connect(AttackedServer.OWNER); Statement st = c.createStatement(); ResultSet rs = st.executeQuery(
                "SHOW max_notify_queue_pages")) {
            rs.next();
            assertEquals("64", rs.getString(1), "the small queue is in force");
            // the storm's holder is ended after 15 s in its transaction, not the shipped 10 s: time for both desks to see the
            // storm (the relay's health check after 3 s quiet, its next ping 2 s later, the desk's check after 3 s)
            st.execute("CREATE OR REPLACE FUNCTION salondesk_session_bounds(OUT idle_in_transaction interval, OUT statement interval, "
                    + "OUT storm_transaction interval) LANGUAGE sql IMMUTABLE SET search_path = public, pg_temp AS "
                    + "$$ SELECT interval '60 seconds', interval '40 seconds', interval '15 seconds' $$");
        }
    }

    @AfterAll
    void tearDown() {
        if (s != null) {
            s.close();
        }
    }

    @Test
    void aManagerWhoFillsTheNotificationQueueFailsNoBookingAndADeskCuresIt() throws Exception {
        BlockingQueue<LiveUpdates.State> states = new LinkedBlockingQueue<>();
        BlockingQueue<LiveUpdates.State> relayedStates = new LinkedBlockingQueue<>();
        BlockingQueue<BookingChange> heard = new LinkedBlockingQueue<>();
        try (Connection holder = s.connect("mira"); Statement h = holder.createStatement();
             Connection filler = s.connect("mira"); Statement f = filler.createStatement();
             LiveUpdates desk = new LiveUpdates(s.as("olena"), s.bloom);
             app.salondesk.logic.live.LiveRelay relay = app.salondesk.logic.live.LiveRelay.start(s.as("liverelay"), null, 0);
             LiveUpdates relayed = LiveUpdates.forDesk(s.as("oksana"), null, s.bloom, "http://127.0.0.1:" + relay.port())) {
            desk.onState(states::add);
            desk.onChange(heard::add);
            desk.start();
            relayed.onState(relayedStates::add);
            relayed.start();
            awaitState(states, LiveUpdates.State.ONLINE);
            awaitState(relayedStates, LiveUpdates.State.ONLINE);

            // the attack: a listener of her own that reads nothing, in a transaction ...
            h.execute("LISTEN mira_own_channel");
            h.execute("BEGIN");
            h.execute("SELECT 1");
            // ... and notifications of 7 900 bytes until the server takes no more
            SQLException full = null;
            for (int round = 0; round < 1_000 && full == null; round++) {
                try {
                    f.execute("SELECT pg_notify('mira_own_channel', repeat('x', 7900) || " + round + " || '-' || g) "
                            + "FROM generate_series(1, 8) g");
                } catch (SQLException e) {
                    full = e;
                }
            }
            assertNotNull(full, "the queue filled");
            assertTrue(full.getMessage().contains("too many notifications in the NOTIFY queue"), full.getMessage());
            assertEquals("54000", assertThrows(SQLException.class, () -> f.execute("NOTIFY mira_own_channel, 'one more'")).getSQLState(),
                    "any other transaction that notifies fails at its commit now");

            // every salon still books: its changes go unannounced meanwhile
            BookingOutcome bloom = s.engine("olena").book(s.booking(s.bloom, s.iryna, s.bloomClient, at(9, 0)));
            assertInstanceOf(BookingOutcome.Booked.class, bloom, bloom.toString());
            BookingOutcome rival = s.engine("bob").book(s.booking(s.rival, s.roman, s.rivalClient, at(9, 0)));
            assertInstanceOf(BookingOutcome.Booked.class, rival, rival.toString());

            // the desks say they are not live — the one through the live relay too, told so by the relay —
            // the first health check to see it ends Mira's holding session, and they are live again
            awaitState(states, LiveUpdates.State.LAGGING);
            awaitState(relayedStates, LiveUpdates.State.LAGGING);
            int holderPid = holder.unwrap(org.postgresql.PGConnection.class).getBackendPID();
            long deadline = System.nanoTime() + Duration.ofSeconds(40).toNanos();
            while (s.count("SELECT count(*) FROM pg_stat_activity WHERE pid = " + holderPid) > 0) {
                assertTrue(System.nanoTime() < deadline, "a desk's (or the relay's) health check ends Mira's holding session");
                Thread.sleep(200);
            }
            assertThrows(SQLException.class, () -> h.executeQuery("SELECT 1"), "Mira's session that held the queue back was ended");
            awaitState(states, LiveUpdates.State.ONLINE);
            awaitState(relayedStates, LiveUpdates.State.ONLINE);
            heard.clear();
            BookingOutcome after = s.engine("olena").book(s.booking(s.bloom, s.marta, s.bloomClient, at(10, 0)));
            assertInstanceOf(BookingOutcome.Booked.class, after, after.toString());
            BookingChange change = heard.poll(10, TimeUnit.SECONDS);
            assertNotNull(change, "changes are announced again");
            assertEquals(((BookingOutcome.Booked) after).booking().id(), change.bookingId());
        }
    }

    private static void awaitState(BlockingQueue<LiveUpdates.State> states, LiveUpdates.State wanted) throws InterruptedException {
        long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
        while (System.nanoTime() < deadline) {
            LiveUpdates.State st = states.poll(200, TimeUnit.MILLISECONDS);
            if (st == wanted) {
                return;
            }
        }
        throw new AssertionError("the desk's live updates never reported " + wanted);
    }
}
