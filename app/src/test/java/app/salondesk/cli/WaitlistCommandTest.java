package app.salondesk.cli;

import app.salondesk.logic.booking.EngineFixture;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code waitlist add|list|remove|settings} on the fixture's salon: an entry prints its id, is
 * listed first come first, is removed by id; the rules are shown and changed; bad input is one
 * line, exit code 2, and nothing written.
 */
class WaitlistCommandTest {

    private static EngineFixture f;
    private static SetupCli cli;

    @BeforeAll
    static void salon() {
        f = new EngineFixture("cliwaitlist", 2);
        cli = new SetupCli(f.backend.database().settings());
    }

    @AfterAll
    static void close() {
        f.close();
    }

    @BeforeEach
    void emptyList() {
        f.dsl.execute("DELETE FROM waitlist_entries");
        f.dsl.execute("DELETE FROM waitlist_settings");
    }

    private static void refused(SetupCli.Run r, String line) {
        assertEquals(2, r.exit(), r.toString());
        assertEquals("invalid: " + line, r.line());
        assertEquals(0, f.count("SELECT count(*) FROM waitlist_entries"), "nothing written");
    }

    private static long id(SetupCli.Run r) {
        assertEquals(0, r.exit(), r.toString());
        assertTrue(r.line().matches("waitlist_id=\\d+"), r.toString());
        return Long.parseLong(r.line().substring("waitlist_id=".length()));
    }

    @Test
    void anEntryIsAddedListedAndRemoved() {
        long first = id(cli.owner("waitlist", "add", "--client", "Iryna", "--phone", "067 111 22 33", "--service", "Cut",
                "--from", "2030-01-07", "--to", "2030-01-09", "--window", "10:00-14:00"));
        long second = id(cli.owner("waitlist", "add", "--client", "Maks Novak", "--phone", "+380501234567", "--duration", "45",
                "--master", "Bohdan", "--from", "2030-01-08", "--to", "2030-01-08", "--note", "prefers mornings"));

        assertEquals(f.client, f.count("SELECT client_id FROM waitlist_entries WHERE id = " + first), "found by phone, as the form does");
        assertEquals(1, f.count("SELECT count(*) FROM clients WHERE name = 'Maks Novak' AND phone = '+380501234567'"));
        assertEquals(2, f.count("SELECT count(*) FROM waitlist_entries WHERE source = 'cli' AND state = 'waiting'"));
        List<String> lines = cli.owner("waitlist", "list").lines();
        assertEquals(2, lines.size(), lines.toString());
        assertTrue(lines.get(0).startsWith(first + "\twaiting\t"), lines.get(0));
        assertTrue(lines.get(0).endsWith("\tIryna\t+380671112233\tCut\tany\t2030-01-07..2030-01-09\t10:00-14:00\t"), lines.get(0));
        assertTrue(lines.get(1).endsWith("\tMaks Novak\t+380501234567\t45 min\tBohdan\t2030-01-08..2030-01-08\t00:00-24:00\t"), lines.get(1));

        SetupCli.Run removed = cli.owner("waitlist", "remove", Long.toString(first));
        assertEquals(0, removed.exit(), removed.toString());
        assertEquals("removed waitlist entry #" + first, removed.line());
        assertEquals(1, cli.owner("waitlist", "list").lines().size());
        assertEquals(2, cli.owner("waitlist", "list", "--all").lines().size());
        SetupCli.Run again = cli.owner("waitlist", "remove", Long.toString(first));
        assertEquals(2, again.exit(), again.toString());
        assertEquals("invalid: there is no open waitlist entry " + first + " in this salon", again.line());
        assertTrue(second > first);
    }

    @Test
    void badInputIsOneLineAndWritesNothing() {
        refused(cli.owner("waitlist", "add", "--client", "Iryna", "--from", "2030-01-07", "--to", "2030-01-07"),
                "give a service or a length in minutes, not both");
        refused(cli.owner("waitlist", "add", "--client", "Iryna", "--service", "Cut", "--duration", "30", "--from", "2030-01-07",
                "--to", "2030-01-07"), "give a service or a length in minutes, not both");
        refused(cli.owner("waitlist", "add", "--client", "Iryna", "--service", "Perm", "--from", "2030-01-07", "--to", "2030-01-07"),
                "there is no such service: Perm");
        refused(cli.owner("waitlist", "add", "--client", "Iryna", "--service", "Cut", "--master", "Olga", "--from", "2030-01-07",
                "--to", "2030-01-07"), "there is no such master: Olga");
        refused(cli.owner("waitlist", "add", "--client", "Iryna", "--service", "Cut", "--from", "2030-01-09", "--to", "2030-01-07"),
                "the days are not a range of at most 92 days: 2030-01-09..2030-01-07");
        refused(cli.owner("waitlist", "add", "--client", "Iryna", "--service", "Cut", "--from", "2030-01-07", "--to", "2030-01-07",
                "--window", "14:00-10:00"), "this is not a part of a day: 14:00-10:00 (write it like 10:00-14:00)");
        refused(cli.owner("waitlist", "add", "--client", "Iryna", "--service", "Cut", "--from", "2020-01-07", "--to", "2020-01-08"),
                "these days are over already");
        refused(cli.owner("waitlist", "add", "--client", "Iryna", "--phone", "12", "--service", "Cut", "--from", "2030-01-07",
                "--to", "2030-01-07"), "this is not a phone number: 12");
        refused(cli.owner("waitlist", "add", "--client", "Iryna", "--service", "Cut", "--from", "7.1.2030", "--to", "2030-01-07"),
                "this is not a date: 7.1.2030 (write it like 2026-12-01)");
    }

    @Test
    void theSalonsRulesAreShownChangedAndKept() {
        assertEquals(List.of("enabled=true", "auto_book=true", "lifetime_days=30", "max_per_client=3"),
                cli.owner("waitlist", "settings").lines());
        SetupCli.Run changed = cli.owner("waitlist", "settings", "--auto-book", "false", "--max-per-client", "1");
        assertEquals(List.of("enabled=true", "auto_book=false", "lifetime_days=30", "max_per_client=1"), changed.lines());
        assertEquals(1, f.count("SELECT count(*) FROM waitlist_settings WHERE NOT auto_book AND max_per_client = 1"));

        id(cli.owner("waitlist", "add", "--client", "Iryna", "--phone", "+380671112233", "--service", "Cut",
                "--from", "2030-01-07", "--to", "2030-01-07"));
        SetupCli.Run capped = cli.owner("waitlist", "add", "--client", "Iryna", "--phone", "+380671112233", "--duration", "30",
                "--from", "2030-01-08", "--to", "2030-01-08");
        assertEquals(2, capped.exit(), capped.toString());
        assertEquals("invalid: this client is on the waitlist as often as the salon allows already", capped.line());

        SetupCli.Run off = cli.owner("waitlist", "settings", "--enabled", "false");
        assertEquals("enabled=false", off.lines().get(0));
        SetupCli.Run closed = cli.owner("waitlist", "add", "--client", "Oleh", "--duration", "30", "--from", "2030-01-08", "--to", "2030-01-08");
        assertEquals("invalid: this salon keeps no waitlist (an admin can switch it on)", closed.line());

        SetupCli.Run bad = cli.owner("waitlist", "settings", "--lifetime-days", "0");
        assertEquals(2, bad.exit(), bad.toString());
        assertEquals("invalid: an entry lives 1 to 366 days, and a client may have 1 to 20 entries", bad.line());
        assertEquals(1, f.count("SELECT count(*) FROM waitlist_settings WHERE lifetime_days = 30"));
    }
}
