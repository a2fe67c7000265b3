package app.salondesk.cli;

import app.salondesk.runtime.AppHome;
import app.salondesk.runtime.Backend;
import app.salondesk.runtime.DbOptions;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code salondesk backup create|list|verify|restore} on a home folder's embedded database:
 * {@code backup=PATH}, exit code 0 only when everything succeeded, one sentence on standard
 * error otherwise, and a damaged file or an open desk changes nothing.
 */
class BackupCommandTest {

    @TempDir
    static Path dir;
    private static AppHome home;
    private static Locale saved;

    record Run(int exit, String out, String err) {
        List<String> lines() {
            return out.isBlank() ? List.of() : Arrays.asList(out.strip().split("\\R"));
        }
    }

    @BeforeAll
    static void demoSalon() {
        saved = Locale.getDefault();
        Locale.setDefault(Locale.ENGLISH);
        home = new AppHome(dir.resolve("home"));
        assertEquals(0, run("demo").exit());
    }

    @AfterAll
    static void locale() {
        Locale.setDefault(saved);
    }

    static Run run(String... args) {
        CommandLine cl = SalonDeskCommand.commandLine(home);
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        cl.setOut(new PrintWriter(out, true));
        cl.setErr(new PrintWriter(err, true));
        int exit = cl.execute(args);
        return new Run(exit, out.toString(), err.toString());
    }

    private static long bookings() {
        try (Backend b = Backend.open(home, DbOptions.embedded())) {
            return b.dsl().resultQuery("SELECT count(*) FROM bookings").fetchOne(0, Long.class);
        }
    }

    @Test
    void aBackupIsTakenListedCheckedAndRestored() throws Exception {
        Path folder = dir.resolve("stick");
        Run made = run("backup", "create", "--to", folder.toString());
        assertEquals(0, made.exit(), made.toString());
        assertTrue(made.lines().get(0).startsWith("backup=" + folder.resolve("salondesk-")), made.toString());
        Path file = Path.of(made.lines().get(0).substring("backup=".length()));
        assertTrue(Files.isRegularFile(file));
        assertTrue(made.lines().contains("verified=true"), made.toString());

        Run list = run("backup", "list", "--in", folder.toString());
        assertEquals(0, list.exit());
        assertEquals(1, list.lines().size(), list.toString());
        assertTrue(list.lines().get(0).startsWith(file + "\t"), list.toString());
        assertTrue(list.lines().get(0).endsWith("\t" + Files.size(file) + "\tverified"), list.toString());

        Run verified = run("backup", "verify", file.toString());
        assertEquals(0, verified.exit(), verified.toString());
        assertEquals("verified=" + file, verified.lines().get(0));

        long before = bookings();
        try (Backend b = Backend.open(home, DbOptions.embedded())) {
            b.dsl().execute("DELETE FROM bookings WHERE id IN (SELECT id FROM bookings ORDER BY id LIMIT 5)");
        }
        assertEquals(before - 5, bookings());
        Run restored = run("backup", "restore", file.toString());
        assertEquals(0, restored.exit(), restored.toString());
        assertEquals("restored=" + file, restored.lines().get(0));
        assertEquals(before, bookings(), "the deleted bookings are back");
    }

    @Test
    void aTruncatedFileIsRefusedOnStandardErrorAndChangesNothing() throws Exception {
        Run made = run("backup", "create", "--to", dir.resolve("cut").toString());
        assertEquals(0, made.exit(), made.toString());
        Path file = Path.of(made.lines().get(0).substring("backup=".length()));
        byte[] bytes = Files.readAllBytes(file);
        Path cut = dir.resolve("cut/half.zip");
        Files.write(cut, Arrays.copyOf(bytes, bytes.length / 2));
        long before = bookings();

        for (String command : List.of("restore", "verify")) {
            Run refused = run("backup", command, cut.toString());
            assertEquals(1, refused.exit(), refused.toString());
            assertEquals("", refused.out());
            assertEquals("The backup " + cut + " is incomplete: the file ends too early (cut short while copying?). Nothing was changed.",
                    refused.err().strip());
        }
        assertEquals(before, bookings());
        Run missing = run("backup", "verify", dir.resolve("nothing.zip").toString());
        assertEquals(1, missing.exit());
        assertEquals("There is no backup file " + dir.resolve("nothing.zip") + ".", missing.err().strip());
    }

    @Test
    void restoreIsRefusedWhileADeskHoldsTheHome() throws Exception {
        Run made = run("backup", "create", "--to", dir.resolve("open").toString());
        Path file = Path.of(made.lines().get(0).substring("backup=".length()));
        try (AppHome.Lock desk = home.lock()) {
            Run refused = run("backup", "restore", file.toString());
            assertEquals(1, refused.exit(), refused.toString());
            assertEquals("SalonDesk is open on " + home.dir() + ". Close it first, or restore from \u2630 \u2192 Settings \u2192 Backups in its window.",
                    refused.err().strip());
        }
    }

    @Test
    void aSharedServerIsItsAdministratorsToBackUp() {
        Run refused = run("--db-url", "jdbc:postgresql://db.salon.lan/salondesk", "backup", "create");
        assertEquals(1, refused.exit());
        assertTrue(refused.err().startsWith("This command backs up the database on this computer. A shared server is backed up by its administrator"),
                refused.err());
    }
}
