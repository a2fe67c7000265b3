package app.salondesk.db;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/**
 * Migration 19 with plain SQL (the table's owner): a room or piece of equipment is never
 * double-booked, whichever master works; capacity n is n units, each booking holding one, given
 * by the database; a cancelled booking lets its unit go; a move takes a free unit or is refused.
 */
class ResourcesSchemaTest {

    private static ConnectionSettings db;
    private long tenant;
    private long olena;
    private long marta;
    private long iryna;
    private long client;
    private long pedicure;
    private long wash;

    @BeforeAll
    static void migrate() {
        db = TestPostgres.migratedDatabase("resources");
    }

    @BeforeEach
    void salon() throws SQLException {
        try (Connection c = TestPostgres.connect(db)) {
            tenant = id(c, "INSERT INTO tenants (name, time_zone) VALUES ('Rooms', 'Europe/Kyiv') RETURNING id");
            olena = id(c, "INSERT INTO masters (tenant_id, name) VALUES (" + tenant + ", 'Olena') RETURNING id");
            marta = id(c, "INSERT INTO masters (tenant_id, name) VALUES (" + tenant + ", 'Marta') RETURNING id");
            iryna = id(c, "INSERT INTO masters (tenant_id, name) VALUES (" + tenant + ", 'Iryna') RETURNING id");
            client = id(c, "INSERT INTO clients (tenant_id, name) VALUES (" + tenant + ", 'Nina') RETURNING id");
            pedicure = id(c, "INSERT INTO services (tenant_id, name, duration_min, cleanup_min) VALUES (" + tenant + ", 'Pedicure', 60, 10) RETURNING id");
            wash = id(c, "INSERT INTO services (tenant_id, name, duration_min) VALUES (" + tenant + ", 'Wash', 30) RETURNING id");
            long chair = id(c, "INSERT INTO resources (tenant_id, name) VALUES (" + tenant + ", 'Pedicure chair') RETURNING id");
            long stations = id(c, "INSERT INTO resources (tenant_id, name, capacity) VALUES (" + tenant + ", 'Washing station', 2) RETURNING id");
            exec(c, "INSERT INTO service_resources (tenant_id, service_id, resource_id) VALUES (" + tenant + ", " + pedicure + ", " + chair
                    + "), (" + tenant + ", " + wash + ", " + stations + ")");
        }
    }

    @Test
    void twoMastersCannotShareTheOneChairEvenDuringItsCleanup() throws SQLException {
        try (Connection c = TestPostgres.connect(db)) {
            book(c, olena, pedicure, "10:00", 60);
            SQLException taken = assertThrows(SQLException.class, () -> book(c, marta, pedicure, "11:05", 60));
            assertEquals("23P01", taken.getSQLState(), "the chair is cleaned until 11:10");
            book(c, marta, pedicure, "11:10", 60);
        }
    }

    @Test
    void capacityTwoIsTwoBookingsAtOnceEachOnAUnitOfItsOwn() throws SQLException {
        try (Connection c = TestPostgres.connect(db)) {
            long a = book(c, olena, wash, "10:00", 30);
            long b = book(c, marta, wash, "10:15", 30);
            assertEquals("1 2", string(c, "SELECT string_agg(unit::text, ' ' ORDER BY booking_id) FROM booking_resources WHERE booking_id IN ("
                    + a + ", " + b + ")"));
            SQLException full = assertThrows(SQLException.class, () -> book(c, iryna, wash, "10:20", 30));
            assertEquals("23P01", full.getSQLState());
            // a cancelled booking lets its unit go, and the third fits on it
            exec(c, "UPDATE bookings SET status = 'cancelled' WHERE id = " + a);
            assertEquals(0, count(c, "SELECT count(*) FROM booking_resources WHERE booking_id = " + a));
            long third = book(c, iryna, wash, "10:20", 30);
            assertEquals(1, count(c, "SELECT unit FROM booking_resources WHERE booking_id = " + third));
            // reviving the cancelled one now finds both stations taken
            SQLException revived = assertThrows(SQLException.class, () -> exec(c, "UPDATE bookings SET status = 'confirmed' WHERE id = " + a));
            assertEquals("23P01", revived.getSQLState());
        }
    }

    @Test
    void aMoveTakesAFreeUnitOrIsRefusedAndAUnitHeldMovesWithItsBooking() throws SQLException {
        try (Connection c = TestPostgres.connect(db)) {
            book(c, olena, pedicure, "10:00", 60);
            long later = book(c, marta, pedicure, "12:00", 60);
            SQLException refused = assertThrows(SQLException.class,
                    () -> exec(c, "UPDATE bookings SET starts_at = '2030-01-07 10:30+02' WHERE id = " + later));
            assertEquals("23P01", refused.getSQLState());
            exec(c, "UPDATE bookings SET starts_at = '2030-01-07 13:00+02' WHERE id = " + later);
            assertEquals("t", string(c, "SELECT lower(h.during) = b.starts_at AND upper(h.during) = slot_end(b.starts_at, 70) "
                    + "FROM booking_resources h JOIN bookings b ON b.tenant_id = h.tenant_id AND b.id = h.booking_id WHERE b.id = " + later),
                    "the chair is held from the new start until its cleanup ends");
        }
    }

    private long book(Connection c, long master, long service, String time, int minutes) throws SQLException {
        return id(c, "INSERT INTO bookings (tenant_id, master_id, client_id, service_id, starts_at, duration_min) VALUES ("
                + tenant + ", " + master + ", " + client + ", " + service + ", '2030-01-07 " + time + "+02', " + minutes + ") RETURNING id");
    }

    private static long id(Connection c, String sql) throws SQLException {
        try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery(sql)) {
            rs.next();
            return rs.getLong(1);
        }
    }

    private static int count(Connection c, String sql) throws SQLException {
        return (int) id(c, sql);
    }

    private static String string(Connection c, String sql) throws SQLException {
        try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery(sql)) {
            rs.next();
            return rs.getString(1);
        }
    }

    private static void exec(Connection c, String sql) throws SQLException {
        try (Statement s = c.createStatement()) {
            s.execute(sql);
        }
    }
}
