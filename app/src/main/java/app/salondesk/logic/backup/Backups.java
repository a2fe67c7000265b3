package app.salondesk.logic.backup;

import app.salondesk.model.backup.BackupJournal;
import app.salondesk.model.backup.BackupSettings;
import app.salondesk.runtime.SettingsFile;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.nio.file.Path;
import java.sql.SQLException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.util.List;
import java.util.Optional;

/**
 * The backups of one embedded database: taking one (and checking it by loading it back),
 * listing, checking and restoring, the folder's rotation, and how the last one went. Used by
 * the command line, the window and the daily schedule alike; one operation at a time.
 */
public final class Backups {

    private static final Logger log = LoggerFactory.getLogger(Backups.class);

    /** The status bar warns when the newest checked backup is older than this. */
    public static final Duration STALE_AFTER = Duration.ofDays(2);

    /** A backup just taken: where, what it holds, and whether loading it back gave the same. */
    public record Made(Path path, Manifest manifest, boolean verified) {
    }

    /** What the status bar says about backups. */
    public sealed interface Status {
        record Fine(Instant lastBackup) implements Status {
        }

        /** No checked backup for {@link #STALE_AFTER}; {@code lastBackup} empty when there is none at all. */
        record Stale(Optional<Instant> lastBackup) implements Status {
        }

        /** The last attempt failed: the message key and its arguments. */
        record Failed(Instant at, String key, List<String> args) implements Status {
        }
    }

    private final Cluster cluster;
    private final SettingsFile settingsFile;
    private final Path home;
    private final Clock clock;
    private final ZoneId zone;

    /** @param home the home folder: its settings file, and the default backups folder in it */
    public Backups(Cluster cluster, Path home, Clock clock) {
        this.cluster = cluster;
        this.home = home;
        this.settingsFile = new SettingsFile(home);
        this.clock = clock;
        // file names and "daily at 20:00" are the computer's local time: the person at it reads them
        this.zone = clock.getZone();
    }

    public BackupSettings settings() {
        return BackupSettings.load(settingsFile, home);
    }

    public void save(BackupSettings settings) throws IOException {
        settings.save(settingsFile);
    }

    public BackupJournal journal() {
        return BackupJournal.load(settingsFile);
    }

    public BackupFolder folder(Path dirOrNull) {
        return new BackupFolder(dirOrNull != null ? dirOrNull : settings().folder(), zone);
    }

    /**
     * Takes a backup into {@code dirOrNull} (null: the settings' folder), loads it back into a
     * scratch database to check it, and rotates the folder. Success or failure is noted for the
     * status bar. A backup whose check fails stays, unmarked, and the failure is thrown.
     */
    public synchronized Made create(Path dirOrNull) throws BackupRefused, IOException, SQLException {
        BackupSettings settings = settings();
        BackupFolder folder = folder(dirOrNull);
        Instant now = clock.instant();
        try {
            Path file = folder.newFile(now);
            Manifest manifest = new BackupWriter(cluster, clock).write(file);
            verifyFile(file);
            folder.rotate(settings.keepDaily(), settings.keepWeekly());
            BackupJournal.succeeded(settingsFile, now);
            return new Made(file, manifest, true);
        } catch (BackupRefused e) {
            BackupJournal.failed(settingsFile, now, e.reason().messageKey, e.args());
            throw e;
        } catch (IOException | SQLException | RuntimeException e) {
            log.error("backup into {} failed", folder.dir(), e);
            BackupJournal.failed(settingsFile, now, "backup.failed", String.valueOf(e.getMessage()));
            throw e;
        }
    }

    /** Loads a backup into a scratch database and compares it with its manifest; marks it checked. */
    public synchronized Manifest verify(Path file) throws BackupRefused, IOException, SQLException {
        return verifyFile(file);
    }

    private Manifest verifyFile(Path file) throws BackupRefused, IOException, SQLException {
        try (BackupFile backup = BackupFile.open(file)) {
            Restorer restorer = new Restorer(cluster);
            restorer.dropLeftovers();
            restorer.verify(backup);
            new BackupFolder(file.toAbsolutePath().getParent(), zone).markVerified(file, clock.instant());
            return backup.manifest();
        }
    }

    /**
     * Replaces the live database with the backup's. The file is checked whole before anything
     * else; the caller has closed its connections to the live database.
     */
    public synchronized Manifest restore(Path file) throws BackupRefused, IOException, SQLException {
        try (BackupFile backup = BackupFile.open(file)) {
            backup.checkIntegrity();
            Restorer restorer = new Restorer(cluster);
            restorer.dropLeftovers();
            restorer.restore(backup);
            return backup.manifest();
        }
    }

    /** Reads a backup's manifest and checks its bytes, without a database: what a restore would bring back. */
    public static Manifest inspect(Path file) throws BackupRefused {
        try (BackupFile backup = BackupFile.open(file)) {
            backup.checkIntegrity();
            return backup.manifest();
        }
    }

    /** How backups stand: fine, stale (none checked for two days), or the last attempt failed. */
    public Status status() throws IOException {
        BackupJournal journal = journal();
        if (journal.lastFailed() && journal.lastAttempt().isPresent()) {
            return new Status.Failed(journal.lastAttempt().get(), journal.failureKey(), journal.failureArgs());
        }
        Optional<Instant> newest = folder(null).newestVerified().map(BackupFolder.Entry::takenAt);
        if (newest.isEmpty() || newest.get().isBefore(clock.instant().minus(STALE_AFTER))) {
            return new Status.Stale(newest);
        }
        return new Status.Fine(newest.get());
    }

    /**
     * Whether the daily backup is due: none has succeeded since the last daily time passed
     * (a computer that was off at 20:00 backs up when it next runs), and none was tried in the
     * last hour (a failing backup is tried again hourly, not in a loop).
     */
    public boolean dailyDue() {
        BackupJournal journal = journal();
        Instant now = clock.instant();
        var today = now.atZone(zone).toLocalDate();
        Instant todays = today.atTime(settings().dailyAt()).atZone(zone).toInstant();
        Instant last = now.isBefore(todays) ? today.minusDays(1).atTime(settings().dailyAt()).atZone(zone).toInstant() : todays;
        boolean succeededSince = journal.lastSuccess().map(s -> !s.isBefore(last)).orElse(false);
        boolean triedRecently = journal.lastAttempt().map(a -> a.isAfter(now.minus(Duration.ofHours(1)))).orElse(false);
        return !succeededSince && !triedRecently;
    }
}
