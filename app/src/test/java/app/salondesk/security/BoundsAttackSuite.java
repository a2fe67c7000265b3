package app.salondesk.security;

import app.salondesk.db.TestServers;
import app.salondesk.model.booking.BookingOutcome;
import app.salondesk.runtime.SessionBounds;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.postgresql.PGConnection;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import static app.salondesk.security.AttackedServer.at;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Issue 29, item 3: what one login may write and hold is bounded by the database. Every free-text
 * column a staff or online login writes has a length limit (migration 27), every login SalonDesk
 * makes a connection limit; and timeouts: a staff login may lift its own timeouts — PostgreSQL lets every
 * role {@code SET} them and {@code ALTER ROLE} itself — and it makes no difference past the bounds
 * every staff login is made with: {@code salondesk_end_overdue_sessions()} (migration 24), which
 * serve runs every few seconds, ends its session anyway; the owner's and a superuser's sessions,
 * and sessions within the bounds, are left alone. The bounds are made short here (the owner may
 * replace {@code salondesk_session_bounds()}); the shipped ones are a minute and 40 s.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
abstract class BoundsAttackSuite {

    static final String WEB = "web";
    static final String SHIPPED_BOUNDS = "interval '60 seconds', interval '40 seconds', interval '10 seconds'";

    AttackedServer s;

    abstract int majorVersion();

    @BeforeAll
    void setUp() throws Exception {
        s = new AttackedServer(TestServers.ownCluster(majorVersion()));
        new app.salondesk.logic.staff.StaffRepository(s.dsl(AttackedServer.OWNER)).addOnlineLogin(WEB, AttackedServer.password(WEB).toCharArray());
        new app.salondesk.logic.staff.StaffRepository(s.dsl(AttackedServer.OWNER)).addRelayLogin(SalonLocksAttackSuite.RELAY,
                AttackedServer.password(SalonLocksAttackSuite.RELAY).toCharArray());
    }

    @AfterAll
    void tearDown() {
        if (s != null) {
            s.close();
        }
    }

    private void bounds(String values) throws SQLException {
        try (Connection c = s.connect(AttackedServer.OWNER); Statement st = c.createStatement()) {
            st.execute("CREATE OR REPLACE FUNCTION salondesk_session_bounds(OUT idle_in_transaction interval, OUT statement interval, "
                    + "OUT storm_transaction interval) LANGUAGE sql IMMUTABLE SET search_path = public, pg_temp AS $$ SELECT " + values + " $$");
        }
    }

    @Test
    void aLoginThatLiftsItsOwnTimeoutsIsEndedPastTheBoundsAnyway() throws Exception {
        try (Connection c = s.connect("olena"); Statement st = c.createStatement()) {
            // what PostgreSQL lets every role do, and what ADR 7 says it comes to
            st.execute("ALTER ROLE olena SET idle_in_transaction_session_timeout = 0");
            st.execute("ALTER ROLE olena SET statement_timeout = 0");
        }
        bounds("interval '2 seconds', interval '3 seconds', interval '10 seconds'");
        try (Connection idle = s.connect("olena"); Statement i = idle.createStatement();
             Connection busy = s.connect("olena"); Statement b = busy.createStatement();
             Connection fresh = s.connect("oksana"); Statement f = fresh.createStatement();
             Connection owner = s.connect(AttackedServer.OWNER); Statement o = owner.createStatement()) {
            assertEquals("0", show(i, "idle_in_transaction_session_timeout"), "the login's own defaults are lifted");
            i.execute("BEGIN");
            i.execute("SELECT set_config('salondesk.source', 'form', true), salondesk_lock_master(" + s.bloom + ", " + s.iryna + ")");
            CompletableFuture<Void> sleeping = CompletableFuture.runAsync(() -> {
                try {
                    b.execute("SELECT pg_sleep(60)");
                } catch (SQLException expected) {
                    // ended from outside
                }
            });
            o.execute("BEGIN");
            o.execute("SELECT 1");   // the owner idles in a transaction too: never SalonDesk's to end
            BookingOutcome held = s.engine("anna").book(s.booking(s.bloom, s.iryna, s.bloomClient, at(9, 0)));
            assertInstanceOf(BookingOutcome.TryAgain.class, held, "Olena's idle transaction holds Iryna's lock: " + held);
            f.execute("BEGIN");
            f.execute("SELECT 1");   // Oksana's transaction has just begun: within the bounds

            long ended;
            try (Connection mira = s.connect("mira"); Statement m = mira.createStatement();
                 ResultSet rs = m.executeQuery("SELECT salondesk_end_overdue_sessions()")) {
                rs.next();
                ended = rs.getLong(1);
            }
            assertEquals(2, ended, "the idle transaction and the long statement, whoever calls it (a manager here)");
            sleeping.get(10, TimeUnit.SECONDS);
            assertGone(i);
            assertGone(b);
            f.execute("SELECT 1");
            o.execute("SELECT 1");
            f.execute("ROLLBACK");
            o.execute("ROLLBACK");
            BookingOutcome booked = s.engine("anna").book(s.booking(s.bloom, s.iryna, s.bloomClient, at(9, 0)));
            assertInstanceOf(BookingOutcome.Booked.class, booked, booked.toString());
        } finally {
            bounds(SHIPPED_BOUNDS);
            try (Connection c = s.connect("olena"); Statement st = c.createStatement()) {
                st.execute("ALTER ROLE olena RESET idle_in_transaction_session_timeout");
                st.execute("ALTER ROLE olena RESET statement_timeout");
            }
        }
    }

    /** serve's watch ({@link SessionBounds}), as the online login, does the same on its own, every few seconds. */
    @Test
    void servesWatchEndsASessionPastTheBoundsByItself() throws Exception {
        bounds("interval '1 second', interval '40 seconds', interval '10 seconds'");
        try (SessionBounds watch = SessionBounds.start(s.dsl(WEB), Duration.ofMillis(300));
             Connection idle = s.connect("bob"); Statement i = idle.createStatement()) {
            i.execute("SET idle_in_transaction_session_timeout = 0");
            i.execute("BEGIN");
            i.execute("SELECT salondesk_lock_master(" + s.rival + ", " + s.roman + ")");
            int pid = idle.unwrap(PGConnection.class).getBackendPID();
            long deadline = System.nanoTime() + Duration.ofSeconds(20).toNanos();
            while (s.count("SELECT count(*) FROM pg_stat_activity WHERE pid = " + pid) > 0) {
                assertTrue(System.nanoTime() < deadline, "serve's watch ends Bob's idle transaction");
                Thread.sleep(100);
            }
            assertGone(i);
        } finally {
            bounds(SHIPPED_BOUNDS);
        }
    }

    @Test
    void noStaffLoginMayWidenTheBoundsThemselves() {
        for (String who : SalonLocksAttackSuite.LOGINS) {
            assertEquals("42501", refused(who, "CREATE OR REPLACE FUNCTION salondesk_session_bounds(OUT idle_in_transaction interval, "
                    + "OUT statement interval, OUT storm_transaction interval) LANGUAGE sql AS $$ SELECT interval '1 year', "
                    + "interval '1 year', interval '1 year' $$"), who);
        }
    }

    // ---- lengths and connections (migration 27) ---------------------------------------------------------

    @Test
    void noStaffLoginWritesAnEndlessNoteNameOrTimeZone() throws Exception {
        String big = "'" + "x".repeat(2001) + "'";
        String huge = "repeat('x', 10 * 1024 * 1024)";
        for (String sql : List.of(
                "INSERT INTO bookings (tenant_id, master_id, client_id, starts_at, duration_min, note) VALUES (" + s.bloom + ", " + s.iryna
                        + ", " + s.bloomClient + ", '" + at(11, 0) + "', 30, " + big + ")",
                "INSERT INTO bookings (tenant_id, master_id, client_id, starts_at, duration_min, note) VALUES (" + s.bloom + ", " + s.iryna
                        + ", " + s.bloomClient + ", '" + at(11, 0) + "', 30, " + huge + ")",
                "UPDATE clients SET notes = " + huge + " WHERE id = " + s.bloomClient,
                "UPDATE clients SET name = repeat('N', 201) WHERE id = " + s.bloomClient,
                "INSERT INTO clients (tenant_id, name, phone) VALUES (" + s.bloom + ", repeat('N', 201), '+380671119999')")) {
            assertEquals("23514", refusedInTransaction("olena", sql), sql.substring(0, Math.min(60, sql.length())));
        }
        // a time zone must be one PostgreSQL knows (migration 1's trigger says so first), and is short
        assertTrue(List.of("22023", "23514").contains(refusedInTransaction("anna", "UPDATE tenants SET time_zone = repeat('x', 65) WHERE id = "
                + s.bloom)));
        assertEquals(0, s.count("SELECT count(*) FROM bookings WHERE char_length(note) > 2000"));
        assertEquals(0, s.count("SELECT count(*) FROM clients WHERE char_length(notes) > 4000 OR char_length(name) > 200"));
        // what the desk allows still goes in
        try (Connection c = s.connect("olena"); Statement st = c.createStatement()) {
            st.execute("UPDATE clients SET notes = repeat('n', 4000) WHERE id = " + s.bloomClient);
        }
    }

    @Test
    void everyLoginSalondeskMakesHasAConnectionLimitAndOneLoginCannotTakeTheServersSlots() throws Exception {
        for (String who : List.of("olena", "anna", "mira", "bob", "rita")) {
            assertEquals(20, s.count("SELECT rolconnlimit FROM pg_roles WHERE rolname = '" + who + "'"), who);
        }
        assertEquals(40, s.count("SELECT rolconnlimit FROM pg_roles WHERE rolname = '" + WEB + "'"));
        assertEquals(10, s.count("SELECT rolconnlimit FROM pg_roles WHERE rolname = '" + SalonLocksAttackSuite.RELAY + "'"));
        java.util.List<Connection> open = new java.util.ArrayList<>();
        try {
            for (int i = 0; i < 20; i++) {
                open.add(s.connect("oksana"));
            }
            SQLException refused = assertThrows(SQLException.class, () -> s.connect("oksana").close(), "the 21st connection of one login");
            assertEquals("53300", refused.getSQLState(), refused.getMessage());
        } finally {
            for (Connection c : open) {
                c.close();
            }
        }
        s.connect("olena").close();   // another login of the salon is not held up by Oksana's
    }

    private String refusedInTransaction(String who, String sql) {
        return assertThrows(SQLException.class, () -> {
            try (Connection c = s.connect(who); Statement st = c.createStatement()) {
                st.execute("BEGIN");
                st.execute("SELECT set_config('salondesk.source', 'sql', true)");
                st.execute(sql);
            }
        }, who).getSQLState();
    }

    private static void assertGone(Statement st) {
        SQLException gone = assertThrows(SQLException.class, () -> st.executeQuery("SELECT 1"));
        assertTrue(gone.getSQLState() == null || gone.getSQLState().startsWith("57") || gone.getSQLState().startsWith("08"),
                gone.getSQLState() + " " + gone.getMessage());
    }

    private String refused(String who, String sql) {
        return assertThrows(SQLException.class, () -> {
            try (Connection c = s.connect(who); Statement st = c.createStatement()) {
                st.execute(sql);
            }
        }, who).getSQLState();
    }

    private static String show(Statement st, String setting) throws SQLException {
        try (ResultSet rs = st.executeQuery("SHOW " + setting)) {
            rs.next();
            return rs.getString(1);
        }
    }
}
