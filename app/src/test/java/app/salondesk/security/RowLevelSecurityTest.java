package app.salondesk.security;

import app.salondesk.db.ConnectionSettings;
import app.salondesk.logic.booking.BookingEngine;
import app.salondesk.logic.booking.EngineFixture;
import app.salondesk.model.booking.BookingOutcome;
import app.salondesk.model.booking.InvalidReason;
import app.salondesk.model.booking.NewBooking;
import app.salondesk.model.booking.Source;
import com.zaxxer.hikari.HikariDataSource;
import org.jooq.DSLContext;
import org.jooq.SQLDialect;
import org.jooq.impl.DSL;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

import static app.salondesk.logic.booking.EngineFixture.at;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * PostgreSQL, not the UI, decides: each test logs in as a staff member's own role and finds
 * only its salon's rows, only the writes its group may make, and the booking engine's lock,
 * constraint and answers unchanged under row-level security.
 */
class RowLevelSecurityTest {

    private static final String PASSWORD = "s3cret-" + UUID.randomUUID();
    private static EngineFixture f;
    private static long otherSalon;
    private static long otherMaster;
    private static String suffix;
    private static final List<HikariDataSource> pools = new ArrayList<>();

    @BeforeAll
    static void twoSalonsAndTheirStaff() {
        f = new EngineFixture("rls", 4);
        otherSalon = f.id("INSERT INTO tenants (name, time_zone) VALUES ('Other salon', 'Europe/Warsaw') RETURNING id");
        otherMaster = f.id("INSERT INTO masters (tenant_id, name) VALUES (" + otherSalon + ", 'Zofia') RETURNING id");
        suffix = Long.toString(System.nanoTime(), 36);
        // roles are cluster-wide: names unique to this run
        login("recep", "salondesk_receptionist", f.tenant, "receptionist", true);
        login("admin", "salondesk_admin", f.tenant, "admin", true);
        login("boss", "salondesk_manager", f.tenant, "manager", true);
        login("gone", "salondesk_receptionist", f.tenant, "receptionist", false);
        login("stranger", "salondesk_receptionist", null, null, true);
    }

    @AfterAll
    static void close() {
        pools.forEach(HikariDataSource::close);
        f.close();
    }

    private static void login(String name, String group, Long tenant, String role, boolean active) {
        String login = name + "_" + suffix;
        f.dsl.execute("CREATE ROLE " + login + " LOGIN PASSWORD '" + PASSWORD + "' IN ROLE " + group);
        if (tenant != null) {
            f.dsl.execute("INSERT INTO staff (tenant_id, login, display_name, role, active) VALUES (" + tenant + ", '" + login
                    + "', '" + name + "', '" + role + "', " + active + ")");
        }
    }

    private static ConnectionSettings as(String name) {
        return new ConnectionSettings(f.backend.database().settings().url(), name + "_" + suffix, PASSWORD);
    }

    private static DSLContext dsl(String name) {
        HikariDataSource ds = new HikariDataSource();
        ConnectionSettings s = as(name);
        ds.setJdbcUrl(s.url());
        ds.setUsername(s.user());
        ds.setPassword(s.password());
        ds.setMaximumPoolSize(2);
        pools.add(ds);
        return DSL.using(ds, SQLDialect.POSTGRES);
    }

    private static int count(String name, String sql) throws SQLException {
        ConnectionSettings s = as(name);
        try (Connection c = DriverManager.getConnection(s.url(), s.user(), s.password()); Statement st = c.createStatement()) {
            var rs = st.executeQuery(sql);
            rs.next();
            return rs.getInt(1);
        }
    }

    private static String sqlState(String name, String sql) {
        ConnectionSettings s = as(name);
        SQLException e = assertThrows(SQLException.class, () -> {
            try (Connection c = DriverManager.getConnection(s.url(), s.user(), s.password()); Statement st = c.createStatement()) {
                st.execute(sql);
            }
        });
        return e.getSQLState();
    }

    @Test
    void aReceptionistsDeskReadsItsOwnSalonsDaysOffAndNeverAnothers() {
        // issue 31: the desk says why a master's day is closed, read with the staff member's own login
        f.dsl.execute("INSERT INTO master_days (tenant_id, master_id, day, note) VALUES (" + f.tenant + ", " + f.vira + ", '"
                + EngineFixture.DAY + "', 'Sick'), (" + otherSalon + ", " + otherMaster + ", '" + EngineFixture.DAY + "', 'Holiday')");
        try {
            var masters = new app.salondesk.logic.staff.MasterRepository(dsl("recep"));
            assertEquals(java.util.Map.of(f.vira, "Sick"), masters.daysOff(f.tenant, List.of(f.anna, f.vira), EngineFixture.DAY));
            // asking for the other salon's master, by her id and her salon's, finds nothing
            assertEquals(java.util.Map.of(), masters.daysOff(otherSalon, List.of(otherMaster), EngineFixture.DAY));
            assertEquals(java.util.Map.of(), masters.daysOff(f.tenant, List.of(otherMaster), EngineFixture.DAY));
            var day = new app.salondesk.logic.calendar.ScheduleService(new app.salondesk.logic.booking.ScheduleRepository(dsl("recep")), masters)
                    .loadDay(new app.salondesk.model.salon.Salon(f.tenant, "Fixture", EngineFixture.ZONE), List.of(f.anna, f.vira),
                            EngineFixture.DAY, false);
            assertEquals(java.util.Map.of(f.vira, "Sick"), day.daysOff());
            assertTrue(day.workingTimeOf(f.vira).isEmpty(), "her day of her own has no hours");
        } finally {
            f.dsl.execute("DELETE FROM master_days");
        }
    }

    @Test
    void staffSeeOnlyTheirOwnSalon() throws SQLException {
        for (String who : List.of("recep", "admin", "boss")) {
            assertEquals(1, count(who, "SELECT count(*) FROM tenants"), who);
            assertEquals(3, count(who, "SELECT count(*) FROM masters"), who + " sees Anna, Bohdan and Vira, not Zofia");
            assertEquals(0, count(who, "SELECT count(*) FROM masters WHERE id = " + otherMaster), who);
        }
    }

    /**
     * The rule book asked in batches (migration 29: booking_problems, first_free_start) runs with the
     * caller's rights, as booking_problem does: a staff login gets her own salon's answers, and of
     * another salon's master learns nothing — no free time, "unknown master" — though the owner
     * finds her free.
     */
    @Test
    void theRuleBookInBatchesTellsAStaffLoginNothingOfAnotherSalon() throws SQLException {
        f.dsl.execute("INSERT INTO master_working_hours (tenant_id, master_id, weekday, starts_at, ends_at) SELECT ?, ?, d, '08:00', '20:00' "
                + "FROM generate_series(1, 7) d ON CONFLICT DO NOTHING", otherSalon, otherMaster);
        String firstFree = "SELECT count(*) FROM first_free_start(%d, ARRAY[%d]::bigint[], NULL, 30, DATE '" + EngineFixture.DAY + "', 15)";
        assertEquals(1, f.count(String.format(firstFree, otherSalon, otherMaster)), "the owner finds Zofia free");
        String problems = "SELECT count(*) FROM booking_problems(%d, ARRAY[%d]::bigint[], NULL, NULL, ARRAY[TIMESTAMPTZ '" + at(10, 0)
                + "'], 30, NULL, false, false, true, true) WHERE problem %s";
        for (String who : List.of("recep", "admin", "boss")) {
            assertEquals(0, count(who, String.format(firstFree, otherSalon, otherMaster)), who);
            assertEquals(1, count(who, String.format(problems, otherSalon, otherMaster, "= 'unknown_master'")), who);
            assertEquals(1, count(who, String.format(firstFree, f.tenant, f.anna)), who + " asks of her own salon");
            assertEquals(1, count(who, String.format(problems, f.tenant, f.anna, "IS NULL")), who);
        }
    }

    /**
     * The permission matrix (issue 6, narrowed by issue 11), row by row, as real statements
     * through plain JDBC: allowed ones succeed, forbidden ones are refused by PostgreSQL
     * (42501). Writes name exactly the columns a road writes (grants are per column); no group
     * may DELETE (whole rows go through definer functions), write the history or the working
     * hours (functions too). The
     * statements touch no row ({@code WHERE false}), so only the right to run them is tested.
     */
    @Test
    void thePermissionMatrixHoldsForEveryRoleTableAndAction() throws SQLException {
        // table -> {columns a road inserts, who may insert them, a column a road updates, who may update it}
        // ("rw": receptionists and admins, "a": admins, "": nobody; hours only through functions)
        java.util.Map<String, String[]> writes = new java.util.LinkedHashMap<>();
        writes.put("tenants", new String[]{"name, time_zone", "", "name", "a"});
        writes.put("masters", new String[]{"tenant_id, name, colour, active, sort_order", "a", "name", "a"});
        writes.put("master_working_hours", new String[]{"tenant_id, master_id, weekday, starts_at, ends_at", "", "ends_at", ""});
        writes.put("master_weeks", new String[]{"tenant_id, master_id, valid_from", "", "valid_from", ""});
        writes.put("master_days", new String[]{"tenant_id, master_id, day", "", "note", ""});
        writes.put("master_day_hours", new String[]{"tenant_id, master_id, day, starts_at, ends_at", "", "ends_at", ""});
        writes.put("master_time_off", new String[]{"tenant_id, master_id, starts_at, ends_at, reason", "a", "reason", "a"});
        writes.put("services", new String[]{"tenant_id, name, duration_min, price, active, category", "a", "price", "a"});
        writes.put("master_services", new String[]{"tenant_id, master_id, service_id, duration_min, price", "a", "price", "a"});
        writes.put("clients", new String[]{"tenant_id, name, phone, notes", "rw", "notes", "rw"});
        writes.put("bookings", new String[]{"tenant_id, master_id, client_id, service_id, starts_at, duration_min, status, request_id, note, outside_hours", "rw", "status", "rw"});
        writes.put("booking_history", new String[]{"tenant_id, booking_id, operation, source, changes", "", "source", ""});
        writes.put("staff", new String[]{"tenant_id, login, display_name, role", "", "display_name", ""});
        writes.put("salon_keys", new String[]{"tenant_id", "", "channel", ""});
        List<String> wrong = new ArrayList<>();
        for (String who : List.of("recep", "admin", "boss")) {
            ConnectionSettings s = as(who);
            try (Connection c = DriverManager.getConnection(s.url(), s.user(), s.password())) {
                c.setAutoCommit(false);
                for (var w : writes.entrySet()) {
                    String t = w.getKey();
                    String[] rule = w.getValue();
                    check(c, who, t, "SELECT count(*) FROM " + t, true, wrong);
                    check(c, who, t, "INSERT INTO " + t + " (" + rule[0] + ") SELECT " + rule[0] + " FROM " + t + " WHERE false",
                            may(who, rule[1]), wrong);
                    check(c, who, t, "UPDATE " + t + " SET " + rule[2] + " = " + rule[2] + " WHERE false", may(who, rule[3]), wrong);
                    // ids, tenants and audit columns are nobody's to change
                    String key = t.equals("tenants") ? "id" : "tenant_id";
                    check(c, who, t, "UPDATE " + t + " SET " + key + " = " + key + " WHERE false", false, wrong);
                    check(c, who, t, "DELETE FROM " + t + " WHERE false", false, wrong);
                    check(c, who, t, "TRUNCATE " + t, false, wrong);
                }
            }
        }
        assertEquals(List.of(), wrong);
    }

    /** Whether {@code who} is among the writers a matrix cell names. */
    private static boolean may(String who, String writers) {
        return switch (writers) {
            case "rw" -> who.equals("recep") || who.equals("admin");
            case "a" -> who.equals("admin");
            default -> false;
        };
    }

    private static void check(Connection c, String who, String table, String sql, boolean allowed, List<String> wrong) throws SQLException {
        var sp = c.setSavepoint();
        try (Statement st = c.createStatement()) {
            st.execute(sql);
            if (!allowed) {
                wrong.add(who + " may: " + sql);
            }
        } catch (SQLException e) {
            if (allowed || !"42501".equals(e.getSQLState())) {
                wrong.add(who + " refused (" + e.getSQLState() + "): " + sql);
            }
        } finally {
            c.rollback(sp);
        }
    }

    @Test
    void anotherSalonsRowsCannotBeChangedOrDeletedEither() throws SQLException {
        long zofiasClient = f.id("INSERT INTO clients (tenant_id, name) VALUES (" + otherSalon + ", 'Their client') RETURNING id");
        ConnectionSettings s = as("admin");
        try (Connection c = DriverManager.getConnection(s.url(), s.user(), s.password()); Statement st = c.createStatement()) {
            assertEquals(0, st.executeUpdate("UPDATE clients SET name = 'Stolen' WHERE id = " + zofiasClient));
            assertEquals(0, st.executeUpdate("UPDATE masters SET name = 'Spy' WHERE id = " + otherMaster));
            assertEquals(false, st.executeQuery("SELECT salondesk_remove_time_off(" + f.tenant + ", id) FROM master_time_off").next(),
                    "the other salon's time off is not even visible to pass to the removal");
        }
        assertEquals("42501", sqlState("admin", "DELETE FROM masters WHERE id = " + otherMaster));
        assertEquals("Their client", f.dsl.resultQuery("SELECT name FROM clients WHERE id = " + zofiasClient).fetchOne(0, String.class));
        assertEquals(1, f.count("SELECT count(*) FROM masters WHERE id = " + otherMaster));
    }

    @Test
    void aLoginWithoutAStaffRowOrADisabledOneSeesNothing() throws SQLException {
        for (String who : List.of("stranger", "gone")) {
            assertEquals(0, count(who, "SELECT count(*) FROM tenants"), who);
            assertEquals(0, count(who, "SELECT count(*) FROM masters"), who);
            assertEquals(0, count(who, "SELECT count(*) FROM clients"), who);
        }
    }

    @Test
    void eachGroupMayWriteOnlyWhatItIsFor() {
        assertEquals("42501", sqlState("recep", "INSERT INTO masters (tenant_id, name) VALUES (" + f.tenant + ", 'Sneaky')"));
        assertEquals("42501", sqlState("recep", "UPDATE services SET price = 1"));
        assertEquals("42501", sqlState("boss", "INSERT INTO clients (tenant_id, name) VALUES (" + f.tenant + ", 'X')"));
        assertEquals("42501", sqlState("boss", "UPDATE bookings SET status = 'cancelled'"));
        assertEquals("42501", sqlState("admin", "UPDATE booking_history SET changed_by = 'nobody'"));
        assertEquals("42501", sqlState("admin", "DELETE FROM booking_history"));
        // another salon's rows cannot be written, even by an admin
        assertEquals("42501", sqlState("admin", "INSERT INTO masters (tenant_id, name) VALUES (" + otherSalon + ", 'Spy')"));
        // but an admin may manage the own salon's masters
        assertEquals(1, f.dsl.resultQuery("SELECT 1").fetchOne(0, Integer.class));
    }

    @Test
    void anAdminManagesTheOwnSalonsMasters() throws SQLException {
        DSLContext admin = dsl("admin");
        admin.execute("INSERT INTO masters (tenant_id, name) VALUES (" + f.tenant + ", 'New hire')");
        assertEquals(1, count("recep", "SELECT count(*) FROM masters WHERE name = 'New hire'"));
        f.dsl.execute("DELETE FROM masters WHERE name = 'New hire'");
    }

    @Test
    void aDeskSignedInAsStaffStartsOnAnUpToDateSchemaWithoutMigrationRights() {
        try (var desk = app.salondesk.runtime.Backend.connect(as("recep"), 2)) {
            assertEquals(1, desk.dsl().fetchCount(app.salondesk.jooq.Tables.TENANTS));
        }
    }

    @Test
    void theEngineWorksUnchangedForAReceptionistAndHistoryNamesHer() {
        BookingEngine engine = new BookingEngine(dsl("recep"));
        BookingOutcome first = engine.book(f.newBooking(f.bohdan, at(16, 0), 60));
        var booked = assertInstanceOf(BookingOutcome.Booked.class, first, first.toString());
        // an overlapping booking is refused as TimeTaken with free times, exactly as for the owner
        BookingOutcome.TimeTaken taken = assertInstanceOf(BookingOutcome.TimeTaken.class,
                engine.book(f.newBooking(f.bohdan, at(16, 30), 60)));
        assertFalse(taken.nearestFree().isEmpty());
        assertEquals("recep_" + suffix, f.dsl.resultQuery("SELECT changed_by FROM booking_history WHERE booking_id = "
                + booked.booking().id()).fetchOne(0, String.class));
        f.dsl.execute("DELETE FROM bookings WHERE id = " + booked.booking().id());
    }

    @Test
    void sixteenReceptionistsRacingForOneMasterNeverDoubleBookUnderRowLevelSecurity() throws Exception {
        HikariDataSource ds = new HikariDataSource();
        ds.setJdbcUrl(as("recep").url());
        ds.setUsername(as("recep").user());
        ds.setPassword(PASSWORD);
        ds.setMaximumPoolSize(18);
        pools.add(ds);
        BookingEngine engine = new BookingEngine(DSL.using(ds, SQLDialect.POSTGRES));
        var pool = java.util.concurrent.Executors.newFixedThreadPool(16);
        var go = new java.util.concurrent.CountDownLatch(1);
        List<java.util.concurrent.Future<List<BookingOutcome>>> results = new ArrayList<>();
        for (int t = 0; t < 16; t++) {
            int seed = t;
            results.add(pool.submit(() -> {
                var rnd = new java.util.Random(seed);
                go.await();
                List<BookingOutcome> outcomes = new ArrayList<>();
                for (int i = 0; i < 15; i++) {
                    outcomes.add(engine.book(f.newBooking(f.vira, at(10, 0).plusSeconds(900L * rnd.nextInt(12)), 30 + 30 * rnd.nextInt(2))));
                }
                return outcomes;
            }));
        }
        go.countDown();
        int booked = 0;
        for (var r : results) {
            for (BookingOutcome o : r.get(3, java.util.concurrent.TimeUnit.MINUTES)) {
                assertFalse(o instanceof BookingOutcome.Invalid, o.toString());
                booked += o instanceof BookingOutcome.Booked ? 1 : 0;
            }
        }
        pool.shutdown();
        assertEquals(booked, f.count("SELECT count(*) FROM bookings WHERE master_id = " + f.vira));
        assertEquals(0, f.overlappingPairs());
        f.dsl.execute("DELETE FROM bookings WHERE master_id = " + f.vira);
    }

    @Test
    void whatTheDatabaseRefusesTheEngineAnswersAsNoPermission() {
        BookingEngine manager = new BookingEngine(dsl("boss"));
        BookingOutcome.Invalid refused = assertInstanceOf(BookingOutcome.Invalid.class,
                manager.book(f.newBooking(f.anna, at(17, 0), 30)));
        assertEquals(InvalidReason.NO_PERMISSION, refused.reason());
        // a receptionist booking into another salon is refused by row-level security
        BookingEngine recep = new BookingEngine(dsl("recep"));
        BookingOutcome other = recep.book(new NewBooking(otherSalon, otherMaster, f.client, null, null, at(17, 0), 30, "",
                UUID.randomUUID(), Source.FORM, false));
        assertInstanceOf(BookingOutcome.Invalid.class, other, other.toString());
        assertEquals(0, f.count("SELECT count(*) FROM bookings WHERE tenant_id = " + otherSalon));
    }
    /**
     * Migration 16: a policy that calls {@code salondesk_current_tenant()} bare runs the staff
     * lookup for every row it looks at; wrapped in a scalar subquery it runs once per statement.
     * Every policy, including those of later migrations, keeps the wrapped form.
     */
    @Test
    void everyPolicyAsksWhoTheLoginIsOncePerStatement() {
        var policies = f.dsl.fetch("SELECT tablename || '.' || policyname AS name, coalesce(qual, '') || ' ' || coalesce(with_check, '') AS expr "
                + "FROM pg_policies WHERE schemaname = 'public'");
        int asked = 0;
        for (var p : policies) {
            String expr = p.get("expr", String.class);
            int calls = expr.split("salondesk_current_tenant\\(\\)", -1).length - 1;
            int once = expr.split("SELECT salondesk_current_tenant\\(\\)", -1).length - 1;
            assertEquals(calls, once, p.get("name", String.class) + " asks for the tenant per row: " + expr);
            asked += calls;
        }
        assertTrue(asked >= 20, "the staff's policies ask for the tenant: " + asked);
    }
}
