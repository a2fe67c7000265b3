package app.salondesk.db;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.net.ConnectException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class EmbeddedServerTest {

    @Test
    void dataSurvivesARestartAndTheServerStopsOnClose(@TempDir Path home) throws Exception {
        EmbeddedServer first = EmbeddedServer.start(home, EmbeddedServer.sharedBinaryCache(), EmbeddedServer.Durability.DURABLE);
        int firstPort = first.port();
        try (Connection c = TestPostgres.connect(first.settings()); Statement s = c.createStatement()) {
            s.execute("CREATE TABLE kept (v text)");
            s.execute("INSERT INTO kept VALUES ('still here')");
        }
        first.close();
        assertFalse(first.isRunning());
        assertThrows(ConnectException.class, () -> {
            try (Socket sock = new Socket()) {
                sock.connect(new InetSocketAddress("localhost", firstPort), 1000);
            }
        });

        try (EmbeddedServer second = EmbeddedServer.start(home, EmbeddedServer.sharedBinaryCache(), EmbeddedServer.Durability.DURABLE);
             Connection c = TestPostgres.connect(second.settings()); Statement s = c.createStatement()) {
            ResultSet rs = s.executeQuery("SELECT v FROM kept");
            assertTrue(rs.next());
            assertEquals("still here", rs.getString(1));
            rs = s.executeQuery("SHOW fsync");
            rs.next();
            assertEquals("on", rs.getString(1), "the salon's data is written durably");
        }
    }

    @Test
    void superuserPasswordIsRequiredAndPrivate(@TempDir Path home) throws Exception {
        try (EmbeddedServer server = EmbeddedServer.start(home, EmbeddedServer.sharedBinaryCache(), EmbeddedServer.Durability.THROWAWAY)) {
            ConnectionSettings wrong = new ConnectionSettings(server.settings().url(), "postgres", "not-the-password");
            SQLException e = assertThrows(SQLException.class, () -> TestPostgres.connect(wrong).close());
            assertEquals("28P01", e.getSQLState());
            Path pw = home.resolve("superuser.password");
            assertTrue(Files.exists(pw));
            if (!System.getProperty("os.name").toLowerCase().contains("win")) {
                assertEquals("rw-------", java.nio.file.attribute.PosixFilePermissions.toString(Files.getPosixFilePermissions(pw)));
            }
        }
    }

    @Test
    void aServerLeftRunningByADeadProcessIsStoppedAndReplaced(@TempDir Path home) throws Exception {
        EmbeddedServer orphan = EmbeddedServer.start(home, EmbeddedServer.sharedBinaryCache(), EmbeddedServer.Durability.THROWAWAY);
        // simulate a JVM killed with -9: nobody calls close(), the postmaster keeps running
        try (EmbeddedServer next = EmbeddedServer.start(home, EmbeddedServer.sharedBinaryCache(), EmbeddedServer.Durability.THROWAWAY);
             Connection c = TestPostgres.connect(next.settings())) {
            assertTrue(c.isValid(2));
            assertThrows(ConnectException.class, () -> {
                try (Socket sock = new Socket()) {
                    sock.connect(new InetSocketAddress("localhost", orphan.port()), 1000);
                }
            }, "the orphan was stopped");
        }
        orphan.close();   // its server is gone already: nothing to do, nothing thrown
    }

    @Test
    void aServerStartedAgainOnItsPortIsReachableThroughTheSameSettings(@TempDir Path home) throws Exception {
        int port;
        try (ServerSocket probe = new ServerSocket(0)) {
            port = probe.getLocalPort();
        }
        EmbeddedServer first = EmbeddedServer.start(home, EmbeddedServer.sharedBinaryCache(), EmbeddedServer.Durability.THROWAWAY, port);
        assertEquals(port, first.port());
        ConnectionSettings settings = first.settings();
        first.close();

        try (EmbeddedServer second = EmbeddedServer.start(home, EmbeddedServer.sharedBinaryCache(), EmbeddedServer.Durability.THROWAWAY, port);
             Connection c = TestPostgres.connect(settings)) {
            assertEquals(port, second.port());
            assertTrue(c.isValid(2));
        }
    }
}
