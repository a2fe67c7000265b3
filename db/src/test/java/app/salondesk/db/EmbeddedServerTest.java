package app.salondesk.db;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.InputStream;
import java.net.ConnectException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.nio.file.attribute.AclEntry;
import java.nio.file.attribute.AclFileAttributeView;
import java.nio.file.attribute.PosixFilePermissions;
import java.nio.file.attribute.UserPrincipal;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

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

    /** Issue 16: a warm start neither reads nor hashes the 15 MB archive of the binaries. */
    @Test
    void binariesUnpackedOnceAreFoundAgainWithoutOpeningTheArchive(@TempDir Path cache) throws Exception {
        EmbeddedServer.BinaryArchive real = EmbeddedServer.BinaryArchive.onClassPath();
        assertTrue(real.identity().isPresent(), "the build names the version of the binaries on the class path");
        AtomicInteger opened = new AtomicInteger();
        EmbeddedServer.BinaryArchive counted = counting(real, real.identity(), opened);

        Path first = EmbeddedServer.binaries(cache, counted);
        Path again = EmbeddedServer.binaries(cache, counted);

        assertEquals(first, again);
        assertEquals(1, opened.get(), "opened to unpack it, and not again");
        assertTrue(Files.isExecutable(again.resolve("bin").resolve("postgres")));
    }

    @Test
    void anArchiveWithoutAnIdentityIsReadEachTimeAndAnUnfinishedUnpackingIsDoneAgain(@TempDir Path cache) throws Exception {
        EmbeddedServer.BinaryArchive real = EmbeddedServer.BinaryArchive.onClassPath();
        AtomicInteger plainOpened = new AtomicInteger();
        EmbeddedServer.BinaryArchive plain = counting(real, java.util.Optional.empty(), plainOpened);
        Path first = EmbeddedServer.binaries(cache, plain);
        assertEquals(first, EmbeddedServer.binaries(cache, plain));
        assertEquals(2, plainOpened.get(), "no name to trust: read (and hashed) each time");

        AtomicInteger opened = new AtomicInteger();
        EmbeddedServer.BinaryArchive named = counting(real, real.identity(), opened);
        Path unpacked = EmbeddedServer.binaries(cache, named);
        // a crash half-way through unpacking: the marker of a complete unpacking is missing
        Files.delete(unpacked.resolve(".complete"));
        Path again = EmbeddedServer.binaries(cache, named);
        assertEquals(unpacked, again);
        assertEquals(2, opened.get(), "the unfinished unpacking is not trusted: read and unpacked again");
        assertTrue(Files.exists(again.resolve(".complete")));
    }

    private static EmbeddedServer.BinaryArchive counting(EmbeddedServer.BinaryArchive real, java.util.Optional<String> identity,
                                                         AtomicInteger opened) {
        return new EmbeddedServer.BinaryArchive() {
            @Override
            public InputStream open() throws IOException {
                opened.incrementAndGet();
                return real.open();
            }

            @Override
            public java.util.Optional<String> identity() {
                return identity;
            }
        };
    }

    @Test
    void superuserPasswordIsRequiredAndPrivate(@TempDir Path home) throws Exception {
        try (EmbeddedServer server = EmbeddedServer.start(home, EmbeddedServer.sharedBinaryCache(), EmbeddedServer.Durability.THROWAWAY)) {
            ConnectionSettings wrong = new ConnectionSettings(server.settings().url(), "postgres", "not-the-password");
            SQLException e = assertThrows(SQLException.class, () -> TestPostgres.connect(wrong).close());
            assertEquals("28P01", e.getSQLState());
            Path pw = home.resolve("superuser.password");
            assertTrue(Files.exists(pw));
            assertOwnerOnly(pw, "rw-------");
        }
    }

    @Test
    void aBaseDirectoryItCreatesIsOwnerOnly(@TempDir Path home) throws Exception {
        Path base = home.resolve("salondesk").resolve("postgres");
        try (EmbeddedServer server = EmbeddedServer.start(base, EmbeddedServer.sharedBinaryCache(), EmbeddedServer.Durability.THROWAWAY)) {
            assertTrue(server.isRunning());
            assertOwnerOnly(base, "rwx------");
            assertOwnerOnly(base.resolve("superuser.password"), "rw-------");
        }
    }

    @Test
    void aPasswordFileLeftHalfWrittenByACrashIsReplacedNotReused(@TempDir Path home) throws Exception {
        Path stale = home.resolve("superuser.password.tmp");
        Files.writeString(stale, "stale\n");
        if (isPosix(stale)) {
            Files.setPosixFilePermissions(stale, PosixFilePermissions.fromString("rw-rw-rw-"));
        }
        // another local user who opened the world-readable file back then still holds it open
        try (InputStream earlierReader = Files.newInputStream(stale);
             EmbeddedServer server = EmbeddedServer.start(home, EmbeddedServer.sharedBinaryCache(), EmbeddedServer.Durability.THROWAWAY);
             Connection c = TestPostgres.connect(server.settings())) {
            assertTrue(c.isValid(2), "the password in the file is the cluster's");
            assertEquals("stale\n", new String(earlierReader.readAllBytes(), StandardCharsets.UTF_8),
                    "the password went into a new file, not into the one others may hold open");
            assertFalse(Files.exists(stale));
            assertOwnerOnly(home.resolve("superuser.password"), "rw-------");
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

    private static boolean isPosix(Path p) {
        return p.getFileSystem().supportedFileAttributeViews().contains("posix");
    }

    /** POSIX: exactly {@code mode}; NTFS: every entry of the ACL names this user. */
    private static void assertOwnerOnly(Path p, String mode) throws IOException {
        if (isPosix(p)) {
            assertEquals(mode, PosixFilePermissions.toString(Files.getPosixFilePermissions(p)), p.toString());
            return;
        }
        AclFileAttributeView view = Files.getFileAttributeView(p, AclFileAttributeView.class);
        UserPrincipal me = p.getFileSystem().getUserPrincipalLookupService()
                .lookupPrincipalByName(System.getProperty("user.name"));
        List<AclEntry> acl = view.getAcl();
        assertFalse(acl.isEmpty(), p.toString());
        for (AclEntry e : acl) {
            assertEquals(me, e.principal(), p + ": " + acl);
        }
    }
}
