package app.salondesk.model.backup;

import app.salondesk.runtime.SettingsFile;

import java.io.IOException;
import java.nio.file.Path;
import java.time.LocalTime;
import java.time.format.DateTimeParseException;
import java.util.HashMap;
import java.util.Map;

/**
 * Where and when the automatic backups go, and how many are kept, in the home folder's
 * {@code settings.properties} (per computer: the embedded database is this computer's).
 *
 * @param dailyAt    the computer's local time of the daily backup
 * @param keepDaily  the newest backup of each of this many days is kept
 * @param keepWeekly and the newest of each of this many weeks
 */
public record BackupSettings(Path folder, LocalTime dailyAt, int keepDaily, int keepWeekly) {

    /** Settings file keys, not message keys. */
    private static final String KEY = "backup.";

    public static final LocalTime DEFAULT_TIME = LocalTime.of(20, 0);
    public static final int DEFAULT_DAILY = 7;
    public static final int DEFAULT_WEEKLY = 4;
    public static final int MAX_DAILY = 366;
    public static final int MAX_WEEKLY = 520;

    public BackupSettings {
        if (keepDaily < 1 || keepDaily > MAX_DAILY || keepWeekly < 0 || keepWeekly > MAX_WEEKLY) {
            throw new IllegalArgumentException("keep 1-" + MAX_DAILY + " daily and 0-" + MAX_WEEKLY + " weekly backups");
        }
        folder = folder.toAbsolutePath().normalize();
    }

    /** The home's backups folder by default: {@code ~/.salondesk/backups}. */
    public static BackupSettings defaults(Path home) {
        return new BackupSettings(home.resolve("backups"), DEFAULT_TIME, DEFAULT_DAILY, DEFAULT_WEEKLY);
    }

    public static BackupSettings load(SettingsFile file, Path home) {
        BackupSettings d = defaults(home);
        try {
            return new BackupSettings(
                    file.get(KEY + "folder").map(Path::of).orElse(d.folder()),
                    file.get(KEY + "time").map(LocalTime::parse).orElse(d.dailyAt()),
                    file.get(KEY + "keep_daily").map(Integer::parseInt).orElse(d.keepDaily()),
                    file.get(KEY + "keep_weekly").map(Integer::parseInt).orElse(d.keepWeekly()));
        } catch (DateTimeParseException | IllegalArgumentException e) {
            org.slf4j.LoggerFactory.getLogger(BackupSettings.class).warn("backup settings unreadable; using the defaults", e);
            return d;
        }
    }

    public void save(SettingsFile file) throws IOException {
        Map<String, String> v = new HashMap<>();
        v.put(KEY + "folder", folder.toString());
        v.put(KEY + "time", dailyAt.toString());
        v.put(KEY + "keep_daily", Integer.toString(keepDaily));
        v.put(KEY + "keep_weekly", Integer.toString(keepWeekly));
        file.put(v);
    }
}
