package app.salondesk.logic.backup;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.time.ZoneId;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Rotation keeps the newest backup of each of the last N days and of each of the last M weeks, and nothing else of ours. */
class BackupFolderTest {

    private static final ZoneId ZONE = ZoneId.of("Europe/Kyiv");

    @Test
    void rotationKeepsTheNewestOfEachOfTheLastDaysAndWeeks(@TempDir Path dir) throws Exception {
        // a backup at 20:00 and one on closing at 21:30 every day from 1 to 60 December 2026 (Tuesday 1 Dec)
        LocalDate first = LocalDate.of(2026, 12, 1);
        for (int d = 0; d < 45; d++) {
            String day = first.plusDays(d).toString().replace("-", "");
            Files.writeString(dir.resolve("salondesk-" + day + "-200000.zip"), "x");
            Files.writeString(dir.resolve("salondesk-" + day + "-213000.zip"), "x");
            Files.writeString(dir.resolve("salondesk-" + day + "-213000.zip.verified"), "verified_at=…");
        }
        Files.writeString(dir.resolve("my-notes.txt"), "not ours");
        Files.writeString(dir.resolve("salondesk-old-copy.zip"), "not ours either");

        new BackupFolder(dir, ZONE).rotate(7, 4);

        Set<String> left;
        try (Stream<Path> files = Files.list(dir)) {
            left = files.map(p -> p.getFileName().toString()).collect(Collectors.toCollection(TreeSet::new));
        }
        // last day 2027-01-14 (Thursday); daily: 8–14 January at 21:30; weekly (ISO weeks, newest of each):
        // week of 11 Jan → the 14th, of 4 Jan → Sunday the 10th, of 28 Dec → Sunday 3 Jan, of 21 Dec → Sunday 27 Dec
        Set<String> expected = new TreeSet<>(List.of("my-notes.txt", "salondesk-old-copy.zip"));
        for (String day : List.of("20270108", "20270109", "20270110", "20270111", "20270112", "20270113", "20270114",
                "20270103", "20261227")) {
            expected.add("salondesk-" + day + "-213000.zip");
            expected.add("salondesk-" + day + "-213000.zip.verified");
        }
        assertEquals(expected, left);
    }

    @Test
    void theFolderListsNewestFirstWithSizeAndCheckedState(@TempDir Path dir) throws Exception {
        Files.writeString(dir.resolve("salondesk-20261201-200000.zip"), "12345");
        Files.writeString(dir.resolve("salondesk-20261202-200000.zip"), "1");
        Files.writeString(dir.resolve("salondesk-20261202-200000.zip.verified"), "");
        List<BackupFolder.Entry> list = new BackupFolder(dir, ZONE).list();
        assertEquals(2, list.size());
        assertEquals("salondesk-20261202-200000.zip", list.get(0).path().getFileName().toString());
        assertTrue(list.get(0).verified());
        assertEquals(5, list.get(1).size());
        assertEquals(LocalDate.of(2026, 12, 1).atTime(20, 0).atZone(ZONE).toInstant(), list.get(1).takenAt());
        assertEquals(list.get(0).path(), new BackupFolder(dir, ZONE).newestVerified().orElseThrow().path());
    }

    @Test
    void oneBackupAlwaysStays(@TempDir Path dir) throws Exception {
        Files.writeString(dir.resolve("salondesk-20200101-200000.zip"), "x");
        new BackupFolder(dir, ZONE).rotate(1, 0);
        assertTrue(Files.exists(dir.resolve("salondesk-20200101-200000.zip")));
    }
}
