package app.salondesk.db;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

/**
 * Migration 17's guarantee with plain SQL, as any program would write it (the table's owner, so
 * row-level security and grants are not what refuses): busy phases of one master never overlap,
 * another client fits in a processing gap, a booking keeps the shape it was made with.
 * Salon wall clock: Europe/Kyiv, UTC+2 in January.
 */
class PhasesSchemaTest {

    private static ConnectionSettings db;
    private long tenant;
    private long master;
    private long client;
    private long colour;
    private long manicure;

    @BeforeAll
    static void migrate() {
        db = TestPostgres.migratedDatabase("phases");
    }

    @BeforeEach
    void salon() throws SQLException {
        try (Connection c = TestPostgres.connect(db)) {
            tenant = id(c, "INSERT INTO tenants (name, time_zone) VALUES ('Phases', 'Europe/Kyiv') RETURNING id");
            master = id(c, "INSERT INTO masters (tenant_id, name) VALUES (" + tenant + ", 'Marta') RETURNING id");
            client = id(c, "INSERT INTO clients (tenant_id, name) VALUES (" + tenant + ", 'Iryna') RETURNING id");
            // the length is the phases' sum, whatever duration_min says
            colour = id(c, "INSERT INTO services (tenant_id, name, duration_min, phases) VALUES (" + tenant
                    + ", 'Colour', 1, '{30,-40,30}') RETURNING id");
            manicure = id(c, "INSERT INTO services (tenant_id, name, duration_min, cleanup_min) VALUES (" + tenant
                    + ", 'Manicure', 60, 10) RETURNING id");
        }
    }

    @Test
    void aServicesLengthIsTheSumOfItsPhasesAndOneBusyPhaseIsStoredAsNone() throws SQLException {
        try (Connection c = TestPostgres.connect(db)) {
            assertEquals(100, count(c, "SELECT duration_min FROM services WHERE id = " + colour));
            long plain = id(c, "INSERT INTO services (tenant_id, name, duration_min, phases) VALUES (" + tenant
                    + ", 'Cut', 5, '{45}') RETURNING id");
            assertEquals("45 null", string(c, "SELECT duration_min || ' ' || coalesce(phases::text, 'null') FROM services WHERE id = " + plain));
            // a length written alone stretches the last phase
            exec(c, "UPDATE services SET duration_min = 110 WHERE id = " + colour);
            assertEquals("{30,-40,40}", string(c, "SELECT phases::text FROM services WHERE id = " + colour));
            SQLException tooShort = assertThrows(SQLException.class, () -> exec(c, "UPDATE services SET duration_min = 60 WHERE id = " + colour));
            assertEquals("22023", tooShort.getSQLState());
            SQLException zero = assertThrows(SQLException.class, () -> exec(c, "UPDATE services SET phases = '{30,0,30}' WHERE id = " + colour));
            assertEquals("23514", zero.getSQLState());
        }
    }

    @Test
    void anotherClientFitsInAProcessingGapButNeverInABusyPhase() throws SQLException {
        try (Connection c = TestPostgres.connect(db)) {
            long first = book(c, colour, "2030-01-07 10:00", 100);
            assertEquals("{30,-40,30}", string(c, "SELECT phases::text FROM bookings WHERE id = " + first));
            // 10:30–11:10 is processing: a 40-minute booking fits exactly
            book(c, null, "2030-01-07 10:30", 40);
            for (String start : new String[]{"2030-01-07 10:15", "2030-01-07 11:05", "2030-01-07 10:29"}) {
                SQLException taken = assertThrows(SQLException.class, () -> book(c, null, start, 20), start);
                assertEquals("23P01", taken.getSQLState(), start);
            }
            // a cancelled one holds nothing
            exec(c, "UPDATE bookings SET status = 'cancelled' WHERE id = " + first);
            book(c, null, "2030-01-07 10:00", 30);
        }
    }

    @Test
    void theCleanupKeepsTheMasterBusyAfterTheClientHasGone() throws SQLException {
        try (Connection c = TestPostgres.connect(db)) {
            long m = book(c, manicure, "2030-01-07 10:00", 60);
            assertEquals(10, count(c, "SELECT cleanup_min FROM bookings WHERE id = " + m));
            SQLException taken = assertThrows(SQLException.class, () -> book(c, null, "2030-01-07 11:05", 30));
            assertEquals("23P01", taken.getSQLState());
            book(c, null, "2030-01-07 11:10", 30);
        }
    }

    @Test
    void aBookingKeepsTheShapeItWasMadeWithWhateverItsWriterSendsOrTheServiceBecomes() throws SQLException {
        try (Connection c = TestPostgres.connect(db)) {
            // the owner names a shape of its own: the database's wins
            long b = id(c, "INSERT INTO bookings (tenant_id, master_id, client_id, service_id, starts_at, duration_min, phases, cleanup_min) "
                    + "VALUES (" + tenant + ", " + master + ", " + client + ", " + colour + ", '2030-01-07 10:00+02', 100, '{-100}', 0) RETURNING id");
            assertEquals("{30,-40,30} 0", string(c, "SELECT phases::text || ' ' || cleanup_min FROM bookings WHERE id = " + b));
            exec(c, "UPDATE bookings SET phases = '{-100}', cleanup_min = 120 WHERE id = " + b);
            assertEquals("{30,-40,30} 0", string(c, "SELECT phases::text || ' ' || cleanup_min FROM bookings WHERE id = " + b));
            // the service changes: the booking made before does not move its busy time
            exec(c, "UPDATE services SET phases = '{100}', cleanup_min = 15 WHERE id = " + colour);
            assertEquals("{30,-40,30} 0", string(c, "SELECT phases::text || ' ' || cleanup_min FROM bookings WHERE id = " + b));
            book(c, null, "2030-01-07 10:30", 40);
            // a move keeps it, a resize stretches the last phase
            exec(c, "UPDATE bookings SET starts_at = '2030-01-08 10:00+02', duration_min = 110 WHERE id = " + b);
            assertEquals("{30,-40,40}", string(c, "SELECT phases::text FROM bookings WHERE id = " + b));
            SQLException tooShort = assertThrows(SQLException.class, () -> exec(c, "UPDATE bookings SET duration_min = 70 WHERE id = " + b));
            assertEquals("22023", tooShort.getSQLState());
        }
    }

    @Test
    void aMastersOwnPhasesAndCleanupOverrideTheServicesAndHerOwnLengthStretchesTheLastPhase() throws SQLException {
        try (Connection c = TestPostgres.connect(db)) {
            long other = id(c, "INSERT INTO masters (tenant_id, name) VALUES (" + tenant + ", 'Olena') RETURNING id");
            exec(c, "INSERT INTO master_services (tenant_id, master_id, service_id, phases, cleanup_min) VALUES ("
                    + tenant + ", " + master + ", " + colour + ", '{20,-50,20}', 5)");
            exec(c, "INSERT INTO master_services (tenant_id, master_id, service_id, duration_min) VALUES ("
                    + tenant + ", " + other + ", " + colour + ", 120)");
            assertEquals(90, count(c, "SELECT duration_min FROM master_services WHERE master_id = " + master));
            assertEquals("{20,-50,20} 5", string(c, "SELECT phases::text || ' ' || cleanup_min FROM booking_shape("
                    + tenant + ", " + master + ", " + colour + ", NULL)"));
            long b = id(c, "INSERT INTO bookings (tenant_id, master_id, client_id, service_id, starts_at, duration_min) VALUES ("
                    + tenant + ", " + other + ", " + client + ", " + colour + ", '2030-01-07 10:00+02', 120) RETURNING id");
            assertEquals("{30,-40,50} 0", string(c, "SELECT phases::text || ' ' || cleanup_min FROM bookings WHERE id = " + b));
        }
    }

    @Test
    void everyBookingMadeBeforeIsOneBusyPhase() throws SQLException {
        try (Connection c = TestPostgres.connect(db)) {
            long b = book(c, null, "2030-01-07 12:00", 45);
            try (Statement s = c.createStatement();
                 ResultSet rs = s.executeQuery("SELECT phases, cleanup_min, booking_busy(starts_at, duration_min, cleanup_min, phases) "
                         + "= tstzmultirange(tstzrange(starts_at, slot_end(starts_at, duration_min))) FROM bookings WHERE id = " + b)) {
                rs.next();
                assertNull(rs.getArray(1));
                assertEquals(0, rs.getInt(2));
                assertEquals(true, rs.getBoolean(3));
            }
        }
    }

    @Test
    void busyTimeIsWholeMinutesOnTheInstantInEveryTimeZone() throws SQLException {
        try (Connection c = TestPostgres.connect(db)) {
            String expected = null;
            for (String zone : new String[]{"UTC", "Europe/Kyiv", "America/New_York"}) {
                exec(c, "SET TimeZone = '" + zone + "'");
                // across the night the clocks go forward in Kyiv (31 March 2030, 03:00 → 04:00)
                String busy = string(c, "SELECT CAST(booking_busy('2030-03-31 00:30:00+00', 100, 10, '{30,-40,30}') AS text)");
                String utc = string(c, "SELECT string_agg(to_char(lower(r) AT TIME ZONE 'UTC', 'HH24:MI') || '-' "
                        + "|| to_char(upper(r) AT TIME ZONE 'UTC', 'HH24:MI'), ' ') FROM unnest(CAST('" + busy + "' AS tstzmultirange)) r");
                if (expected == null) {
                    expected = utc;
                }
                assertEquals("00:30-01:00 01:40-02:20", utc, zone);
                assertEquals(expected, utc);
            }
        }
    }

    private long book(Connection c, Long service, String localStart, int minutes) throws SQLException {
        return id(c, "INSERT INTO bookings (tenant_id, master_id, client_id, service_id, starts_at, duration_min, status) VALUES ("
                + tenant + ", " + master + ", " + client + ", " + service + ", '" + localStart + "+02', " + minutes + ", 'confirmed') RETURNING id");
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
