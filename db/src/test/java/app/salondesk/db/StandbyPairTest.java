package app.salondesk.db;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Properties;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The test fixture of issue 19 is a real streaming standby: it has what the primary committed, and takes over when promoted. */
class StandbyPairTest {

    @Test
    void aCommitOnThePrimaryIsOnTheSynchronousStandbyAndThePromotedStandbyTakesWritesThroughTheMultiHostUrl(@TempDir Path dir) throws Exception {
        try (StandbyPair pair = StandbyPair.start(dir, true)) {
            try (Connection c = connect(pair); Statement s = c.createStatement()) {
                s.execute("CREATE TABLE kept (v int)");
                s.execute("INSERT INTO kept VALUES (1)");
                assertEquals(pair.primary.port(), port(s), "the multi-host URL's first server takes writes");
            }
            // synchronous: the standby had the row flushed before the INSERT's commit was answered
            try (Connection c = StandbyPair.superuser(pair.standby, "salondesk"); Statement s = c.createStatement()) {
                pair.awaitStandbyCaughtUp();
                assertEquals(1, count(s, "SELECT count(*) FROM kept"));
                assertTrue(bool(s, "SELECT pg_is_in_recovery()"));
            }
            pair.killPrimary();
            assertFalse(pair.primary.postmasterAlive());
            pair.promoteStandby();
            try (Connection c = connect(pair); Statement s = c.createStatement()) {
                assertEquals(pair.standby.port(), port(s), "the driver skips the dead server and keeps the one that takes writes");
                s.execute("INSERT INTO kept VALUES (2)");
                assertEquals(2, count(s, "SELECT count(*) FROM kept"));
            }
        }
    }

    private static Connection connect(StandbyPair pair) throws SQLException {
        ConnectionSettings s = pair.multiHostSettings("salondesk");
        Properties p = new Properties();
        p.setProperty("user", s.user());
        p.setProperty("password", s.password());
        return DriverManager.getConnection(s.url(), p);
    }

    private static int port(Statement s) throws SQLException {
        return count(s, "SELECT current_setting('port')::int");
    }

    private static int count(Statement s, String sql) throws SQLException {
        try (ResultSet rs = s.executeQuery(sql)) {
            rs.next();
            return rs.getInt(1);
        }
    }

    private static boolean bool(Statement s, String sql) throws SQLException {
        try (ResultSet rs = s.executeQuery(sql)) {
            rs.next();
            return rs.getBoolean(1);
        }
    }
}
