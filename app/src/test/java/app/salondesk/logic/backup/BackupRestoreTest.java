package app.salondesk.logic.backup;

import app.salondesk.db.ConnectionSettings;
import app.salondesk.db.Database;
import app.salondesk.db.TestPostgres;
import app.salondesk.gui.shell.Opening;
import app.salondesk.gui.shell.Session;
import app.salondesk.i18n.Messages;
import app.salondesk.logic.demo.DemoSalon;
import app.salondesk.runtime.AppHome;
import app.salondesk.runtime.Backend;
import app.salondesk.runtime.DbOptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.postgresql.ds.PGSimpleDataSource;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A backup loads back as it was taken — into a new home, from an older schema version — and a
 * file that is not whole is refused in one sentence with nothing touched.
 */
class BackupRestoreTest {

    private static final Messages EN = new Messages(Locale.ENGLISH);

    private static ConnectionSettings source;
    private static Map<String, String> sourceSums;
    private static Path backup;

    @TempDir
    static Path shared;

    @BeforeAll
    static void backUpTheDemoSalon() throws Exception {
        source = BackupFixture.demoDatabase("bksource");
        sourceSums = BackupFixture.sums(source);
        Backups backups = new Backups(new Cluster(source), shared.resolve("source-home"), Clock.systemDefaultZone());
        Backups.Made made = backups.create(shared.resolve("backups"));
        backup = made.path();
        assertTrue(made.verified(), "every backup is checked");
        assertTrue(BackupFolder.isVerified(backup));
        assertTrue(BackupFixture.scratchDatabases(source).isEmpty(), "the check's database is gone");
    }

    @Test
    void aBackupRestoredIntoANewHomeHasEveryTableEqualAndTheAppOpensOnIt(@TempDir Path dir) throws Exception {
        Manifest manifest = Backups.inspect(backup);
        assertEquals(List.of(DemoSalon.NAME), manifest.salons());
        assertTrue(manifest.tables().stream().anyMatch(t -> t.name().equals("bookings") && t.rows() > 100), manifest.toString());
        assertTrue(manifest.tables().stream().noneMatch(t -> t.name().equals("flyway_schema_history")), "the schema version, not the table");
        assertEquals(sourceSums.size(), manifest.tables().size(), "every table of the catalog");
        for (Manifest.Table t : manifest.tables()) {
            assertEquals(sourceSums.get(t.name()), t.rows() + " " + t.sha256(), t.name());
        }

        AppHome home = new AppHome(dir);
        ConnectionSettings restored;
        try (Backend backend = Backend.open(home, DbOptions.embedded())) {
            assertEquals(0, backend.dsl().fetchCount(app.salondesk.jooq.Tables.TENANTS), "a new home: empty");
            Backups backups = new Backups(new Cluster(backend.database().settings()), dir, Clock.systemDefaultZone());
            backend.closePool();
            try {
                backups.restore(backup);
            } finally {
                backend.reopenPool();
            }
            restored = backend.database().settings();
            assertEquals(sourceSums, BackupFixture.sums(restored), "every table: same rows, same checksum");
            assertEquals(0, BackupFixture.scratchDatabases(restored).size(), "neither the loaded copy's old name nor the replaced one is left");
            // sequences carry on after the restored rows: a new booking does not collide with an old id
            long maxId = backend.dsl().resultQuery("SELECT max(id) FROM bookings").fetchOne(0, Long.class);
            long next = backend.dsl().resultQuery("SELECT nextval(pg_get_serial_sequence('bookings', 'id'))").fetchOne(0, Long.class);
            assertTrue(next > maxId, next + " after " + maxId);
        }
        try (Opening opening = Session.start(home, DbOptions.embedded(), null)) {
            Session session = assertInstanceOf(Session.class, opening, "the app opens on the restored salon");
            assertEquals(DemoSalon.NAME, session.salon().name());
        }
    }

    /** A backup holds every client's name and phone: only the PC's user who made it may read it. */
    @Test
    void aBackupIsReadableByItsOwnerAlone() throws Exception {
        org.junit.jupiter.api.Assumptions.assumeTrue(backup.getFileSystem().supportedFileAttributeViews().contains("posix"));
        assertEquals("rw-------", java.nio.file.attribute.PosixFilePermissions.toString(Files.getPosixFilePermissions(backup)));
    }

    @Test
    void aBackupOfAnOlderSchemaVersionIsMigratedWhenRestored(@TempDir Path dir) throws Exception {
        ConnectionSettings old = TestPostgres.freshDatabase("bkold");
        PGSimpleDataSource ds = new PGSimpleDataSource();
        ds.setUrl(old.url());
        ds.setUser(old.user());
        ds.setPassword(old.password());
        Database.migrate(ds, "13");
        try (var c = TestPostgres.connect(old); var s = c.createStatement()) {
            s.execute("INSERT INTO tenants (id, name, time_zone) VALUES (7, 'Old Lotus', 'Europe/Kyiv')");
            s.execute("INSERT INTO masters (tenant_id, name, sort_order) VALUES (7, 'Olena', 1)");
            s.execute("INSERT INTO clients (tenant_id, name, phone) VALUES (7, 'Iryna', '+380671112233')");
            s.execute("INSERT INTO bookings (tenant_id, master_id, client_id, starts_at, duration_min, status)"
                    + " SELECT 7, m.id, c.id, '2030-01-07 10:00+02', 60, 'confirmed' FROM masters m, clients c");
        }
        assertEquals("13", BackupFixture.count(old, "SELECT max(version::int) FROM flyway_schema_history") + "");
        Backups.Made made = new Backups(new Cluster(old), dir.resolve("home"), Clock.systemDefaultZone()).create(dir);
        assertEquals("13", made.manifest().schemaVersion());
        assertTrue(made.verified(), "checked: loaded at 13, then migrated to this build's version");

        ConnectionSettings target = TestPostgres.migratedDatabase("bkoldtarget");
        Backups backups = new Backups(new Cluster(target), dir.resolve("home"), Clock.systemDefaultZone());
        backups.restore(made.path());
        String newest = Database.newestKnownVersion(ds);
        assertEquals(Long.parseLong(newest), BackupFixture.count(target, "SELECT max(version::int) FROM flyway_schema_history WHERE success"),
                "migrated up to this build's version");
        assertEquals(1, BackupFixture.count(target, "SELECT count(*) FROM bookings b JOIN clients c ON c.id = b.client_id"
                + " WHERE b.tenant_id = 7 AND c.name = 'Iryna' AND b.starts_at = '2030-01-07 08:00Z'"));
        assertEquals(1, BackupFixture.count(target, "SELECT count(*) FROM booking_history WHERE tenant_id = 7"), "history kept, not written twice");
        assertEquals(1, BackupFixture.count(target, "SELECT count(*) FROM salon_keys WHERE tenant_id = 7"));
        // a table of a later migration is there, as a database migrated from 13 has it
        assertEquals(0, BackupFixture.count(target, "SELECT count(*) FROM waitlist_entries"));
    }

    @Test
    void aCorruptBackupIsRefusedWithASentenceAndNothingIsTouched(@TempDir Path dir) throws Exception {
        Path flipped = BackupFixture.flipByteIn(backup, "bookings", dir);
        ConnectionSettings live = BackupFixture.demoDatabase("bkcorrupt");
        live(live).execute("DELETE FROM waitlist_entries");
        Map<String, String> before = BackupFixture.sums(live);
        Backups backups = new Backups(new Cluster(live), dir.resolve("home"), Clock.systemDefaultZone());

        BackupRefused refused = assertThrows(BackupRefused.class, () -> backups.restore(flipped));
        assertEquals(BackupRefused.Reason.DAMAGED, refused.reason());
        assertEquals("The backup " + flipped + " is damaged: its part \u201cbookings\u201d is not what the backup says it holds."
                + " Nothing was changed.", EN.format(refused.reason().messageKey, refused.args()));
        assertThrows(BackupRefused.class, () -> backups.verify(flipped));
        assertEquals(before, BackupFixture.sums(live), "the live rows are as they were");
        assertEquals(List.of(), BackupFixture.scratchDatabases(live), "no database was even made");
        assertFalse(BackupFolder.isVerified(flipped));
    }

    @Test
    void aTruncatedBackupIsRefusedWithASentenceAndNothingIsTouched(@TempDir Path dir) throws Exception {
        Path cut = BackupFixture.truncated(backup, 0.6, dir);
        ConnectionSettings live = BackupFixture.demoDatabase("bktruncated");
        Map<String, String> before = BackupFixture.sums(live);
        Backups backups = new Backups(new Cluster(live), dir.resolve("home"), Clock.systemDefaultZone());

        BackupRefused refused = assertThrows(BackupRefused.class, () -> backups.restore(cut));
        assertEquals(BackupRefused.Reason.INCOMPLETE, refused.reason());
        assertEquals("The backup " + cut + " is incomplete: the file ends too early (cut short while copying?). Nothing was changed.",
                EN.format(refused.reason().messageKey, refused.args()));
        assertEquals(BackupRefused.Reason.INCOMPLETE, assertThrows(BackupRefused.class, () -> backups.verify(cut)).reason());
        assertEquals(before, BackupFixture.sums(live));
        assertEquals(List.of(), BackupFixture.scratchDatabases(live));
    }

    @Test
    void aBackupOfANewerSchemaVersionIsRefusedWithASentence(@TempDir Path dir) throws Exception {
        Path newer = BackupFixture.withSchemaVersion(backup, "999", dir);
        ConnectionSettings live = TestPostgres.migratedDatabase("bknewer");
        Backups backups = new Backups(new Cluster(live), dir.resolve("home"), Clock.systemDefaultZone());
        String newest = Database.newestKnownVersion(new Cluster(live).dataSource(new Cluster(live).liveDatabase()));

        BackupRefused refused = assertThrows(BackupRefused.class, () -> backups.restore(newer));
        assertEquals(BackupRefused.Reason.NEWER_SCHEMA, refused.reason());
        assertEquals("The backup " + newer + " comes from a newer SalonDesk (database version 999; this one knows up to " + newest
                + "). Update SalonDesk to restore it. Nothing was changed.", EN.format(refused.reason().messageKey, refused.args()));
        assertEquals(0, BackupFixture.count(live, "SELECT count(*) FROM tenants"));
        assertEquals(List.of(), BackupFixture.scratchDatabases(live));
    }

    @Test
    void aFileThatIsNotABackupIsRefused(@TempDir Path dir) throws Exception {
        Path text = Files.writeString(dir.resolve("notes.zip"), "not a zip at all");
        assertEquals(BackupRefused.Reason.NOT_A_BACKUP, assertThrows(BackupRefused.class, () -> Backups.inspect(text)).reason());
        assertEquals(BackupRefused.Reason.NOT_FOUND, assertThrows(BackupRefused.class, () -> Backups.inspect(dir.resolve("gone.zip"))).reason());
    }

    private static org.jooq.DSLContext live(ConnectionSettings settings) {
        return org.jooq.impl.DSL.using(new Cluster(settings).dataSource(new Cluster(settings).liveDatabase()), org.jooq.SQLDialect.POSTGRES);
    }
}
