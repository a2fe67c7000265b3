package app.salondesk.cli;

import app.salondesk.db.ConnectionSettings;
import app.salondesk.db.TestPostgres;
import app.salondesk.runtime.AppHome;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code salondesk book} and {@code salondesk import bookings} against the demo salon: one line
 * per answer and the exit codes 0 booked, 3 time taken, 4 try again, 2 invalid.
 * 7 January 2030 is a Monday: Olena works 09:00–13:00 and 14:00–18:00, Marta is off.
 */
class BookingCommandsTest {

    private static ConnectionSettings db;

    @TempDir
    Path home;

    /** The demo's home: a folder of this class's own, not java.io.tmpdir, which every test JVM shares. */
    @TempDir
    static Path demoHome;

    private record Run(int exit, String out, String err) {
        List<String> lines() {
            return out.strip().lines().toList();
        }
    }

    @BeforeAll
    static void demoSalon() {
        db = TestPostgres.freshDatabase("clibook");
        CommandLine cl = SalonDeskCommand.commandLine(new AppHome(demoHome));
        cl.setOut(new PrintWriter(new StringWriter()));
        assertEquals(0, cl.execute("--db-url", db.url(), "--user", db.user(), "--password", db.password(), "demo"));
    }

    @BeforeEach
    void noBookingsIn2030() throws Exception {
        sql("DELETE FROM bookings WHERE starts_at >= '2030-01-01'");
    }

    private Run run(String... args) {
        CommandLine cl = SalonDeskCommand.commandLine(new AppHome(home));
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        cl.setOut(new PrintWriter(out, true));
        cl.setErr(new PrintWriter(err, true));
        List<String> all = new ArrayList<>(List.of("--db-url", db.url(), "--user", db.user(), "--password", db.password()));
        all.addAll(List.of(args));
        int exit = cl.execute(all.toArray(String[]::new));
        return new Run(exit, out.toString(), err.toString());
    }

    @Test
    void bookThenTheSameTimeAgainGetsTheNearestFreeTimes() {
        Run first = run("book", "--master", "Olena Kovalenko", "--start", "2030-01-07T10:00", "--service", "Women's haircut",
                "--client", "Maryna Test", "--phone", "067 000 11 22");
        assertEquals(0, first.exit(), first.out() + first.err());
        assertTrue(first.out().matches("booked #\\d+ Olena Kovalenko 2030-01-07 10:00-11:00\\R"), first.out());

        Run second = run("book", "--master", "olena kovalenko", "--start", "2030-01-07T10:30", "--duration", "60", "--client", "Nina");
        assertEquals(3, second.exit(), second.out());
        assertTrue(second.out().startsWith("time-taken; nearest free: 09:00, 11:00, 11:15, "), second.out());
        assertTrue(second.out().contains("(Andrii Tkachenko)") || second.out().contains("(Sofiia Melnyk)") || second.out().contains("(Iryna Bondar)"),
                "a custom booking may go to any master who is free: " + second.out());
    }

    @Test
    void badInputIsInvalidWithExitCodeTwo() {
        Run start = run("book", "--master", "Olena Kovalenko", "--start", "tomorrow 3pm", "--duration", "30", "--client", "X");
        assertEquals(2, start.exit());
        assertEquals("invalid: start is not a date-time (write it like 2026-12-01T15:00): tomorrow 3pm", start.out().strip());

        Run zero = run("book", "--master", "Olena Kovalenko", "--start", "2030-01-07T10:00", "--duration", "0", "--client", "X");
        assertEquals(2, zero.exit());
        assertEquals("invalid: the duration must be 1 to 720 minutes, not 0", zero.out().strip());

        Run nobody = run("book", "--master", "Nobody", "--start", "2030-01-07T10:00", "--duration", "30", "--client", "X");
        assertEquals(2, nobody.exit());
        assertEquals("invalid: there is no such master: Nobody", nobody.out().strip());

        Run offHours = run("book", "--master", "Olena Kovalenko", "--start", "2030-01-07T13:30", "--duration", "60", "--client", "X");
        assertEquals(2, offHours.exit());
        assertEquals("invalid: the master does not work at that time", offHours.out().strip());

        Run missing = run("book", "--master", "Olena Kovalenko", "--start", "2030-01-07T10:00");
        assertEquals(2, missing.exit(), "picocli's usage error");
        assertTrue(missing.err().contains("--client"), missing.err());
    }

    @Test
    void aLockedScheduleAnswersTryAgainWithExitCodeFour() throws Exception {
        long tenant;
        long olena;
        try (Connection c = TestPostgres.connect(db); Statement s = c.createStatement()) {
            ResultSet rs = s.executeQuery("SELECT tenant_id, id FROM masters WHERE name = 'Olena Kovalenko'");
            rs.next();
            tenant = rs.getLong(1);
            olena = rs.getLong(2);
        }
        try (Connection holder = TestPostgres.connect(db)) {
            holder.setAutoCommit(false);
            holder.createStatement().execute(app.salondesk.logic.booking.BookingEngine.lockStatement(tenant, olena));
            Run r = run("book", "--master", "Olena Kovalenko", "--start", "2030-01-07T10:00", "--duration", "30", "--client", "X");
            assertEquals(4, r.exit(), r.out());
            assertTrue(r.out().startsWith("try again: "), r.out());
            holder.rollback();
        }
    }

    @Test
    void importProcessesGoodConflictingAndBrokenRowsAndIsIdempotent() throws Exception {
        Path csv = home.resolve("bookings.csv");
        Files.writeString(csv, String.join("\n",
                "master,start,duration_min,client_name,client_phone,service,note",
                "Olena Kovalenko,2030-01-07T09:00,,Oksana Import,+380501112233,Women's haircut,first visit",
                "Olena Kovalenko,2030-01-07T09:30,30,Petro Import,,,",
                "Olena Kovalenko,next monday,30,Broken Date,,,",
                "Olena Kovalenko,2030-01-07T11:00,abc,Broken Duration,,,",
                "Ghost,2030-01-07T11:00,30,Nobody's,,,",
                "Olena Kovalenko,2030-01-07T11:00,30,,,,",
                "Olena Kovalenko,2030-01-07T11:00,30,\"Robert'); DROP TABLE bookings;--\",,,",
                "Olena Kovalenko,2030-01-07T12:00,30,Too Long " + "x".repeat(10_000) + ",,,",
                "Olena Kovalenko,2030-01-07T12:00,30,\u0410\u043d\u043d\u0430 \uD83C\uDF38,067 123 45 67,,"), StandardCharsets.UTF_8);
        Run r = run("import", "bookings", csv.toString());
        assertEquals(2, r.exit(), "rows were refused: a script must notice\n" + r.out() + r.err());
        List<String> lines = r.lines();
        assertEquals(10, lines.size(), r.out());
        assertTrue(lines.get(0).matches("row 2: booked #\\d+ Olena Kovalenko 2030-01-07 09:00-10:00"), lines.get(0));
        assertTrue(lines.get(1).startsWith("row 3: time-taken; nearest free: "), lines.get(1));
        assertEquals("row 4: invalid: start is not a date-time (write it like 2026-12-01T15:00): next monday", lines.get(2));
        assertEquals("row 5: invalid: duration_min is not a whole number of minutes: abc", lines.get(3));
        assertEquals("row 6: invalid: there is no such master: Ghost", lines.get(4));
        assertEquals("row 7: invalid: client_name is empty", lines.get(5));
        assertTrue(lines.get(6).startsWith("row 8: booked #"), lines.get(6));
        assertTrue(lines.get(7).startsWith("row 9: invalid: the client's name is too long"), lines.get(7));
        assertTrue(lines.get(8).startsWith("row 10: booked #"), lines.get(8));
        assertEquals("booked=3 already-imported=0 time-taken=1 try-again=0 invalid=5", lines.get(9));
        try (Connection c = TestPostgres.connect(db); Statement s = c.createStatement()) {
            ResultSet rs = s.executeQuery("SELECT count(*) FROM bookings WHERE starts_at >= '2030-01-01' AND source = 'import'");
            rs.next();
            assertEquals(3, rs.getInt(1));
            rs = s.executeQuery("SELECT count(*) FROM clients WHERE name LIKE 'Too Long%' OR name IN ('Broken Date', 'Broken Duration', 'Nobody''s')");
            rs.next();
            assertEquals(0, rs.getInt(1), "refused rows leave no clients behind");
        }

        Run again = run("import", "bookings", csv.toString());
        assertEquals(alreadyImported(r.out()), again.out(), "the same file again finds the same bookings and says so");
        assertEquals(2, again.exit());
    }

    @Test
    void aSemicolonFileAsExcelSavesItInUkrainianImportsAndTheExitCodeSaysHowItWent() throws Exception {
        Path csv = home.resolve("excel-uk.csv");
        Files.writeString(csv, "\uFEFFmaster;start;duration_min;client_name;client_phone;service;note\r\n"
                + "Olena Kovalenko;2030-01-07T15:00;30;\u0421\u0435\u043c\u0456 \u041a\u043e\u043b\u043e\u043d;067 999 11 88;;\"\u043f\u0435\u0440\u0448\u0438\u0439; \u0432\u0456\u0437\u0438\u0442\"\r\n",
                StandardCharsets.UTF_8);
        Run r = run("import", "bookings", csv.toString());
        assertEquals(0, r.exit(), r.out() + r.err());
        assertTrue(r.lines().get(0).matches("row 2: booked #\\d+ Olena Kovalenko 2030-01-07 15:00-15:30"), r.out());
        assertEquals("booked=1 already-imported=0 time-taken=0 try-again=0 invalid=0", r.lines().get(1));
        Run again = run("import", "bookings", csv.toString());
        assertEquals(0, again.exit());
        assertEquals(alreadyImported(r.out()), again.out(), "the same booking found again");

        Path clash = home.resolve("clash.csv");
        Files.writeString(clash, "master\tstart\tduration_min\tclient_name\tclient_phone\n"
                + "Olena Kovalenko\t2030-01-07T15:00\t30\tSomeone Else\t\n", StandardCharsets.UTF_8);
        Run taken = run("import", "bookings", clash.toString());
        assertEquals(3, taken.exit(), "a time taken and nothing invalid: 3, as book says\n" + taken.out());
        assertEquals("booked=0 already-imported=0 time-taken=1 try-again=0 invalid=0", taken.lines().get(1));
    }

    @Test
    void aRowListedTwiceAsksForTwoBookingsOnEveryRun() throws Exception {
        Path csv = home.resolve("twice.csv");
        String row = "Olena Kovalenko,2030-01-07T16:00,30,Twice Listed,,,";
        Files.writeString(csv, "master,start,duration_min,client_name,client_phone,service,note\n" + row + "\n" + row + "\n");
        Run r = run("import", "bookings", csv.toString());
        assertTrue(r.lines().get(0).matches("row 2: booked #\\d+ Olena Kovalenko 2030-01-07 16:00-16:30"), r.out());
        assertTrue(r.lines().get(1).startsWith("row 3: time-taken; "), "the second is a booking of its own, refused: " + r.out());
        Run again = run("import", "bookings", csv.toString());
        assertTrue(again.lines().get(0).matches("row 2: already imported \\(booking #\\d+\\)"), again.out());
        assertTrue(again.lines().get(1).startsWith("row 3: time-taken; "), again.out());
        assertEquals("booked=0 already-imported=1 time-taken=1 try-again=0 invalid=0", again.lines().get(2));
        assertEquals(3, again.exit());
    }

    /** What a second run of an import prints: each row booked the first time is found, not booked again. */
    private static String alreadyImported(String firstRun) {
        String rows = firstRun.replaceAll("(?m)^(row \\d+): booked #(\\d+) .*$", "$1: already imported (booking #$2)");
        java.util.regex.Matcher summary = java.util.regex.Pattern.compile("(?m)^booked=(\\d+) already-imported=0 ").matcher(rows);
        assertTrue(summary.find(), rows);
        return summary.replaceFirst("booked=0 already-imported=" + summary.group(1) + " ");
    }

    @Test
    void aFileWithoutTheHeaderIsRefusedAsAWhole() throws Exception {
        Path csv = home.resolve("bad.csv");
        Files.writeString(csv, "who,when\nOlena,2030-01-07T10:00\n");
        Run r = run("import", "bookings", csv.toString());
        assertEquals(2, r.exit());
        assertTrue(r.out().startsWith("invalid: the first line must name the columns"), r.out());
        Run missing = run("import", "bookings", home.resolve("nope.csv").toString());
        assertEquals(2, missing.exit());
        assertTrue(missing.out().startsWith("invalid: the file cannot be read"), missing.out());
    }

    @Test
    void aSeriesOfSixOfWhichTwoCollidePrintsALinePerBookingAndTheCountsAndExitsThree() throws Exception {
        // another client has Olena at 10:00 on the third and the fifth Monday
        for (String day : List.of("2030-01-21", "2030-02-04")) {
            assertEquals(0, run("book", "--master", "Olena Kovalenko", "--start", day + "T10:00", "--duration", "60", "--client", "Nina").exit());
        }
        String request = "0b6f3e1c-55a2-4d5e-9a71-2c4f5d8e9b10";
        String[] series = {"book", "--master", "Olena Kovalenko", "--start", "2030-01-07T10:00", "--service", "Women's haircut",
                "--client", "Maryna Series", "--phone", "067 000 33 44", "--repeat-weeks", "1", "--times", "6", "--request-id", request};
        Run r = run(series);
        assertEquals(3, r.exit(), "some time was taken\n" + r.out() + r.err());
        List<String> lines = r.lines();
        assertEquals(7, lines.size(), r.out());
        assertTrue(lines.get(0).matches("1/6 2030-01-07 10:00: booked #\\d+ Olena Kovalenko 2030-01-07 10:00-11:00"), lines.get(0));
        assertTrue(lines.get(1).matches("2/6 2030-01-14 10:00: booked #\\d+ Olena Kovalenko 2030-01-14 10:00-11:00"), lines.get(1));
        assertTrue(lines.get(2).startsWith("3/6 2030-01-21 10:00: time-taken; nearest free: "), lines.get(2));
        assertTrue(lines.get(3).startsWith("4/6 2030-01-28 10:00: booked #"), lines.get(3));
        assertTrue(lines.get(4).startsWith("5/6 2030-02-04 10:00: time-taken; nearest free: "), lines.get(4));
        assertTrue(lines.get(5).startsWith("6/6 2030-02-11 10:00: booked #"), lines.get(5));
        assertEquals("booked=4 time-taken=2 try-again=0 invalid=0", lines.get(6));
        assertEquals(4, count("SELECT count(*) FROM bookings WHERE series_id = '" + request + "' AND source = 'cli'"));
        assertEquals(1, count("SELECT count(*) FROM clients WHERE name = 'Maryna Series'"), "one client for the whole series");

        // the same command again (a script re-run): the same four bookings, nothing written twice
        Run again = run(series);
        assertEquals(3, again.exit());
        assertEquals(r.out(), again.out());
        assertEquals(6, count("SELECT count(*) FROM bookings WHERE starts_at >= '2030-01-01'"));
    }

    @Test
    void aSeriesUntilADayWhoseEveryBookingIsFreeExitsZero() throws Exception {
        Run r = run("book", "--master", "Olena Kovalenko", "--start", "2030-01-07T15:00", "--duration", "30", "--client", "Free Series",
                "--repeat-weeks", "2", "--until", "2030-02-04");
        assertEquals(0, r.exit(), r.out());
        assertEquals(4, r.lines().size(), r.out());
        assertTrue(r.lines().get(2).matches("3/3 2030-02-04 15:00: booked #\\d+ Olena Kovalenko 2030-02-04 15:00-15:30"), r.out());
        assertEquals("booked=3 time-taken=0 try-again=0 invalid=0", r.lines().get(3));
    }

    @Test
    void aSeriesThatCannotBeIsInvalidBeforeAnythingIsBooked() throws Exception {
        Run once = run("book", "--master", "Olena Kovalenko", "--start", "2030-01-07T15:00", "--duration", "30", "--client", "X",
                "--repeat-weeks", "1", "--times", "1");
        assertEquals(2, once.exit());
        assertEquals("invalid: a series has 2 to 52 bookings, the first included", once.out().strip());
        Run alone = run("book", "--master", "Olena Kovalenko", "--start", "2030-01-07T15:00", "--duration", "30", "--client", "X",
                "--times", "4");
        assertEquals(2, alone.exit());
        assertEquals("invalid: --times and --until go with --repeat-weeks", alone.out().strip());
        Run both = run("book", "--master", "Olena Kovalenko", "--start", "2030-01-07T15:00", "--duration", "30", "--client", "X",
                "--repeat-weeks", "1", "--times", "4", "--until", "2030-03-01");
        assertEquals(2, both.exit());
        assertEquals("invalid: say how many times, or until which day", both.out().strip());
        assertEquals(0, count("SELECT count(*) FROM bookings WHERE starts_at >= '2030-01-01'"));
    }

    private static int count(String query) throws Exception {
        try (Connection c = TestPostgres.connect(db); Statement s = c.createStatement(); ResultSet rs = s.executeQuery(query)) {
            rs.next();
            return rs.getInt(1);
        }
    }

    private static void sql(String statement) throws Exception {
        try (Connection c = TestPostgres.connect(db); Statement s = c.createStatement()) {
            s.execute(statement);
        }
    }
}
