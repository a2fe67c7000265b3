package app.salondesk.security;

import app.salondesk.db.TestServers;
import app.salondesk.logic.staff.StaffRepository;
import app.salondesk.model.booking.BookingOutcome;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Issue 15's client data on request, abused as an attacker would, with real logins on a shared
 * server set up as the README says ({@link AttackedServer}): Bloom's receptionist {@code olena},
 * manager {@code mira} and admin {@code anna}; Rival's admin {@code rita}; the online server's
 * login {@value #WEB}. Only Bloom's admin may read a Bloom client's whole file or forget them;
 * nobody may rewrite the history by hand, nor pass for a forgetting to get past the audit.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class ForgetClientAttackTest {

    static final String WEB = "web";

    AttackedServer s;
    long booking;

    @BeforeAll
    void setUp() throws Exception {
        s = new AttackedServer(TestServers.ownCluster(17));
        new StaffRepository(s.dsl(AttackedServer.OWNER)).addOnlineLogin(WEB, AttackedServer.password(WEB).toCharArray());
        booking = ((BookingOutcome.Booked) s.engine("olena").book(s.booking(s.bloom, s.iryna, s.bloomClient, AttackedServer.at(10, 0))))
                .booking().id();
        s.asSuperuser("UPDATE bookings SET note = 'Nina: call +380671112233' WHERE id = " + booking);
    }

    @AfterAll
    void tearDown() {
        if (s != null) {
            s.close();
        }
    }

    private String forget(long tenant, long client) {
        return "SELECT salondesk_forget_client(" + tenant + ", " + client + ")";
    }

    private String data(long tenant, long client) {
        return "SELECT salondesk_client_data(" + tenant + ", " + client + ")";
    }

    @Test
    void onlyTheSalonsAdminMayForgetOrReadTheWholeFileOfItsClient() throws SQLException {
        for (String who : List.of("olena", "mira", WEB, "rita", "bob", "outsider")) {
            assertEquals("42501", refused(who, forget(s.bloom, s.bloomClient)), who + " may not forget Bloom's client");
            assertEquals("42501", refused(who, data(s.bloom, s.bloomClient)), who + " may not read Bloom's client's file");
        }
        // Rival's admin, naming her own salon and Bloom's client: not hers to find
        assertEquals("22023", refused("rita", forget(s.rival, s.bloomClient)));
        assertEquals("22023", refused("rita", data(s.rival, s.bloomClient)));
        // Bloom's admin may not reach into Rival either
        assertEquals("42501", refused("anna", forget(s.rival, s.rivalClient)));
        assertEquals("Nina", one(AttackedServer.OWNER, "SELECT name FROM clients WHERE id = " + s.bloomClient));
        assertEquals("Zoe", one(AttackedServer.OWNER, "SELECT name FROM clients WHERE id = " + s.rivalClient));
        assertEquals(0, s.count("SELECT count(*) FROM forgotten_clients"));

        // the same statements as Bloom's admin work
        assertTrue(one("anna", data(s.bloom, s.bloomClient)).contains("+380671112233"));
        assertEquals("t", one("anna", forget(s.bloom, s.bloomClient)));
        assertEquals("Forgotten client #" + s.bloomClient, one(AttackedServer.OWNER, "SELECT name FROM clients WHERE id = " + s.bloomClient));
        assertEquals("anna", one(AttackedServer.OWNER, "SELECT forgotten_by FROM forgotten_clients WHERE client_id = " + s.bloomClient));
        assertEquals("anna", one(AttackedServer.OWNER, "SELECT changed_by FROM booking_history WHERE operation = 'FORGET' AND booking_id = "
                + booking));
        assertEquals(0, s.count("SELECT count(*) FROM booking_history WHERE booking_id = " + booking + " AND changes::text LIKE '%+380671112233%'"));
        assertEquals("Zoe", one(AttackedServer.OWNER, "SELECT name FROM clients WHERE id = " + s.rivalClient));
    }

    @Test
    void nobodyRewritesTheHistoryByHandNorPassesForAForgetting() throws SQLException {
        long rows = s.count("SELECT count(*) FROM booking_history");
        for (String who : List.of("olena", "mira", "anna", WEB)) {
            for (String sql : List.of(
                    "UPDATE booking_history SET changes = '{}' WHERE booking_id = " + booking,
                    "UPDATE booking_history SET old_row = NULL, new_row = NULL",
                    "DELETE FROM booking_history WHERE booking_id = " + booking,
                    "TRUNCATE booking_history",
                    "INSERT INTO booking_history (tenant_id, booking_id, operation, source, changes) VALUES (" + s.bloom + ", " + booking
                            + ", 'FORGET', 'form', '{}')",
                    // the forgetting's proof is a row of this table, written by the function alone
                    "INSERT INTO forgotten_clients (tenant_id, client_id) VALUES (" + s.bloom + ", " + s.bloomClient + ")",
                    "UPDATE forgotten_clients SET txid = txid_current()",
                    "DELETE FROM forgotten_clients",
                    "SELECT salondesk_forgetting(" + s.bloom + ", " + s.bloomClient + ")")) {
                assertEquals("42501", refused(who, sql), who + ": " + sql);
            }
        }
        assertEquals(rows, s.count("SELECT count(*) FROM booking_history"), "the history is as it was");
    }

    // ---- helpers ----------------------------------------------------------------------------------------

    private String refused(String who, String sql) {
        return assertThrows(SQLException.class, () -> {
            try (Connection c = s.connect(who); Statement st = c.createStatement()) {
                st.execute(sql);
            }
        }, who + ": " + sql).getSQLState();
    }

    private String one(String who, String sql) throws SQLException {
        try (Connection c = s.connect(who); Statement st = c.createStatement(); ResultSet rs = st.executeQuery(sql)) {
            rs.next();
            return rs.getString(1);
        }
    }
}
