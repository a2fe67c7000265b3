package app.salondesk.logic.live;

import app.salondesk.db.ConnectionSettings;
import app.salondesk.db.TestPostgres;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.ZoneId;

/**
 * "Another desk": its own connection that writes salons and bookings with plain SQL, as any
 * writer may; the trigger announces them whatever wrote them.
 */
final class SalonRows implements AutoCloseable {

    static final ZoneId ZONE = ZoneId.of("Europe/Kyiv");

    private final Connection connection;

    SalonRows(ConnectionSettings settings) throws SQLException {
        this.connection = TestPostgres.connect(settings);
    }

    long tenant(String name) throws SQLException {
        return id("INSERT INTO tenants (name, time_zone) VALUES (?, 'Europe/Kyiv') RETURNING id", name);
    }

    long master(long tenant, String name) throws SQLException {
        return id("INSERT INTO masters (tenant_id, name) VALUES (?, ?) RETURNING id", tenant, name);
    }

    long client(long tenant, String name) throws SQLException {
        return id("INSERT INTO clients (tenant_id, name) VALUES (?, ?) RETURNING id", tenant, name);
    }

    /** A booking at a salon wall-clock time. */
    long book(long tenant, long master, long client, LocalDateTime start, int minutes) throws SQLException {
        return id("INSERT INTO bookings (tenant_id, master_id, client_id, starts_at, duration_min) VALUES (?, ?, ?, ?, ?) RETURNING id",
                tenant, master, client, at(start), minutes);
    }

    void move(long tenant, long booking, long master, LocalDateTime start) throws SQLException {
        try (PreparedStatement ps = connection.prepareStatement(
                "UPDATE bookings SET master_id = ?, starts_at = ? WHERE tenant_id = ? AND id = ?")) {
            ps.setLong(1, master);
            ps.setObject(2, at(start));
            ps.setLong(3, tenant);
            ps.setLong(4, booking);
            if (ps.executeUpdate() != 1) {
                throw new IllegalStateException("no booking " + booking);
            }
        }
    }

    private static OffsetDateTime at(LocalDateTime wallClock) {
        return wallClock.atZone(ZONE).toOffsetDateTime();
    }

    private long id(String sql, Object... params) throws SQLException {
        try (PreparedStatement ps = connection.prepareStatement(sql)) {
            for (int i = 0; i < params.length; i++) {
                ps.setObject(i + 1, params[i]);
            }
            try (ResultSet rs = ps.executeQuery()) {
                rs.next();
                return rs.getLong(1);
            }
        }
    }

    @Override
    public void close() throws SQLException {
        connection.close();
    }
}
