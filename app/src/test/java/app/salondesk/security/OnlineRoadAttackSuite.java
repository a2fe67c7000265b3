package app.salondesk.security;

import app.salondesk.db.TestServers;
import app.salondesk.logic.online.OnlineDesk;
import app.salondesk.logic.online.OnlineDeskService;
import app.salondesk.logic.staff.StaffRepository;
import app.salondesk.model.online.OnlineOutcome;
import app.salondesk.model.online.OnlineRequest;
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
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

/**
 * Issue 13: someone holding the online booking server's password ({@value #WEB}, a login of
 * {@code salondesk_online}) types what an attacker would type, on a shared server set up as the
 * README says. Each statement is refused by PostgreSQL, or harmless — and where a refusal could
 * pass for a typo, the same statement without the forbidden part is shown to work. Subclasses
 * run it on each PostgreSQL major version the README promises.
 *
 * <p>Bloom takes online bookings at /bloom: Cut (30 min) with Iryna or Marta; "Secret" is not
 * sold online, and Marta does not take online bookings for it either (she is bookable, the service
 * is not). Rival has online booking switched off.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
abstract class OnlineRoadAttackSuite {

    static final String WEB = "web";
    /** Two days ahead: inside Bloom's notice and days-ahead window whenever the suite runs. */
    static final LocalDate DAY = LocalDate.now(AttackedServer.ZONE).plusDays(2);

    AttackedServer s;
    long cut;
    long secret;
    long shave;
    long hidden;

    abstract int majorVersion();

    @BeforeAll
    void setUp() throws Exception {
        s = new AttackedServer(TestServers.ownCluster(majorVersion()));
        new StaffRepository(s.dsl(AttackedServer.OWNER)).addOnlineLogin(WEB, AttackedServer.password(WEB).toCharArray());
        try (Connection c = s.connect(AttackedServer.OWNER); Statement st = c.createStatement()) {
            st.execute("INSERT INTO online_settings (tenant_id, enabled, slug) VALUES (" + s.bloom + ", true, 'bloom'), ("
                    + s.rival + ", false, 'rival')");
            cut = id(st, "INSERT INTO services (tenant_id, name, duration_min, price) VALUES (" + s.bloom + ", 'Cut', 30, 400) RETURNING id");
            secret = id(st, "INSERT INTO services (tenant_id, name, duration_min, online_bookable) VALUES (" + s.bloom
                    + ", 'Secret', 60, false) RETURNING id");
            shave = id(st, "INSERT INTO services (tenant_id, name, duration_min) VALUES (" + s.rival + ", 'Shave', 30) RETURNING id");
            hidden = id(st, "INSERT INTO masters (tenant_id, name, online_bookable) VALUES (" + s.bloom + ", 'Hidden', false) RETURNING id");
            st.execute("INSERT INTO master_services (tenant_id, master_id, service_id) VALUES (" + s.bloom + ", " + s.iryna + ", " + cut
                    + "), (" + s.bloom + ", " + s.marta + ", " + cut + "), (" + s.bloom + ", " + s.iryna + ", " + secret + "), ("
                    + s.bloom + ", " + hidden + ", " + cut + "), (" + s.rival + ", " + s.roman + ", " + shave + ")");
            for (int day = 1; day <= 7; day++) {
                st.execute("INSERT INTO master_working_hours (tenant_id, master_id, weekday, starts_at, ends_at) VALUES ("
                        + s.bloom + ", " + hidden + ", " + day + ", '08:00', '20:00')");
            }
            // what there is to steal: a desk booking with a note, and the desk's client
            st.execute("BEGIN");
            st.execute("SELECT set_config('salondesk.source', 'form', true)");
            st.execute("INSERT INTO bookings (tenant_id, master_id, client_id, service_id, starts_at, duration_min, note) VALUES ("
                    + s.bloom + ", " + s.iryna + ", " + s.bloomClient + ", " + cut + ", '" + at(9, 0) + "', 30, 'allergic to latex')");
            st.execute("COMMIT");
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

    // ---- reading ---------------------------------------------------------------------------------

    @Test
    void noClientsNameOrPhoneNoStaffNoHistoryNoSecrets() {
        for (String sql : List.of("SELECT name FROM clients", "SELECT phone FROM clients", "SELECT notes FROM clients", "SELECT * FROM clients",
                "SELECT * FROM staff", "SELECT login FROM staff", "SELECT * FROM booking_history", "SELECT * FROM salon_keys",
                "SELECT channel FROM salon_keys", "SELECT * FROM online_tokens", "SELECT * FROM online_bookings", "SELECT email FROM online_bookings",
                "SELECT reason FROM master_time_off", "SELECT note FROM master_days", "SELECT is_demo FROM tenants",
                "SELECT salondesk_master_lock_key(" + s.bloom + ", " + s.iryna + ")",
                "SELECT salondesk_online_client_proof(" + s.bloom + ", " + s.bloomClient + ")",
                "SELECT salondesk_online_open_count(" + s.bloom + ", " + s.bloomClient + ")",
                "SELECT * FROM salondesk_master_locks(" + s.bloom + ")")) {
            assertEquals("42501", refused(WEB, sql), sql);
        }
    }

    @Test
    void noBookingsClientOrNoteAndNoBusyTimeOfASalonThatIsOff() throws Exception {
        for (String sql : List.of("SELECT client_id FROM bookings", "SELECT note FROM bookings", "SELECT * FROM bookings",
                "SELECT created_by FROM bookings", "SELECT service_id FROM bookings")) {
            assertEquals("42501", refused(WEB, sql), sql);
        }
        assertEquals(1, count(WEB, "SELECT count(*) FROM bookings WHERE starts_at = '" + at(9, 0) + "'"), "Bloom's busy time is the page's to show");
        assertEquals(0, count(WEB, "SELECT count(*) FROM clients"), "and no client row at all");
        try (Connection owner = s.connect(AttackedServer.OWNER); Statement st = owner.createStatement()) {
            st.execute("INSERT INTO bookings (tenant_id, master_id, client_id, starts_at, duration_min) VALUES (" + s.rival + ", " + s.roman
                    + ", " + s.rivalClient + ", '" + at(10, 0) + "', 30)");
        }
        assertEquals(0, count(WEB, "SELECT count(*) FROM bookings WHERE tenant_id = " + s.rival), "Rival is off: nothing of it");
        assertEquals(0, count(WEB, "SELECT count(*) FROM tenants WHERE id = " + s.rival));
        assertEquals(0, count(WEB, "SELECT count(*) FROM masters WHERE tenant_id = " + s.rival + " OR id = " + hidden));
        assertEquals(0, count(WEB, "SELECT count(*) FROM services WHERE id IN (" + shave + ", " + secret + ")"));
        assertEquals(2, count(WEB, "SELECT count(*) FROM masters"), "Iryna and Marta");
    }

    /**
     * The page searches free time with the rooms and equipment (migration 19), so it reads the three
     * tables — of salons that take online bookings only: not of Rival, which is off, nor of a salon
     * that never set online booking up. Bloom's rows are read, so an empty answer is not a typo.
     */
    @Test
    void roomsNeedsAndHoldsOfASalonThatIsOffOrNeverOnAreNotTheRoadsToRead() throws Exception {
        long quiet;
        try (Connection owner = s.connect(AttackedServer.OWNER); Statement st = owner.createStatement()) {
            quiet = id(st, "INSERT INTO tenants (name, time_zone) VALUES ('Quiet', 'Europe/Kyiv') RETURNING id");
            long quietMaster = id(st, "INSERT INTO masters (tenant_id, name) VALUES (" + quiet + ", 'Quinn') RETURNING id");
            long quietClient = id(st, "INSERT INTO clients (tenant_id, name) VALUES (" + quiet + ", 'Q') RETURNING id");
            for (long[] salon : new long[][]{{s.bloom, s.marta, s.bloomClient}, {s.rival, s.roman, s.rivalClient}, {quiet, quietMaster, quietClient}}) {
                long room = id(st, "INSERT INTO resources (tenant_id, name) VALUES (" + salon[0] + ", 'Sauna') RETURNING id");
                long sauna = id(st, "INSERT INTO services (tenant_id, name, duration_min) VALUES (" + salon[0] + ", 'Sauna visit', 30) RETURNING id");
                st.execute("INSERT INTO service_resources (tenant_id, service_id, resource_id) VALUES (" + salon[0] + ", " + sauna + ", " + room + ")");
                st.execute("INSERT INTO bookings (tenant_id, master_id, client_id, service_id, starts_at, duration_min) VALUES (" + salon[0]
                        + ", " + salon[1] + ", " + salon[2] + ", " + sauna + ", '" + at(19, 0) + "', 30)");
            }
        }
        for (String table : List.of("resources", "service_resources", "booking_resources")) {
            assertEquals(1, count(WEB, "SELECT count(*) FROM " + table + " WHERE tenant_id = " + s.bloom
                    + (table.equals("resources") ? " AND name = 'Sauna'" : table.equals("service_resources") ? "" : " AND upper(during) > now()")),
                    "Bloom's " + table + " are the page's to read");
            for (long closed : new long[]{s.rival, quiet}) {
                assertEquals(0, count(WEB, "SELECT count(*) FROM " + table + " WHERE tenant_id = " + closed), table + " of salon " + closed);
            }
            assertEquals(0, count(WEB, "SELECT count(*) FROM " + table + " WHERE tenant_id <> " + s.bloom), table + " of any other salon");
        }
        // and none of them is the road's to write
        assertEquals("42501", refused(WEB, "INSERT INTO resources (tenant_id, name) VALUES (" + s.bloom + ", 'Web room')"));
        assertEquals("42501", refused(WEB, "UPDATE resources SET capacity = 50"));
        assertEquals("42501", refused(WEB, "DELETE FROM service_resources"));
        assertEquals("42501", refused(WEB, "DELETE FROM booking_resources"));
    }

    // ---- writing -----------------------------------------------------------------------------------

    /** The statement the engine sends for an online booking, piece by piece, so that one piece can be forged. */
    private String insert(long tenant, long master, String client, long service, Instant start, int minutes, String status, String extra) {
        return "INSERT INTO bookings (tenant_id, master_id, client_id, service_id, starts_at, duration_min, status" + (extra.isEmpty() ? "" : ", "
                + extra.split("=")[0]) + ") VALUES (" + tenant + ", " + master + ", " + client + ", " + service + ", '" + start + "', " + minutes
                + ", '" + status + "'" + (extra.isEmpty() ? "" : ", " + extra.split("=")[1]) + ")";
    }

    /** As the online login, in one transaction: find the client by phone, then {@code sql}; the SQLSTATE, or null when it was written. */
    private String asTheRoad(String source, String phone, String sql) throws SQLException {
        try (Connection c = s.connect(WEB); Statement st = c.createStatement()) {
            c.setAutoCommit(false);
            st.execute("SELECT set_config('salondesk.source', '" + source + "', true), salondesk_online_client(" + s.bloom + ", 'Eve', '"
                    + phone + "')");
            try {
                st.executeUpdate(sql.replace("CLIENT", "(SELECT id FROM clients)"));
                c.commit();
                return null;
            } catch (SQLException e) {
                c.rollback();
                return e.getSQLState();
            }
        }
    }

    @Test
    void onlyBookingsTheSalonsSettingsAllowAreWritten() throws Exception {
        String phone = "+380671110001";
        List<String> wrong = new ArrayList<>();
        String[][] forged = {
                {"online", insert(s.bloom, s.iryna, "CLIENT", cut, at(12, 0), 30, "arrived", ""), "status arrived"},
                {"online", insert(s.bloom, s.iryna, "CLIENT", cut, at(12, 0), 30, "pending", ""), "status pending (the salon confirms)"},
                {"form", insert(s.bloom, s.iryna, "CLIENT", cut, at(12, 0), 30, "confirmed", ""), "another source"},
                {"online", insert(s.bloom, s.iryna, "CLIENT", cut, at(12, 0), 300, "confirmed", ""), "another length"},
                {"online", insert(s.bloom, s.iryna, "CLIENT", secret, at(12, 0), 60, "confirmed", ""), "a service not sold online"},
                {"online", insert(s.bloom, hidden, "CLIENT", cut, at(12, 0), 30, "confirmed", ""), "a master not bookable online"},
                {"online", insert(s.bloom, s.iryna, "CLIENT", cut, at(3, 0), 30, "confirmed", ""), "outside working hours"},
                {"online", insert(s.bloom, s.iryna, "CLIENT", cut, Instant.now().plusSeconds(600), 30, "confirmed", ""), "inside the notice"},
                {"online", insert(s.bloom, s.iryna, "CLIENT", cut, LocalDate.now(AttackedServer.ZONE).plusDays(60).atTime(12, 0)
                        .atZone(AttackedServer.ZONE).toInstant(), 30, "confirmed", ""), "beyond days ahead"},
                {"online", insert(s.bloom, s.iryna, "CLIENT", cut, at(12, 0), 30, "confirmed", "outside_hours=true"), "the hours waived"},
                {"online", insert(s.bloom, s.iryna, "CLIENT", cut, at(12, 0), 30, "confirmed", "note=repeat('x', 600)"), "a huge note"},
                {"online", insert(s.bloom, s.iryna, String.valueOf(s.bloomClient), cut, at(12, 0), 30, "confirmed", ""), "a client not found by phone"},
                {"online", insert(s.rival, s.roman, String.valueOf(s.rivalClient), shave, at(12, 0), 30, "confirmed", ""), "a salon that is off"},
                {"online", insert(s.bloom, s.iryna, "CLIENT", cut, at(12, 0), 30, "confirmed", "created_by='anna'"), "an audit column"},
                {"online", insert(s.bloom, s.iryna, "CLIENT", cut, at(12, 0), 30, "confirmed", "phases='{-30}'"), "a shape of its own"},
                {"online", insert(s.bloom, s.iryna, "CLIENT", cut, at(12, 0), 30, "confirmed", "cleanup_min=0"), "a cleanup of its own"},
        };
        for (String[] f : forged) {
            String state = asTheRoad(f[0], phone, f[1]);
            if (!"42501".equals(state)) {
                wrong.add(f[2] + ": " + state);
            }
        }
        assertEquals(List.of(), wrong);
        assertEquals(0, s.count("SELECT count(*) FROM bookings WHERE starts_at = '" + at(12, 0) + "'"));
        // the same statement, unforged, is written: the refusals above were the forgeries'
        assertNull(asTheRoad("online", phone, insert(s.bloom, s.iryna, "CLIENT", cut, at(12, 0), 30, "confirmed", "")));
        assertEquals(1, s.count("SELECT count(*) FROM bookings WHERE starts_at = '" + at(12, 0) + "' AND source = 'online' AND created_by = '"
                + WEB + "'"));
    }

    @Test
    void theCapOnOpenBookingsPerPhoneHoldsInTheDatabase() throws Exception {
        String phone = "+380671110002";
        for (int hour = 14; hour < 17; hour++) {
            assertNull(asTheRoad("online", phone, insert(s.bloom, s.marta, "CLIENT", cut, at(hour, 0), 30, "confirmed", "")));
        }
        assertEquals("42501", asTheRoad("online", phone, insert(s.bloom, s.marta, "CLIENT", cut, at(18, 0), 30, "confirmed", "")));
    }

    @Test
    void noUpdateNoDeleteNoOtherTable() {
        for (String sql : List.of("UPDATE bookings SET status = 'cancelled'", "UPDATE bookings SET note = 'x'",
                "UPDATE bookings SET client_id = client_id", "DELETE FROM bookings", "TRUNCATE bookings", "UPDATE clients SET name = 'x'", "INSERT INTO clients (tenant_id, name, phone) VALUES ("
                        + s.bloom + ", 'x', '+380671110009')", "DELETE FROM clients", "UPDATE online_settings SET days_ahead = 366",
                "INSERT INTO online_settings (tenant_id, slug, enabled) VALUES (" + s.rival + ", 'rival2', true)",
                "UPDATE masters SET online_bookable = true", "UPDATE tenants SET name = 'x'",
                "INSERT INTO online_tokens (tenant_id, token_hash, booking_id) VALUES (" + s.bloom + ", sha256('x'), 1)",
                "INSERT INTO booking_history (tenant_id, booking_id, operation, source, changes) VALUES (" + s.bloom + ", 1, 'UPDATE', 'online', '{}')",
                "SELECT salondesk_add_user(" + s.bloom + ", 'sneak', 'S', 'admin', 'x')", "SELECT salondesk_end_session(" + s.bloom + ", 1)",
                "SELECT salondesk_add_online_login('sneak', 'x')")) {
            assertEquals("42501", refused(WEB, sql), sql);
        }
        for (String mode : SharedServerAttackSuite.STRONG_MODES) {
            assertEquals("42501", refused(WEB, "BEGIN; LOCK TABLE bookings IN " + mode + " MODE NOWAIT"), mode);
        }
        // a move's four columns (migration 31) are the road's to write only for the booking whose
        // message link it opened in the same transaction: without one, no row is written or locked
        // (MessagesAttackTest has the rest)
        assertEquals(0, rowsAs(WEB, "UPDATE bookings SET starts_at = starts_at + interval '1 hour', master_id = master_id"));
        assertEquals(0, rowsAs(WEB, "SELECT 1 FROM bookings FOR UPDATE"));
    }

    /** How many rows the statement wrote or returned for this login (a transaction rolled back). */
    private int rowsAs(String who, String sql) {
        try (java.sql.Connection c = s.connect(who); java.sql.Statement st = c.createStatement()) {
            c.setAutoCommit(false);
            try {
                if (st.execute(sql)) {
                    int n = 0;
                    try (java.sql.ResultSet rs = st.getResultSet()) {
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
        } catch (java.sql.SQLException e) {
            throw new AssertionError(who + ": " + sql + ": " + e.getMessage(), e);
        }
    }

    @Test
    void noObjectsAndNoTemporaryTables() {
        assertEquals("42501", refused(WEB, "CREATE TABLE public.planted (i int)"));
        assertEquals("42501", refused(WEB, "CREATE TEMP TABLE clients (i int)"));
        assertEquals("42501", refused(WEB, "CREATE FUNCTION public.salondesk_online_open(bigint) RETURNS boolean LANGUAGE sql AS 'SELECT true'"));
        assertEquals("42501", refused(WEB, "CREATE SCHEMA mine"));
    }

    // ---- the named lock -------------------------------------------------------------------------------

    @Test
    void theRoadLocksOnlyBookableMastersOfOpenSalons() throws Exception {
        assertEquals("42501", refused(WEB, "SELECT salondesk_lock_master(" + s.rival + ", " + s.roman + ")"), "Rival is off");
        assertEquals("42501", refused(WEB, "SELECT salondesk_lock_master(" + s.bloom + ", " + hidden + ")"), "not bookable online");
        try (Connection c = s.connect(WEB); Statement st = c.createStatement()) {
            c.setAutoCommit(false);
            st.execute("SELECT salondesk_lock_master(" + s.bloom + ", " + s.iryna + ")");
            try (Connection owner = s.connect(AttackedServer.OWNER); Statement o = owner.createStatement();
                 ResultSet rs = o.executeQuery("SELECT pg_try_advisory_xact_lock(salondesk_master_lock_key(" + s.bloom + ", " + s.iryna + "))")) {
                rs.next();
                assertEquals(false, rs.getBoolean(1), "the road holds the same named lock as the desk");
            }
            c.rollback();
        }
    }

    // ---- clients, links, cancellation -------------------------------------------------------------------

    @Test
    void findingAClientByPhoneAnswersWithItsIdAloneAndOnlyForTheRoad() throws Exception {
        try (Connection c = s.connect(WEB); Statement st = c.createStatement();
             ResultSet rs = st.executeQuery("SELECT * FROM salondesk_online_client(" + s.bloom + ", 'Mallory', '+380671112233')")) {
            assertEquals(1, rs.getMetaData().getColumnCount());
            rs.next();
            assertEquals(s.bloomClient, rs.getLong(1));
        }
        assertEquals(1, s.count("SELECT count(*) FROM clients WHERE id = " + s.bloomClient + " AND name = 'Nina'"), "the salon's name stays");
        assertEquals("42501", refused(WEB, "SELECT salondesk_online_client(" + s.rival + ", 'Mallory', '+380671112244')"), "Rival is off");
        for (String who : List.of("olena", "anna")) {
            assertEquals("42501", refused(who, "SELECT salondesk_online_client(" + s.bloom + ", 'x', '+380671112233')"), who);
            assertEquals("42501", refused(who, "SELECT salondesk_online_cancel(sha256('x'))"), who);
        }
    }

    @Test
    void aLinkIsGivenOnlyWithTheBookingsRequestIdAndPhoneAndCancelsOnlyItsOwnBooking() throws Exception {
        OnlineDesk road = new OnlineDeskService(s.dsl(WEB));
        OnlineRequest r = new OnlineRequest(s.bloom, cut, s.marta, at(11, 0), "Olha", "+380671110003", "", "", UUID.randomUUID());
        var booked = assertInstanceOf(OnlineOutcome.Booked.class, road.book(r), "the road books").booking();
        long deskBooking = s.count("SELECT id FROM bookings WHERE note = 'allergic to latex'");
        UUID deskRequest;
        try (Connection c = s.connect(AttackedServer.OWNER); Statement st = c.createStatement();
             ResultSet rs = st.executeQuery("SELECT request_id FROM bookings WHERE id = " + deskBooking)) {
            rs.next();
            deskRequest = (UUID) rs.getObject(1);
        }
        try (Connection c = s.connect(WEB); Statement st = c.createStatement()) {
            // the request ids are readable (ON CONFLICT needs them) but open nothing without the phone
            for (UUID request : List.of(deskRequest, r.requestId())) {
                assertNull(one(st, "SELECT salondesk_online_attach_token(" + s.bloom + ", '" + request + "', '+380670000000', sha256('mine'), '')"));
                assertEquals(0, count(st, "SELECT count(*) FROM salondesk_online_request(" + s.bloom + ", '" + request + "', '+380670000000')"));
            }
            assertNull(one(st, "SELECT salondesk_online_attach_token(" + s.bloom + ", '" + deskRequest + "', '+380671112233', sha256('mine'), '')"),
                    "a desk booking gets no link, even with its client's phone");
            assertEquals("not_found", one(st, "SELECT salondesk_online_cancel(sha256('a guess'))"));
            assertEquals(0, count(st, "SELECT count(*) FROM salondesk_online_booking(sha256('a guess'))"));
            assertEquals("42883", assertThrows(SQLException.class, () -> st.execute("SELECT salondesk_online_cancel(" + deskBooking + ")"))
                    .getSQLState(), "no function takes a booking's id");
        }
        assertEquals(1, s.count("SELECT count(*) FROM bookings WHERE id = " + deskBooking + " AND status = 'confirmed'"));
        assertEquals(OnlineDesk.CancelOutcome.CANCELLED, road.cancel(booked.token()));
        assertEquals(1, s.count("SELECT count(*) FROM bookings WHERE status = 'cancelled'"), "the link cancelled its own booking only");
        assertEquals(1, s.count("SELECT count(*) FROM bookings WHERE status = 'cancelled' AND id = " + booked.bookingId()));
    }

    // ---- issue 29: the page tells nobody anything; the caps ---------------------------------------------

    @Test
    void aBookingWithAClientsPhoneAnswersTheTypedNameAndWaitsForTheDeskToDecide() throws Exception {
        OnlineDesk road = new OnlineDeskService(s.dsl(WEB));
        OnlineRequest r = new OnlineRequest(s.bloom, cut, s.iryna, at(17, 0), "Mallory", "+380671112233", "", "", UUID.randomUUID());
        var booked = assertInstanceOf(OnlineOutcome.Booked.class, road.book(r), "the road books").booking();
        assertEquals("Mallory", booked.clientName(), "the typed name, never the client's (Nina)");
        assertEquals("Mallory", road.booking(booked.token()).orElseThrow().clientName());
        try (Connection c = s.connect(WEB); Statement st = c.createStatement()) {
            assertEquals("Mallory", one(st, "SELECT client_name FROM salondesk_online_booking(sha256(convert_to('" + booked.token() + "', 'UTF8')))"));
        }
        assertEquals(1, s.count("SELECT count(*) FROM online_bookings WHERE booking_id = " + booked.bookingId()
                + " AND name_as_typed = 'Mallory' AND phone_as_typed = '+380671112233' AND client_match = 'unconfirmed'"));
        assertEquals(1, s.count("SELECT count(*) FROM clients WHERE id = " + s.bloomClient + " AND name = 'Nina'"), "her card keeps her name");

        String decide = "SELECT * FROM salondesk_online_decide_match(" + s.bloom + ", " + booked.bookingId() + ", false)";
        for (String who : List.of(WEB, "mira", "rita", "bob", "outsider")) {
            assertEquals("42501", refused(who, decide), who + " may not decide a match of Bloom's");
        }
        try (Connection c = s.connect("olena"); Statement st = c.createStatement(); ResultSet rs = st.executeQuery(decide)) {
            rs.next();
            long apart = rs.getLong(1);
            assertEquals(1, s.count("SELECT count(*) FROM clients WHERE id = " + apart + " AND tenant_id = " + s.bloom
                    + " AND name = 'Mallory' AND phone IS NULL"), "kept apart: a client of her own, without Nina's phone");
        }
        assertEquals(0, s.count("SELECT count(*) FROM bookings WHERE id = " + booked.bookingId() + " AND client_id = " + s.bloomClient));
        assertEquals(1, s.count("SELECT count(*) FROM online_bookings WHERE booking_id = " + booked.bookingId()
                + " AND client_match = 'kept_apart' AND match_decided_by = 'olena'"));
        assertEquals("55000", refused("anna", decide), "decided once");
        assertEquals("42501", refused(WEB, "SELECT name_as_typed FROM online_bookings"), "the road reads no typed name either");
    }

    @Test
    void theRoadCannotForgeTheTypedNameOrTheMatch() throws Exception {
        String phone = "+380671112233";   // Nina's
        String forged = "{\"name\": \"Nina\", \"phone\": \"" + phone + "\", \"match\": \"same_name\"}";
        try (Connection c = s.connect(WEB); Statement st = c.createStatement()) {
            c.setAutoCommit(false);
            long client = count(st, "SELECT salondesk_online_client(" + s.bloom + ", 'Eve', '" + phone + "') "
                    + "FROM (SELECT set_config('salondesk.source', 'online', true)) src");
            st.execute("SELECT set_config('salondesk.online_typed', '" + forged + "', true)");
            SQLException e = assertThrows(SQLException.class, () -> st.executeUpdate(insert(s.bloom, s.marta, String.valueOf(client), cut,
                    at(18, 0), 30, "confirmed", "")));
            assertEquals("42501", e.getSQLState(), "the proof covers what was typed");
            c.rollback();
        }
        assertNull(asTheRoad("online", phone, insert(s.bloom, s.marta, "CLIENT", cut, at(18, 0), 30, "confirmed", "")), "unforged, it is written");
        assertEquals(1, s.count("SELECT count(*) FROM online_bookings o JOIN bookings b ON b.tenant_id = o.tenant_id AND b.id = o.booking_id "
                + "WHERE b.starts_at = '" + at(18, 0) + "' AND o.name_as_typed = 'Eve' AND o.client_match = 'unconfirmed'"));
        // a staff login writing "online" bookings gets no typed name of its choosing either
        assertEquals(0, s.count("SELECT count(*) FROM online_bookings WHERE name_as_typed = 'Nina'"));
    }

    @Test
    void waitlistPlacesOfAPhoneCountAgainstItsCapOfOpenOnlineBookings() throws Exception {
        String phone = "+380671110044";
        String join = "SELECT salondesk_online_join_waitlist(" + s.bloom + ", 'Wait', '" + phone + "', " + cut + ", NULL, CAST('" + DAY
                + "' AS date), CAST('" + DAY.plusDays(1) + "' AS date), 0, 1440)";
        try (Connection c = s.connect(WEB); Statement st = c.createStatement()) {
            st.execute(join);
            st.execute(join);
        }
        assertNull(asTheRoad("online", phone, insert(s.bloom, s.marta, "CLIENT", cut, at(8, 0), 30, "confirmed", "")), "two places and a booking");
        assertEquals("42501", asTheRoad("online", phone, insert(s.bloom, s.marta, "CLIENT", cut, at(8, 30), 30, "confirmed", "")),
                "a fourth is over the cap of 3");
        assertEquals("54000", refused(WEB, join), "and so is a third place");
        try (Connection c = s.connect(WEB); Statement st = c.createStatement()) {
            assertEquals(3, count(st, "SELECT salondesk_online_open_bookings(" + s.bloom + ", '" + phone + "')"), "what the page says it holds");
        }
    }

    @Test
    void aSalonsDayTakesNoMoreBookingsFromThePageThanItsCapWhateverThePhones() throws Exception {
        java.time.LocalDate day = DAY.plusDays(3);
        try (Connection c = s.connect(AttackedServer.OWNER); Statement st = c.createStatement()) {
            st.execute("UPDATE online_settings SET max_online_per_day = 2 WHERE tenant_id = " + s.bloom);
        }
        try {
            for (int i = 0; i < 2; i++) {
                Instant start = day.atTime(9 + i, 0).atZone(AttackedServer.ZONE).toInstant();
                assertNull(asTheRoad("online", "+38067111006" + i, insert(s.bloom, s.iryna, "CLIENT", cut, start, 30, "confirmed", "")));
            }
            Instant third = day.atTime(12, 0).atZone(AttackedServer.ZONE).toInstant();
            assertEquals("42501", asTheRoad("online", "+380671110069", insert(s.bloom, s.marta, "CLIENT", cut, third, 30, "confirmed", "")),
                    "a made-up phone, another master: the day is full");
            assertNull(asTheRoad("online", "+380671110069", insert(s.bloom, s.marta, "CLIENT", cut, third.plusSeconds(86400), 30, "confirmed", "")),
                    "the next day is not");
            try (Connection c = s.connect(WEB); Statement st = c.createStatement()) {
                assertEquals("t", one(st, "SELECT salondesk_online_day_full(" + s.bloom + ", CAST('" + day + "' AS date))"));
                assertEquals("f", one(st, "SELECT salondesk_online_day_full(" + s.bloom + ", CAST('" + day.plusDays(1) + "' AS date))"));
            }
        } finally {
            try (Connection c = s.connect(AttackedServer.OWNER); Statement st = c.createStatement()) {
                st.execute("UPDATE online_settings SET max_online_per_day = 40 WHERE tenant_id = " + s.bloom);
            }
        }
    }

    @Test
    void forgettingAClientForgetsTheNamesAndPhoneTypedForHer() throws Exception {
        String phone = "+380671110077";
        assertNull(asTheRoad("online", phone, insert(s.bloom, s.iryna, "CLIENT", cut, at(19, 0), 30, "confirmed", "")));
        long client = s.count("SELECT id FROM clients WHERE phone = '" + phone + "'");
        assertEquals(1, s.count("SELECT count(*) FROM online_bookings o JOIN bookings b ON b.tenant_id = o.tenant_id AND b.id = o.booking_id "
                + "WHERE b.client_id = " + client + " AND o.name_as_typed = 'Eve' AND o.phone_as_typed = '" + phone + "'"));
        try (Connection c = s.connect("anna"); Statement st = c.createStatement()) {
            st.execute("SELECT salondesk_forget_client(" + s.bloom + ", " + client + ")");
        }
        assertEquals(0, s.count("SELECT count(*) FROM online_bookings WHERE name_as_typed = 'Eve' AND phone_as_typed = '" + phone + "'"));
        assertEquals(1, s.count("SELECT count(*) FROM online_bookings o JOIN bookings b ON b.tenant_id = o.tenant_id AND b.id = o.booking_id "
                + "WHERE b.client_id = " + client + " AND o.name_as_typed IS NULL AND o.phone_as_typed IS NULL"));
    }

    /**
     * The caps are counted under row locks no login can take (issue 29 item 1: an advisory key is
     * read from pg_locks and held by anyone): the day's row is no table any login may read or
     * lock, and the phone's is its client's row, which only the salon's staff and the road see.
     */
    @Test
    void theCapsLocksAreRowsNoOtherLoginCanReadOrHold() {
        for (String who : List.of(WEB, "anna", "bob", "outsider")) {
            assertEquals("42501", refused(who, "SELECT * FROM online_days"), who);
            assertEquals("42501", refused(who, "SELECT 1 FROM online_days FOR UPDATE"), who);
            assertEquals("42501", refused(who, "SELECT salondesk_online_holdings(" + s.bloom + ", " + s.bloomClient + ", '+380671112233')"), who);
            assertEquals("42501", refused(who, "SELECT salondesk_online_day_count(" + s.bloom + ", current_date)"), who);
        }
        assertEquals("42501", refused("bob", "SELECT salondesk_online_day_full(" + s.bloom + ", current_date)"), "staff ask the page's question not");
    }

    @Test
    void theServersLoginHasBoundedStatementsAndIsMadeByTheOwnerOnly() throws Exception {
        try (Connection c = s.connect(WEB); Statement st = c.createStatement()) {
            assertEquals("30s", one(st, "SHOW statement_timeout"));
            assertEquals("1min", one(st, "SHOW idle_in_transaction_session_timeout"));
        }
        assertEquals("42501", refused("anna", "SELECT salondesk_add_online_login('sneak', 'x')"), "a salon's admin may not");
        assertEquals(0, s.count("SELECT count(*) FROM pg_roles WHERE rolname = 'sneak'"));
    }

    // ---- helpers ---------------------------------------------------------------------------------------

    String refused(String who, String sql) {
        return assertThrows(SQLException.class, () -> {
            try (Connection c = s.connect(who); Statement st = c.createStatement()) {
                st.execute(sql);
            }
        }, who + ": " + sql).getSQLState();
    }

    long count(String who, String sql) throws SQLException {
        try (Connection c = s.connect(who); Statement st = c.createStatement()) {
            return count(st, sql);
        }
    }

    private static long count(Statement st, String sql) throws SQLException {
        try (ResultSet rs = st.executeQuery(sql)) {
            rs.next();
            return rs.getLong(1);
        }
    }

    private static String one(Statement st, String sql) throws SQLException {
        try (ResultSet rs = st.executeQuery(sql)) {
            rs.next();
            return rs.getString(1);
        }
    }

    private static long id(Statement st, String sql) throws SQLException {
        return count(st, sql);
    }
}
