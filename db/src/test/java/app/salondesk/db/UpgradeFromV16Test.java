package app.salondesk.db;

import org.junit.jupiter.api.Test;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A salon's database as it was before issue 18 (migration 16), with bookings of every status —
 * cancelled and no-show ones lying over active ones, past and future, with and without a service —
 * migrated to the newest schema: every booking is kept as it was and is one busy phase (no phases,
 * no cleanup, its busy time exactly its old range), every row passes the new constraints when it is
 * written again, and the busy-time and room guarantees hold over the old rows.
 */
class UpgradeFromV16Test {

    private static final String ROWS = "SELECT id, master_id, service_id, starts_at, duration_min, status, version FROM bookings ORDER BY id";

    @Test
    void bookingsMadeBeforeIssue18AreKeptAsOneBusyPhaseAndTheNewGuaranteesHoldOverThem() throws SQLException {
        ConnectionSettings settings = TestPostgres.freshDatabase("upgrade16");
        try (Database db = Database.open(settings, 2)) {
            Database.migrate(db.dataSource(), "16");
        }
        long tenant;
        long marta;
        long iryna;
        long oksana;
        long client;
        long manicure;
        long martaCancelled;
        long martaLateCancelled;
        List<String> before;
        try (Connection c = TestPostgres.connect(settings)) {
            assertEquals("16", string(c, "SELECT max(version::integer)::text FROM flyway_schema_history WHERE success"));
            tenant = id(c, "INSERT INTO tenants (name, time_zone) VALUES ('Old salon', 'Europe/Kyiv') RETURNING id");
            marta = id(c, "INSERT INTO masters (tenant_id, name) VALUES (" + tenant + ", 'Marta') RETURNING id");
            iryna = id(c, "INSERT INTO masters (tenant_id, name) VALUES (" + tenant + ", 'Iryna') RETURNING id");
            oksana = id(c, "INSERT INTO masters (tenant_id, name) VALUES (" + tenant + ", 'Oksana') RETURNING id");
            client = id(c, "INSERT INTO clients (tenant_id, name) VALUES (" + tenant + ", 'Nina') RETURNING id");
            manicure = id(c, "INSERT INTO services (tenant_id, name, duration_min) VALUES (" + tenant + ", 'Manicure', 60) RETURNING id");
            String values = tenant + ", %d, " + client + ", %s, '%s', %d, '%s'";
            String insert = "INSERT INTO bookings (tenant_id, master_id, client_id, service_id, starts_at, duration_min, status) VALUES (";
            // Marta: an active manicure, a cancelled one over it, a pending one right after, a no-show over that
            book(c, insert + String.format(values, marta, manicure, "2031-03-03T08:00:00Z", 60, "confirmed") + ")");
            martaCancelled = book(c, insert + String.format(values, marta, manicure, "2031-03-03T08:30:00Z", 60, "cancelled") + ")");
            book(c, insert + String.format(values, marta, "NULL", "2031-03-03T09:00:00Z", 30, "pending") + ")");
            book(c, insert + String.format(values, marta, "NULL", "2031-03-03T09:00:00Z", 45, "no_show") + ")");
            martaLateCancelled = book(c, insert + String.format(values, marta, manicure, "2031-03-03T09:10:00Z", 60, "cancelled") + ")");
            book(c, insert + String.format(values, marta, manicure, "2020-05-05T10:00:00Z", 60, "completed") + ")");
            // Iryna: a manicure at the same time as Marta's (no room was needed then), a cancelled one over it
            book(c, insert + String.format(values, iryna, manicure, "2031-03-03T08:00:00Z", 60, "arrived") + ")");
            book(c, insert + String.format(values, iryna, manicure, "2031-03-03T08:00:00Z", 90, "cancelled") + ")");
            book(c, insert + String.format(values, iryna, "NULL", "2031-03-03T10:00:00Z", 120, "confirmed") + ")");
            before = rows(c);
        }

        String newest;
        try (Database db = Database.open(settings, 2)) {
            Database.migrate(db.dataSource(), null);
            newest = Database.newestKnownVersion(db.dataSource());
        }

        try (Connection c = TestPostgres.connect(settings)) {
            assertEquals(newest, string(c, "SELECT max(version::integer)::text FROM flyway_schema_history WHERE success"));
            assertEquals(before, rows(c), "every booking as it was: master, service, start, length, status, version");
            // one busy phase each: no phases, no cleanup, busy exactly from start to end
            assertEquals(0, count(c, "SELECT count(*) FROM bookings WHERE phases IS NOT NULL OR cleanup_min <> 0"));
            assertEquals(0, count(c, "SELECT count(*) FROM bookings WHERE booking_busy(starts_at, duration_min, cleanup_min, phases) "
                    + "<> tstzmultirange(tstzrange(starts_at, slot_end(starts_at, duration_min)))"));
            assertEquals(0, count(c, "SELECT count(*) FROM booking_resources"), "no room was needed then");
            // the new guarantee is in place and was checked over the old rows; the old one is gone
            assertEquals("true", string(c, "SELECT convalidated::text FROM pg_constraint WHERE conname = 'bookings_no_double_busy'"));
            assertEquals(0, count(c, "SELECT count(*) FROM pg_constraint WHERE conname = 'bookings_no_double_booking'"));
            // every row written again meets every constraint and trigger of the newest schema
            assertEquals(before.size(), exec(c, "UPDATE bookings SET duration_min = duration_min"));
            assertEquals(0, count(c, "SELECT count(*) FROM bookings a JOIN bookings b ON a.master_id = b.master_id AND a.id < b.id "
                    + "WHERE a.status IN ('pending','confirmed','arrived') AND b.status IN ('pending','confirmed','arrived') "
                    + "AND booking_busy(a.starts_at, a.duration_min, a.cleanup_min, a.phases) && booking_busy(b.starts_at, b.duration_min, b.cleanup_min, b.phases)"));

            // busy time: an overlap of an old booking is refused, and so is reviving a cancelled one that lay over an active one
            assertEquals("23P01", state(() -> exec(c, "INSERT INTO bookings (tenant_id, master_id, client_id, starts_at, duration_min) VALUES ("
                    + tenant + ", " + marta + ", " + client + ", '2031-03-03T08:45:00Z', 10)")));
            for (long revived : new long[]{martaCancelled, martaLateCancelled}) {
                assertEquals("23P01", state(() -> exec(c, "UPDATE bookings SET status = 'confirmed' WHERE id = " + revived)), "booking " + revived);
            }
            // a service given phases and a cleanup now does not change what its old bookings are
            exec(c, "UPDATE services SET phases = '{20,-20,20}', cleanup_min = 10 WHERE id = " + manicure);
            assertEquals(0, count(c, "SELECT count(*) FROM bookings WHERE phases IS NOT NULL OR cleanup_min <> 0"));

            // rooms: one chair cannot be needed by the manicures Marta and Iryna both give at 08:00 (refused,
            // nothing written); two can, and each old manicure ahead then holds one
            long chairs = id(c, "INSERT INTO resources (tenant_id, name) VALUES (" + tenant + ", 'Manicure table') RETURNING id");
            assertEquals("23514", state(() -> exec(c, "INSERT INTO service_resources (tenant_id, service_id, resource_id) VALUES ("
                    + tenant + ", " + manicure + ", " + chairs + ")")));
            assertEquals(0, count(c, "SELECT count(*) FROM service_resources"));
            exec(c, "UPDATE resources SET capacity = 2 WHERE id = " + chairs);
            exec(c, "INSERT INTO service_resources (tenant_id, service_id, resource_id) VALUES (" + tenant + ", " + manicure + ", " + chairs + ")");
            assertEquals("1,2", string(c, "SELECT string_agg(unit::text, ',' ORDER BY unit) FROM booking_resources"));
            assertEquals(0, count(c, "SELECT count(*) FROM booking_resources h JOIN bookings b ON b.id = h.booking_id "
                    + "WHERE b.status NOT IN ('pending','confirmed','arrived') OR b.starts_at < now()"), "only active bookings ahead");
            // both tables taken at 08:00: a third manicure then, with a free master, is refused by the room's constraint
            assertEquals("23P01", state(() -> exec(c, "INSERT INTO bookings (tenant_id, master_id, client_id, service_id, starts_at, duration_min) "
                    + "VALUES (" + tenant + ", " + oksana + ", " + client + ", " + manicure + ", '2031-03-03T08:15:00Z', 60)")));
            // and once the hour is over, the tables are free again
            long later = id(c, "INSERT INTO bookings (tenant_id, master_id, client_id, service_id, starts_at, duration_min) VALUES ("
                    + tenant + ", " + oksana + ", " + client + ", " + manicure + ", '2031-03-03T09:00:00Z', 60) RETURNING id");
            assertEquals(1, count(c, "SELECT count(*) FROM booking_resources WHERE booking_id = " + later));
        }
    }

    private interface SqlAction {
        void run() throws SQLException;
    }

    private static String state(SqlAction action) {
        return assertThrows(SQLException.class, action::run).getSQLState();
    }

    private static List<String> rows(Connection c) throws SQLException {
        List<String> out = new ArrayList<>();
        try (Statement st = c.createStatement(); ResultSet rs = st.executeQuery(ROWS)) {
            while (rs.next()) {
                StringBuilder b = new StringBuilder();
                for (int i = 1; i <= 7; i++) {
                    b.append(rs.getString(i)).append('|');
                }
                out.add(b.toString());
            }
        }
        assertTrue(out.size() >= 9, "the salon's bookings: " + out);
        return out;
    }

    private static long book(Connection c, String insert) throws SQLException {
        return id(c, insert + " RETURNING id");
    }

    private static long id(Connection c, String sql) throws SQLException {
        return count(c, sql);
    }

    private static long count(Connection c, String sql) throws SQLException {
        try (Statement st = c.createStatement(); ResultSet rs = st.executeQuery(sql)) {
            rs.next();
            return rs.getLong(1);
        }
    }

    private static String string(Connection c, String sql) throws SQLException {
        try (Statement st = c.createStatement(); ResultSet rs = st.executeQuery(sql)) {
            rs.next();
            return rs.getString(1);
        }
    }

    private static int exec(Connection c, String sql) throws SQLException {
        try (Statement st = c.createStatement()) {
            return st.executeUpdate(sql);
        }
    }
}
