package app.salondesk.logic.backup;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.time.temporal.IsoFields;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * The backups in a folder, known by their names: {@code salondesk-20261201-200000.zip} was taken
 * at that local time of this computer (a file's own date changes when it is copied to a stick;
 * its name does not). A backup that was loaded back and checked has a {@code .verified} file
 * beside it. Files of other names are never touched.
 */
public final class BackupFolder {

    private static final Logger log = LoggerFactory.getLogger(BackupFolder.class);
    private static final Pattern NAME = Pattern.compile("salondesk-(\\d{8}-\\d{6})(?:-(\\d+))?\\.zip");
    private static final DateTimeFormatter STAMP = DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss");

    /** One backup file: when it was taken, how big it is, and whether it was checked. */
    public record Entry(Path path, Instant takenAt, long size, boolean verified) {
    }

    private final Path dir;
    private final ZoneId zone;

    public BackupFolder(Path dir, ZoneId zone) {
        this.dir = dir;
        this.zone = zone;
    }

    public Path dir() {
        return dir;
    }

    /** A new file's name for a backup taken now (never one that exists). */
    Path newFile(Instant now) {
        String stamp = STAMP.format(LocalDateTime.ofInstant(now, zone));
        Path p = dir.resolve("salondesk-" + stamp + ".zip");
        for (int n = 2; Files.exists(p); n++) {
            p = dir.resolve("salondesk-" + stamp + "-" + n + ".zip");
        }
        return p;
    }

    /** The backups here, newest first. */
    public List<Entry> list() throws IOException {
        if (!Files.isDirectory(dir)) {
            return List.of();
        }
        List<Entry> out = new ArrayList<>();
        try (Stream<Path> files = Files.list(dir)) {
            for (Path p : files.toList()) {
                Matcher m = NAME.matcher(p.getFileName().toString());
                if (m.matches() && Files.isRegularFile(p)) {
                    Instant at = LocalDateTime.parse(m.group(1), STAMP).atZone(zone).toInstant();
                    out.add(new Entry(p, at, Files.size(p), Files.exists(marker(p))));
                }
            }
        }
        out.sort(Comparator.comparing(Entry::takenAt).thenComparing(e -> e.path().getFileName().toString()).reversed());
        return out;
    }

    /** The newest backup that was loaded back and checked. */
    public Optional<Entry> newestVerified() throws IOException {
        return list().stream().filter(Entry::verified).findFirst();
    }

    void markVerified(Path backup, Instant at) throws IOException {
        Files.writeString(marker(backup), "verified_at=" + at + "\n");
    }

    static boolean isVerified(Path backup) {
        return Files.exists(marker(backup));
    }

    /**
     * Deletes the backups no rule keeps: the newest of each of the last {@code keepDaily} days
     * that have one, and the newest of each of the last {@code keepWeekly} ISO weeks (as restic's
     * {@code --keep-daily/--keep-weekly}: a file may count for both). The newest backup is
     * always kept. Returns the deleted files.
     */
    public List<Path> rotate(int keepDaily, int keepWeekly) throws IOException {
        List<Entry> all = list();
        Set<Path> keep = keep(all, keepDaily, keepWeekly, zone);
        List<Path> deleted = new ArrayList<>();
        for (Entry e : all) {
            if (!keep.contains(e.path())) {
                Files.deleteIfExists(e.path());
                Files.deleteIfExists(marker(e.path()));
                deleted.add(e.path());
            }
        }
        if (!deleted.isEmpty()) {
            log.info("rotation deleted {} old backup(s) in {}", deleted.size(), dir);
        }
        return deleted;
    }

    /** What rotation keeps of {@code newestFirst}. */
    static Set<Path> keep(List<Entry> newestFirst, int keepDaily, int keepWeekly, ZoneId zone) {
        Set<Path> keep = new HashSet<>();
        Set<LocalDate> days = new HashSet<>();
        Set<String> weeks = new HashSet<>();
        for (Entry e : newestFirst) {
            LocalDate day = LocalDate.ofInstant(e.takenAt(), zone);
            String week = day.get(IsoFields.WEEK_BASED_YEAR) + "-W" + day.get(IsoFields.WEEK_OF_WEEK_BASED_YEAR);
            if (keep.isEmpty()) {
                keep.add(e.path());
            }
            if (!days.contains(day) && days.size() < keepDaily) {
                keep.add(e.path());
            }
            if (!weeks.contains(week) && weeks.size() < keepWeekly) {
                keep.add(e.path());
            }
            days.add(day);
            weeks.add(week);
        }
        return keep;
    }

    private static Path marker(Path backup) {
        return backup.resolveSibling(backup.getFileName() + ".verified");
    }
}
