package app.salondesk.db;

import org.flywaydb.core.api.FlywayException;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Issue 16: the desk's start skips Flyway when the schema is at exactly this build's migrations.
 * The check must agree with Flyway when it says "current", and hand everything else to Flyway.
 */
class BuildMigrationsTest {

    private static List<BuildMigrations.Migration> known() {
        return BuildMigrations.onClassPath().orElseThrow(() -> new AssertionError("the build's migrations could not be listed"));
    }

    @Test
    void theBuildsMigrationsAreListedInVersionOrder() {
        List<BuildMigrations.Migration> known = known();
        assertEquals("1", known.get(0).version());
        assertEquals("salons masters services clients", known.get(0).description());
        // numerically, not as text ("10" after "9"); numbers taken in blocks by work done in parallel
        // may leave gaps, never filled later (ADR 40)
        for (int i = 1; i < known.size(); i++) {
            assertTrue(Integer.parseInt(known.get(i - 1).version()) < Integer.parseInt(known.get(i).version()),
                    known.get(i - 1).version() + " before " + known.get(i).version());
        }
        assertTrue(known.stream().anyMatch(m -> m.version().equals("10")), "V10 is listed after V9, not after V1");
        assertEquals("10", known.get(9).version());
    }

    @Test
    void theMigrationsReadFromAJarAreTheSameAsFromTheBuildsFolder(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir) throws Exception {
        // the application runs from jars (lib/salondesk-db-….jar), the tests from target/classes
        java.nio.file.Path jar = dir.resolve("db.jar");
        java.nio.file.Path folder = java.nio.file.Path.of(BuildMigrations.class.getClassLoader().getResource("db/migration").toURI());
        try (var out = new java.util.jar.JarOutputStream(java.nio.file.Files.newOutputStream(jar));
             var files = java.nio.file.Files.list(folder)) {
            out.putNextEntry(new java.util.jar.JarEntry("db/"));
            out.putNextEntry(new java.util.jar.JarEntry("db/migration/"));
            for (java.nio.file.Path f : files.toList()) {
                out.putNextEntry(new java.util.jar.JarEntry("db/migration/" + f.getFileName()));
                out.write(java.nio.file.Files.readAllBytes(f));
            }
        }
        try (var loader = new java.net.URLClassLoader(new java.net.URL[]{jar.toUri().toURL()}, null)) {
            assertEquals(known(), BuildMigrations.onClassPath(loader).orElseThrow());
        }
    }

    @Test
    void aSchemaMigratedByFlywayIsCurrentAndFlywayAgreesWhenItValidatesLater() throws Exception {
        ConnectionSettings settings = TestPostgres.migratedDatabase("current");
        try (Connection c = TestPostgres.connect(settings)) {
            assertTrue(BuildMigrations.allApplied(c, known()), "versions, descriptions and checksums as Flyway wrote them");
        }
        try (Database db = Database.open(settings, 2)) {
            assertTrue(db.migrateUnlessCurrent(), "Flyway left out of the start");
            assertTrue(db.validate());
        }
    }

    @Test
    void aSchemaOneMigrationBehindIsMigratedBeforeTheCallReturns() throws Exception {
        ConnectionSettings settings = TestPostgres.freshDatabase("behind");
        List<BuildMigrations.Migration> known = known();
        String newest = known.get(known.size() - 1).version();
        String previous = known.get(known.size() - 2).version();
        try (Database db = Database.open(settings, 2)) {
            Database.migrate(db.dataSource(), previous);
            try (Connection c = TestPostgres.connect(settings)) {
                assertFalse(BuildMigrations.allApplied(c, known));
            }
            assertFalse(db.migrateUnlessCurrent(), "behind: Flyway migrated it");
        }
        assertEquals(newest, newestApplied(settings));
    }

    @Test
    void aNewDatabaseIsMigratedByFlyway() throws Exception {
        ConnectionSettings settings = TestPostgres.freshDatabase("new");
        try (Connection c = TestPostgres.connect(settings)) {
            assertFalse(BuildMigrations.allApplied(c, known()), "no history table");
        }
        try (Database db = Database.open(settings, 2)) {
            assertFalse(db.migrateUnlessCurrent());
        }
        List<BuildMigrations.Migration> known = known();
        assertEquals(known.get(known.size() - 1).version(), newestApplied(settings));
    }

    @Test
    void anEditedMigrationIsNotCurrentAndFlywayRefusesItAsBefore() throws Exception {
        ConnectionSettings settings = TestPostgres.migratedDatabase("edited");
        try (Connection c = TestPostgres.connect(settings); Statement s = c.createStatement()) {
            s.execute("UPDATE flyway_schema_history SET checksum = checksum + 1 WHERE version = '3'");
            assertFalse(BuildMigrations.allApplied(c, known()));
        }
        try (Database db = Database.open(settings, 2)) {
            assertThrows(FlywayException.class, db::migrateUnlessCurrent);
            assertFalse(db.validate());
        }
    }

    @Test
    void aFailedOrUnknownRowInTheHistoryIsNotCurrent() throws Exception {
        ConnectionSettings settings = TestPostgres.migratedDatabase("failed");
        try (Connection c = TestPostgres.connect(settings); Statement s = c.createStatement()) {
            s.execute("UPDATE flyway_schema_history SET success = false WHERE version = '2'");
            assertFalse(BuildMigrations.allApplied(c, known()), "a failed migration");
            s.execute("UPDATE flyway_schema_history SET success = true WHERE version = '2'");
            assertTrue(BuildMigrations.allApplied(c, known()));
            // a database ahead of this build: a migration it does not know
            s.execute("INSERT INTO flyway_schema_history (installed_rank, version, description, type, script, checksum, installed_by, execution_time, success)"
                    + " VALUES (1000, '999', 'from a newer build', 'SQL', 'V999__from_a_newer_build.sql', 1, 'postgres', 1, true)");
            assertFalse(BuildMigrations.allApplied(c, known()), "ahead of this build");
        }
    }

    @Test
    void theChecksumIsFlywaysCrcOverLinesWithoutBreaksOrTheByteOrderMark() throws Exception {
        int plain = BuildMigrations.checksum(new ByteArrayInputStream("SELECT 1;\nSELECT 2;\n".getBytes(StandardCharsets.UTF_8)));
        int windows = BuildMigrations.checksum(new ByteArrayInputStream("\uFEFFSELECT 1;\r\nSELECT 2;".getBytes(StandardCharsets.UTF_8)));
        java.util.zip.CRC32 crc = new java.util.zip.CRC32();
        crc.update("SELECT 1;".getBytes(StandardCharsets.UTF_8));
        crc.update("SELECT 2;".getBytes(StandardCharsets.UTF_8));
        assertEquals((int) crc.getValue(), plain);
        assertEquals(plain, windows);
    }

    private static String newestApplied(ConnectionSettings settings) throws Exception {
        try (Connection c = TestPostgres.connect(settings); Statement s = c.createStatement();
             ResultSet rs = s.executeQuery("SELECT max(version::int)::text FROM flyway_schema_history WHERE success")) {
            rs.next();
            return rs.getString(1);
        }
    }
}
