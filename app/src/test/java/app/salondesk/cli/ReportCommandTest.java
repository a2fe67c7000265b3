package app.salondesk.cli;

import app.salondesk.logic.booking.EngineFixture;
import app.salondesk.logic.reports.ReportTables;
import app.salondesk.logic.reports.ReportsRepository;
import app.salondesk.logic.staff.StaffRepository;
import app.salondesk.model.booking.Booking;
import app.salondesk.model.reports.ReportKind;
import app.salondesk.model.reports.ReportPeriod;
import app.salondesk.model.reports.ReportTable;
import app.salondesk.model.reports.SalonReport;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVRecord;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.StringReader;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code report} (issue 35): each kind as a manager's and an admin's login, as a table for reading and as CSV that
 * reads back to the figures of migration 50 (through {@link ReportsRepository}); a receptionist is refused (the
 * functions are managers' and admins'), another salon's id gives nothing, a bad kind, format or period is one
 * {@code invalid:} line and exit code 2.
 */
class ReportCommandTest {

    private static EngineFixture f;
    private static SetupCli cli;
    private static String s;
    private static final ReportPeriod WEEK = new ReportPeriod(EngineFixture.DAY.minusDays(1), EngineFixture.DAY.plusDays(5));

    @BeforeAll
    static void salon() {
        f = new EngineFixture("clireport", 2);
        cli = new SetupCli(f.backend.database().settings());
        s = Long.toString(System.nanoTime(), 36);
        new StaffRepository(f.dsl).add(f.tenant, "rboss_" + s, "Boss", "admin", "admin-password".toCharArray());
        new StaffRepository(f.dsl).add(f.tenant, "rmgr_" + s, "Manager", "manager", "manager-password".toCharArray());
        new StaffRepository(f.dsl).add(f.tenant, "rdesk_" + s, "Desk", "receptionist", "desk-password".toCharArray());
        // a week of cuts with Anna, Bohdan and Vira's nails; some no-shows, one cancelled
        for (int i = 0; i < 9; i++) {
            Booking b = f.booked(f.engine.book(f.cutWith(i % 2 == 0 ? f.anna : f.bohdan,
                    EngineFixture.at(9 + i % 6, 0).plusSeconds(86_400L * (i / 3)))));
            String status = i % 4 == 0 ? "no_show" : i == 5 ? "cancelled" : "completed";
            f.dsl.execute("UPDATE bookings SET status = ? WHERE id = ?", status, b.id());
        }
    }

    @AfterAll
    static void close() {
        f.close();
    }

    private static SetupCli.Run manager(String... args) {
        return cli.as("rmgr_" + s, "manager-password", args);
    }

    @Test
    void everyReportAsCsvReadsBackToTheDatabasesFiguresAndAsATableToTheSameCells() throws IOException {
        SalonReport report = new ReportsRepository(f.dsl).report(f.tenant, WEEK);
        assertEquals(8, report.total().bookings(), "the fixture's bookings, the cancelled one apart");
        for (ReportKind kind : ReportKind.values()) {
            ReportTable expected = ReportTables.of(kind, List.of(report));
            SetupCli.Run csv = manager("report", kind.cliName(), "--from", WEEK.from().toString(), "--to", WEEK.to().toString(), "--format", "csv");
            assertEquals(0, csv.exit(), csv.toString());
            List<List<String>> read = new ArrayList<>();
            for (CSVRecord r : CSVFormat.DEFAULT.parse(new StringReader(csv.out()))) {
                read.add(r.toList());
            }
            assertEquals(expected.columns(), read.get(0), kind.cliName());
            assertEquals(expected.rows(), read.subList(1, read.size()), kind.cliName());
            SetupCli.Run table = cli.as("rboss_" + s, "admin-password", "report", kind.cliName(), "--from", WEEK.from().toString(),
                    "--to", WEEK.to().toString());
            assertEquals(0, table.exit(), table.toString());
            List<String> lines = table.lines();
            assertEquals(expected.rows().size() + 1, lines.size(), table.out());
            for (int i = 0; i < expected.rows().size(); i++) {
                assertEquals(expected.rows().get(i), List.of(lines.get(i + 1).strip().split("\\s{2,}")), kind.cliName() + " row " + i);
            }
        }
        List<String> summary = manager("report", "summary", "--from", WEEK.from().toString(), "--to", WEEK.to().toString()).lines();
        assertTrue(summary.stream().anyMatch(l -> l.matches("bookings\\s+8")), summary.toString());
        assertTrue(summary.stream().anyMatch(l -> l.matches("no_shows\\s+3")), summary.toString());
        assertTrue(summary.stream().anyMatch(l -> l.matches("no_show_rate\\s+37\\.5")), summary.toString());
    }

    @Test
    void anAdminSetsTheRebookingWeeksAndTheLateCancellationHoursAndAManagerMayNot() {
        assertEquals(List.of("rebook_weeks=6", "late_cancel_hours=24"), manager("report", "settings").lines(), "the defaults");
        SetupCli.Run set = cli.as("rboss_" + s, "admin-password", "report", "settings", "--rebook-weeks", "8", "--late-cancel-hours", "48");
        assertEquals(List.of("rebook_weeks=8", "late_cancel_hours=48"), set.lines(), set.toString());
        assertEquals(8, new ReportsRepository(f.dsl).clients(f.tenant, WEEK).rebookWeeks(), "the figures read it");
        SetupCli.Run byManager = manager("report", "settings", "--rebook-weeks", "2");
        assertEquals(2, byManager.exit(), byManager.toString());
        assertTrue(byManager.line().startsWith("invalid: "), byManager.toString());
        assertEquals(2, cli.as("rboss_" + s, "admin-password", "report", "settings", "--rebook-weeks", "99").exit(), "1 to 52 weeks");
        cli.as("rboss_" + s, "admin-password", "report", "settings", "--rebook-weeks", "6", "--late-cancel-hours", "24");
    }

    @Test
    void aReceptionistAnotherSalonAndBadInputAreRefusedInOneLine() {
        SetupCli.Run desk = cli.as("rdesk_" + s, "desk-password", "report", "summary");
        assertEquals(2, desk.exit(), desk.toString());
        assertTrue(desk.line().startsWith("invalid: "), desk.toString());
        SetupCli.Run other = manager("report", "summary", "--salon", Long.toString(f.tenant + 1000));
        assertEquals(2, other.exit(), other.toString());
        assertTrue(other.line().startsWith("invalid: "), other.toString());
        SetupCli.Run kind = manager("report", "everything");
        assertEquals("invalid: the report is summary, revenue, masters, services, clients or no-shows, not \"everything\"", kind.line());
        assertEquals(2, kind.exit());
        assertEquals(2, manager("report", "summary", "--format", "xml").exit());
        assertEquals(2, manager("report", "summary", "--from", "2030-02-01", "--to", "2030-01-01").exit());
        assertEquals(2, manager("report", "summary", "--salon", "1", "--all").exit(), "--salon and --all exclude each other");
    }

    @Test
    void theOwnerMakesAChainManagerWhoseAllIsItsSalonsSideBySideWithTheirTotal() throws Exception {
        long second = f.dsl.resultQuery("INSERT INTO tenants (name, time_zone) VALUES ('Second " + s + "', 'Europe/Kyiv') RETURNING id")
                .fetchOne(0, Long.class);
        long third = f.dsl.resultQuery("INSERT INTO tenants (name, time_zone) VALUES ('Third " + s + "', 'Europe/Kyiv') RETURNING id")
                .fetchOne(0, Long.class);
        var db = f.backend.database().settings();
        var made = CliTestAccess.run(new String[]{"--db-url", db.url(), "--user", db.user(), "--password", "users", "add", "--login", "olga_" + s,
                "--role", "chain-manager", "--salons", f.tenant + "," + second, "--password-stdin"}, db.password() + "\nchain-password\n");
        assertEquals(0, made.exit(), made.out() + made.err());
        assertEquals("added olga_" + s + " chain-manager salons=" + f.tenant + "," + second, made.out().strip());
        SetupCli.Run all = cli.as("olga_" + s, "chain-password", "report", "summary", "--all", "--from", WEEK.from().toString(), "--to",
                WEEK.to().toString(), "--format", "csv");
        assertEquals(0, all.exit(), all.toString());
        String first = f.dsl.resultQuery("SELECT name FROM tenants WHERE id = ?", f.tenant).fetchOne(0, String.class);
        assertEquals("figure," + first + ",Second " + s + ",total", all.lines().get(0), "its two salons and their total, not the third");
        assertTrue(all.lines().contains("bookings,8,0,8"), all.out());
        SetupCli.Run third3 = cli.as("olga_" + s, "chain-password", "report", "summary", "--salon", Long.toString(third));
        assertEquals(2, third3.exit(), "a salon not its own is no salon to it: " + third3);
        // the new password on the command's own standard input: the test JVM's System.in is surefire's channel
        var byAdmin = CliTestAccess.run(new String[]{"--db-url", db.url(), "--user", "rboss_" + s, "--password", "users", "add", "--login",
                "mole_" + s, "--role", "chain-manager", "--salons", Long.toString(f.tenant), "--password-stdin"}, "admin-password\nmole-password\n");
        assertTrue(byAdmin.exit() != 0, "only the owner makes a chain manager: " + byAdmin);
    }

    @Test
    void allIsTheSalonsThisLoginMayReadWhichForASalonsManagerIsItsOwn() {
        SetupCli.Run all = manager("report", "summary", "--all", "--from", WEEK.from().toString(), "--to", WEEK.to().toString(), "--format", "csv");
        assertEquals(0, all.exit(), all.toString());
        assertEquals("figure," + f.dsl.resultQuery("SELECT name FROM tenants WHERE id = ?", f.tenant).fetchOne(0, String.class),
                all.lines().get(0));
    }
}
