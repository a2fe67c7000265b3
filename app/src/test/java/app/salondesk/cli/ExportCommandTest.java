package app.salondesk.cli;

import app.salondesk.logic.booking.EngineFixture;
import app.salondesk.logic.clients.StaffLogins;
import com.fasterxml.jackson.jr.ob.JSON;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVParser;
import org.apache.commons.csv.CSVRecord;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static app.salondesk.logic.booking.EngineFixture.at;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code salondesk export bookings|clients|schedule|client}: a file and its {@code file=}/{@code rows=}
 * lines, or the file itself on standard output with {@code --out -}; the exported bookings import
 * back; bad input is one {@code invalid:} line, exit code 2 and no file; a client's file is the
 * salon's admins' only, as the database says.
 */
class ExportCommandTest {

    private static EngineFixture f;
    private static SetupCli cli;
    private static StaffLogins logins;
    private static String receptionist;
    private static String admin;

    @BeforeAll
    static void salon() {
        f = new EngineFixture("cliexport", 2);
        cli = new SetupCli(f.backend.database().settings());
        logins = new StaffLogins(f.dsl, f.backend.database().settings());
        receptionist = logins.add(f.tenant, "rcp", "receptionist");
        admin = logins.add(f.tenant, "adm", "admin");
        f.booked(f.engine.book(f.cutWith(f.anna, at(10, 0))));
        f.booked(f.engine.book(f.cutWith(f.bohdan, at(12, 0))));
        f.booked(f.engine.book(f.cutWith(f.anna, EngineFixture.DAY.plusDays(1).atTime(9, 0).atZone(EngineFixture.ZONE).toInstant())));
    }

    @AfterAll
    static void close() {
        logins.close();
        f.close();
    }

    private static List<CSVRecord> csv(String text) throws Exception {
        String body = text.startsWith("\uFEFF") ? text.substring(1) : text;
        try (CSVParser p = CSVParser.parse(new StringReader(body), CSVFormat.DEFAULT.builder().setHeader().setSkipHeaderRecord(true).get())) {
            return p.getRecords();
        }
    }

    private static Path file(SetupCli.Run r) {
        assertEquals(0, r.exit(), r.toString());
        assertTrue(r.lines().get(0).startsWith("file="), r.toString());
        return Path.of(r.lines().get(0).substring("file=".length()));
    }

    @Test
    void bookingsGoToAFileThatImportsIntoAnotherSalon(@TempDir Path dir) throws Exception {
        Path out = dir.resolve("week.csv");
        SetupCli.Run r = cli.as(receptionist, StaffLogins.PASSWORD, "export", "bookings", "--from", EngineFixture.DAY.toString(),
                "--to", EngineFixture.DAY.plusDays(6).toString(), "--out", out.toString());
        assertEquals(out.toAbsolutePath(), file(r));
        assertEquals("rows=3", r.lines().get(1));
        List<CSVRecord> rows = csv(Files.readString(out, StandardCharsets.UTF_8));
        assertEquals(List.of("Anna", "Bohdan", "Anna"), rows.stream().map(x -> x.get("master")).toList());
        assertEquals("2030-01-07T10:00", rows.get(0).get("start"));
        assertEquals("Iryna", rows.get(0).get("client_name"));

        // one day only: the first two
        SetupCli.Run day = owner("export", "bookings", "--from", EngineFixture.DAY.toString(), "--to", EngineFixture.DAY.toString(),
                "--out", "-");
        assertEquals(0, day.exit(), day.toString());
        assertEquals(2, csv(day.out()).size());

        // the file is what import bookings reads: into a salon of its own, with the same masters and service
        long copy = f.id("INSERT INTO tenants (name, time_zone) VALUES ('Copy', 'Europe/Kyiv') RETURNING id");
        long cut = f.id("INSERT INTO services (tenant_id, name, duration_min) VALUES (" + copy + ", 'Cut', 60) RETURNING id");
        for (String m : List.of("Anna", "Bohdan")) {
            long id = f.id("INSERT INTO masters (tenant_id, name) VALUES (" + copy + ", '" + m + "') RETURNING id");
            f.dsl.execute("INSERT INTO master_working_hours (tenant_id, master_id, weekday, starts_at, ends_at) "
                    + "SELECT " + copy + ", " + id + ", d, '08:00', '20:00' FROM generate_series(1, 7) d");
            f.dsl.execute("INSERT INTO master_services (tenant_id, master_id, service_id) VALUES (" + copy + ", " + id + ", " + cut + ")");
        }
        SetupCli.Run imported = cli.owner("import", "bookings", out.toString(), "--tenant", Long.toString(copy));
        assertEquals(0, imported.exit(), imported.toString());
        assertEquals(3, f.count("SELECT count(*) FROM bookings WHERE tenant_id = " + copy));
    }

    @Test
    void clientsAndAScheduleAreExported(@TempDir Path dir) throws Exception {
        SetupCli.Run clients = cli.as(receptionist, StaffLogins.PASSWORD, "export", "clients", "--out", dir.resolve("c.csv").toString());
        List<CSVRecord> rows = csv(Files.readString(file(clients), StandardCharsets.UTF_8));
        assertEquals(f.count("SELECT count(*) FROM clients WHERE tenant_id = " + f.tenant), rows.size());
        assertEquals("3", rows.stream().filter(x -> x.get("name").equals("Iryna")).findFirst().orElseThrow().get("bookings"));

        SetupCli.Run ics = owner("export", "schedule", "--master", "anna", "--from", EngineFixture.DAY.toString(),
                "--to", EngineFixture.DAY.plusDays(1).toString(), "--out", "-");
        assertEquals(0, ics.exit(), ics.toString());
        assertTrue(ics.out().startsWith("BEGIN:VCALENDAR"), ics.out());
        assertEquals(2, ics.out().lines().filter("BEGIN:VEVENT"::equals).count());
    }

    @Test
    void badInputIsOneLineAndWritesNothing(@TempDir Path dir) {
        Path out = dir.resolve("x.csv");
        refused(owner("export", "bookings", "--from", "2030-01-09", "--to", "2030-01-07", "--out", out.toString()),
                "the first day 2030-01-09 is after the last day 2030-01-07");
        refused(owner("export", "bookings", "--from", "9.1.2030", "--to", "2030-01-07", "--out", out.toString()),
                "this is not a date: 9.1.2030 (write it like 2026-12-01)");
        refused(owner("export", "schedule", "--master", "Olga", "--from", "2030-01-07", "--to", "2030-01-07", "--out", out.toString()),
                "there is no such master: Olga");
        refused(owner("export", "bookings", "--from", "2030-01-01", "--to", "2034-01-07", "--out", out.toString()),
                "at most 1098 days in one export: 2030-01-01..2034-01-07");
        refused(owner("export", "client", "999999", "--out", out.toString()), "there is no client 999999 in this salon");
        assertFalse(Files.exists(out), "no file");
        SetupCli.Run unwritable = owner("export", "clients", "--out", dir.resolve("no/such/folder/c.csv").toString());
        assertEquals(2, unwritable.exit(), unwritable.toString());
        assertTrue(unwritable.line().startsWith("invalid: could not write "), unwritable.toString());
    }

    @Test
    void aClientsWholeFileIsTheAdminsOnly(@TempDir Path dir) throws Exception {
        Path out = dir.resolve("iryna.json");
        refused(cli.as(receptionist, StaffLogins.PASSWORD, "export", "client", Long.toString(f.client), "--out", out.toString()),
                "you don't have permission to do this");
        assertFalse(Files.exists(out));
        SetupCli.Run r = cli.as(admin, StaffLogins.PASSWORD, "export", "client", Long.toString(f.client), "--out", out.toString());
        assertEquals(out.toAbsolutePath(), file(r));
        Map<String, Object> doc = JSON.std.mapFrom(Files.readString(out, StandardCharsets.UTF_8));
        assertEquals("Iryna", ((Map<?, ?>) doc.get("client")).get("name"));
        assertEquals(f.count("SELECT count(*) FROM bookings WHERE client_id = " + f.client), ((List<?>) doc.get("bookings")).size());
        assertEquals("bookings=" + ((List<?>) doc.get("bookings")).size(), r.lines().get(1));
    }

    /** The owner sees every salon (the import test adds one): it names the fixture's. */
    private static SetupCli.Run owner(String... args) {
        List<String> all = new java.util.ArrayList<>(List.of(args));
        all.add("--tenant");
        all.add(Long.toString(f.tenant));
        return cli.owner(all.toArray(String[]::new));
    }

    private static void refused(SetupCli.Run r, String line) {
        assertEquals(2, r.exit(), r.toString());
        assertEquals("invalid: " + line, r.line());
    }
}
