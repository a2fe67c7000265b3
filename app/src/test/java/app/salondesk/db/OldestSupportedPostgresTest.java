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

    /**
     * On 14 every login may create objects in schema public unless its owner takes that away.
     * An owner that does not own the schema cannot, and the migrations stop, saying what to do.
     */
    @Test
    void onPostgres14TheMigrationsRefuseASchemaPublicEveryLoginMayCreateIn() throws SQLException {
        EmbeddedServer server = TestServers.server(14);
        String owner = "owner14_" + Long.toString(System.nanoTime(), 36);
        try (Connection c = TestPostgres.connect(server.settings("postgres")); Statement s = c.createStatement()) {
            s.execute("CREATE ROLE " + owner + " LOGIN CREATEROLE PASSWORD 'owner-pw-14'");
            s.execute("CREATE DATABASE " + owner + " OWNER " + owner);
        }
        ConnectionSettings asOwner = new ConnectionSettings(server.jdbcUrl(owner), owner, "owner-pw-14");
        var refused = org.junit.jupiter.api.Assertions.assertThrows(app.salondesk.runtime.StartupException.class,
                () -> app.salondesk.runtime.Backend.connect(asOwner, 2).close());
        assertEquals(app.salondesk.runtime.StartupException.Reason.SCHEMA_PUBLIC_OPEN, refused.reason());
        assertEquals("As a superuser, run in that database: ALTER SCHEMA public OWNER TO " + owner + "; then migrate again.",
                refused.detail());
        // the README's step, then the same migration goes through
        try (Connection c = TestPostgres.connect(server.settings(owner)); Statement s = c.createStatement()) {
            s.execute("ALTER SCHEMA public OWNER TO " + owner);
        }
        app.salondesk.runtime.Backend.connect(asOwner, 2).close();
        try (Connection c = TestPostgres.connect(asOwner); Statement s = c.createStatement()) {
            assertEquals("f", queryString(s, "SELECT has_schema_privilege('public', 'public', 'CREATE')"));
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
