package app.salondesk.db;

import org.postgresql.PGConnection;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;

/**
 * Whether a connection reaches PostgreSQL through a connection pooler such as PgBouncer
 * (issue 19, ADR 23), whatever its URL says: a desk may be pointed at a pooler by the sign-in's
 * server field, {@code --db-url}, {@code SALONDESK_DB_URL} or {@code SALONDESK_LIVE_URL}, and no
 * setting of ours names it one.
 *
 * <p>The test: at connect PostgreSQL tells a client the process id of its server session (in the
 * BackendKeyData message, for cancelling), and that is the id {@code pg_backend_pid()} answers.
 * A pooler stands between the two: it makes up an id of its own for each client (PgBouncer a
 * random one), because its clients' transactions run on whichever server session is free. A
 * TCP proxy or port forwarding passes the message through unchanged. One round trip, once per
 * new connection.
 */
public final class Pooler {

    private Pooler() {
    }

    /** Whether {@code c} talks to PostgreSQL through a pooler (it must be outside a transaction, or in autocommit). */
    public static boolean between(Connection c) throws SQLException {
        int told = c.unwrap(PGConnection.class).getBackendPID();
        try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery("SELECT pg_backend_pid()")) {
            rs.next();
            // no id told at all is no plain PostgreSQL session either
            return told == 0 || rs.getInt(1) != told;
        }
    }
}
