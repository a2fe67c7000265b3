package app.salondesk.logic.backup;

import org.apache.commons.compress.archivers.zip.Zip64Mode;
import org.apache.commons.compress.archivers.zip.ZipArchiveEntry;
import org.apache.commons.compress.archivers.zip.ZipArchiveOutputStream;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;

/**
 * Takes one consistent backup of the live database into a zip:
 * <ol>
 *   <li>one connection, one {@code REPEATABLE READ READ ONLY} transaction: every table, the
 *       sequences and the schema version are read from the same snapshot, so a booking and its
 *       history rows are either both in the backup or both not, whatever the desks write meanwhile
 *       (and nothing waits for the backup: a snapshot takes no locks that writers wait on);</li>
 *   <li>the tables and sequences come from the catalog ({@link Catalog});</li>
 *   <li>each table is {@code COPY (SELECT … ORDER BY key) TO STDOUT} into its own zip entry,
 *       counted and summed on the way;</li>
 *   <li>the manifest goes last, once the counts and sums are known;</li>
 *   <li>the zip is written under a {@code .part} name, owner-only (it holds clients' phones and
 *       the salons' secrets), forced to disk, and renamed when complete: a half-written file never
 *       looks like a backup.</li>
 * </ol>
 */
final class BackupWriter {

    private static final Logger log = LoggerFactory.getLogger(BackupWriter.class);

    private final Cluster cluster;
    private final Clock clock;

    BackupWriter(Cluster cluster, Clock clock) {
        this.cluster = cluster;
        this.clock = clock;
    }

    /** Writes the backup to {@code target} (which must not exist) and returns what it holds. */
    Manifest write(Path target) throws IOException, SQLException {
        Files.createDirectories(target.toAbsolutePath().getParent());
        Path part = target.resolveSibling(target.getFileName() + ".part");
        Files.deleteIfExists(part);
        app.salondesk.db.PrivateFiles.createFile(part);
        Manifest manifest;
        try (Connection c = cluster.connect(cluster.liveDatabase())) {
            Catalog.fixOutput(c);
            c.setAutoCommit(false);
            try (Statement s = c.createStatement()) {
                s.execute("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY");
            }
            try (ZipArchiveOutputStream zip = new ZipArchiveOutputStream(part, StandardOpenOption.WRITE,
                    StandardOpenOption.TRUNCATE_EXISTING)) {
                zip.setUseZip64(Zip64Mode.AsNeeded);
                String schema = Catalog.schemaVersion(c);
                List<String> salons = Catalog.salons(c);
                List<Manifest.Table> tables = new ArrayList<>();
                for (Manifest.Table t : Catalog.tables(c)) {
                    zip.putArchiveEntry(new ZipArchiveEntry(t.entry()));
                    Catalog.Copied copied = Catalog.copyOut(c, t, zip);
                    zip.closeArchiveEntry();
                    tables.add(new Manifest.Table(t.name(), t.columns(), t.orderBy(), copied.rows(), copied.sha256()));
                }
                List<Manifest.Sequence> sequences = new ArrayList<>();
                for (String name : Catalog.sequences(c)) {
                    sequences.add(Catalog.sequence(c, name));
                }
                c.commit();
                manifest = new Manifest(Manifest.FORMAT, schema, clock.instant(), salons, List.copyOf(tables), List.copyOf(sequences));
                zip.putArchiveEntry(new ZipArchiveEntry(Manifest.ENTRY));
                manifest.write(zip);
                zip.closeArchiveEntry();
                zip.finish();
            }
            try (var ch = java.nio.channels.FileChannel.open(part, StandardOpenOption.WRITE)) {
                ch.force(true);
            }
            Files.move(part, target, StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException | SQLException | RuntimeException e) {
            Files.deleteIfExists(part);
            throw e;
        }
        log.info("backup {} written: schema {}, {} tables, {} rows, {} bytes", target, manifest.schemaVersion(),
                manifest.tables().size(), manifest.totalRows(), Files.size(target));
        return manifest;
    }
}
