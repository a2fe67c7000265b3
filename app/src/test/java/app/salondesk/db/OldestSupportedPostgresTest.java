package app.salondesk.db;

import org.junit.jupiter.api.Test;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A shared server may run PostgreSQL 14, the oldest version the project supports, while
 * every other test runs on the embedded 17: the schema must apply there too.
 */
class OldestSupportedPostgresTest {

    @Test
    void theOldTestServerRunsPostgres14() throws SQLException {
        try (Connection c = TestPostgres.connect(TestServers.server(14).settings());
             Statement s = c.createStatement()) {
            assertTrue(queryString(s, "SHOW server_version_num").startsWith("14"));
        }
    }

    @Test
    void everyMigrationAppliesOnAFreshDatabaseOnPostgres14() throws SQLException {
        ConnectionSettings on14 = TestPostgres.freshDatabase(TestServers.server(14), "migrations on 14");
        ConnectionSettings on17 = TestPostgres.freshDatabase(TestServers.server(17), "migrations on 17");
        int applied14 = migrate(on14);
        int applied17 = migrate(on17);

        assertEquals(applied17, applied14, "the same migrations ran on 14 as on 17");
        try (Connection c = TestPostgres.connect(on14); Statement s = c.createStatement()) {
            assertEquals("on", queryString(s, "SHOW is_superuser"), "migrated as the superuser, as the embedded app does");
            ResultSet rs = s.executeQuery("SELECT count(*) FILTER (WHERE success), count(*), max(version::int)"
                    + " FROM flyway_schema_history WHERE version IS NOT NULL");
            rs.next();
            assertEquals(applied14, rs.getInt(2));
            assertEquals(rs.getInt(2), rs.getInt(1), "every migration succeeded");
            assertEquals(schemaVersion(on17), rs.getInt(3));
        }
    }

    private static int migrate(ConnectionSettings settings) {
        try (Database db = Database.open(settings, 2)) {
            return db.migrate();
        }
    }

    private static int schemaVersion(ConnectionSettings settings) throws SQLException {
        try (Connection c = TestPostgres.connect(settings); Statement s = c.createStatement()) {
            return Integer.parseInt(queryString(s, "SELECT max(version::int) FROM flyway_schema_history WHERE success"));
        }
    }

    private static String queryString(Statement s, String sql) throws SQLException {
        ResultSet rs = s.executeQuery(sql);
        rs.next();
        return rs.getString(1);
    }
}
