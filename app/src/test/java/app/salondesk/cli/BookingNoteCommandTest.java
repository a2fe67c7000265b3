package app.salondesk.cli;

import app.salondesk.logic.clients.StaffLogins;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Issue 30: {@code bookings note} saves a booking's note through the engine's {@code changeNote},
 * with the version check, as the command line's change (the history shows the old and new note);
 * a stale version is exit code 3, bad input 2, and nothing is written then.
 */
class BookingNoteCommandTest {

    private static DemoCli cli;
    private static StaffLogins logins;

    @BeforeAll
    static void demoSalon() throws Exception {
        cli = new DemoCli("clinote");
        logins = new StaffLogins(cli.owner, cli.db);
    }

    @AfterAll
    static void close() {
        logins.close();
        cli.close();
    }

    @BeforeEach
    void noBookingsIn2030() {
        cli.clear2030();
    }

    private static long booked(String note) {
        DemoCli.Run r = cli.run("book", "--master", "Olena Kovalenko", "--start", "2030-01-07T10:00", "--duration", "30",
                "--client", "Note Client", "--note", note);
        assertEquals(0, r.exit(), r.all());
        return r.id();
    }

    private static String note(long id) {
        return cli.text("SELECT note FROM bookings WHERE id = ?", id);
    }

    @Test
    void aNoteIsSavedAsTheCommandLinesChangeAndTheHistoryShowsIt() {
        long id = booked("first visit");
        String n = Long.toString(id);
        DemoCli.Run r = cli.run("bookings", "note", "--id", n, "--text", "allergic to ammonia");
        assertEquals(0, r.exit(), r.all());
        assertEquals("noted #" + id + " Olena Kovalenko 2030-01-07 10:00-10:30 version 2", r.out().strip());
        assertEquals("allergic to ammonia", note(id));
        assertEquals("cli", cli.lastSource(id));

        List<String> show = cli.run("bookings", "show", "--id", n).lines();
        assertTrue(show.contains("note=allergic to ammonia"), show.toString());
        assertTrue(show.get(show.size() - 1).endsWith("\tcommand line\tnote: first visit \u2192 allergic to ammonia"), show.toString());

        DemoCli.Run cleared = cli.run("bookings", "note", "--id", n, "--text", "", "--version", "2");
        assertEquals(0, cleared.exit(), cleared.all());
        assertEquals("", note(id));
    }

    @Test
    void aStaleVersionOrBadInputWritesNothing() {
        long id = booked("first visit");
        String n = Long.toString(id);
        assertEquals(0, cli.run("bookings", "move", "--id", n, "--start", "2030-01-07T11:00").exit());
        int history = cli.historyRows();

        DemoCli.Run stale = cli.run("bookings", "note", "--id", n, "--text", "typed over", "--version", "1");
        assertEquals(3, stale.exit(), stale.all());
        assertEquals("changed by someone else: #" + id + " is now version 2", stale.out().strip());
        DemoCli.Run unknown = cli.run("bookings", "note", "--id", "999999", "--text", "x");
        assertEquals(2, unknown.exit(), unknown.all());
        assertEquals("invalid: there is no such booking: 999999", unknown.out().strip());
        DemoCli.Run tooLong = cli.run("bookings", "note", "--id", n, "--text", "x".repeat(2001));
        assertEquals(2, tooLong.exit(), tooLong.all());
        assertEquals("invalid: the note is too long (at most 2000 characters)", tooLong.out().strip());
        String manager = logins.add(cli.tenant, "boss", "manager");
        DemoCli.Run refused = cli.as(manager, StaffLogins.PASSWORD, "bookings", "note", "--id", n, "--text", "manager's word");
        assertEquals(2, refused.exit(), refused.all());
        assertEquals("invalid: you don't have permission to do this", refused.out().strip());

        assertEquals(history, cli.historyRows(), "nothing was written");
        assertEquals("first visit", note(id));

        String receptionist = logins.add(cli.tenant, "desk", "receptionist");
        DemoCli.Run desk = cli.as(receptionist, StaffLogins.PASSWORD, "bookings", "note", "--id", n, "--text", "patch test done");
        assertEquals(0, desk.exit(), "a receptionist may change a note (migration 28's grant)\n" + desk.all());
        assertEquals("patch test done", note(id));
    }
}
