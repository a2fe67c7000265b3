package app.salondesk.security;

import app.salondesk.db.TestServers;
import app.salondesk.logic.staff.StaffRepository;
import app.salondesk.logic.waitlist.WaitlistBooker;
import app.salondesk.model.booking.BookingOutcome;
import app.salondesk.model.waitlist.WaitlistState;
import org.jooq.exception.DataAccessException;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/**
 * Issue 14's new rights, abused as an attacker would, with real logins on a shared server set up
 * as the README says ({@link AttackedServer}): Bloom's receptionists {@code olena} and
 * {@code oksana}, admin {@code anna}, manager {@code mira}; Rival's receptionist {@code bob};
 * the online server's login {@value #WEB}. Each statement is refused by PostgreSQL — and where a
 * refusal could pass for a typo, the same statement without the forbidden part works.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class WaitlistAttackTest {

    static final String WEB = "web";
    private static final String DAY = "'" + AttackedServer.DAY + "'";

    AttackedServer s;
    long bloomEntry;
    long rivalEntry;

    @BeforeAll
    void setUp() throws Exception {
        s = new AttackedServer(TestServers.ownCluster(17));
        new StaffRepository(s.dsl(AttackedServer.OWNER)).addOnlineLogin(WEB, AttackedServer.password(WEB).toCharArray());
        try (Connection c = s.connect(AttackedServer.OWNER); Statement st = c.createStatement()) {
            st.execute("INSERT INTO online_settings (tenant_id, enabled, slug) VALUES (" + s.bloom + ", true, 'bloom')");
            long cut = id(st, "INSERT INTO services (tenant_id, name, duration_min) VALUES (" + s.bloom + ", 'Cut', 30) RETURNING id");
            st.execute("INSERT INTO master_services (tenant_id, master_id, service_id) VALUES (" + s.bloom + ", " + s.iryna + ", " + cut + ")");
        }
    }

    @AfterAll
    void tearDown() {
        if (s != null) {
            s.close();
        }
    }

    @BeforeEach
    void entries() throws SQLException {
        owner("DELETE FROM waitlist_entries");
        owner("DELETE FROM waitlist_settings");
        bloomEntry = count(AttackedServer.OWNER, "INSERT INTO waitlist_entries (tenant_id, client_id, duration_min, date_from, date_to) "
                + "VALUES (" + s.bloom + ", " + s.bloomClient + ", 30, " + DAY + ", " + DAY + ") RETURNING id");
        rivalEntry = count(AttackedServer.OWNER, "INSERT INTO waitlist_entries (tenant_id, client_id, duration_min, date_from, date_to) "
                + "VALUES (" + s.rival + ", " + s.rivalClient + ", 30, " + DAY + ", " + DAY + ") RETURNING id");
    }

    @Test
    void anotherSalonsEntriesAndRulesCanNeitherBeReadNorWritten() throws SQLException {
        assertEquals(1, count("bob", "SELECT count(*) FROM waitlist_entries"), "Rival's own");
        assertEquals(0, count("bob", "SELECT count(*) FROM waitlist_entries WHERE tenant_id = " + s.bloom));
        assertEquals("42501", refused("bob", "INSERT INTO waitlist_entries (tenant_id, client_id, duration_min, date_from, date_to) VALUES ("
                + s.bloom + ", " + s.bloomClient + ", 30, " + DAY + ", " + DAY + ")"));
        assertEquals(0, count("bob", "WITH x AS (UPDATE waitlist_entries SET state = 'removed' WHERE tenant_id = " + s.bloom
                + " RETURNING 1) SELECT count(*) FROM x"));
        assertEquals(0, count("bob", "WITH x AS (UPDATE waitlist_entries SET master_id = " + s.roman + " WHERE id = " + bloomEntry
                + " RETURNING 1) SELECT count(*) FROM x"));
        assertEquals("waiting", state(bloomEntry));
        assertEquals("42501", refused("rita", "INSERT INTO waitlist_settings (tenant_id, enabled) VALUES (" + s.bloom + ", false)"));
        assertEquals(1, count("bob", "WITH x AS (UPDATE waitlist_entries SET state = 'removed' WHERE id = " + rivalEntry
                + " RETURNING 1) SELECT count(*) FROM x"), "the same step in the own salon works");
    }

    @Test
    void aManagerReadsAndWritesNothing() throws SQLException {
        assertEquals(1, count("mira", "SELECT count(*) FROM waitlist_entries"));
        assertEquals("42501", refused("mira", "INSERT INTO waitlist_entries (tenant_id, client_id, duration_min, date_from, date_to) VALUES ("
                + s.bloom + ", " + s.bloomClient + ", 30, " + DAY + ", " + DAY + ")"));
        assertEquals("42501", refused("mira", "UPDATE waitlist_entries SET state = 'removed' WHERE id = " + bloomEntry));
        assertEquals("42501", refused("mira", "SELECT * FROM waitlist_entries FOR UPDATE SKIP LOCKED"), "no claiming either");
        assertEquals("42501", refused("olena", "INSERT INTO waitlist_settings (tenant_id, enabled) VALUES (" + s.bloom + ", false)"));
        assertEquals(1, count("anna", "WITH x AS (INSERT INTO waitlist_settings (tenant_id, enabled) VALUES (" + s.bloom
                + ", false) RETURNING 1) SELECT count(*) FROM x"), "the salon's admin may");
    }

    @Test
    void aReceptionistCannotForgeAFulfilmentNorReopenNorRewriteWhatTheDatabaseKeeps() throws SQLException {
        long other = ((BookingOutcome.Booked) s.engine("olena").book(s.booking(s.bloom, s.iryna, s.bloomClient, AttackedServer.at(9, 0))))
                .booking().id();
        assertEquals("42501", refused("olena", "UPDATE waitlist_entries SET state = 'fulfilled', booking_id = " + other
                + " WHERE id = " + bloomEntry), "a booking not made with the entry's request id");
        assertEquals("42501", refused("olena", "UPDATE waitlist_entries SET request_id = gen_random_uuid() WHERE id = " + bloomEntry));
        assertEquals("42501", refused("olena", "UPDATE waitlist_entries SET client_id = " + s.bloomClient + " WHERE id = " + bloomEntry));
        assertEquals("42501", refused("olena", "UPDATE waitlist_entries SET created_by = 'mira' WHERE id = " + bloomEntry));
        assertEquals("42501", refused("olena", "DELETE FROM waitlist_entries WHERE id = " + bloomEntry));
        assertEquals("42501", refused("olena", "TRUNCATE waitlist_entries"));
        assertEquals("42501", refused("olena", "BEGIN; LOCK TABLE waitlist_entries IN ACCESS EXCLUSIVE MODE; COMMIT"));
        assertEquals("42501", refused("olena", "INSERT INTO waitlist_entries (tenant_id, client_id, duration_min, date_from, date_to, request_id) "
                + "VALUES (" + s.bloom + ", " + s.bloomClient + ", 30, " + DAY + ", " + DAY + ", gen_random_uuid())"));
        // an entry she adds starts waiting, in her name, whatever she says
        long mine = count("olena", "INSERT INTO waitlist_entries (tenant_id, client_id, duration_min, date_from, date_to) VALUES ("
                + s.bloom + ", " + s.bloomClient + ", 30, " + DAY + ", " + DAY + ") RETURNING id");
        assertEquals("olena/desk/waiting", one(AttackedServer.OWNER, "SELECT created_by || '/' || source || '/' || state FROM waitlist_entries WHERE id = " + mine));
        owner("UPDATE waitlist_entries SET state = 'removed' WHERE id = " + mine);
        assertEquals("55000", refused("olena", "UPDATE waitlist_entries SET state = 'waiting' WHERE id = " + mine), "removed stays removed");
        assertEquals("waiting", state(bloomEntry));
    }

    @Test
    void theWorkerRunsAsAReceptionistAndIsRefusedToAManager() throws SQLException {
        WaitlistBooker.Result r = new WaitlistBooker(s.dsl("oksana")).tryEntry(s.bloom, bloomEntry);
        assertEquals(WaitlistBooker.Attempt.FULFILLED, r.attempt(), r.toString());
        assertEquals(WaitlistState.FULFILLED.dbValue(), state(bloomEntry));
        assertEquals("waitlist/pending/oksana", one(AttackedServer.OWNER, "SELECT source || '/' || status || '/' || created_by FROM bookings WHERE id = "
                + r.bookingId()));
        DataAccessException e = assertThrows(DataAccessException.class, () -> new WaitlistBooker(s.dsl("mira")).tryEntry(s.bloom, rivalEntry));
        assertEquals("42501", e.sqlState());
        DataAccessException cross = assertThrows(DataAccessException.class, () -> new WaitlistBooker(s.dsl("web")).tryEntry(s.rival, rivalEntry));
        assertEquals("42501", cross.sqlState());
        assertEquals("waiting", state(rivalEntry));
    }

    @Test
    void theOnlineLoginOnlyJoinsThroughItsFunctionAndSeesNothing() throws SQLException {
        for (String sql : List.of("SELECT * FROM waitlist_entries", "SELECT count(*) FROM waitlist_entries", "SELECT * FROM waitlist_settings",
                "INSERT INTO waitlist_entries (tenant_id, client_id, duration_min, date_from, date_to) VALUES (" + s.bloom + ", "
                        + s.bloomClient + ", 30, " + DAY + ", " + DAY + ")",
                "UPDATE waitlist_entries SET state = 'removed'",
                "SELECT salondesk_online_join_waitlist(" + s.rival + ", 'Eve', '+380671119999', NULL, NULL, current_date + 1, current_date + 2, 0, 1440)")) {
            assertEquals("42501", refused(WEB, sql), sql);
        }
        long cut = count(AttackedServer.OWNER, "SELECT id FROM services WHERE tenant_id = " + s.bloom + " AND name = 'Cut'");
        String join = "SELECT salondesk_online_join_waitlist(" + s.bloom + ", 'Eve', '+380671119999', " + cut + ", " + s.iryna
                + ", current_date + 1, current_date + 2, 600, 720)";
        long joined = count(WEB, join);
        assertEquals("online/waiting", one(AttackedServer.OWNER, "SELECT source || '/' || state FROM waitlist_entries WHERE id = " + joined));
        assertEquals("22023", refused(WEB, "SELECT salondesk_online_join_waitlist(" + s.bloom + ", 'Eve', '+380671119999', " + cut
                + ", NULL, current_date + 1, current_date + 400, 0, 1440)"), "days the page does not offer");
        assertEquals("42501", refused("olena", join), "staff have their own road");
    }

    // ---- helpers ----------------------------------------------------------------------------------------

    private String state(long entry) throws SQLException {
        return one(AttackedServer.OWNER, "SELECT state FROM waitlist_entries WHERE id = " + entry);
    }

    private void owner(String sql) throws SQLException {
        try (Connection c = s.connect(AttackedServer.OWNER); Statement st = c.createStatement()) {
            st.execute(sql);
        }
    }

    private String refused(String who, String sql) {
        return assertThrows(SQLException.class, () -> {
            try (Connection c = s.connect(who); Statement st = c.createStatement()) {
                st.execute(sql);
            }
        }, who + ": " + sql).getSQLState();
    }

    private long count(String who, String sql) throws SQLException {
        return Long.parseLong(one(who, sql));
    }

    private String one(String who, String sql) throws SQLException {
        try (Connection c = s.connect(who); Statement st = c.createStatement(); ResultSet rs = st.executeQuery(sql)) {
            rs.next();
            return rs.getString(1);
        }
    }

    private static long id(Statement st, String sql) throws SQLException {
        try (ResultSet rs = st.executeQuery(sql)) {
            rs.next();
            return rs.getLong(1);
        }
    }
}
