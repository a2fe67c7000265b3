package app.salondesk.faults;

import app.salondesk.Main;
import app.salondesk.cli.CliTestAccess;
import app.salondesk.db.ConnectionSettings;
import app.salondesk.db.TestPostgres;
import app.salondesk.logic.booking.BookingEngine;
import app.salondesk.runtime.Backend;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.time.Duration;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Issue 15, "the app killed in the middle of an import": {@code salondesk import bookings} runs
 * in a JVM of its own and is killed with SIGKILL while it waits for a master's lock half-way
 * through the file. Running the same import again books no row twice and says which rows were
 * already there; so does the same file moved, renamed and saved again by a spreadsheet.
 */
class ImportKilledFaultTest {

    private static final int FIRST_MASTER_ROWS = 20;
    private static final int SECOND_MASTER_ROWS = 30;
    private static final int ROWS = FIRST_MASTER_ROWS + SECOND_MASTER_ROWS;
    private static final Pattern BOOKED = Pattern.compile("row (\\d+): booked #(\\d+) .*");
    private static final Pattern ALREADY = Pattern.compile("row (\\d+): already imported \\(booking #(\\d+)\\)");

    @TempDir
    Path dir;

    @Test
    void anImportKilledHalfWayAndRunAgainBooksEachRowOnceAndSaysWhichWereThere() throws Exception {
        ConnectionSettings db = TestPostgres.migratedDatabase("importkilled");
        FaultSalon salon;
        try (Backend backend = Backend.connect(db, 2)) {
            salon = FaultSalon.create(backend.dsl(), 2);
        }
        Path csv = dir.resolve("bookings.csv");
        List<String> rows = new ArrayList<>();
        for (int i = 0; i < ROWS; i++) {
            int master = i < FIRST_MASTER_ROWS ? 1 : 2;
            int slot = i < FIRST_MASTER_ROWS ? i : i - FIRST_MASTER_ROWS;
            LocalDateTime start = FaultSalon.slot(slot).atZone(FaultSalon.ZONE).toLocalDateTime();
            rows.add("Master " + master + "," + start + ",30,Client " + (i + 1) + ",,,row " + (i + 1));
        }
        Files.writeString(csv, "master,start,duration_min,client_name,client_phone,service,note\n" + String.join("\n", rows) + "\n");

        // The second master's schedule is held by "another desk": the import books the first
        // master's rows, then waits for that lock in its 21st row's transaction — and is killed there.
        List<Long> firstRun = new ArrayList<>();
        try (Connection otherDesk = TestPostgres.connect(db)) {
            otherDesk.setAutoCommit(false);
            otherDesk.createStatement().execute(BookingEngine.lockStatement(salon.tenant, salon.masters.get(1)));
            Process app = importInChildJvm(db, salon, csv, dir.resolve("home1"));
            try (BufferedReader out = new BufferedReader(new InputStreamReader(app.getInputStream(), StandardCharsets.UTF_8))) {
                String line;
                while (firstRun.size() < FIRST_MASTER_ROWS && (line = out.readLine()) != null) {
                    if (!isImportLine(line)) {
                        continue;
                    }
                    Matcher m = BOOKED.matcher(line);
                    assertTrue(m.matches(), "only bookings before the kill: " + line);
                    firstRun.add(Long.parseLong(m.group(2)));
                }
                assertEquals(FIRST_MASTER_ROWS, firstRun.size(), "the import answered the first master's rows"
                        + Processes.errorsOf(dir.resolve("home1.err")));
                Processes.kill9(app.pid());
                assertTrue(app.waitFor(60, TimeUnit.SECONDS));
                assertEquals(137, app.exitValue(), "killed by SIGKILL");
            } finally {
                app.destroyForcibly();
            }
            otherDesk.rollback();
        }
        assertEquals(FIRST_MASTER_ROWS, count(db, "SELECT count(*) FROM bookings WHERE source = 'import'"),
                "what was answered is there, the row killed in its transaction is not");
        assertEquals(FIRST_MASTER_ROWS, count(db, "SELECT count(*) FROM clients WHERE name LIKE 'Client %'"),
                "the killed row's new client went with its transaction");

        // The same import again, to the end.
        Process again = importInChildJvm(db, salon, csv, dir.resolve("home2"));
        String output = new String(again.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(again.waitFor(180, TimeUnit.SECONDS));
        assertEquals(0, again.exitValue(), output + Processes.errorsOf(dir.resolve("home2.err")));
        List<String> lines = output.lines().filter(ImportKilledFaultTest::isImportLine).toList();
        assertEquals(ROWS + 1, lines.size(), output);
        for (int i = 0; i < FIRST_MASTER_ROWS; i++) {
            assertEquals("row " + (i + 2) + ": already imported (booking #" + firstRun.get(i) + ")", lines.get(i));
        }
        for (int i = FIRST_MASTER_ROWS; i < ROWS; i++) {
            assertTrue(lines.get(i).startsWith("row " + (i + 2) + ": booked #"), lines.get(i));
        }
        assertEquals("booked=30 already-imported=20 time-taken=0 try-again=0 invalid=0", lines.get(ROWS));
        assertEachRowBookedOnce(db);

        // The same rows, moved and renamed, saved again by a spreadsheet: a byte-order mark,
        // semicolons, Windows line ends, the columns and the rows in another order.
        Path moved = Files.createDirectories(dir.resolve("Documents/old CRM")).resolve("bookings (2).csv");
        List<String> resaved = new ArrayList<>();
        for (String row : rows) {
            String[] c = row.split(",", -1);
            resaved.add(String.join(";", c[6], c[3], c[0], c[1], c[2], c[4], c[5]));
        }
        Collections.reverse(resaved);
        Files.writeString(moved, "\uFEFFnote;client_name;master;start;duration_min;client_phone;service\r\n"
                + String.join("\r\n", resaved) + "\r\n", StandardCharsets.UTF_8);
        CliTestAccess.Run third = CliTestAccess.run(new String[]{"--db-url", db.url(), "--user", db.user(), "--password", db.password(),
                "import", "bookings", "--tenant", Long.toString(salon.tenant), moved.toString()}, "");
        assertEquals(0, third.exit(), third.out() + third.err());
        List<String> thirdLines = third.out().strip().lines().toList();
        assertTrue(thirdLines.subList(0, ROWS).stream().allMatch(l -> ALREADY.matcher(l).matches()), third.out());
        assertEquals("booked=0 already-imported=50 time-taken=0 try-again=0 invalid=0", thirdLines.get(ROWS));
        assertEachRowBookedOnce(db);
    }

    /** The import's own output; the child's test class path may add logback's status lines. */
    private static boolean isImportLine(String line) {
        return line.startsWith("row ") || line.startsWith("booked=");
    }

    private static void assertEachRowBookedOnce(ConnectionSettings db) throws Exception {
        assertEquals(ROWS, count(db, "SELECT count(*) FROM bookings WHERE source = 'import'"));
        assertEquals(ROWS, count(db, "SELECT count(DISTINCT note) FROM bookings WHERE source = 'import'"), "each row once");
        assertEquals(ROWS, count(db, "SELECT count(*) FROM clients WHERE name LIKE 'Client %'"), "each row's client once");
        assertEquals(0, count(db, "SELECT count(*) FROM bookings a JOIN bookings b ON a.master_id = b.master_id AND a.id < b.id"
                + " AND a.starts_at = b.starts_at"), "no booking twice");
    }

    private static Process importInChildJvm(ConnectionSettings db, FaultSalon salon, Path csv, Path home) throws Exception {
        ProcessBuilder pb = Processes.childJvm(Main.class, "--db-url", db.url(), "--user", db.user(), "--password", db.password(),
                "import", "bookings", "--tenant", Long.toString(salon.tenant), csv.toString());
        pb.environment().put("SALONDESK_HOME", home.toString());
        pb.environment().remove("SALONDESK_DB_URL");
        pb.redirectError(home.resolveSibling(home.getFileName() + ".err").toFile());
        return pb.start();
    }

    private static int count(ConnectionSettings db, String sql) throws Exception {
        try (Connection c = TestPostgres.connect(db); var rs = c.createStatement().executeQuery(sql)) {
            rs.next();
            return rs.getInt(1);
        }
    }
}
