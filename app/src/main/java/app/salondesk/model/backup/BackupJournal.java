package app.salondesk.model.backup;

import app.salondesk.runtime.SettingsFile;

import java.io.IOException;
import java.time.Instant;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * How the last automatic or manual backup went, kept next to the settings so that the status
 * bar can say "the last backup failed" after a restart too.
 *
 * @param failureKey  the message key of the last attempt's failure; null when it succeeded
 * @param failureArgs its arguments, as text
 */
public record BackupJournal(Optional<Instant> lastAttempt, Optional<Instant> lastSuccess, String failureKey, List<String> failureArgs) {

    /** Settings file keys, not message keys. */
    private static final String KEY = "backup.";

    private static final String SEPARATOR = "\u001f";

    public static BackupJournal load(SettingsFile file) {
        return new BackupJournal(file.get(KEY + "last_attempt").map(Instant::parse), file.get(KEY + "last_success").map(Instant::parse),
                file.get(KEY + "last_failure").orElse(null),
                file.get(KEY + "last_failure_args").map(a -> Arrays.asList(a.split(SEPARATOR, -1))).orElse(List.of()));
    }

    public boolean lastFailed() {
        return failureKey != null;
    }

    public static void succeeded(SettingsFile file, Instant at) throws IOException {
        Map<String, String> v = new HashMap<>();
        v.put(KEY + "last_attempt", at.toString());
        v.put(KEY + "last_success", at.toString());
        v.put(KEY + "last_failure", null);
        v.put(KEY + "last_failure_args", null);
        file.put(v);
    }

    public static void failed(SettingsFile file, Instant at, String key, Object... args) throws IOException {
        Map<String, String> v = new HashMap<>();
        v.put(KEY + "last_attempt", at.toString());
        v.put(KEY + "last_failure", key);
        v.put(KEY + "last_failure_args", String.join(SEPARATOR, Arrays.stream(args).map(String::valueOf).toList()));
        file.put(v);
    }
}
