package app.salondesk.db;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.postgresql.PGConnection;
import org.postgresql.PGNotification;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The schema's own guarantees, exercised with plain SQL on a real PostgreSQL. */
class SchemaTest {

    private static ConnectionSettings db;
    private long tenant;
    private long master;
    private long client;

    @BeforeAll
    static void migrate() {
        db = TestPostgres.migratedDatabase("schema");
    }

    @BeforeEach
    void salon() throws SQLException {
        try (Connection c = TestPostgres.connect(db)) {
            tenant = insertId(c, "INSERT INTO tenants (name, time_zone) VALUES ('Test salon', 'Europe/Kyiv') RETURNING id");
            master = insertId(c, "INSERT INTO masters (tenant_id, name) VALUES (" + tenant + ", 'Olena') RETURNING id");
            client = insertId(c, "INSERT INTO clients (tenant_id, name, phone) VALUES (" + tenant + ", 'Iryna', NULL) RETURNING id");
        }
    }

    @Test
    void aNewSessionOnTheSalonsDatabaseRunsWithoutJit() throws SQLException {
        // the server's own default is on (also where it was built without LLVM); migration 21
        // turns it off for the salon's database, for every login and every road
        try (Connection c = TestPostgres.connect(db); Statement s = c.createStatement()) {
            ResultSet rs = s.executeQuery("SELECT current_setting('jit'), (SELECT boot_val FROM pg_settings WHERE name = 'jit')");
            rs.next();
            assertEquals("off", rs.getString(1));
            assertEquals("on", rs.getString(2), "the server's default, which the database overrides");
        }
    }

    @Test
    void migrationsApplyOnAFreshDatabase() throws SQLException {
        try (Connection c = TestPostgres.connect(db); Statement s = c.createStatement()) {
            ResultSet rs = s.executeQuery("SELECT count(*) FILTER (WHERE success), count(*) FROM flyway_schema_history WHERE version IS NOT NULL");
            rs.next();
            assertEquals(rs.getInt(2), rs.getInt(1), "every migration succeeded");
            assertTrue(rs.getInt(1) >= 3);
            rs = s.executeQuery("SELECT count(*) FROM information_schema.tables WHERE table_schema = 'public' AND table_name IN "
                    + "('tenants','masters','master_working_hours','master_time_off','services','master_services','clients','bookings','booking_history')");
            rs.next();
            assertEquals(9, rs.getInt(1));
        }
    }

    @Test
    void migrationsAlsoApplyAsPlainSqlWithoutFlyway() throws Exception {
        ConnectionSettings plain = TestPostgres.freshDatabase("plainsql");
        try (Connection c = TestPostgres.connect(plain); Statement s = c.createStatement()) {
            for (String file : migrationFiles()) {
                // the whole file as one simple-protocol script, exactly as psql -f would send it
                s.execute(resource("/db/migration/" + file));
            }
            s.execute("INSERT INTO tenants (name, time_zone) VALUES ('Plain', 'Europe/Kyiv')");
            ResultSet rs = s.executeQuery("SELECT count(*) FROM pg_constraint WHERE conname = 'bookings_no_double_busy' AND contype = 'x'");
            rs.next();
            assertEquals(1, rs.getInt(1));
        }
        // and the list above is every migration there is
        try (Connection c = TestPostgres.connect(db); Statement s = c.createStatement()) {
            ResultSet rs = s.executeQuery("SELECT count(*) FROM flyway_schema_history WHERE version IS NOT NULL");
            rs.next();
            assertEquals(migrationFiles().size(), rs.getInt(1), "every migration there is was applied as plain SQL above");
        }
    }

    /** Every migration file, in version order (the build's resources are a folder here). */
    private static List<String> migrationFiles() throws Exception {
        java.nio.file.Path folder = java.nio.file.Path.of(SchemaTest.class.getResource("/db/migration").toURI());
        try (var files = java.nio.file.Files.list(folder)) {
            List<String> names = files.map(f -> f.getFileName().toString()).filter(n -> n.matches("V\\d+__.+\\.sql"))
                    .sorted(java.util.Comparator.comparingInt(n -> Integer.parseInt(n.substring(1, n.indexOf("__"))))).toList();
            assertTrue(names.size() >= 16, names.toString());
            return names;
        }
    }

    @Test
    void plainInsertNamingOnlyTheContractColumnsWorks() throws SQLException {
        try (Connection c = TestPostgres.connect(db)) {
            long id = book(c, "2030-01-07T10:00:00Z", 60, "confirmed");
            try (Statement s = c.createStatement()) {
                ResultSet rs = s.executeQuery("SELECT version, request_id, source, created_by FROM bookings WHERE id = " + id);
                rs.next();
                assertEquals(1, rs.getInt("version"));
                assertNotNull(rs.getObject("request_id"));
                assertEquals("sql", rs.getString("source"));
                assertEquals("postgres", rs.getString("created_by"));
            }
        }
    }

    @Test
    void overlappingActiveBookingOnSameMasterIsRefused() throws SQLException {
        try (Connection c = TestPostgres.connect(db)) {
            book(c, "2030-01-07T10:00:00Z", 60, "confirmed");
            SQLException e = assertThrows(SQLException.class, () -> book(c, "2030-01-07T10:30:00Z", 60, "pending"));
            assertEquals("23P01", e.getSQLState());
            assertEquals(1, count(c, "SELECT count(*) FROM bookings WHERE master_id = " + master));
        }
    }

    @Test
    void adjacentBookingsAreAccepted() throws SQLException {
        try (Connection c = TestPostgres.connect(db)) {
            book(c, "2030-01-07T10:00:00Z", 60, "confirmed");
            book(c, "2030-01-07T11:00:00Z", 30, "confirmed");
            book(c, "2030-01-07T09:30:00Z", 30, "arrived");
            assertEquals(3, count(c, "SELECT count(*) FROM bookings WHERE master_id = " + master));
        }
    }

    @Test
    void sameTimeWithAnotherMasterIsAccepted() throws SQLException {
        try (Connection c = TestPostgres.connect(db)) {
            long other = insertId(c, "INSERT INTO masters (tenant_id, name) VALUES (" + tenant + ", 'Marta') RETURNING id");
            book(c, "2030-01-07T10:00:00Z", 60, "confirmed");
            try (Statement s = c.createStatement()) {
                s.executeUpdate("INSERT INTO bookings (tenant_id, master_id, client_id, service_id, starts_at, duration_min, status) VALUES ("
                        + tenant + ", " + other + ", " + client + ", NULL, '2030-01-07T10:00:00Z', 60, 'confirmed')");
            }
            assertEquals(2, count(c, "SELECT count(*) FROM bookings WHERE tenant_id = " + tenant));
        }
    }

    @Test
    void cancelledBookingDoesNotBlockTheTimeAndRevivingItIntoAnOverlapIsRefused() throws SQLException {
        try (Connection c = TestPostgres.connect(db)) {
            long cancelled = book(c, "2030-01-07T10:00:00Z", 60, "cancelled");
            book(c, "2030-01-07T10:00:00Z", 60, "confirmed");
            book(c, "2030-01-07T12:00:00Z", 60, "no_show");
            book(c, "2030-01-07T12:00:00Z", 60, "completed");   // finished ones do not block either
            try (Statement s = c.createStatement()) {
                SQLException e = assertThrows(SQLException.class,
                        () -> s.executeUpdate("UPDATE bookings SET status = 'confirmed' WHERE id = " + cancelled));
                assertEquals("23P01", e.getSQLState());
            }
            assertEquals("cancelled", string(c, "SELECT status FROM bookings WHERE id = " + cancelled));
        }
    }

    @Test
    void durationMustBePositiveAndSaneAndStatusOneOfSix() throws SQLException {
        try (Connection c = TestPostgres.connect(db)) {
            assertEquals("23514", assertThrows(SQLException.class, () -> book(c, "2030-01-07T10:00:00Z", 0, "confirmed")).getSQLState());
            assertEquals("23514", assertThrows(SQLException.class, () -> book(c, "2030-01-07T10:00:00Z", 24 * 60, "confirmed")).getSQLState());
            assertEquals("23514", assertThrows(SQLException.class, () -> book(c, "2030-01-07T10:00:00Z", 30, "maybe")).getSQLState());
        }
    }

    @Test
    void endIsStartPlusAbsoluteMinutesWhateverTheSessionTimeZoneAcrossDst() throws SQLException {
        // Kyiv moves its clocks from 03:00 to 04:00 on 2026-03-29 (00:30 UTC is 02:30 local).
        // 90 minutes after 02:30 local are 05:00 local, not 04:00: the end is an instant.
        Instant start = Instant.parse("2026-03-29T00:30:00Z");
        Instant expectedEnd = start.plusSeconds(90 * 60);
        try (Connection c = TestPostgres.connect(db)) {
            long id = book(c, start.toString(), 90, "confirmed");
            for (String zone : List.of("Europe/Kyiv", "America/New_York", "UTC")) {
                try (Statement s = c.createStatement()) {
                    s.execute("SET TimeZone = '" + zone + "'");
                    ResultSet rs = s.executeQuery("SELECT slot_end(starts_at, duration_min), "
                            + "to_char(slot_end(starts_at, duration_min) AT TIME ZONE 'Europe/Kyiv', 'HH24:MI') FROM bookings WHERE id = " + id);
                    rs.next();
                    assertEquals(expectedEnd, rs.getObject(1, OffsetDateTime.class).toInstant(), "session time zone " + zone);
                    assertEquals("05:00", rs.getString(2));
                }
            }
            // and the constraint agrees: a booking at 04:30 local (01:30 UTC) overlaps it
            SQLException e = assertThrows(SQLException.class, () -> book(c, "2026-03-29T01:30:00Z", 30, "confirmed"));
            assertEquals("23P01", e.getSQLState());
            book(c, expectedEnd.toString(), 30, "confirmed");
        }
    }

    @Test
    void bookingCannotPointAtAnotherSalonsMaster() throws SQLException {
        try (Connection c = TestPostgres.connect(db); Statement s = c.createStatement()) {
            long otherSalon = insertId(c, "INSERT INTO tenants (name, time_zone) VALUES ('Other', 'Europe/Warsaw') RETURNING id");
            SQLException e = assertThrows(SQLException.class, () -> s.executeUpdate(
                    "INSERT INTO bookings (tenant_id, master_id, client_id, service_id, starts_at, duration_min, status) VALUES ("
                            + otherSalon + ", " + master + ", " + client + ", NULL, '2030-01-07T10:00:00Z', 60, 'confirmed')"));
            assertEquals("23503", e.getSQLState());
        }
    }

    @Test
    void unknownTimeZoneOrAbbreviationIsRefused() throws SQLException {
        try (Connection c = TestPostgres.connect(db); Statement s = c.createStatement()) {
            for (String bad : List.of("Europe/Kiyv", "EET", "+02")) {
                SQLException e = assertThrows(SQLException.class,
                        () -> s.executeUpdate("INSERT INTO tenants (name, time_zone) VALUES ('X', '" + bad + "')"), bad);
                assertEquals("22023", e.getSQLState(), bad);
            }
        }
    }

    @Test
    void everySqlWriteIsAuditedWithWhoWhatAndSource() throws SQLException {
        try (Connection c = TestPostgres.connect(db)) {
            long id = book(c, "2030-01-07T10:00:00Z", 60, "confirmed");
            try (Statement s = c.createStatement()) {
                s.executeUpdate("UPDATE bookings SET starts_at = '2030-01-07T11:00:00Z' WHERE id = " + id);
                c.setAutoCommit(false);
                s.execute("SET LOCAL salondesk.source = 'cli'");
                s.executeUpdate("UPDATE bookings SET status = 'cancelled' WHERE id = " + id);
                c.commit();
                c.setAutoCommit(true);
                s.executeUpdate("DELETE FROM bookings WHERE id = " + id);
                ResultSet rs = s.executeQuery("SELECT operation, source, changed_by, changes FROM booking_history WHERE booking_id = " + id + " ORDER BY id");
                List<String> rows = new ArrayList<>();
                while (rs.next()) {
                    rows.add(rs.getString(1) + " " + rs.getString(2) + " " + rs.getString(3));
                    if (rs.getString(1).equals("UPDATE") && rs.getString(2).equals("sql")) {
                        String changes = rs.getString(4);
                        assertTrue(changes.contains("starts_at") && changes.contains("version"), changes);
                        assertTrue(!changes.contains("status"), changes);
                    }
                }
                assertEquals(List.of("INSERT sql postgres", "UPDATE sql postgres", "UPDATE cli postgres", "DELETE sql postgres"), rows);
            }
        }
    }

    @Test
    void sqlUpdateBumpsTheVersion() throws SQLException {
        try (Connection c = TestPostgres.connect(db); Statement s = c.createStatement()) {
            long id = book(c, "2030-01-07T10:00:00Z", 60, "confirmed");
            s.executeUpdate("UPDATE bookings SET note = 'bring photos' WHERE id = " + id);
            s.executeUpdate("UPDATE bookings SET note = 'bring photos' WHERE id = " + id);   // no real change
            assertEquals(2, count(c, "SELECT version FROM bookings WHERE id = " + id));
        }
    }

    @Test
    void everyChangeIsAnnouncedWithTenantMastersAndSalonDays() throws Exception {
        try (Connection listener = TestPostgres.connect(db); Connection writer = TestPostgres.connect(db)) {
            String channel;
            try (Statement s = listener.createStatement()) {
                ResultSet rs = s.executeQuery("SELECT channel FROM salon_keys WHERE tenant_id = " + tenant);
                rs.next();
                channel = rs.getString(1);
                s.execute("LISTEN " + channel);
            }
            // 23:30 Kyiv on 7 January to 00:30 on the 8th: both salon days are announced
            long id = book(writer, "2030-01-07T21:30:00Z", 60, "confirmed");
            List<String> payloads = awaitNotifications(listener, channel, 1);
            String p = payloads.get(0);
            assertTrue(p.contains("\"tenant\": " + tenant), p);
            assertTrue(p.contains("\"masters\": [" + master + "]"), p);
            assertTrue(p.contains("\"days\": [\"2030-01-07\", \"2030-01-08\"]"), p);
            assertTrue(p.contains("\"booking\": " + id), p);

            long other = insertId(writer, "INSERT INTO masters (tenant_id, name) VALUES (" + tenant + ", 'Marta') RETURNING id");
            try (Statement s = writer.createStatement()) {
                s.executeUpdate("UPDATE bookings SET master_id = " + other + ", starts_at = '2030-01-09T10:00:00Z' WHERE id = " + id);
            }
            p = awaitNotifications(listener, channel, 1).get(0);
            assertTrue(p.contains("\"masters\": [" + Math.min(master, other) + ", " + Math.max(master, other) + "]"), p);
            assertTrue(p.contains("\"days\": [\"2030-01-07\", \"2030-01-08\", \"2030-01-09\"]"), p);
        }
    }

    // ---- helpers ------------------------------------------------------------------------------

    private long book(Connection c, String startsAt, int minutes, String status) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement(
                "INSERT INTO bookings (tenant_id, master_id, client_id, service_id, starts_at, duration_min, status) "
                        + "VALUES (?, ?, ?, NULL, ?::timestamptz, ?, ?) RETURNING id")) {
            ps.setLong(1, tenant);
            ps.setLong(2, master);
            ps.setLong(3, client);
            ps.setString(4, startsAt);
            ps.setInt(5, minutes);
            ps.setString(6, status);
            ResultSet rs = ps.executeQuery();
            rs.next();
            return rs.getLong(1);
        }
    }

    private static List<String> awaitNotifications(Connection listener, String channel, int atLeast) throws SQLException {
        List<String> got = new ArrayList<>();
        long deadline = System.nanoTime() + 10_000_000_000L;
        PGConnection pg = listener.unwrap(PGConnection.class);
        while (got.size() < atLeast && System.nanoTime() < deadline) {
            PGNotification[] ns = pg.getNotifications(500);
            if (ns != null) {
                for (PGNotification n : ns) {
                    assertEquals(channel, n.getName());
                    got.add(n.getParameter());
                }
            }
        }
        assertTrue(got.size() >= atLeast, "no notification arrived");
        return got;
    }

    private static long insertId(Connection c, String sql) throws SQLException {
        try (Statement s = c.createStatement()) {
            ResultSet rs = s.executeQuery(sql);
            rs.next();
            return rs.getLong(1);
        }
    }

    private static int count(Connection c, String sql) throws SQLException {
        try (Statement s = c.createStatement()) {
            ResultSet rs = s.executeQuery(sql);
            rs.next();
            return rs.getInt(1);
        }
    }

    private static String string(Connection c, String sql) throws SQLException {
        try (Statement s = c.createStatement()) {
            ResultSet rs = s.executeQuery(sql);
            rs.next();
            return rs.getString(1);
        }
    }

    private static String resource(String path) throws IOException {
        try (InputStream in = SchemaTest.class.getResourceAsStream(path)) {
            assertNotNull(in, path);
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    @SuppressWarnings("unused")
    private static OffsetDateTime utc(String s) {
        return OffsetDateTime.parse(s).withOffsetSameInstant(ZoneOffset.UTC);
    }
}
