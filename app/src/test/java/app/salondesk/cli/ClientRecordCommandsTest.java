package app.salondesk.cli;

import app.salondesk.logic.booking.EngineFixture;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The client's record on the command line (issue 36): {@code clients note add|formula add|patch-test add|set|show|list|merge},
 * {@code services set --needs-patch-test}, and {@code book} printing the client's alerts before its answer — each checked
 * against what the database then holds.
 */
class ClientRecordCommandsTest {

    private static EngineFixture f;
    private static SetupCli cli;

    @BeforeAll
    static void salon() {
        f = new EngineFixture("clirecord", 2);
        cli = new SetupCli(f.backend.database().settings());
    }

    @AfterAll
    static void close() {
        f.close();
    }

    private static String id(long n) {
        return Long.toString(n);
    }

    @Test
    void anAlertIsPrintedByBookBeforeItsAnswerAndTheCardShowsTheRecord() {
        SetupCli.Run alert = cli.owner("clients", "note", "add", "--id", id(f.client), "--text", "Allergic to ammonia", "--alert");
        assertEquals(0, alert.exit(), alert.toString());
        assertTrue(alert.line().matches("added note #\\d+ to client #" + f.client + " \\[alert]"), alert.toString());
        SetupCli.Run empty = cli.owner("clients", "note", "add", "--id", id(f.client), "--text", "  ");
        assertEquals(2, empty.exit(), empty.toString());
        assertEquals("invalid: the note is empty", empty.line());

        SetupCli.Run booked = cli.owner("book", "--master", "Anna", "--start", EngineFixture.DAY + "T10:00", "--service", "Cut",
                "--client", "Iryna", "--phone", "+380671112233");
        assertEquals(0, booked.exit(), booked.toString());
        assertEquals("alert: Allergic to ammonia", booked.lines().get(0), booked.toString());
        assertTrue(booked.lines().get(1).startsWith("booked"), booked.toString());
        SetupCli.Run stranger = cli.owner("book", "--master", "Anna", "--start", EngineFixture.DAY + "T12:00", "--duration", "30",
                "--client", "New Person", "--phone", "+380501234567");
        assertEquals(1, stranger.lines().size(), "a client without alerts: the answer alone\n" + stranger);
        long booking = f.count("SELECT id FROM bookings WHERE client_id = " + f.client + " AND source = 'cli'");

        SetupCli.Run formula = cli.owner("clients", "formula", "add", "--booking", id(booking), "--product", "Igora Royal", "--shade", "7-1",
                "--developer", "6%", "--minutes", "35");
        assertEquals(0, formula.exit(), formula.toString());
        assertTrue(formula.line().endsWith("to booking #" + booking + ": Igora Royal shade=7-1 developer=6% minutes=35"), formula.toString());
        assertEquals("Igora Royal|7-1|35|" + f.client, f.dsl.resultQuery("SELECT product || '|' || shade || '|' || minutes || '|' || client_id "
                + "FROM client_formulas WHERE booking_id = " + booking).fetchOne(0, String.class));
        SetupCli.Run tooLong = cli.owner("clients", "formula", "add", "--booking", id(booking), "--product", "Igora", "--minutes", "500");
        assertEquals("invalid: processing minutes are 1 to 240", tooLong.line());

        SetupCli.Run test = cli.owner("clients", "patch-test", "add", "--id", id(f.client), "--date", "2029-12-20", "--result", "pass");
        assertEquals(0, test.exit(), test.toString());
        SetupCli.Run badResult = cli.owner("clients", "patch-test", "add", "--id", id(f.client), "--date", "2029-12-20", "--result", "maybe");
        assertEquals("invalid: a patch test's result is pass, fail or pending, not maybe", badResult.line());

        SetupCli.Run set = cli.owner("clients", "set", "--id", id(f.client), "--birthday", "1990-05-31", "--tags", "VIP, student", "--source", "Instagram");
        assertEquals(0, set.exit(), set.toString());
        assertEquals("client #" + f.client + " birthday=1990-05-31 tags=VIP,student source=Instagram marketing=", set.line());
        assertEquals("1990-05-31|VIP,student", f.dsl.resultQuery("SELECT birthday || '|' || array_to_string(tags, ',') FROM clients WHERE id = "
                + f.client).fetchOne(0, String.class));

        SetupCli.Run show = cli.owner("clients", "show", "--id", id(f.client));
        assertEquals(0, show.exit(), show.toString());
        List<String> lines = show.lines();
        assertEquals("client #" + f.client + " Iryna phone=+380671112233", lines.get(0));
        assertEquals("alert: Allergic to ammonia", lines.get(1), "the alert right under her name");
        assertTrue(lines.stream().anyMatch(l -> l.matches("formula #\\d+ booking #" + booking + " " + EngineFixture.DAY
                + " Igora Royal shade=7-1 developer=6% minutes=35")), show.toString());
        assertTrue(lines.stream().anyMatch(l -> l.matches("patch-test #\\d+ 2029-12-20 pass")), show.toString());
        assertTrue(lines.contains("client #" + f.client + " birthday=1990-05-31 tags=VIP,student source=Instagram marketing="), show.toString());
        assertEquals("invalid: there is no client 999999 in this salon", cli.owner("clients", "show", "--id", "999999").line());

        SetupCli.Run vip = cli.owner("clients", "list", "--tag", "vip");
        assertEquals(List.of(f.client + "\tIryna\t" + vip.lines().get(0).split("\t")[2] + "\tVIP,student\t\t0\talert"), vip.lines());
        assertEquals(List.of(), cli.owner("clients", "list", "--tag", "nobody").lines());
    }

    @Test
    void aServiceNeedsAPatchTestAndAnAdminMergesADuplicate() {
        SetupCli.Run needs = cli.owner("services", "set", "--service", "Nails", "--needs-patch-test", "30");
        assertEquals(0, needs.exit(), needs.toString());
        assertTrue(needs.line().endsWith(" needs_patch_test=30d"), needs.toString());
        assertEquals(30, f.count("SELECT patch_test_days FROM services WHERE id = " + f.nails));
        assertEquals("invalid: a patch test holds 1 to 3650 days, or none: not 0",
                cli.owner("services", "set", "--service", "Nails", "--needs-patch-test", "0").line());
        SetupCli.Run refused = cli.owner("book", "--master", "Vira", "--start", EngineFixture.DAY + "T15:00", "--service", "Nails",
                "--client", "Never Tested", "--phone", "+380509990011", "--outside-hours");
        assertTrue(refused.line().contains("needs a patch test"), refused.toString());
        assertEquals(0, cli.owner("services", "set", "--service", "Nails", "--needs-patch-test", "none").exit());
        assertEquals(0, f.count("SELECT count(*) FROM services WHERE patch_test_days IS NOT NULL AND id = " + f.nails));

        long dup = f.id("INSERT INTO clients (tenant_id, name, phone) VALUES (" + f.tenant + ", 'Oksana M', '+380501110001') RETURNING id");
        long keep = f.id("INSERT INTO clients (tenant_id, name, phone) VALUES (" + f.tenant + ", 'Oksana Melnyk', '+380501110002') RETURNING id");
        f.dsl.execute("UPDATE bookings SET status = 'no_show' WHERE id = (SELECT min(id) FROM bookings)");
        f.dsl.execute("INSERT INTO client_notes (tenant_id, client_id, body) VALUES (" + f.tenant + ", " + dup + ", 'likes tea')");
        SetupCli.Run merged = cli.owner("clients", "merge", "--from", id(dup), "--into", id(keep));
        assertEquals(0, merged.exit(), merged.toString());
        assertTrue(merged.line().startsWith("merged client #" + dup + " into #" + keep + ": bookings=0 "), merged.toString());
        assertTrue(merged.line().contains(" notes=1 ") && merged.line().contains(" sales=0"), merged.toString());
        SetupCli.Run again = cli.owner("clients", "merge", "--from", id(dup), "--into", id(keep));
        assertEquals(2, again.exit(), again.toString());
        assertEquals("invalid: one of them was merged into another client already", again.line());
        assertTrue(cli.owner("clients", "list", "--search", "Oksana").lines().stream().noneMatch(l -> l.startsWith(dup + "\t")),
                "the duplicate leaves the list");
        assertEquals(1, cli.owner("clients", "list", "--no-show-since", EngineFixture.DAY.minusDays(1).toString()).lines().size());
    }
}
