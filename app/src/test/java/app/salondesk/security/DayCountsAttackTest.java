package app.salondesk.security;

import app.salondesk.db.TestServers;
import app.salondesk.logic.staff.StaffRepository;
import app.salondesk.model.booking.BookingOutcome;
import org.jooq.DSLContext;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.ZoneOffset;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Migration 53's booking_day_counts (and migration 58's client_day_counts) with real logins on a shared server as the README sets it up ({@link AttackedServer}):
 * only the bookings trigger writes it. Every staff login of Bloom and Rival, and a chain manager, try to write it, lock
 * it, call its definer functions and read another salon's rows; a login holding whatever it may take on the table for
 * as long as it likes does not keep another salon's desk from booking.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class DayCountsAttackTest {

    static final List<String> STAFF = List.of("anna", "mira", "olena", "rita", "bob", "chain");
    AttackedServer s;

    @BeforeAll
    void setUp() throws Exception {
        s = new AttackedServer(TestServers.ownCluster(17));
        DSLContext owner = s.dsl(AttackedServer.OWNER);
        for (int i = 0; i < 3; i++) {
            book(owner, s.bloom, s.iryna, s.bloomClient, 10 + i, i == 2 ? "no_show" : "completed");
            book(owner, s.rival, s.roman, s.rivalClient, 10 + i, "completed");
        }
        new StaffRepository(owner).addChainManager("chain", AttackedServer.password("chain").toCharArray(), List.of(s.bloom));
    }

    private static void book(DSLContext owner, long tenant, long master, long client, int hour, String status) {
        owner.execute("INSERT INTO bookings (tenant_id, master_id, client_id, starts_at, duration_min, status) VALUES (?, ?, ?, "
                + "CAST(? AS timestamptz), 30, ?)", tenant, master, client, AttackedServer.at(hour, 0).atOffset(ZoneOffset.UTC), status);
    }

    @AfterAll
    void close() {
        s.close();
    }

    @Test
    void noStaffLoginWritesOrLocksTheCountersNorCallsWhatKeepsThem() throws SQLException {
        String rival = String.valueOf(s.rival);
        String bloom = String.valueOf(s.bloom);
        everyStaffLoginIsRefused(List.of(
                "INSERT INTO booking_day_counts (tenant_id, master_id, day, bookings) VALUES (" + bloom + ", " + s.iryna + ", '2031-03-04', 100)",
                "INSERT INTO booking_day_counts (tenant_id, master_id, day, bookings) VALUES (" + rival + ", " + s.roman + ", '2031-03-04', 100)",
                "UPDATE booking_day_counts SET bookings = bookings + 100",
                "DELETE FROM booking_day_counts",
                "TRUNCATE booking_day_counts",
                "SELECT * FROM booking_day_counts FOR UPDATE",
                "SELECT * FROM booking_day_counts FOR KEY SHARE",
                "LOCK TABLE booking_day_counts IN SHARE MODE",
                "LOCK TABLE booking_day_counts IN ROW EXCLUSIVE MODE",
                "SELECT booking_day_counts_rebuild(" + rival + ")",
                "SELECT * FROM booking_day_counts_of(1, 'confirmed', 'form', NULL, 30)",
                "SELECT bookings_keep_day_counts()",
                "SELECT tenants_rebuild_day_counts()",
                "ALTER TABLE booking_day_counts DISABLE ROW LEVEL SECURITY",
                "DROP TRIGGER bookings_keep_day_counts ON bookings"));
        assertEquals(3, s.count("SELECT sum(bookings) FROM booking_day_counts WHERE tenant_id = " + rival), "Rival's counts as the trigger kept them");
        assertEquals(3, s.count("SELECT sum(bookings) FROM booking_day_counts WHERE tenant_id = " + bloom));
    }

    /** Migration 58's client days: the same rights as the master days — read by who reads reports, written by the trigger only. */
    @Test
    void noStaffLoginWritesOrLocksTheClientDaysNorCallsWhatKeepsThem() throws SQLException {
        String rival = String.valueOf(s.rival);
        String bloom = String.valueOf(s.bloom);
        everyStaffLoginIsRefused(List.of(
                "INSERT INTO client_day_counts (tenant_id, client_id, day, booked, attended) VALUES (" + bloom + ", " + s.bloomClient + ", '2031-03-04', 100, 100)",
                "INSERT INTO client_day_counts (tenant_id, client_id, day, booked, attended) VALUES (" + rival + ", " + s.rivalClient + ", '2031-03-04', 100, 100)",
                "UPDATE client_day_counts SET attended = attended + 100",
                "DELETE FROM client_day_counts",
                "TRUNCATE client_day_counts",
                "SELECT * FROM client_day_counts FOR UPDATE",
                "SELECT * FROM client_day_counts FOR KEY SHARE",
                "LOCK TABLE client_day_counts IN SHARE MODE",
                "LOCK TABLE client_day_counts IN ROW EXCLUSIVE MODE",
                "SELECT bookings_keep_client_days()",
                "ALTER TABLE client_day_counts DISABLE ROW LEVEL SECURITY",
                "DROP TRIGGER bookings_keep_client_days ON bookings",
                "ALTER TABLE bookings DISABLE TRIGGER bookings_keep_client_days_again"));
        assertEquals(3, s.count("SELECT sum(attended) FROM client_day_counts WHERE tenant_id = " + rival), "Rival's client days as the trigger kept them");
        assertEquals(2, s.count("SELECT sum(attended) FROM client_day_counts WHERE tenant_id = " + bloom));
        assertEquals(3, s.count("SELECT sum(booked) FROM client_day_counts WHERE tenant_id = " + bloom));
    }

    @Test
    void eachLoginReadsItsOwnSalonsClientDaysOnlyAndReceptionistsNone() throws SQLException {
        assertEquals(2, s.count("SELECT sum(attended) FROM client_day_counts WHERE tenant_id = " + s.bloom), "the owner sees them");
        eachReadsItsOwnSalonOnly("client_day_counts", "attended", 2, 3);
        for (String who : List.of("anna", "mira", "chain")) {
            assertEquals(0, count(who, "SELECT count(*) FROM client_day_counts WHERE client_id = " + s.rivalClient), who);
        }
    }

    @Test
    void eachLoginReadsItsOwnSalonsCountsOnlyAndReceptionistsNone() throws SQLException {
        assertEquals(1, s.count("SELECT sum(no_shows) FROM booking_day_counts WHERE tenant_id = " + s.bloom), "the owner sees them (else nothing below proves anything)");
        eachReadsItsOwnSalonOnly("booking_day_counts", "bookings", 3, 3);
    }

    /**
     * Rival's admin holds all it may take on the table (a read in an open transaction, the weakest table lock) and Rival's
     * receptionist a booking of its own master's day, uncommitted; Bloom's receptionist books at once.
     */
    @Test
    void noLoginOfAnotherSalonBlocksABookingThroughTheCounters() throws Exception {
        try (Connection rita = s.connect("rita"); Connection bob = s.connect("bob"); Statement r = rita.createStatement();
             Statement b = bob.createStatement()) {
            rita.setAutoCommit(false);
            r.execute("LOCK TABLE booking_day_counts IN ACCESS SHARE MODE");
            r.executeQuery("SELECT * FROM booking_day_counts").close();
            bob.setAutoCommit(false);
            b.execute("INSERT INTO bookings (tenant_id, master_id, client_id, starts_at, duration_min, status) VALUES (" + s.rival + ", " + s.roman
                    + ", " + s.rivalClient + ", '" + AttackedServer.at(16, 0).atOffset(ZoneOffset.UTC) + "', 30, 'confirmed')");
            long started = System.nanoTime();
            // Bloom's receptionist books through the engine (its named lock, the rules, the trigger), while Rival holds on
            CompletableFuture<BookingOutcome> booked = CompletableFuture.supplyAsync(
                    () -> s.engine("olena").book(s.booking(s.bloom, s.iryna, s.bloomClient, AttackedServer.at(16, 0))));
            assertTrue(booked.get(10, TimeUnit.SECONDS) instanceof BookingOutcome.Booked, "booked at once");
            assertTrue(System.nanoTime() - started < TimeUnit.SECONDS.toNanos(4), "not waited for Rival");
            rita.rollback();
            bob.rollback();
        }
        assertEquals(3, s.count("SELECT sum(bookings) FROM booking_day_counts WHERE tenant_id = " + s.rival), "Rival's uncommitted booking left nothing");
        assertEquals(4, s.count("SELECT sum(bookings) FROM booking_day_counts WHERE tenant_id = " + s.bloom), "Bloom's booking is counted");
        // and gone again (cancelled: bookings stay 3 for the other tests)
        s.asSuperuser("UPDATE bookings SET status = 'cancelled' WHERE tenant_id = " + s.bloom + " AND starts_at = '"
                + AttackedServer.at(16, 0).atOffset(ZoneOffset.UTC) + "'");
        assertEquals(3, s.count("SELECT sum(bookings) FROM booking_day_counts WHERE tenant_id = " + s.bloom));
    }

    /** A salon's admin changes its time zone: the definer trigger rebuilds that salon's counts on its new days, no other salon's. */
    @Test
    void anAdminsTimeZoneChangeMovesItsSalonsCountsToTheirNewDaysOnly() throws SQLException {
        String days = "SELECT count(*) FROM booking_day_counts WHERE day = '" + AttackedServer.DAY + "' AND bookings > 0 AND tenant_id = ";
        assertEquals(1, s.count(days + s.bloom));
        try {
            // 10:00–12:00 in Kyiv (08:00–10:00 UTC) is the evening before in Pago Pago (UTC−11)
            assertEquals(null, refused("anna", "UPDATE tenants SET time_zone = 'Pacific/Pago_Pago' WHERE id = " + s.bloom));
            assertEquals(0, s.count(days + s.bloom));
            assertEquals(3, s.count("SELECT sum(bookings) FROM booking_day_counts WHERE day = '" + AttackedServer.DAY.minusDays(1) + "' AND tenant_id = "
                    + s.bloom));
            assertEquals(1, s.count(days + s.rival), "Rival's days stay");
            assertEquals(0, count("rita", "WITH u AS (UPDATE tenants SET time_zone = 'Pacific/Pago_Pago' WHERE id = " + s.bloom
                    + " RETURNING 1) SELECT count(*) FROM u"), "another salon's admin changes nothing of Bloom's");
        } finally {
            assertEquals(null, refused("anna", "UPDATE tenants SET time_zone = 'Europe/Kyiv' WHERE id = " + s.bloom));
        }
        assertEquals(1, s.count(days + s.bloom));
        assertEquals(3, s.count("SELECT sum(bookings) FROM booking_day_counts WHERE tenant_id = " + s.bloom));
    }

    /** Each of {@link #STAFF} runs each statement in a transaction of its own, and each is refused for want of the right. */
    private void everyStaffLoginIsRefused(List<String> statements) throws SQLException {
        for (String who : STAFF) {
            for (String sql : statements) {
                assertEquals("42501", refused(who, sql), who + ": " + sql);
            }
        }
    }

    /**
     * Bloom's manager, admin and the chain manager read none of Rival's rows of {@code table} and Bloom's {@code sum} as
     * {@code bloomSum}; Rival's admin none of Bloom's; a receptionist of either salon reads nothing at all.
     */
    private void eachReadsItsOwnSalonOnly(String table, String sum, long bloomSum, long rivalSum) throws SQLException {
        for (String who : List.of("anna", "mira", "chain")) {
            assertEquals(0, count(who, "SELECT count(*) FROM " + table + " WHERE tenant_id = " + s.rival), who);
            assertEquals(bloomSum, count(who, "SELECT coalesce(sum(" + sum + "), 0) FROM " + table), who + " reads Bloom's, for comparison");
        }
        assertEquals(0, count("rita", "SELECT count(*) FROM " + table + " WHERE tenant_id = " + s.bloom));
        assertEquals(rivalSum, count("rita", "SELECT coalesce(sum(" + sum + "), 0) FROM " + table));
        assertEquals("42501", refused("olena", "SELECT * FROM " + table), "a receptionist reads no report, nor its counts");
        assertEquals("42501", refused("bob", "SELECT * FROM " + table));
    }

    /** {@code sql} in one transaction as {@code who}: the SQLSTATE refused, null when committed. */
    private String refused(String who, String sql) throws SQLException {
        try (Connection c = s.connect(who); Statement st = c.createStatement()) {
            c.setAutoCommit(false);
            try {
                st.execute(sql);
                c.commit();
                return null;
            } catch (SQLException e) {
                c.rollback();
                return e.getSQLState();
            }
        }
    }

    private long count(String who, String sql) throws SQLException {
        try (Connection c = s.connect(who); Statement st = c.createStatement(); ResultSet rs = st.executeQuery(sql)) {
            rs.next();
            return rs.getLong(1);
        }
    }
}
