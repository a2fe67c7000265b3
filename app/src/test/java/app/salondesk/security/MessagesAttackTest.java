package app.salondesk.security;

import app.salondesk.db.TestServers;
import app.salondesk.logic.staff.StaffRepository;
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
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Issue 33's new rights abused as an attacker would, with real logins on a shared server set up as
 * the README says ({@link AttackedServer}): the message sender's own login {@value #SENDER} (made by
 * the owner, {@code users add --role sender}), the online login {@value #WEB}, Bloom's receptionist
 * {@code olena}, admin {@code anna}, manager {@code mira}, Rival's receptionist {@code bob}. The
 * sender may claim due messages and record their outcome — and nothing else: no table, no other
 * function, no other message's record.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class MessagesAttackTest {

    static final String SENDER = "mailer";
    static final String WEB = "web";

    AttackedServer s;
    long bloomBooking;

    @BeforeAll
    void setUp() throws Exception {
        s = new AttackedServer(TestServers.ownCluster(17));
        StaffRepository owner = new StaffRepository(s.dsl(AttackedServer.OWNER));
        owner.addSenderLogin(SENDER, AttackedServer.password(SENDER).toCharArray());
        owner.addOnlineLogin(WEB, AttackedServer.password(WEB).toCharArray());
        // no quiet hours: the claims below must not depend on the hour the test runs
        owner("INSERT INTO message_settings (tenant_id, enabled, smtp_host, smtp_from, quiet_from, quiet_to) VALUES (" + s.bloom
                + ", true, '127.0.0.1', 'desk@bloom.test', '00:00', '00:00'), (" + s.rival + ", true, '127.0.0.1', 'desk@rival.test', '00:00', '00:00')");
        owner("UPDATE clients SET email = 'nina@client.test', channels = '{email}', message_consent = true WHERE id = " + s.bloomClient);
        owner("UPDATE clients SET email = 'zoe@client.test', channels = '{email}', message_consent = true WHERE id = " + s.rivalClient);
    }

    @AfterAll
    void tearDown() {
        if (s != null) {
            s.close();
        }
    }

    @BeforeEach
    void oneBookingEach() throws SQLException {
        owner("DELETE FROM bookings");
        bloomBooking = count(AttackedServer.OWNER, "INSERT INTO bookings (tenant_id, master_id, client_id, starts_at, duration_min) VALUES ("
                + s.bloom + ", " + s.iryna + ", " + s.bloomClient + ", '" + AttackedServer.at(10, 0) + "', 30) RETURNING id");
        owner("INSERT INTO bookings (tenant_id, master_id, client_id, starts_at, duration_min) VALUES ("
                + s.rival + ", " + s.roman + ", " + s.rivalClient + ", '" + AttackedServer.at(10, 0) + "', 30)");
    }

    @Test
    void theSenderReadsAndWritesNoTableAndCallsNothingButItsTwoFunctions() {
        for (String sql : List.of("SELECT * FROM messages", "SELECT count(*) FROM clients", "SELECT name FROM clients",
                "SELECT * FROM bookings", "SELECT * FROM message_settings", "SELECT * FROM message_templates",
                "SELECT * FROM message_tokens", "SELECT * FROM staff", "SELECT * FROM tenants", "SELECT * FROM online_bookings",
                "UPDATE messages SET state = 'sent'", "INSERT INTO messages (tenant_id, booking_id, kind, about_start, planned_at, due_at) "
                        + "VALUES (" + s.bloom + ", " + bloomBooking + ", 'reminder', now(), now(), now())",
                "DELETE FROM messages", "UPDATE clients SET email = 'evil@attacker.test'",
                "SELECT salondesk_message_send_now(" + s.bloom + ", 1)",
                "SELECT * FROM salondesk_message_link('" + s.bloom + "." + "0".repeat(64) + "')",
                "SELECT salondesk_message_link_act('" + s.bloom + "." + "0".repeat(64) + "', 'cancel')",
                "SELECT salondesk_lock_master(" + s.bloom + ", " + s.iryna + ")",
                "SELECT salondesk_forget_client(" + s.bloom + ", " + s.bloomClient + ")",
                "SELECT salondesk_add_sender_login('other', 'x')",
                "CREATE TABLE mine (x int)", "CREATE TEMP TABLE mine (x int)")) {
            assertEquals("42501", refused(SENDER, sql), sql);
        }
    }

    @Test
    void theSenderGetsWhatAMessageNeedsAndRecordsOnlyItsOwnClaims() throws SQLException {
        owner("UPDATE messages SET due_at = now() WHERE kind = 'confirmation'");
        try (Connection c = s.connect(SENDER); Statement st = c.createStatement();
             ResultSet rs = st.executeQuery("SELECT tenant_id, message_id, claim, recipient, client_name FROM salondesk_messages_claim(10, 60) ORDER BY tenant_id")) {
            assertTrue(rs.next());
            assertEquals(s.bloom, rs.getLong(1));
            assertEquals("nina@client.test", rs.getString(4));
            assertEquals("Nina", rs.getString(5));
            long bloomMessage = rs.getLong(2);
            assertTrue(rs.next(), "every salon's due messages: the sender serves them all");
            assertEquals(s.rival, rs.getLong(1));
            assertTrue(!rs.next(), "and only what is due: no reminder of next year");
            // a guessed claim records nothing
            assertEquals("f", one(SENDER, "SELECT salondesk_messages_record(" + s.bloom + ", " + bloomMessage
                    + ", gen_random_uuid(), 'sent', 'email', '', NULL)"));
            assertEquals("sending", one(AttackedServer.OWNER, "SELECT state FROM messages WHERE id = " + bloomMessage));
            assertEquals("22023", refused(SENDER, "SELECT salondesk_messages_record(" + s.bloom + ", " + bloomMessage
                    + ", gen_random_uuid(), 'planned', 'email', '', NULL)"), "no state but the four outcomes");
            assertEquals("22023", refused(SENDER, "SELECT salondesk_messages_claim(100000, 60)"), "bounded batches");
        }
    }

    @Test
    void staffReadTheirOwnSalonsMessagesAndChangeThemOnlyThroughSendNow() throws SQLException {
        assertEquals(3, count("olena", "SELECT count(*) FROM messages"), "Bloom's confirmation and two reminders");
        assertEquals(0, count("bob", "SELECT count(*) FROM messages WHERE tenant_id = " + s.bloom));
        long bloomMessage = count(AttackedServer.OWNER, "SELECT id FROM messages WHERE kind = 'confirmation' AND tenant_id = " + s.bloom);
        for (String who : List.of("olena", "anna", "mira", "bob")) {
            assertEquals("42501", refused(who, "UPDATE messages SET state = 'sent' WHERE id = " + bloomMessage), who);
            assertEquals("42501", refused(who, "SELECT * FROM message_tokens"), who);
            assertEquals("42501", refused(who, "SELECT * FROM salondesk_messages_claim(10, 60)"), who);
            assertEquals("42501", refused(who, "SELECT salondesk_messages_record(" + s.bloom + ", " + bloomMessage
                    + ", gen_random_uuid(), 'sent', 'email', '', NULL)"), who);
        }
        assertEquals("42501", refused("bob", "SELECT salondesk_message_send_now(" + s.bloom + ", " + bloomMessage + ")"), "another salon's");
        assertEquals("42501", refused("mira", "SELECT salondesk_message_send_now(" + s.bloom + ", " + bloomMessage + ")"), "a manager reads only");
        assertEquals("t", one("olena", "SELECT salondesk_message_send_now(" + s.bloom + ", " + bloomMessage + ")"), "her own salon's");
        assertEquals("42501", refused("olena", "INSERT INTO message_settings (tenant_id, enabled) VALUES (" + s.bloom + ", false) "
                + "ON CONFLICT (tenant_id) DO UPDATE SET enabled = false"), "a receptionist does not set the salon's messages");
        assertEquals("42501", refused("bob", "UPDATE message_settings SET smtp_host = 'evil.test'"));
        assertEquals(1, count("anna", "WITH x AS (UPDATE message_settings SET sms_lead_min = 60 WHERE tenant_id = " + s.bloom
                + " RETURNING 1) SELECT count(*) FROM x"), "the salon's admin may");
    }

    @Test
    void consentIsRecordedByTheDatabaseInTheRealLoginsName() throws SQLException {
        assertEquals("42501", refused("olena", "UPDATE clients SET consent_by = 'anna' WHERE id = " + s.bloomClient));
        assertEquals("42501", refused("olena", "UPDATE clients SET consent_at = now() - interval '1 year' WHERE id = " + s.bloomClient));
        assertEquals("42501", refused("mira", "UPDATE clients SET email = 'x@y.test' WHERE id = " + s.bloomClient));
        try (Connection c = s.connect("olena"); Statement st = c.createStatement()) {
            st.execute("SET salondesk.source = 'form'");
            st.execute("UPDATE clients SET message_consent = false WHERE id = " + s.bloomClient);
            st.execute("UPDATE clients SET message_consent = true WHERE id = " + s.bloomClient);
        }
        assertEquals("olena/form", one(AttackedServer.OWNER, "SELECT consent_by || '/' || consent_how FROM clients WHERE id = " + s.bloomClient));
    }

    @Test
    void theOnlineLoginOpensLinksAndNothingElseOfTheMessages() {
        for (String sql : List.of("SELECT * FROM messages", "SELECT * FROM message_tokens", "SELECT * FROM message_settings",
                "SELECT * FROM salondesk_messages_claim(10, 60)", "SELECT salondesk_message_send_now(" + s.bloom + ", 1)")) {
            assertEquals("42501", refused(WEB, sql), sql);
        }
        for (String who : List.of("olena", "anna", SENDER)) {
            assertEquals("42501", refused(who, "SELECT salondesk_message_link_act('" + s.bloom + "." + "0".repeat(64) + "', 'confirm')"), who);
        }
    }

    @Test
    void theOnlineLoginOpensARealLinkAndItsAnswerIsRecordedInItsNameUnderTheMastersLock() throws SQLException {
        String secret = "cd".repeat(32);
        owner("INSERT INTO message_tokens (tenant_id, token_hash, booking_id, message_id, expires_at) SELECT tenant_id, "
                + "sha256(convert_to('" + secret + "', 'UTF8')), booking_id, id, now() + interval '1 day' FROM messages "
                + "WHERE kind = 'confirmation' AND booking_id = " + bloomBooking);
        String token = s.bloom + "." + secret;
        assertEquals("Iryna|confirmed", one(WEB, "SELECT master_name || '|' || status FROM salondesk_message_link('" + token + "')"),
                "what the link shows (never the client's name)");
        assertEquals("0", one(WEB, "SELECT count(*) FROM salondesk_message_link('" + s.rival + "." + secret + "')"), "another salon's: nothing");
        assertEquals("done", one(WEB, "SELECT salondesk_message_link_act('" + token + "', 'cancel')"));
        assertEquals("cancelled|web|online", one(AttackedServer.OWNER, "SELECT b.status || '|' || h.changed_by || '|' || h.source FROM bookings b "
                + "JOIN booking_history h ON h.booking_id = b.id WHERE b.id = " + bloomBooking + " ORDER BY h.id DESC LIMIT 1"));
        assertEquals("used", one(WEB, "SELECT salondesk_message_link_act('" + token + "', 'confirm')"), "once");
    }

    /**
     * Migration 31's right: the online login may UPDATE four columns of a booking — only the one whose
     * link it opened in the same transaction, only while the link is unused, only to what the online
     * page could book, and only once. Everything else an attacker with the online login types is refused.
     */
    @Test
    void theOnlineLoginMovesOnlyTheBookingWhoseLinkItOpenedOnlyAsThePageCouldAndOnlyOnce() throws SQLException {
        java.time.LocalDate tomorrow = java.time.LocalDate.now(AttackedServer.ZONE).plusDays(1);
        java.util.function.IntFunction<String> at = hour -> tomorrow.atTime(hour, 0).atZone(AttackedServer.ZONE).toOffsetDateTime().toString();
        owner("INSERT INTO online_settings (tenant_id, enabled, slug, days_ahead, min_notice_min, cancel_cutoff_min) VALUES ("
                + s.bloom + ", true, 'bloom-move', 14, 0, 60), (" + s.rival + ", true, 'rival-move', 14, 0, 60) ON CONFLICT DO NOTHING");
        long cut = count(AttackedServer.OWNER, "INSERT INTO services (tenant_id, name, duration_min, price) VALUES (" + s.bloom
                + ", 'Cut " + System.nanoTime() + "', 60, 500) RETURNING id");
        owner("INSERT INTO master_services (tenant_id, master_id, service_id) VALUES (" + s.bloom + ", " + s.iryna + ", " + cut + "), ("
                + s.bloom + ", " + s.marta + ", " + cut + ")");
        long mine = count(AttackedServer.OWNER, "INSERT INTO bookings (tenant_id, master_id, client_id, service_id, starts_at, duration_min) VALUES ("
                + s.bloom + ", " + s.iryna + ", " + s.bloomClient + ", " + cut + ", '" + at.apply(10) + "', 60) RETURNING id");
        long other = count(AttackedServer.OWNER, "INSERT INTO bookings (tenant_id, master_id, client_id, service_id, starts_at, duration_min) VALUES ("
                + s.bloom + ", " + s.iryna + ", " + s.bloomClient + ", " + cut + ", '" + at.apply(14) + "', 60) RETURNING id");
        String secret = "ef".repeat(32);
        owner("INSERT INTO message_tokens (tenant_id, token_hash, booking_id, message_id, expires_at) SELECT tenant_id, "
                + "sha256(convert_to('" + secret + "', 'UTF8')), booking_id, id, now() + interval '2 days' FROM messages "
                + "WHERE kind = 'confirmation' AND booking_id = " + mine);
        String token = s.bloom + "." + secret;
        String begin = "SELECT salondesk_message_link_begin_move('" + token + "')";
        String where = " WHERE id = " + mine;

        // no link opened, or a proof typed by hand: no row may be written or locked
        assertEquals(0, changed(WEB, List.of(), "UPDATE bookings SET starts_at = starts_at + interval '1 hour'" + where));
        assertEquals(0, changed(WEB, List.of(), "SELECT id FROM bookings" + where + " FOR UPDATE"));
        assertEquals(0, changed(WEB, List.of("SET LOCAL salondesk.link_move = '" + s.bloom + ":" + mine + ":" + "ab".repeat(32) + ":" + "0".repeat(64) + "'"),
                "UPDATE bookings SET starts_at = starts_at + interval '1 hour'" + where));
        assertEquals(0, changed(WEB, List.of(), "SELECT * FROM salondesk_message_link_booking(" + s.bloom + ", " + mine + ")"));
        // the link opened: still not another booking, not a column the move does not write, not outside what the page books
        assertEquals(0, changed(WEB, List.of(begin), "UPDATE bookings SET starts_at = starts_at + interval '1 hour' WHERE id = " + other));
        for (String bad : List.of("UPDATE bookings SET note = 'mine now'" + where, "UPDATE bookings SET status = 'cancelled'" + where,
                "UPDATE bookings SET client_id = " + s.rivalClient + where, "UPDATE bookings SET tenant_id = " + s.rival + where,
                "UPDATE bookings SET master_id = " + s.roman + where, "UPDATE bookings SET starts_at = '" + at.apply(21) + "'" + where,
                "UPDATE bookings SET starts_at = '" + at.apply(7) + "'" + where, "UPDATE bookings SET duration_min = 5" + where,
                "UPDATE bookings SET outside_hours = true" + where,
                "UPDATE bookings SET starts_at = '" + tomorrow.plusDays(30).atTime(10, 0).atZone(AttackedServer.ZONE).toOffsetDateTime() + "'" + where)) {
            assertEquals("42501", refusedIn(WEB, List.of(begin), bad), bad);
        }
        String overlap = refusedIn(WEB, List.of(begin), "UPDATE bookings SET starts_at = '" + at.apply(14) + "'" + where);
        assertTrue(overlap.equals("42501") || overlap.equals("23P01"), "onto another booking: " + overlap);
        assertEquals(1, changed(WEB, List.of(begin), "SELECT * FROM salondesk_message_link_booking(" + s.bloom + ", " + mine + ") WHERE note = ''"),
                "the booking the link opened, without the salon's note");
        // a proof is this transaction's only
        String proof;
        try (Connection c = s.connect(WEB); Statement st = c.createStatement()) {
            c.setAutoCommit(false);
            st.execute(begin);
            try (ResultSet rs = st.executeQuery("SELECT current_setting('salondesk.link_move')")) {
                rs.next();
                proof = rs.getString(1);
            }
            c.rollback();
        }
        assertEquals(0, changed(WEB, List.of("SET LOCAL salondesk.link_move = '" + proof + "'"),
                "UPDATE bookings SET starts_at = starts_at + interval '1 hour'" + where), "carried into another transaction");
        // the move the page could make: once, and the link is spent
        try (Connection c = s.connect(WEB); Statement st = c.createStatement()) {
            c.setAutoCommit(false);
            st.execute(begin);
            assertEquals(1, st.executeUpdate("UPDATE bookings SET starts_at = '" + at.apply(12) + "', master_id = " + s.marta + where));
            assertEquals(0, st.executeUpdate("UPDATE bookings SET starts_at = '" + at.apply(16) + "'" + where), "spent within the transaction");
            c.commit();
        }
        assertEquals("used", one(WEB, begin), "spent for good");
        assertEquals(s.marta + "|online|" + WEB + "|move", one(AttackedServer.OWNER, "SELECT b.master_id || '|' || h.source || '|' || h.changed_by "
                + "|| '|' || k.used_for FROM bookings b JOIN booking_history h ON h.booking_id = b.id JOIN message_tokens k ON k.booking_id = b.id "
                + "WHERE b.id = " + mine + " ORDER BY h.id DESC LIMIT 1"));
        // nobody but the online login opens a link for a move
        for (String who : List.of("olena", "anna", "bob", SENDER)) {
            assertEquals("42501", refused(who, begin), who);
            assertEquals("42501", refused(who, "SELECT * FROM salondesk_message_link_booking(" + s.bloom + ", " + mine + ")"), who);
        }
        owner("DELETE FROM online_settings WHERE slug IN ('bloom-move', 'rival-move')");
    }

    /** Rows the statement wrote or returned, after {@code first}, in one transaction rolled back. */
    private int changed(String who, List<String> first, String sql) throws SQLException {
        try (Connection c = s.connect(who); Statement st = c.createStatement()) {
            c.setAutoCommit(false);
            try {
                for (String f : first) {
                    st.execute(f);
                }
                if (st.execute(sql)) {
                    int n = 0;
                    try (ResultSet rs = st.getResultSet()) {
                        while (rs.next()) {
                            n++;
                        }
                    }
                    return n;
                }
                return st.getUpdateCount();
            } finally {
                c.rollback();
            }
        }
    }

    /** The SQLSTATE the statement is refused with, after {@code first}, in one transaction rolled back. */
    private String refusedIn(String who, List<String> first, String sql) {
        return assertThrows(SQLException.class, () -> changed(who, first, sql), who + ": " + sql).getSQLState();
    }

    // ---- helpers ----------------------------------------------------------------------------------------

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
}
