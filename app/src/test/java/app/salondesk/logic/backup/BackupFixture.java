package app.salondesk.logic.backup;

import app.salondesk.db.ConnectionSettings;
import app.salondesk.db.TestPostgres;
import app.salondesk.logic.demo.DemoSalon;
import app.salondesk.runtime.Backend;
import org.apache.commons.compress.archivers.zip.ZipArchiveEntry;
import org.apache.commons.compress.archivers.zip.ZipArchiveOutputStream;
import org.apache.commons.compress.archivers.zip.ZipFile;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/** Databases with a salon in them on the test server, and what the backup tests compare. */
final class BackupFixture {

    private BackupFixture() {
    }

    /** A new database with the demo salon (masters, services, clients, two weeks of bookings and their history). */
    static ConnectionSettings demoDatabase(String purpose) {
        ConnectionSettings settings = TestPostgres.migratedDatabase(purpose);
        try (Backend backend = Backend.connect(settings, 2)) {
            new DemoSalon(backend.dsl(), Clock.systemUTC()).seed();
            // a cancellation, so that history holds more than creations
            backend.dsl().execute("UPDATE bookings SET status = 'cancelled' WHERE id = (SELECT min(id) FROM bookings)");
        }
        return settings;
    }

    /** Every table's row count and SHA-256, copied out the way a backup copies it. */
    static Map<String, String> sums(ConnectionSettings settings) throws SQLException, IOException {
        Map<String, String> out = new TreeMap<>();
        try (Connection c = TestPostgres.connect(settings)) {
            Catalog.fixOutput(c);
            for (Manifest.Table t : Catalog.tables(c)) {
                Catalog.Copied copied = Catalog.copyOut(c, t, OutputStream.nullOutputStream());
                out.put(t.name(), copied.rows() + " " + copied.sha256());
            }
        }
        return out;
    }

    static long count(ConnectionSettings settings, String sql) throws SQLException {
        try (Connection c = TestPostgres.connect(settings); Statement s = c.createStatement(); var rs = s.executeQuery(sql)) {
            rs.next();
            return rs.getLong(1);
        }
    }

    /** The databases a backup operation makes for itself on the test server (none may be left). */
    static List<String> scratchDatabases(ConnectionSettings any) throws SQLException {
        List<String> names = new ArrayList<>();
        try (Connection c = TestPostgres.connect(any); Statement s = c.createStatement();
             var rs = s.executeQuery("SELECT datname FROM pg_database WHERE datname LIKE '%\\_bk\\_%'")) {
            while (rs.next()) {
                names.add(rs.getString(1));
            }
        }
        return names;
    }

    /** A copy of the backup with one byte flipped in the middle of a table's compressed bytes. */
    static Path flipByteIn(Path backup, String table, Path dir) throws IOException {
        long at;
        try (ZipFile zip = ZipFile.builder().setPath(backup).get()) {
            ZipArchiveEntry e = zip.getEntry("data/" + table + ".copy");
            at = e.getDataOffset() + e.getCompressedSize() / 2;
        }
        byte[] bytes = Files.readAllBytes(backup);
        bytes[(int) at] ^= 0x5a;
        Path out = dir.resolve("flipped.zip");
        Files.write(out, bytes);
        return out;
    }

    /** A copy of the backup cut short, as a copy to a stick that was pulled out. */
    static Path truncated(Path backup, double fraction, Path dir) throws IOException {
        byte[] bytes = Files.readAllBytes(backup);
        Path out = dir.resolve("truncated.zip");
        Files.write(out, java.util.Arrays.copyOf(bytes, (int) (bytes.length * fraction)));
        return out;
    }

    /** A copy of the backup whose manifest names another schema version. */
    static Path withSchemaVersion(Path backup, String version, Path dir) throws IOException {
        Path out = dir.resolve("schema-" + version + ".zip");
        try (ZipFile zip = ZipFile.builder().setPath(backup).get();
             ZipArchiveOutputStream o = new ZipArchiveOutputStream(out)) {
            for (ZipArchiveEntry e : java.util.Collections.list(zip.getEntries())) {
                o.putArchiveEntry(new ZipArchiveEntry(e.getName()));
                try (InputStream in = zip.getInputStream(e)) {
                    byte[] data = in.readAllBytes();
                    if (e.getName().equals(Manifest.ENTRY)) {
                        data = new String(data, java.nio.charset.StandardCharsets.UTF_8)
                                .replaceAll("(?m)^schema_version=.*$", "schema_version=" + version)
                                .getBytes(java.nio.charset.StandardCharsets.UTF_8);
                    }
                    o.write(data);
                }
                o.closeArchiveEntry();
            }
        }
        return out;
    }
}
