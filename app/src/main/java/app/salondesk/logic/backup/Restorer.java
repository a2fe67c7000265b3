package app.salondesk.logic.backup;

import app.salondesk.db.Database;
import org.flywaydb.core.api.MigrationVersion;
import org.postgresql.PGConnection;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.HexFormat;
import java.util.List;
import java.util.Objects;

/**
 * Loads a backup into a database of its own in the same cluster, and checks it; then either
 * swaps it in for the live one (restore) or drops it (verify). The live database is not
 * touched until the new one is complete and checked:
 * <ol>
 *   <li>the file is read whole and every table's sum and count compared with its manifest
 *       ({@link BackupFile#checkIntegrity()}); a schema newer than this build knows is refused;</li>
 *   <li>{@code CREATE DATABASE} next to the live one, migrated by Flyway up to the backup's
 *       schema version only, so the rows meet the tables they were taken from;</li>
 *   <li>in one transaction with {@code session_replication_role = replica} (no triggers: the
 *       history rows are loaded as they were, not written again; no foreign-key order): what the
 *       migrations put in the tables is emptied, each table is COPYed in, the sequences set;</li>
 *   <li>each table is copied out again as the backup did and must give the manifest's count
 *       and sum;</li>
 *   <li>Flyway migrates it to this build's version (a backup of an older version arrives here
 *       like any old database);</li>
 *   <li>restore: the live database and the new one swap names in one transaction (the old one
 *       stays, renamed, until that has committed), then the old one is dropped. Verify: the new
 *       one is dropped.</li>
 * </ol>
 * Whatever fails on the way drops the new database, and the live one is as it was.
 */
final class Restorer {

    private static final Logger log = LoggerFactory.getLogger(Restorer.class);

    private final Cluster cluster;

    Restorer(Cluster cluster) {
        this.cluster = cluster;
    }

    /** Loads the backup into a scratch database, checks it, and drops it. */
    void verify(BackupFile file) throws BackupRefused, SQLException, IOException {
        String scratch = scratchName("verify");
        load(file, scratch);
        drop(scratch);
    }

    /**
     * Replaces the live database with the backup's. The caller has closed its own connections
     * to the live database; any other session on it is ended at the swap.
     */
    void restore(BackupFile file) throws BackupRefused, SQLException, IOException {
        String loaded = scratchName("restore");
        load(file, loaded);
        String live = cluster.liveDatabase();
        String old = scratchName("before_restore");
        try (Connection c = cluster.maintenance(); Statement s = c.createStatement()) {
            endSessions(c, live, loaded);
            c.setAutoCommit(false);
            s.execute("ALTER DATABASE " + Catalog.quote(live) + " RENAME TO " + Catalog.quote(old));
            s.execute("ALTER DATABASE " + Catalog.quote(loaded) + " RENAME TO " + Catalog.quote(live));
            c.commit();
        } catch (SQLException e) {
            drop(loaded);
            throw e;
        }
        log.info("restored {} into {}; dropping the database it replaced", file.path(), live);
        drop(old);
    }

    /** Drops databases a crash left behind in the middle of a check or a restore. */
    void dropLeftovers() throws SQLException {
        String prefix = prefix();
        try (Connection c = cluster.maintenance();
             PreparedStatement ps = c.prepareStatement("SELECT datname FROM pg_catalog.pg_database WHERE starts_with(datname, ?)")) {
            ps.setString(1, prefix);
            var rs = ps.executeQuery();
            List<String> names = new java.util.ArrayList<>();
            while (rs.next()) {
                names.add(rs.getString(1));
            }
            for (String n : names) {
                log.warn("dropping the database {} left by an earlier backup check or restore", n);
                drop(n);
            }
        }
    }

    private void load(BackupFile file, String database) throws BackupRefused, SQLException, IOException {
        file.checkIntegrity();
        Manifest m = file.manifest();
        String newest = Database.newestKnownVersion(cluster.dataSource(cluster.liveDatabase()));
        if (newest == null || MigrationVersion.fromVersion(m.schemaVersion()).compareTo(MigrationVersion.fromVersion(newest)) > 0) {
            throw new BackupRefused(BackupRefused.Reason.NEWER_SCHEMA, file.path(), m.schemaVersion(), newest);
        }
        try (Connection c = cluster.maintenance(); Statement s = c.createStatement()) {
            s.execute("CREATE DATABASE " + Catalog.quote(database) + " ENCODING 'UTF8'");
        }
        try {
            Database.migrate(cluster.dataSource(database), m.schemaVersion());
            try (Connection c = cluster.connect(database)) {
                requireSameTables(c, file);
                fill(c, file);
                check(c, file);
            }
            Database.migrate(cluster.dataSource(database), null);
        } catch (BackupRefused | SQLException | IOException | RuntimeException e) {
            drop(database);
            throw e;
        }
        log.info("backup {} (schema {}, {} rows) loaded and checked in {}", file.path(), m.schemaVersion(), m.totalRows(), database);
    }

    /** The tables the migrations made at that version must be the backup's, column for column. */
    private static void requireSameTables(Connection c, BackupFile file) throws SQLException, BackupRefused {
        List<Manifest.Table> here = Catalog.tables(c);
        List<Manifest.Table> there = file.manifest().tables();
        if (here.size() != there.size()) {
            throw new BackupRefused(BackupRefused.Reason.DAMAGED, file.path(), Manifest.ENTRY);
        }
        for (int i = 0; i < here.size(); i++) {
            Manifest.Table h = here.get(i);
            Manifest.Table t = there.get(i);
            if (!h.name().equals(t.name()) || !h.columns().equals(t.columns()) || !h.orderBy().equals(t.orderBy())) {
                throw new BackupRefused(BackupRefused.Reason.DAMAGED, file.path(), t.name());
            }
        }
        if (!Catalog.sequences(c).equals(file.manifest().sequences().stream().map(Manifest.Sequence::name).toList())) {
            throw new BackupRefused(BackupRefused.Reason.DAMAGED, file.path(), Manifest.ENTRY);
        }
    }

    private static void fill(Connection c, BackupFile file) throws SQLException, IOException {
        Manifest m = file.manifest();
        Catalog.fixOutput(c);
        c.setAutoCommit(false);
        try (Statement s = c.createStatement()) {
            s.execute("SET LOCAL session_replication_role = replica");
            if (!m.tables().isEmpty()) {
                s.execute("TRUNCATE " + String.join(", ", m.tables().stream().map(t -> "public." + Catalog.quote(t.name())).toList()));
            }
            var copy = c.unwrap(PGConnection.class).getCopyAPI();
            for (Manifest.Table t : m.tables()) {
                try (InputStream in = file.table(t)) {
                    copy.copyIn(Catalog.copyIn(t), in);
                }
            }
            try (PreparedStatement setval = c.prepareStatement("SELECT pg_catalog.setval(?::regclass, ?, ?)")) {
                for (Manifest.Sequence q : m.sequences()) {
                    setval.setString(1, "public." + Catalog.quote(q.name()));
                    setval.setLong(2, q.lastValue());
                    setval.setBoolean(3, q.isCalled());
                    setval.execute();
                }
            }
        }
        c.commit();
        c.setAutoCommit(true);
    }

    /** Every table, copied out of the new database as the backup copied it, must give the same count and sum. */
    private static void check(Connection c, BackupFile file) throws SQLException, IOException, BackupRefused {
        for (Manifest.Table t : file.manifest().tables()) {
            Catalog.Copied back = Catalog.copyOut(c, t, OutputStream.nullOutputStream());
            if (back.rows() != t.rows() || !Objects.equals(back.sha256(), t.sha256())) {
                log.error("table {} came back as {} rows / {}; the backup says {} / {}", t.name(), back.rows(), back.sha256(),
                        t.rows(), t.sha256());
                throw new BackupRefused(BackupRefused.Reason.CHECK_FAILED, file.path(), t.name());
            }
        }
    }

    private static void endSessions(Connection c, String... databases) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement("SELECT pg_catalog.pg_terminate_backend(pid) FROM pg_catalog.pg_stat_activity"
                + " WHERE datname = ANY (?) AND pid <> pg_catalog.pg_backend_pid()")) {
            ps.setArray(1, c.createArrayOf("text", databases));
            ps.execute();
        }
    }

    private void drop(String database) {
        try (Connection c = cluster.maintenance(); Statement s = c.createStatement()) {
            s.execute("DROP DATABASE IF EXISTS " + Catalog.quote(database) + " WITH (FORCE)");
        } catch (SQLException e) {
            log.error("could not drop the scratch database {}; the next backup check drops it", database, e);
        }
    }

    private String scratchName(String what) {
        byte[] random = new byte[4];
        new java.security.SecureRandom().nextBytes(random);
        return prefix() + what + "_" + HexFormat.of().formatHex(random);
    }

    /** What every database this class makes is called first: 63 bytes at most in all. */
    private String prefix() {
        String live = cluster.liveDatabase();
        return (live.length() > 30 ? live.substring(0, 30) : live) + "_bk_";
    }
}
