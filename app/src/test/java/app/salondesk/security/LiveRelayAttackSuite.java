package app.salondesk.security;

import app.salondesk.db.ConnectionSettings;
import app.salondesk.db.TestServers;
import app.salondesk.logic.live.LiveRelay;
import app.salondesk.logic.live.LiveUpdates;
import app.salondesk.logic.staff.StaffRepository;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * Issue 29: the live relay's logins, as an attacker would try them, on a shared server set up as the
 * README says. The relay ({@code serve --live-port}) runs as its own login {@value #RELAY} (a member
 * of {@code salondesk_relay}); Bloom's desk streams through it, Rival's desk LISTENs for itself.
 * Someone with the online login's password ({@value #WEB}, which sits on the web server) learns no
 * channel — not from {@code pg_stat_activity}, where the owner, who is a member of every login it
 * made, does see the relay's and the desk's {@code LISTEN} in the same moments — and can neither ask,
 * redeem nor read tickets. Someone with the relay's password reads no salon's rows and takes no lock;
 * a ticket is for its login's own salon, used once, within its minute, and a salon's logins cannot
 * grow the tickets without bound. Subclasses run it on each PostgreSQL major version the README
 * promises.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
abstract class LiveRelayAttackSuite {

    static final String WEB = "web";
    static final String RELAY = "liverelay";
    private static final Pattern ANY_CHANNEL = Pattern.compile("salondesk_[0-9a-f]{32}");

    AttackedServer s;
    LiveRelay relay;
    final List<LiveUpdates> desks = new ArrayList<>();
    String bloomChannel;
    String rivalChannel;

    abstract int majorVersion();

    @BeforeAll
    void setUp() throws Exception {
        s = new AttackedServer(TestServers.ownCluster(majorVersion()));
        StaffRepository byOwner = new StaffRepository(s.dsl(AttackedServer.OWNER));
        byOwner.addOnlineLogin(WEB, AttackedServer.password(WEB).toCharArray());
        byOwner.addRelayLogin(RELAY, AttackedServer.password(RELAY).toCharArray());
        bloomChannel = asOwner("SELECT channel FROM salon_keys WHERE tenant_id = " + s.bloom);
        rivalChannel = asOwner("SELECT channel FROM salon_keys WHERE tenant_id = " + s.rival);
        relay = LiveRelay.start(s.as(RELAY), null, 0);
    }

    @AfterAll
    void tearDown() {
        desks.forEach(LiveUpdates::close);
        if (relay != null) {
            relay.close();
        }
        if (s != null) {
            s.close();
        }
    }

    /** A desk of {@code login}'s salon, through the relay or (liveUrl null) LISTENing for itself, once it is live. */
    private void deskOnline(String login, long tenant, String liveUrl) throws InterruptedException {
        LiveUpdates live = LiveUpdates.forDesk(s.as(login), null, tenant, liveUrl);
        BlockingQueue<LiveUpdates.State> states = new LinkedBlockingQueue<>();
        live.onState(states::add);
        desks.add(live);
        live.start();
        long until = System.nanoTime() + Duration.ofSeconds(30).toNanos();
        while (System.nanoTime() < until) {
            if (states.poll(100, TimeUnit.MILLISECONDS) == LiveUpdates.State.ONLINE) {
                return;
            }
        }
        fail(login + "'s desk never went live");
    }

    private String relayUrl() {
        return "http://127.0.0.1:" + relay.port();
    }

    // ---- the online login learns no channel -------------------------------------------------------

    @Test
    void theOnlineLoginSeesNoChannelInAnySessionWhileTheOwnerSeesTheListens() throws Exception {
        boolean ownerSaw = false;
        try (Connection web = s.connect(WEB); Statement webSt = web.createStatement();
             Connection owner = s.connect(AttackedServer.OWNER); Statement ownerSt = owner.createStatement()) {
            // the relay LISTENs on Bloom's channel, and Rival's desk on Rival's, while both logins look
            Thread desksConnect = new Thread(() -> {
                try {
                    deskOnline("olena", s.bloom, relayUrl());
                    deskOnline("bob", s.rival, null);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            });
            desksConnect.start();
            long until = System.nanoTime() + Duration.ofSeconds(15).toNanos();
            while (System.nanoTime() < until && (desksConnect.isAlive() || !ownerSaw)) {
                String seen = everything(webSt);
                assertFalse(ANY_CHANNEL.matcher(seen).find(), "the online login read a channel: " + seen);
                ownerSaw |= everything(ownerSt).contains(bloomChannel) || everything(ownerSt).contains(rivalChannel);
            }
            desksConnect.join();
            // what the online login may still read there: that the relay is connected, not what it said
            try (ResultSet rs = webSt.executeQuery("SELECT query FROM pg_stat_activity WHERE usename = '" + RELAY + "'")) {
                assertTrue(rs.next(), "the relay's session is listed");
                assertFalse(ANY_CHANNEL.matcher(String.valueOf(rs.getString(1))).find());
            }
            try (ResultSet rs = webSt.executeQuery("SELECT count(*) FROM pg_listening_channels()")) {
                rs.next();
                assertEquals(0, rs.getInt(1));
            }
        }
        assertTrue(ownerSaw, "the owner (a member of every login it made) saw a LISTEN: the query would find a channel that is shown");
    }

    /** Every column of every session the login may see, as one text. */
    private static String everything(Statement st) throws SQLException {
        try (ResultSet rs = st.executeQuery("SELECT coalesce(string_agg(a::text, ' '), '') FROM pg_stat_activity a")) {
            rs.next();
            return rs.getString(1);
        }
    }

    @Test
    void theOnlineLoginCanNeitherAskNorRedeemNorReadTickets() {
        for (String sql : List.of("SELECT salondesk_live_ticket(" + s.bloom + ")", "SELECT * FROM salondesk_live_redeem('{}'::text[])",
                "SELECT * FROM live_tickets", "SELECT channel FROM salon_keys", "SELECT salondesk_add_relay_login('thief', 'x')")) {
            assertEquals("42501", refused(WEB, sql), sql);
        }
    }

    // ---- the relay's login reads nothing ------------------------------------------------------------

    @Test
    void theRelaysLoginReadsNoSalonsRowsTakesNoLockAndWritesNothing() throws Exception {
        for (String sql : List.of("SELECT * FROM tenants", "SELECT name FROM clients", "SELECT * FROM staff", "SELECT * FROM bookings",
                "SELECT * FROM masters", "SELECT * FROM salon_keys", "SELECT * FROM live_tickets", "SELECT * FROM booking_history",
                "SELECT * FROM online_settings", "SELECT salondesk_live_ticket(" + s.bloom + ")", "SELECT salondesk_current_tenant()",
                "SELECT salondesk_lock_master(" + s.bloom + ", " + s.iryna + ")", "SELECT * FROM salondesk_master_locks(" + s.bloom + ")",
                "SELECT salondesk_add_relay_login('thief', 'x')", "CREATE TABLE public.planted (i int)",
                "INSERT INTO bookings (tenant_id, master_id, client_id, starts_at, duration_min) VALUES (" + s.bloom + ", " + s.iryna
                        + ", " + s.bloomClient + ", now() + interval '1 day', 30)")) {
            assertEquals("42501", refused(RELAY, sql), sql);
        }
        // not a typo: its one right works
        try (Connection c = s.connect(RELAY); Statement st = c.createStatement();
             ResultSet rs = st.executeQuery("SELECT count(*) FROM salondesk_live_redeem('{}'::text[])")) {
            rs.next();
            assertEquals(0, rs.getInt(1));
        }
    }

    @Test
    void theRelaysLoginIsTheOwnersToMakeAndHoldsAtMostTenSessions() throws Exception {
        org.jooq.exception.DataAccessException refused = assertThrows(org.jooq.exception.DataAccessException.class,
                () -> new StaffRepository(s.dsl("anna")).addRelayLogin("annasrelay", "a-long-password".toCharArray()));
        assertEquals("42501", refused.sqlState(), refused.getMessage());
        assertEquals("10", asOwner("SELECT rolconnlimit FROM pg_roles WHERE rolname = '" + RELAY + "'"));
        List<Connection> held = new ArrayList<>();
        try {
            SQLException full = assertThrows(SQLException.class, () -> {
                for (int i = 0; i < 11; i++) {
                    held.add(s.connect(RELAY));
                }
            });
            assertEquals("53300", full.getSQLState(), full.getMessage());
            assertTrue(held.size() < 10, held.size() + " sessions beside the relay's own");
        } finally {
            for (Connection c : held) {
                c.close();
            }
        }
    }

    // ---- tickets ------------------------------------------------------------------------------------------

    @Test
    void aStaffLoginAsksTicketsForItsOwnSalonOnlyAndRedeemsNone() throws Exception {
        assertEquals("42501", refused("bob", "SELECT salondesk_live_ticket(" + s.bloom + ")"));
        assertEquals("42501", refused("olena", "SELECT salondesk_live_ticket(NULL)"));
        for (String login : List.of("olena", "anna", "mira", "bob")) {
            assertEquals("42501", refused(login, "SELECT * FROM salondesk_live_redeem('{}'::text[])"), login);
            assertEquals("42501", refused(login, "SELECT * FROM live_tickets"), login);
        }
        // a manager's desk is live too
        assertTrue(ticket("mira", s.bloom).startsWith(s.bloom + "."));
    }

    @Test
    void aTicketGivesItsSalonsChannelOnceWithinItsMinuteAndNeverAnotherSalons() throws Exception {
        String ticket = ticket("olena", s.bloom);
        assertEquals(List.of(s.bloom + " " + bloomChannel), redeem(ticket));
        assertEquals(List.of(), redeem(ticket), "used up");

        String secret = ticket("olena", s.bloom);
        assertEquals(List.of(), redeem(s.rival + secret.substring(secret.indexOf('.'))), "Bloom's secret under Rival's id");
        assertEquals(List.of(s.bloom + " " + bloomChannel), redeem(secret), "a guess under another id does not spend the real ticket");

        String late = ticket("olena", s.bloom);
        try (Connection c = s.connect(AttackedServer.OWNER); Statement st = c.createStatement()) {
            st.executeUpdate("UPDATE live_tickets SET expires_at = now() - interval '1 second' WHERE tenant_id = " + s.bloom);
        }
        assertEquals(List.of(), redeem(late), "expired");
        assertEquals(List.of(), redeem(s.bloom + "." + "0".repeat(64), "x", "'; DROP TABLE tenants; --", "9".repeat(19) + "." + "a".repeat(64)),
                "invented, and not tickets at all: nothing, and no error");
        assertEquals("0", asOwner("SELECT count(*) FROM live_tickets WHERE tenant_id = " + s.bloom + " AND expires_at <= now()"),
                "an expired ticket handed in is deleted too");
    }

    @Test
    void aSalonsLoginsCannotGrowTheTicketsWithoutBound() throws Exception {
        try (Connection c = s.connect("olena"); PreparedStatement ps = c.prepareStatement("SELECT salondesk_live_ticket(?)")) {
            ps.setLong(1, s.bloom);
            SQLException capped = assertThrows(SQLException.class, () -> {
                for (int i = 0; i < 1_000; i++) {
                    ps.executeQuery().close();
                }
            });
            assertEquals("54000", capped.getSQLState(), capped.getMessage());
            assertEquals("500", asOwner("SELECT count(*) FROM live_tickets WHERE tenant_id = " + s.bloom));
            // one salon's flood is its own: Rival's desks still get theirs
            assertTrue(ticket("bob", s.rival).startsWith(s.rival + "."));
        } finally {
            try (Connection c = s.connect(AttackedServer.OWNER); Statement st = c.createStatement()) {
                st.execute("DELETE FROM live_tickets");
            }
        }
    }

    // ---- helpers ---------------------------------------------------------------------------------------

    private String ticket(String login, long tenant) throws SQLException {
        try (Connection c = s.connect(login); Statement st = c.createStatement();
             ResultSet rs = st.executeQuery("SELECT salondesk_live_ticket(" + tenant + ")")) {
            rs.next();
            return rs.getString(1);
        }
    }

    /** What the relay's login gets for the tickets: "tenant channel" per redeemed one. */
    private List<String> redeem(String... tickets) throws SQLException {
        try (Connection c = s.connect(RELAY); PreparedStatement ps = c.prepareStatement("SELECT tenant_id, channel FROM salondesk_live_redeem(?)")) {
            ps.setArray(1, c.createArrayOf("text", tickets));
            List<String> out = new ArrayList<>();
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    out.add(rs.getLong(1) + " " + rs.getString(2));
                }
            }
            return out;
        }
    }

    private String refused(String who, String sql) {
        return assertThrows(SQLException.class, () -> {
            try (Connection c = s.connect(who); Statement st = c.createStatement()) {
                st.execute(sql);
            }
        }, who + ": " + sql).getSQLState();
    }

    private String asOwner(String sql) throws SQLException {
        try (Connection c = s.connect(AttackedServer.OWNER); Statement st = c.createStatement(); ResultSet rs = st.executeQuery(sql)) {
            rs.next();
            return rs.getString(1);
        }
    }
}
