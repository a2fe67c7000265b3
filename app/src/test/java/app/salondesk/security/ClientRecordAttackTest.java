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

import static app.salondesk.security.AttackedServer.at;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Issue 36's client record attacked as the README's shared server's logins would ({@link AttackedServer}):
 * Bloom's receptionist {@code olena}, manager {@code mira} and admin {@code anna}; Rival's admin
 * {@code rita} and receptionist {@code bob}; the online server's login {@value #WEB}; {@code outsider}.
 * "Receptionists read and add; admins merge and delete": every new grant and definer function of
 * migrations 40–42 is tried by each login with the statement an attacker types, and where a refusal could
 * pass for a typo, the same statement by a login that may works.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class ClientRecordAttackTest {

    static final String WEB = "web";
    /** The smallest JPEG the database's check takes: its first three bytes. */
    static final String JPEG = "'\\xffd8ffe000'::bytea";

    AttackedServer s;
    long booking;
    long note;
    long rivalNote;
    long template;
    long duplicate;

    @BeforeAll
    void setUp() throws Exception {
        s = new AttackedServer(TestServers.ownCluster(17));
        new StaffRepository(s.dsl(AttackedServer.OWNER)).addOnlineLogin(WEB, AttackedServer.password(WEB).toCharArray());
        booking = ((BookingOutcome.Booked) s.engine("olena").book(s.booking(s.bloom, s.iryna, s.bloomClient, at(10, 0)))).booking().id();
        note = Long.parseLong(one("olena", "INSERT INTO client_notes (tenant_id, client_id, body, alert) VALUES (" + s.bloom + ", "
                + s.bloomClient + ", 'Allergic to ammonia', true) RETURNING id"));
        rivalNote = Long.parseLong(one("bob", "INSERT INTO client_notes (tenant_id, client_id, body) VALUES (" + s.rival + ", "
                + s.rivalClient + ", 'Zoe: secret') RETURNING id"));
        template = Long.parseLong(one("anna", "INSERT INTO consent_templates (tenant_id, title_en, body_en) VALUES (" + s.bloom
                + ", 'Colour', 'I agree.') RETURNING id"));
        duplicate = Long.parseLong(one("olena", "INSERT INTO clients (tenant_id, name, phone) VALUES (" + s.bloom
                + ", 'Nina Twice', '+48671112233') RETURNING id"));
        exec("olena", "INSERT INTO client_formulas (tenant_id, booking_id, product, shade) VALUES (" + s.bloom + ", " + booking + ", 'Igora', '6-0')");
        exec("olena", "INSERT INTO patch_tests (tenant_id, client_id, tested_on, result) VALUES (" + s.bloom + ", " + s.bloomClient
                + ", '2031-02-01', 'pending')");
        exec("olena", "INSERT INTO client_photos (tenant_id, client_id, kind, image, thumbnail, width, height) VALUES (" + s.bloom + ", "
                + s.bloomClient + ", 'before', " + JPEG + ", " + JPEG + ", 10, 10)");
        exec("olena", "INSERT INTO consent_signatures (tenant_id, client_id, template_id, language, typed_name, agreed) VALUES (" + s.bloom
                + ", " + s.bloomClient + ", " + template + ", 'en', 'Nina', true)");
    }

    @AfterAll
    void tearDown() {
        if (s != null) {
            s.close();
        }
    }

    private static final List<String> RECORD = List.of("client_notes", "client_formulas", "patch_tests", "client_photos",
            "consent_signatures", "consent_templates", "client_history", "client_merges");

    @Test
    void eachSalonsStaffSeeTheirOwnRecordOnlyAndTheOnlineLoginAndOutsidersNone() throws SQLException {
        for (String table : RECORD) {
            long bloomRows = s.count("SELECT count(*) FROM " + table + " WHERE tenant_id = " + s.bloom);
            for (String who : List.of("olena", "mira", "anna")) {
                assertEquals(String.valueOf(bloomRows), one(who, "SELECT count(*) FROM " + table), who + " reads Bloom's " + table);
            }
            assertEquals("0", one("rita", "SELECT count(*) FROM " + table + " WHERE tenant_id = " + s.bloom), "Rival's admin: " + table);
            for (String who : List.of(WEB, "outsider")) {
                assertEquals("42501", refused(who, "SELECT count(*) FROM " + table), who + ": " + table);
            }
        }
        assertTrue(Long.parseLong(one("olena", "SELECT count(*) FROM client_history")) > 0);
    }

    @Test
    void nobodyWritesIntoAnotherSalonsRecord() throws SQLException {
        // another salon's id: row-level security refuses the row
        assertEquals("42501", refused("bob", "INSERT INTO client_notes (tenant_id, client_id, body) VALUES (" + s.bloom + ", " + s.bloomClient
                + ", 'x')"));
        // the own salon's id with another salon's client: the foreign key holds the salon
        assertEquals("23503", refused("bob", "INSERT INTO client_notes (tenant_id, client_id, body) VALUES (" + s.rival + ", " + s.bloomClient
                + ", 'x')"));
        assertEquals("23503", refused("bob", "INSERT INTO client_formulas (tenant_id, booking_id, product) VALUES (" + s.rival + ", " + booking
                + ", 'x')"), "a formula for another salon's booking");
        assertEquals("0", one("rita", "WITH u AS (UPDATE client_notes SET body = 'rewritten' WHERE id = " + note + " RETURNING 1) "
                + "SELECT count(*) FROM u"), "Bloom's note is not Rival's admin's to see, nor to change");
        assertEquals("42501", refused("rita", "SELECT salondesk_delete_client_record(" + s.bloom + ", 'note', " + note + ")"));
        assertEquals("f", one("anna", "SELECT salondesk_delete_client_record(" + s.bloom + ", 'note', " + rivalNote + ")"),
                "Bloom's admin naming Rival's note in her own salon finds nothing");
        assertEquals("Zoe: secret", one(AttackedServer.OWNER, "SELECT body FROM client_notes WHERE id = " + rivalNote));
        assertEquals("Allergic to ammonia", one(AttackedServer.OWNER, "SELECT body FROM client_notes WHERE id = " + note));
    }

    @Test
    void receptionistsReadAndAddManagersReadAdminsCorrectAndDelete() throws SQLException {
        long mine = Long.parseLong(one("olena", "INSERT INTO client_notes (tenant_id, client_id, body) VALUES (" + s.bloom + ", " + s.bloomClient
                + ", 'typo') RETURNING id"));
        exec("olena", "UPDATE client_notes SET alert = true WHERE id = " + mine);
        for (String sql : List.of(
                "UPDATE client_notes SET body = 'rewritten' WHERE id = " + note,
                "UPDATE client_notes SET created_by = 'anna' WHERE id = " + note,
                "DELETE FROM client_notes WHERE id = " + note,
                "UPDATE client_formulas SET shade = '9-0' WHERE tenant_id = " + s.bloom,
                "UPDATE patch_tests SET tested_on = '2031-03-01' WHERE tenant_id = " + s.bloom,
                "DELETE FROM patch_tests",
                "DELETE FROM client_photos",
                "UPDATE client_photos SET caption = 'x'",
                "INSERT INTO consent_templates (tenant_id, title_en, body_en) VALUES (" + s.bloom + ", 'x', 'y')",
                "UPDATE consent_templates SET body_en = 'other'",
                "UPDATE consent_signatures SET signed_text = 'forged'",
                "DELETE FROM consent_signatures",
                "SELECT salondesk_delete_client_record(" + s.bloom + ", 'note', " + note + ")",
                "UPDATE clients SET merged_into = " + duplicate + " WHERE id = " + s.bloomClient,
                "UPDATE clients SET marketing_by = 'anna' WHERE id = " + s.bloomClient)) {
            assertEquals("42501", refused("olena", sql), "olena: " + sql);
        }
        // a pending patch test's result is hers to record
        exec("olena", "UPDATE patch_tests SET result = 'pass' WHERE tenant_id = " + s.bloom);
        for (String sql : List.of(
                "INSERT INTO client_notes (tenant_id, client_id, body) VALUES (" + s.bloom + ", " + s.bloomClient + ", 'x')",
                "INSERT INTO patch_tests (tenant_id, client_id, tested_on, result) VALUES (" + s.bloom + ", " + s.bloomClient + ", '2031-01-01', 'pass')",
                "INSERT INTO client_photos (tenant_id, client_id, image, thumbnail, width, height) VALUES (" + s.bloom + ", " + s.bloomClient
                        + ", " + JPEG + ", " + JPEG + ", 1, 1)",
                "UPDATE client_notes SET alert = false WHERE id = " + note,
                "UPDATE clients SET tags = '{VIP}' WHERE id = " + s.bloomClient)) {
            assertEquals("42501", refused("mira", sql), "the manager reads only: " + sql);
        }
        // the admin corrects and removes; the history keeps what was removed, in her name
        exec("anna", "UPDATE client_notes SET body = 'typo fixed' WHERE id = " + mine);
        assertEquals("t", one("anna", "SELECT salondesk_delete_client_record(" + s.bloom + ", 'note', " + mine + ")"));
        assertEquals("anna|DELETE|typo fixed", one("olena", "SELECT changed_by || '|' || operation || '|' || (changes -> 'body' ->> 0) "
                + "FROM client_history WHERE kind = 'note' AND record_id = " + mine + " ORDER BY id DESC LIMIT 1"));
        assertEquals("22023", refused("anna", "SELECT salondesk_delete_client_record(" + s.bloom + ", 'clients', " + s.bloomClient + ")"));
    }

    @Test
    void theHistoryAndTheMergesAreWrittenByTheDatabaseAloneInTheRealLoginsName() throws SQLException {
        long forged = Long.parseLong(one("olena", "INSERT INTO client_notes (tenant_id, client_id, body) VALUES (" + s.bloom + ", " + s.bloomClient
                + ", 'who wrote me') RETURNING id"));
        assertEquals("olena", one("olena", "SELECT created_by FROM client_notes WHERE id = " + forged));
        for (String who : List.of("olena", "mira", "anna", WEB)) {
            for (String sql : List.of(
                    "INSERT INTO client_history (tenant_id, client_id, kind, operation, source) VALUES (" + s.bloom + ", " + s.bloomClient
                            + ", 'note', 'INSERT', 'form')",
                    "UPDATE client_history SET changes = '{}'",
                    "DELETE FROM client_history",
                    "TRUNCATE client_history",
                    "INSERT INTO client_merges (tenant_id, from_client, into_client) VALUES (" + s.bloom + ", " + duplicate + ", " + s.bloomClient + ")",
                    "UPDATE client_merges SET txid = txid_current()",
                    "SELECT salondesk_merging(" + s.bloom + ", " + s.bloomClient + ")",
                    "SELECT client_history_write(" + s.bloom + ", " + s.bloomClient + ", 'note', 'INSERT', NULL, '{}')")) {
                assertEquals("42501", refused(who, sql), who + ": " + sql);
            }
        }
        assertEquals("olena|sql", one("anna", "SELECT changed_by || '|' || source FROM client_history WHERE record_id = " + forged + " AND kind = 'note'"));
    }

    @Test
    void aSignatureIsTheFormsTextAsItWasWhateverTheWriterSends() throws SQLException {
        assertEquals("42501", refused("olena", "INSERT INTO consent_signatures (tenant_id, client_id, template_id, language, typed_name, agreed, "
                + "signed_text) VALUES (" + s.bloom + ", " + s.bloomClient + ", " + template + ", 'en', 'Nina', true, 'I agree to nothing')"));
        assertEquals("23514", refused("olena", "INSERT INTO consent_signatures (tenant_id, client_id, template_id, language, typed_name, agreed) "
                + "VALUES (" + s.bloom + ", " + s.bloomClient + ", " + template + ", 'en', 'Nina', false)"), "without the tick");
        assertEquals("I agree.", one("mira", "SELECT signed_text FROM consent_signatures WHERE template_id = " + template + " LIMIT 1"));
    }

    @Test
    void photosAreJpegsOfBoundedSizeAndNumberWhoeverSendsThem() throws SQLException {
        String cols = "INSERT INTO client_photos (tenant_id, client_id, booking_id, image, thumbnail, width, height) VALUES (" + s.bloom + ", "
                + s.bloomClient + ", ";
        assertEquals("23514", refused("olena", cols + "NULL, '\\x3c7376673e'::bytea, " + JPEG + ", 1, 1)"), "an SVG is no JPEG");
        assertEquals("23514", refused("olena", cols + "NULL, '\\xffd8ff'::bytea || decode(repeat('00', 1048577), 'hex'), " + JPEG + ", 1, 1)"),
                "over a megabyte");
        try (Connection c = s.connect("olena"); Statement st = c.createStatement()) {
            for (int i = 0; i < 24; i++) {
                st.execute(cols + booking + ", " + JPEG + ", " + JPEG + ", 1, 1)");
            }
        }
        assertEquals("54000", refused("olena", cols + booking + ", " + JPEG + ", " + JPEG + ", 1, 1)"), "the 25th of one visit");
        assertEquals("23503", refused("olena", "INSERT INTO client_photos (tenant_id, client_id, booking_id, image, thumbnail, width, height) "
                + "VALUES (" + s.bloom + ", " + duplicate + ", " + booking + ", " + JPEG + ", " + JPEG + ", 1, 1)"), "a visit of another client");
    }

    @Test
    void onlyTheSalonsAdminMergesItsClients() throws SQLException {
        long a = Long.parseLong(one("olena", "INSERT INTO clients (tenant_id, name) VALUES (" + s.bloom + ", 'Merge Me') RETURNING id"));
        long b = Long.parseLong(one("olena", "INSERT INTO clients (tenant_id, name) VALUES (" + s.bloom + ", 'Merge Me Too') RETURNING id"));
        for (String who : List.of("olena", "mira", WEB, "bob", "outsider")) {
            assertEquals("42501", refused(who, "SELECT salondesk_merge_clients(" + s.bloom + ", " + a + ", " + b + ")"), who);
        }
        assertEquals("42501", refused("rita", "SELECT salondesk_merge_clients(" + s.bloom + ", " + a + ", " + b + ")"));
        assertEquals("22023", refused("rita", "SELECT salondesk_merge_clients(" + s.rival + ", " + a + ", " + b + ")"),
                "Rival's admin naming Bloom's clients in her own salon finds none");
        assertEquals("22023", refused("rita", "SELECT salondesk_merge_clients(" + s.rival + ", " + s.rivalClient + ", " + b + ")"));
        assertEquals("Merge Me", one(AttackedServer.OWNER, "SELECT name FROM clients WHERE id = " + a));
        assertTrue(one("anna", "SELECT salondesk_merge_clients(" + s.bloom + ", " + a + ", " + b + ")").contains("\"bookings\": 0"));
        assertEquals(b + "|Merged client #" + a, one(AttackedServer.OWNER, "SELECT merged_into || '|' || name FROM clients WHERE id = " + a));
        assertEquals("22023", refused("anna", "SELECT salondesk_merge_clients(" + s.bloom + ", " + a + ", " + b + ")"), "merged once");
    }

    @Test
    void aMergeMovesASaleButLendsNoLoginTheRightToChangeOne() throws SQLException {
        long a = Long.parseLong(one("olena", "INSERT INTO clients (tenant_id, name) VALUES (" + s.bloom + ", 'Paid Twice') RETURNING id"));
        long b = Long.parseLong(one("olena", "INSERT INTO clients (tenant_id, name) VALUES (" + s.bloom + ", 'Paid Once') RETURNING id"));
        long sale;
        try (Connection c = s.connect(AttackedServer.OWNER); Statement st = c.createStatement()) {
            c.setAutoCommit(false);
            try (ResultSet rs = st.executeQuery("INSERT INTO sales (tenant_id, client_id, total_minor, note) VALUES (" + s.bloom + ", " + a
                    + ", 700, 'tip') RETURNING id")) {
                rs.next();
                sale = rs.getLong(1);
            }
            st.execute("INSERT INTO sale_lines (tenant_id, sale_id, line_no, kind, master_id, unit_price_minor, amount_minor) VALUES ("
                    + s.bloom + ", " + sale + ", 1, 'tip', " + s.iryna + ", 700, 700)");
            st.execute("INSERT INTO sale_payments (tenant_id, sale_id, payment_no, method, amount_minor) VALUES (" + s.bloom + ", " + sale
                    + ", 1, 'cash', 700)");
            c.commit();
        }
        // in the merge's own transaction, the admin tries to use it: the sale's rows are no login's to write
        for (String change : List.of("UPDATE sales SET client_id = " + b + " WHERE id = " + sale, "UPDATE sales SET note = '' WHERE id = " + sale,
                "UPDATE sales SET total_minor = 1 WHERE id = " + sale)) {
            assertEquals("42501", inOneTransaction("anna", "SELECT salondesk_merge_clients(" + s.bloom + ", " + a + ", " + b + ")", change), change);
        }
        assertEquals(a + "|700|tip", one(AttackedServer.OWNER, "SELECT client_id || '|' || total_minor || '|' || note FROM sales WHERE id = " + sale));
        // nor may the owner's plain SQL move a sale outside a merge
        assertEquals("55000", refused(AttackedServer.OWNER, "UPDATE sales SET client_id = " + b + " WHERE id = " + sale));
        assertTrue(one("anna", "SELECT salondesk_merge_clients(" + s.bloom + ", " + a + ", " + b + ")").contains("\"sales\": 1"));
        assertEquals(b + "|700|tip", one(AttackedServer.OWNER, "SELECT client_id || '|' || total_minor || '|' || note FROM sales WHERE id = " + sale),
                "the merge moved it, and only its client");
    }

    @Test
    void patchTestsAnswerTheirOwnSalonOnlyAndTheWaiverIsAnAdminsWhichTheOnlineLoginCannotEvenName() throws SQLException {
        String state = "SELECT problem FROM salondesk_patch_test_state(" + s.bloom + ", " + s.bloomClient + ", 90, now())";
        assertEquals("42501", refused("rita", state));
        assertEquals("42501", refused(WEB, state), "the online login, without the proof of a client its own transaction found by phone");
        assertEquals("42501", refused("outsider", state));
        one("mira", state);
        long colour = Long.parseLong(one(AttackedServer.OWNER, "INSERT INTO services (tenant_id, name, duration_min, patch_test_days) VALUES ("
                + s.bloom + ", 'Colour', 30, 90) RETURNING id"));
        String insert = "INSERT INTO bookings (tenant_id, master_id, client_id, service_id, starts_at, duration_min, patch_test_waived) VALUES ("
                + s.bloom + ", " + s.marta + ", " + duplicate + ", " + colour + ", '" + at(15, 0) + "', 30, true)";
        assertEquals("42501", refused("olena", insert));
        assertEquals("42501", refused(WEB, insert));
        assertEquals("23514", refused("olena", insert.replace(", patch_test_waived)", ")").replace(", true)", ")")), "and without it, none");
        exec("anna", insert);
        assertEquals("anna", one("olena", "SELECT changed_by FROM booking_history WHERE (new_row ->> 'patch_test_waived')::boolean "
                + "AND operation = 'INSERT'"));
    }

    // ---- helpers ----------------------------------------------------------------------------------------

    private String refused(String who, String sql) {
        return assertThrows(SQLException.class, () -> {
            try (Connection c = s.connect(who); Statement st = c.createStatement()) {
                st.execute(sql);
            }
        }, who + ": " + sql).getSQLState();
    }

    /** The SQLSTATE of the first statement refused, all of them in one transaction (rolled back). */
    private String inOneTransaction(String who, String... sqls) throws SQLException {
        try (Connection c = s.connect(who); Statement st = c.createStatement()) {
            c.setAutoCommit(false);
            try {
                for (String sql : sqls) {
                    st.execute(sql);
                }
                return "done";
            } catch (SQLException e) {
                return e.getSQLState();
            } finally {
                c.rollback();
            }
        }
    }

    private void exec(String who, String sql) throws SQLException {
        try (Connection c = s.connect(who); Statement st = c.createStatement()) {
            st.execute(sql);
        }
    }

    private String one(String who, String sql) throws SQLException {
        try (Connection c = s.connect(who); Statement st = c.createStatement(); ResultSet rs = st.executeQuery(sql)) {
            rs.next();
            return rs.getString(1);
        }
    }
}
