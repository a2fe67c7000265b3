package app.salondesk.db;

import org.junit.jupiter.api.Test;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * Migration 27 (issue 29) limits the free text a login writes. A database that holds longer text
 * already — written before with psql, where nothing stopped it — is migrated all the same: the
 * text is cut to the limit (a booking's cut is in its history, as any change), the constraints then
 * hold for every row, and text within the limit is left exactly as it was.
 */
class UpgradeToBoundedTextTest {

    @Test
    void textLongerThanTheNewLimitsIsCutToThemAndTheRestIsKept() throws SQLException {
        ConnectionSettings settings = TestPostgres.freshDatabase("upgrade24");
        try (Database db = Database.open(settings, 2)) {
            Database.migrate(db.dataSource(), "24");   // a schema before migration 27
        }
        long longNote;
        long shortNote;
        long client;
        try (Connection c = TestPostgres.connect(settings); Statement st = c.createStatement()) {
            long tenant = id(st, "INSERT INTO tenants (name, time_zone) VALUES ('Old salon', 'Europe/Kyiv') RETURNING id");
            long master = id(st, "INSERT INTO masters (tenant_id, name) VALUES (" + tenant + ", 'Marta') RETURNING id");
            client = id(st, "INSERT INTO clients (tenant_id, name, notes) VALUES (" + tenant + ", repeat('N', 300), repeat('n', 5000)) RETURNING id");
            String insert = "INSERT INTO bookings (tenant_id, master_id, client_id, starts_at, duration_min, note) VALUES (" + tenant + ", "
                    + master + ", " + client + ", ";
            longNote = id(st, insert + "'2031-03-03T08:00:00Z', 30, repeat('x', 1000000)) RETURNING id");
            shortNote = id(st, insert + "'2031-03-03T09:00:00Z', 30, 'allergic to latex') RETURNING id");
        }
        try (Database db = Database.open(settings, 2)) {
            Database.migrate(db.dataSource(), null);
        }
        try (Connection c = TestPostgres.connect(settings); Statement st = c.createStatement()) {
            assertEquals(2000, id(st, "SELECT char_length(note) FROM bookings WHERE id = " + longNote));
            assertEquals("allergic to latex", text(st, "SELECT note FROM bookings WHERE id = " + shortNote));
            assertEquals(200, id(st, "SELECT char_length(name) FROM clients WHERE id = " + client));
            assertEquals(4000, id(st, "SELECT char_length(notes) FROM clients WHERE id = " + client));
            assertEquals(1, id(st, "SELECT count(*) FROM booking_history WHERE booking_id = " + longNote + " AND operation = 'UPDATE'"),
                    "the cut is a change of the booking, in its history");
            assertEquals(0, id(st, "SELECT count(*) FROM booking_history WHERE booking_id = " + shortNote + " AND operation = 'UPDATE'"));
            assertEquals(0, id(st, "SELECT count(*) FROM pg_constraint WHERE conname IN ('bookings_note_length', 'clients_name_length', "
                    + "'clients_notes_length') AND NOT convalidated"), "the constraints hold over every row");
        }
    }

    private static long id(Statement st, String sql) throws SQLException {
        try (ResultSet rs = st.executeQuery(sql)) {
            rs.next();
            return rs.getLong(1);
        }
    }

    private static String text(Statement st, String sql) throws SQLException {
        try (ResultSet rs = st.executeQuery(sql)) {
            rs.next();
            return rs.getString(1);
        }
    }
}
