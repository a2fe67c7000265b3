package app.salondesk.security;

import app.salondesk.db.TestServers;
import app.salondesk.logic.staff.StaffRepository;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalTime;
import java.util.List;
import java.util.UUID;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

/**
 * Migration 60's new rights of the online server's login ({@value #WEB}), abused as an attacker holding
 * its password would, with real logins on a shared server set up as the README says
 * ({@link AttackedServer}). The road reads a service's consent forms and signs one only for the booking
 * its own transaction has just made, of the words it was shown, in its own salon; it reads no signature
 * and no form directly, and an online booking of such a service without its signature is refused at
 * commit. Where a refusal could pass for a typo, the same statement without the forbidden part works.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class OnlineConsentAttackTest {

    static final String WEB = "web";
    static final LocalDate DAY = LocalDate.now(AttackedServer.ZONE).plusDays(2);

    AttackedServer s;
    long brows;
    long rivalBrows;
    long form;
    long rivalForm;

    @BeforeAll
    void setUp() throws Exception {
        s = new AttackedServer(TestServers.ownCluster(17));
        new StaffRepository(s.dsl(AttackedServer.OWNER)).addOnlineLogin(WEB, AttackedServer.password(WEB).toCharArray());
        try (Connection c = s.connect(AttackedServer.OWNER); Statement st = c.createStatement()) {
            // both salons take online bookings: a salon that is on is still not the other's
            st.execute("INSERT INTO online_settings (tenant_id, enabled, slug, max_open_per_phone) VALUES (" + s.bloom + ", true, 'bloom', 20), ("
                    + s.rival + ", true, 'rival', 20)");
            brows = id(st, "INSERT INTO services (tenant_id, name, duration_min) VALUES (" + s.bloom + ", 'Brows', 30) RETURNING id");
            rivalBrows = id(st, "INSERT INTO services (tenant_id, name, duration_min) VALUES (" + s.rival + ", 'Brows', 30) RETURNING id");
            st.execute("INSERT INTO master_services (tenant_id, master_id, service_id) VALUES (" + s.bloom + ", " + s.iryna + ", " + brows
                    + "), (" + s.rival + ", " + s.roman + ", " + rivalBrows + ")");
            form = id(st, "INSERT INTO consent_templates (tenant_id, service_id, title_en, body_en) VALUES (" + s.bloom + ", " + brows
                    + ", 'Henna', 'Henna may stain.') RETURNING id");
            rivalForm = id(st, "INSERT INTO consent_templates (tenant_id, service_id, title_en, body_en) VALUES (" + s.rival + ", " + rivalBrows
                    + ", 'Rival henna', 'Rival text.') RETURNING id");
        }
    }

    @AfterAll
    void tearDown() {
        if (s != null) {
            s.close();
        }
    }

    static Instant at(int hour, int minute) {
        return DAY.atTime(LocalTime.of(hour, minute)).atZone(AttackedServer.ZONE).toInstant();
    }

    @Test
    void theRoadReadsNoSignatureNoFormRowAndNoProof() throws Exception {
        for (String sql : List.of("SELECT * FROM consent_signatures", "SELECT typed_name FROM consent_signatures",
                "SELECT signed_text FROM consent_signatures", "SELECT * FROM consent_templates", "SELECT body_en FROM consent_templates",
                "SELECT salondesk_online_booking_proof(" + s.bloom + ", 1)", "SELECT salondesk_consent_digest('a', 'b')",
                "INSERT INTO consent_signatures (tenant_id, client_id, template_id, language, typed_name, agreed) VALUES ("
                        + s.bloom + ", " + s.bloomClient + ", " + form + ", 'en', 'Nina', true)",
                "UPDATE consent_templates SET body_en = 'x'", "DELETE FROM consent_signatures")) {
            assertEquals("42501", refused(WEB, sql), sql);
        }
        // what the page shows is the function's answer: the service's own forms, in the salon asked
        assertEquals(1, count(WEB, "SELECT count(*) FROM salondesk_online_consent_forms(" + s.bloom + ", " + brows + ") WHERE title = 'Henna'"));
        assertEquals(0, count(WEB, "SELECT count(*) FROM salondesk_online_consent_forms(" + s.bloom + ", " + rivalBrows + ")"),
                "another salon's service under this salon's id");
        // staff may not ask the road's questions
        assertEquals("42501", refused("olena", "SELECT * FROM salondesk_online_consent_forms(" + s.bloom + ", " + brows + ")"));
        assertEquals("42501", refused("anna", "SELECT salondesk_online_sign_consent(" + s.bloom + ", gen_random_uuid(), '+380671112233', "
                + form + ", 'en', 'Nina', 'x')"));
    }

    @Test
    void aBookingIsSignedInItsOwnTransactionOnlyAndNeverLeftUnsigned() throws Exception {
        String phone = "+380671115001";
        // unsigned: the deferred check refuses the booking at commit
        assertEquals("23514", road(phone, at(9, 0), UUID.randomUUID(), null));
        assertEquals(0, s.count("SELECT count(*) FROM bookings WHERE starts_at = '" + at(9, 0) + "'"));
        // another text than the form's: refused, nothing written
        assertEquals("22023", road(phone, at(9, 0), UUID.randomUUID(), "'0000000000000000000000000000000000000000000000000000000000000000'"));
        assertEquals(0, s.count("SELECT count(*) FROM bookings WHERE starts_at = '" + at(9, 0) + "'"));
        // signed with the digest of the words shown: both written
        UUID request = UUID.randomUUID();
        assertNull(road(phone, at(9, 0), request, digest()));
        assertEquals(1, s.count("SELECT count(*) FROM consent_signatures g JOIN bookings b ON b.id = g.booking_id WHERE b.request_id = '"
                + request + "' AND g.signed_text = 'Henna may stain.' AND g.source = 'online' AND g.created_by = '" + WEB + "'"));

        // the same booking, in a later transaction: a new form may not be signed for it (the proof was that transaction's)
        long second;
        try (Connection c = s.connect(AttackedServer.OWNER); Statement st = c.createStatement()) {
            second = id(st, "INSERT INTO consent_templates (tenant_id, service_id, title_en, body_en) VALUES (" + s.bloom + ", " + brows
                    + ", 'Second', 'Second text.') RETURNING id");
        }
        try {
            assertEquals("42501", inTransaction(WEB, "SELECT salondesk_online_sign_consent(" + s.bloom + ", '" + request + "', '" + phone + "', "
                    + second + ", 'en', 'Eve', '" + one(AttackedServer.OWNER, "SELECT salondesk_consent_digest('Second', 'Second text.')") + "')"));
            // nor with a proof typed by hand
            long booking = s.count("SELECT id FROM bookings WHERE request_id = '" + request + "'");
            assertEquals("42501", inTransaction(WEB, "SELECT set_config('salondesk.online_booking', '" + s.bloom + ":" + booking + ":"
                    + "0".repeat(64) + "', true); SELECT salondesk_online_sign_consent(" + s.bloom + ", '" + request + "', '" + phone + "', "
                    + second + ", 'en', 'Eve', '" + one(AttackedServer.OWNER, "SELECT salondesk_consent_digest('Second', 'Second text.')") + "')"));
            assertEquals(0, s.count("SELECT count(*) FROM consent_signatures WHERE template_id = " + second));
        } finally {
            try (Connection c = s.connect(AttackedServer.OWNER); Statement st = c.createStatement()) {
                st.execute("UPDATE consent_templates SET active = false WHERE id = " + second);
            }
        }
    }

    @Test
    void anotherSalonsClientBookingOrFormIsNeverSigned() throws Exception {
        // Rival's own online booking, made and signed by its own page
        String rivalPhone = "+380671115101";
        UUID rivalRequest = UUID.randomUUID();
        try (Connection c = s.connect(WEB); Statement st = c.createStatement()) {
            c.setAutoCommit(false);
            st.execute("SELECT set_config('salondesk.source', 'online', true), salondesk_online_client(" + s.rival + ", 'Zed', '" + rivalPhone + "')");
            st.executeUpdate("INSERT INTO bookings (tenant_id, master_id, client_id, service_id, starts_at, duration_min, status, request_id) VALUES ("
                    + s.rival + ", " + s.roman + ", (SELECT id FROM clients), " + rivalBrows + ", '" + at(10, 0) + "', 30, 'confirmed', '"
                    + rivalRequest + "')");
            st.execute("SELECT salondesk_online_sign_consent(" + s.rival + ", '" + rivalRequest + "', '" + rivalPhone + "', " + rivalForm
                    + ", 'en', 'Zed', (SELECT digest FROM salondesk_online_consent_forms(" + s.rival + ", " + rivalBrows + ") LIMIT 1))");
            c.commit();
        }
        assertEquals(1, s.count("SELECT count(*) FROM consent_signatures WHERE tenant_id = " + s.rival));

        // Bloom's road, in a transaction that has just booked at Bloom, signs for Rival's booking, client or form
        String phone = "+380671115102";
        UUID request = UUID.randomUUID();
        String bloomBooking = "SELECT set_config('salondesk.source', 'online', true), salondesk_online_client(" + s.bloom + ", 'Eve', '" + phone
                + "'); INSERT INTO bookings (tenant_id, master_id, client_id, service_id, starts_at, duration_min, status, request_id) VALUES ("
                + s.bloom + ", " + s.iryna + ", (SELECT id FROM clients), " + brows + ", '" + at(11, 0) + "', 30, 'confirmed', '" + request + "'); ";
        // Rival's online booking, signed in its own transaction: the answer is that signature, nothing new, and
        // the transaction still fails on its own unsigned booking
        assertEquals("23514", inTransaction(WEB, bloomBooking + "SELECT salondesk_online_sign_consent(" + s.rival + ", '" + rivalRequest + "', '"
                + rivalPhone + "', " + rivalForm + ", 'en', 'Eve', '" + digestOf("Rival henna", "Rival text.") + "')"), "Rival's online booking");
        // Rival's desk booking of the service, never signed: not the road's
        UUID deskRequest = UUID.randomUUID();
        try (Connection c = s.connect(AttackedServer.OWNER); Statement st = c.createStatement()) {
            c.setAutoCommit(false);
            st.execute("SELECT set_config('salondesk.source', 'form', true)");
            st.executeUpdate("INSERT INTO bookings (tenant_id, master_id, client_id, service_id, starts_at, duration_min, request_id) VALUES ("
                    + s.rival + ", " + s.roman + ", " + s.rivalClient + ", " + rivalBrows + ", '" + at(15, 0) + "', 30, '" + deskRequest + "')");
            c.commit();
        }
        assertEquals("42501", inTransaction(WEB, bloomBooking + "SELECT salondesk_online_sign_consent(" + s.rival + ", '" + deskRequest + "', '"
                + "+380671112244', " + rivalForm + ", 'en', 'Eve', '" + digestOf("Rival henna", "Rival text.") + "')"), "Rival's desk booking");
        assertEquals("42501", inTransaction(WEB, bloomBooking + "SELECT salondesk_online_sign_consent(" + s.rival + ", '" + request + "', '"
                + phone + "', " + rivalForm + ", 'en', 'Eve', '" + digestOf("Rival henna", "Rival text.") + "')"), "Bloom's booking under Rival's id");
        assertEquals("22023", inTransaction(WEB, bloomBooking + "SELECT salondesk_online_sign_consent(" + s.bloom + ", '" + request + "', '"
                + phone + "', " + rivalForm + ", 'en', 'Eve', '" + digestOf("Rival henna", "Rival text.") + "')"), "Rival's form for Bloom's booking");
        assertEquals("42501", inTransaction(WEB, bloomBooking + "SELECT salondesk_online_sign_consent(" + s.bloom + ", '" + request + "', '"
                + "+380671112233', " + form + ", 'en', 'Eve', '" + digestOf("Henna", "Henna may stain.") + "')"), "another client's phone");
        assertEquals(1, s.count("SELECT count(*) FROM consent_signatures WHERE tenant_id = " + s.rival), "Rival's signature alone");
        assertEquals(0, s.count("SELECT count(*) FROM consent_signatures WHERE tenant_id = " + s.bloom + " AND typed_name = 'Eve'"));
        // the same transaction, unforged, is written: the refusals above were the forgeries'
        assertNull(inTransaction(WEB, bloomBooking + "SELECT salondesk_online_sign_consent(" + s.bloom + ", '" + request + "', '" + phone + "', "
                + form + ", 'en', 'Eve', '" + digestOf("Henna", "Henna may stain.") + "')"));
        assertEquals(1, s.count("SELECT count(*) FROM consent_signatures WHERE tenant_id = " + s.bloom + " AND typed_name = 'Eve'"));
    }

    // ---- helpers ---------------------------------------------------------------------------------------

    private String digest() throws SQLException {
        return "'" + digestOf("Henna", "Henna may stain.") + "'";
    }

    private String digestOf(String title, String body) throws SQLException {
        return one(AttackedServer.OWNER, "SELECT salondesk_consent_digest('" + title + "', '" + body + "')");
    }

    /** As the road: find the client by phone, book Brows at Bloom, sign with {@code digest} (null: not at all), commit. */
    private String road(String phone, Instant start, UUID request, String digest) throws SQLException {
        return inTransaction(WEB, "SELECT set_config('salondesk.source', 'online', true), salondesk_online_client(" + s.bloom + ", 'Eve', '"
                + phone + "'); INSERT INTO bookings (tenant_id, master_id, client_id, service_id, starts_at, duration_min, status, request_id) VALUES ("
                + s.bloom + ", " + s.iryna + ", (SELECT id FROM clients), " + brows + ", '" + start + "', 30, 'confirmed', '" + request + "')"
                + (digest == null ? "" : "; SELECT salondesk_online_sign_consent(" + s.bloom + ", '" + request + "', '" + phone + "', " + form
                + ", 'en', 'Eve', " + digest + ")"));
    }

    /** The statements in one transaction, committed; the SQLSTATE of the refusal, or null when it was written. */
    private String inTransaction(String who, String sql) throws SQLException {
        try (Connection c = s.connect(who); Statement st = c.createStatement()) {
            c.setAutoCommit(false);
            try {
                for (String part : sql.split("; ")) {
                    st.execute(part);
                }
                c.commit();
                return null;
            } catch (SQLException e) {
                c.rollback();
                return e.getSQLState();
            }
        }
    }

    String refused(String who, String sql) {
        return assertThrows(SQLException.class, () -> {
            try (Connection c = s.connect(who); Statement st = c.createStatement()) {
                st.execute(sql);
            }
        }, who + ": " + sql).getSQLState();
    }

    long count(String who, String sql) throws SQLException {
        try (Connection c = s.connect(who); Statement st = c.createStatement(); ResultSet rs = st.executeQuery(sql)) {
            rs.next();
            return rs.getLong(1);
        }
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
