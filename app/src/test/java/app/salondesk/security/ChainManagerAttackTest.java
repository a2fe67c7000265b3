package app.salondesk.security;

import app.salondesk.db.TestServers;
import app.salondesk.logic.reports.ReportsRepository;
import app.salondesk.logic.staff.StaffRepository;
import app.salondesk.model.reports.ReportPeriod;
import app.salondesk.model.reports.SalonRef;
import app.salondesk.model.reports.SalonReport;
import org.jooq.DSLContext;
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
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Issue 35, migrations 50 and 51: who reads which report, with real logins on a shared server set up as the README
 * says ({@link AttackedServer}). The chain manager {@code chain} was made by the owner for Bloom and Blossom; Rival
 * is another chain's salon, whose own chain manager is {@code rchain}. Each login types what an attacker would:
 * another salon's figures, the clients' names and phones, the bookings' notes, the messages' addresses, a sale's
 * client, commissions, the drill-down's rows, and every kind of write — PostgreSQL refuses (42501) or answers
 * nothing; where a refusal could pass for a typo, the same read without the forbidden part is shown to work.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class ChainManagerAttackTest {

    AttackedServer s;
    long blossom;
    final ReportPeriod week = new ReportPeriod(AttackedServer.DAY.minusDays(1), AttackedServer.DAY.plusDays(5));

    @BeforeAll
    void setUp() throws Exception {
        s = new AttackedServer(TestServers.ownCluster(17));
        DSLContext owner = s.dsl(AttackedServer.OWNER);
        blossom = owner.resultQuery("INSERT INTO tenants (name, time_zone) VALUES ('Blossom', 'Europe/Kyiv') RETURNING id").fetchOne(0, Long.class);
        long blossomMaster = owner.resultQuery("INSERT INTO masters (tenant_id, name, sort_order) VALUES (" + blossom + ", 'Lada', 1) RETURNING id")
                .fetchOne(0, Long.class);
        long blossomClient = owner.resultQuery("INSERT INTO clients (tenant_id, name, phone) VALUES (" + blossom + ", 'Vesna', '+380671119999') "
                + "RETURNING id").fetchOne(0, Long.class);
        for (int i = 0; i < 4; i++) {
            book(owner, s.bloom, i % 2 == 0 ? s.iryna : s.marta, s.bloomClient, 10 + i, i == 3 ? "no_show" : "completed", "secret note of Nina");
            book(owner, s.rival, s.roman, s.rivalClient, 10 + i, "completed", "secret note of Zoe");
        }
        book(owner, blossom, blossomMaster, blossomClient, 12, "completed", "");
        StaffRepository byOwner = new StaffRepository(owner);
        byOwner.addChainManager("chain", AttackedServer.password("chain").toCharArray(), List.of(s.bloom, blossom));
        byOwner.addChainManager("rchain", AttackedServer.password("rchain").toCharArray(), List.of(s.rival));
    }

    private static void book(DSLContext owner, long tenant, long master, long client, int hour, String status, String note) {
        owner.execute("INSERT INTO bookings (tenant_id, master_id, client_id, starts_at, duration_min, status, note) VALUES (?, ?, ?, "
                + "CAST(? AS timestamptz), 30, ?, ?)", tenant, master, client, AttackedServer.at(hour, 0).atOffset(java.time.ZoneOffset.UTC),
                status, note);
    }

    @AfterAll
    void close() {
        s.close();
    }

    @Test
    void theChainManagerReadsItsSalonsFiguresSideBySideAsTheirOwnManagerDoesAndNoOtherSalons() {
        ReportsRepository chain = new ReportsRepository(s.dsl("chain"));
        assertEquals(List.of(s.bloom, blossom), chain.salons().stream().map(SalonRef::id).toList());
        SalonReport seen = chain.report(s.bloom, week);
        SalonReport asOwner = new ReportsRepository(s.dsl(AttackedServer.OWNER)).report(s.bloom, week);
        SalonReport asAdmin = new ReportsRepository(s.dsl("anna")).report(s.bloom, week);
        assertEquals(4, seen.total().bookings());
        assertEquals(1, seen.total().noShows());
        assertEquals(asOwner, seen, "the chain manager's figures are the salon's");
        assertEquals(asOwner, asAdmin);
        // the chain's view, one statement per figure for all its salons: each salon's report as read alone, Rival left out
        assertEquals(List.of(chain.report(blossom, week), seen), chain.reports(List.of(blossom, s.rival, s.bloom, blossom), week), "Rival is left out");
        assertNull(chain.report(s.rival, week), "another chain's salon is not there");
        assertEquals(List.of(s.rival), new ReportsRepository(s.dsl("rchain")).salons().stream().map(SalonRef::id).toList());
        assertNull(new ReportsRepository(s.dsl("rchain")).report(s.bloom, week));
        // a salon's own manager: its own salon, nothing of the others
        ReportsRepository mira = new ReportsRepository(s.dsl("mira"));
        assertEquals(asOwner, mira.report(s.bloom, week));
        assertNull(mira.report(s.rival, week));
    }

    @Test
    void theChainManagerGetsNoRowOfAnotherSalonWhateverItAsks() throws SQLException {
        for (String t : List.of("bookings", "masters", "services", "sales", "sale_lines", "booking_cancellations", "report_settings",
                "takings_closed_days", "master_working_hours", "client_day_counts")) {
            assertEquals(0, count("chain", "SELECT count(*) FROM " + t + " WHERE tenant_id = " + s.rival), t);
        }
        assertEquals(4, count("chain", "SELECT count(*) FROM bookings WHERE tenant_id = " + s.bloom), "its own salon's, for comparison");
        assertEquals(0, count("chain", "SELECT count(*) FROM report_days(" + s.rival + ", '" + week.from() + "', '" + week.to() + "')"));
        assertEquals(0, count("chain", "SELECT count(*) FROM report_masters(" + s.rival + ", '" + week.from() + "', '" + week.to() + "')"));
        assertEquals(0, count("chain", "SELECT count(*) FROM tenants WHERE id = " + s.rival));
        // a setting cannot widen the list: it is session_user's rows of a table nobody else reads
        assertEquals("42501", refused("chain", "SELECT * FROM chain_manager_salons"));
        assertEquals(0, count("chain", "SET ROLE NONE; SELECT count(*) FROM bookings WHERE tenant_id = " + s.rival));
        assertEquals("42501", refused("chain", "SET ROLE rchain"), "another chain manager's login is not its to become");
        assertEquals("42501", refused("chain", "SET SESSION AUTHORIZATION rchain"));
    }

    /** Migration 52's masters_hours (the reports' working time) is a right of report readers: row-level security answers it. */
    @Test
    void theReportsWorkingHoursShowNoOtherSalonsMasters() throws SQLException {
        String rival = "SELECT count(*) FROM masters_hours(" + s.rival + ", ARRAY[" + s.roman + "]::bigint[], '" + week.from() + "', '"
                + week.to() + "')";
        assertTrue(count(AttackedServer.OWNER, rival) > 0, "the rival's master works that week (else the next lines prove nothing)");
        assertEquals(0, count("chain", rival), "a chain manager of other salons");
        assertEquals(0, count("mira", rival), "another salon's manager");
        assertEquals(0, count("olena", rival), "another salon's receptionist");
        String own = "(" + s.bloom + ", ARRAY[" + s.iryna + ", " + s.marta + "]::bigint[], '" + week.from() + "', '" + week.to() + "')";
        assertEquals(count("mira", "SELECT count(*) FROM unnest(ARRAY[" + s.iryna + ", " + s.marta + "]::bigint[]) m(id), LATERAL master_hours("
                + s.bloom + ", m.id, '" + week.from() + "', '" + week.to() + "') h"), count("chain", "SELECT count(*) FROM masters_hours" + own),
                "its own salons' hours, as the rule book's");
    }

    /**
     * Migration 61's functions over many salons take any array of ids: a salon outside the caller's own (another chain's,
     * another salon's) gets no row, asked alone or among the caller's own salons, and the caller's own are answered.
     */
    @Test
    void theFiguresOfManySalonsAnswerNothingOfASalonTheCallerMayNotRead() throws SQLException {
        String both = "(ARRAY[" + s.rival + ", " + s.bloom + "]::bigint[], '" + week.from() + "', '" + week.to() + "')";
        for (String f : List.of("report_days_of", "report_clients_of", "report_masters_of", "report_services_of")) {
            String rival = "SELECT count(*) FROM " + f + both + " r WHERE r.salon_id = " + s.rival;
            String bloom = "SELECT count(*) FROM " + f + both + " r WHERE r.salon_id = " + s.bloom;
            assertTrue(count(AttackedServer.OWNER, rival) > 0, f + ": the rival has figures (else the next lines prove nothing)");
            assertEquals(0, count("chain", rival), f + ": another chain's salon");
            assertEquals(0, count("mira", rival), f + ": another salon, asked by a salon's manager");
            assertEquals(0, count("rchain", bloom), f + ": the rival chain asks for ours");
            assertEquals(count(AttackedServer.OWNER, bloom), count("chain", bloom), f + ": its own salon, as the owner reads it");
            assertEquals(count(AttackedServer.OWNER, bloom), count("mira", bloom), f + ": her own salon");
            assertEquals("42501", refused("olena", "SELECT * FROM " + f + both), f + ": a receptionist reads no report");
        }
        String hours = "SELECT count(*) FROM masters_working_time_of(ARRAY[" + s.rival + "]::bigint[], ARRAY[" + s.roman + "]::bigint[], '"
                + week.from() + "', '" + week.to() + "')";
        assertTrue(count(AttackedServer.OWNER, hours) > 0, "the rival's master works that week");
        assertEquals(0, count("chain", hours), "another chain's master's working time");
        assertEquals(0, count("mira", hours), "another salon's master's working time");
        assertEquals(0, count("chain", "SELECT count(*) FROM report_periods_of(ARRAY[" + s.rival + "]::bigint[], '" + week.from() + "', '"
                + week.to() + "')"));
    }

    @Test
    void theChainManagerReadsNoPersonalData() throws SQLException {
        for (String sql : List.of("SELECT name FROM clients", "SELECT phone FROM clients", "SELECT count(*) FROM clients",
                "SELECT note FROM bookings", "SELECT created_by FROM bookings", "SELECT * FROM bookings",
                "SELECT recipient FROM messages", "SELECT client_id FROM sales", "SELECT note FROM sales",
                "SELECT commission_minor FROM sale_lines", "SELECT commission_minor FROM takings_closed_lines",
                "SELECT * FROM staff", "SELECT * FROM booking_history", "SELECT * FROM client_notes", "SELECT phone FROM tenants",
                "SELECT * FROM report_booking_rows(" + s.bloom + ", '" + week.from() + "', '" + week.to() + "')",
                "SELECT * FROM report_sale_rows(" + s.bloom + ", '" + week.from() + "', '" + week.to() + "')",
                "SELECT note FROM master_days", "SELECT reason FROM master_time_off")) {
            assertEquals("42501", refused("chain", sql), sql);
        }
        // what the figures read is readable, so the refusals above are not typos
        assertEquals(4, count("chain", "SELECT count(client_id) FROM bookings WHERE tenant_id = " + s.bloom));
        assertEquals(1, count("chain", "SELECT count(*) FROM masters WHERE name = 'Iryna'"));
    }

    @Test
    void theChainManagerWritesNothing() throws SQLException {
        long iryna = s.iryna;
        for (String sql : List.of(
                "INSERT INTO bookings (tenant_id, master_id, client_id, starts_at, duration_min, status) VALUES (" + s.bloom + ", " + iryna + ", "
                        + s.bloomClient + ", now() + interval '3 days', 30, 'confirmed')",
                "UPDATE bookings SET status = 'cancelled' WHERE tenant_id = " + s.bloom,
                "DELETE FROM bookings WHERE tenant_id = " + s.bloom,
                "UPDATE masters SET name = 'x' WHERE tenant_id = " + s.bloom,
                "INSERT INTO report_settings (tenant_id, rebook_weeks) VALUES (" + s.bloom + ", 2)",
                "UPDATE report_settings SET rebook_weeks = 2",
                "INSERT INTO booking_cancellations (tenant_id, booking_id, cancelled_at) SELECT tenant_id, id, now() FROM bookings LIMIT 1",
                "INSERT INTO chain_manager_salons (tenant_id, login) VALUES (" + s.rival + ", 'chain')",
                "SELECT salondesk_add_chain_manager('mole', 'x', ARRAY[" + s.rival + "]::bigint[])",
                "SELECT salondesk_add_user(" + s.bloom + ", 'mole', 'Mole', 'admin', 'x')",
                "CREATE TABLE mine (x int)",
                "UPDATE tenants SET name = 'x' WHERE id = " + s.bloom)) {
            assertEquals("42501", refused("chain", sql), sql);
        }
        assertEquals(4, count(AttackedServer.OWNER, "SELECT count(*) FROM bookings WHERE tenant_id = " + s.bloom + " AND status <> 'cancelled'"));
    }

    @Test
    void onlyTheOwnerMakesAChainManagerAndReceptionistsReadNoReport() throws SQLException {
        assertEquals("42501", refused("anna", "SELECT salondesk_add_chain_manager('mole', 'x', ARRAY[" + s.bloom + "]::bigint[])"),
                "a salon's admin may not make a chain's login");
        assertEquals("42501", refused("mira", "SELECT salondesk_add_chain_manager('mole', 'x', ARRAY[" + s.bloom + "]::bigint[])"));
        assertEquals("42501", refused("olena", "SELECT * FROM report_days(" + s.bloom + ", '" + week.from() + "', '" + week.to() + "')"),
                "a receptionist reads no report");
        assertEquals("42501", refused("olena", "SELECT * FROM report_booking_rows(" + s.bloom + ", '" + week.from() + "', '" + week.to() + "')"));
        assertEquals(7, count("mira", "SELECT count(*) FROM report_days(" + s.bloom + ", '" + week.from() + "', '" + week.to() + "')"));
        assertNotNull(new ReportsRepository(s.dsl("anna")).bookingsBehind(s.bloom, week, app.salondesk.model.reports.Figure.NO_SHOWS));
        assertTrue(new ReportsRepository(s.dsl("anna")).bookingsBehind(s.bloom, week, app.salondesk.model.reports.Figure.NO_SHOWS).stream()
                .allMatch(b -> b.client().equals("Nina")), "the salon's own staff drill down to names");
    }

    /** {@code sql} (statements separated by ;) in one transaction as {@code who}: the SQLSTATE refused, null when committed. */
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
        try (Connection c = s.connect(who); Statement st = c.createStatement()) {
            st.execute(sql);
            while (st.getResultSet() == null && (st.getMoreResults() || st.getUpdateCount() != -1)) {
                // to the statement that answers
            }
            try (ResultSet rs = st.getResultSet()) {
                rs.next();
                return rs.getLong(1);
            }
        }
    }
}
