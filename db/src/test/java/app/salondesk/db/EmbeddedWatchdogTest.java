package app.salondesk.db;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The watchdog brings back a postmaster killed with SIGKILL, and never one that was closed. */
class EmbeddedWatchdogTest {

    @Test
    void aKilledPostmasterIsStartedAgainOnTheSamePortWithItsDataAndAClosedOneIsNot(@TempDir Path home) throws Exception {
        EmbeddedServer server = EmbeddedServer.start(home, EmbeddedServer.sharedBinaryCache(), EmbeddedServer.Durability.DURABLE);
        try (EmbeddedWatchdog watchdog = EmbeddedWatchdog.watch(server)) {
            try (Connection c = TestPostgres.connect(server.settings()); Statement s = c.createStatement()) {
                s.execute("CREATE TABLE kept (v text)");
                s.execute("INSERT INTO kept VALUES ('committed before the kill')");
            }
            long killed = server.postmasterPid().orElseThrow();
            assertTrue(server.postmasterAlive());
            Process kill = new ProcessBuilder("kill", "-9", Long.toString(killed)).start();
            assertTrue(kill.waitFor(30, TimeUnit.SECONDS));
            assertEquals(0, kill.exitValue());

            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(90);
            while (watchdog.restarts() == 0 && System.nanoTime() < deadline) {
                Thread.sleep(100);
            }
            assertEquals(1, watchdog.restarts(), "started again");
            assertNotEquals(killed, server.postmasterPid().orElseThrow());
            try (Connection c = TestPostgres.connect(server.settings()); Statement s = c.createStatement()) {
                ResultSet rs = s.executeQuery("SELECT v FROM kept");
                assertTrue(rs.next(), "same data, same port");
                assertEquals("committed before the kill", rs.getString(1));
            }
        }
        server.close();
        assertFalse(server.restartIfGone(), "a server the app closed stays closed");
        assertFalse(server.postmasterAlive());
    }
}
