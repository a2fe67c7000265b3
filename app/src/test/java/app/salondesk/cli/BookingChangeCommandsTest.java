package app.salondesk.cli;

import app.salondesk.logic.booking.BookingEngine;
import app.salondesk.logic.clients.StaffLogins;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.sql.Connection;
import java.sql.DriverManager;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Issue 30: {@code bookings move}, {@code bookings status} and {@code bookings show} on the demo
 * salon, through the desk's engine: one line per answer and the exit codes 0 done, 3 time taken or
 * changed by someone else, 4 try again, 2 invalid (nothing written); every write recorded as the
 * command line's.
 */
class BookingChangeCommandsTest {

    private static DemoCli cli;
    private static StaffLogins logins;

    @BeforeAll
    static void demoSalon() throws Exception {
        cli = new DemoCli("clichange");
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

    private static long book(String master, String start, String... more) {
        List<String> args = new java.util.ArrayList<>(List.of("book", "--master", master, "--start", start));
        args.addAll(List.of(more));
        DemoCli.Run r = cli.run(args.toArray(String[]::new));
        assertEquals(0, r.exit(), r.all());
        return r.id();
    }

    @Test
    void aMoveGoesThroughTheEngineToAnotherTimeMasterAndLengthAndTheHistorySaysCommandLine() {
        long id = book("Olena Kovalenko", "2030-01-07T10:00", "--duration", "30", "--client", "Maryna Move");

        DemoCli.Run later = cli.run("bookings", "move", "--id", Long.toString(id), "--start", "2030-01-07T15:00");
        assertEquals(0, later.exit(), later.all());
        assertEquals("moved #" + id + " Olena Kovalenko 2030-01-07 15:00-15:30 version 2", later.out().strip());
        assertEquals("2030-01-07 15:00 Olena Kovalenko 30 confirmed v2", cli.state(id));
        assertEquals("cli", cli.lastSource(id));

        DemoCli.Run sofiia = cli.run("bookings", "move", "--id", Long.toString(id), "--start", "2030-01-07T12:00",
                "--master", "sofiia melnyk", "--duration", "45");
        assertEquals(0, sofiia.exit(), sofiia.all());
        assertEquals("moved #" + id + " Sofiia Melnyk 2030-01-07 12:00-12:45 version 3", sofiia.out().strip());

        DemoCli.Run byId = cli.run("bookings", "move", "--id", Long.toString(id), "--start", "2030-01-07T16:00",
                "--master", Long.toString(cli.master("Olena Kovalenko")));
        assertEquals(0, byId.exit(), byId.all());
        assertEquals("2030-01-07 16:00 Olena Kovalenko 45 confirmed v4", cli.state(id), "the length stays when not given");
        assertEquals(3, cli.count("SELECT count(*) FROM booking_history WHERE booking_id = ? AND source = 'cli' AND operation = 'UPDATE'", id));
    }

    @Test
    void aMoveOntoATakenTimeExitsThreeWithTheNearestFreeTimesAndWritesNothing() {
        book("Olena Kovalenko", "2030-01-07T10:00", "--service", "Women's haircut", "--client", "First Client");
        long second = book("Olena Kovalenko", "2030-01-07T15:00", "--service", "Women's haircut", "--client", "Second Client");

        DemoCli.Run taken = cli.run("bookings", "move", "--id", Long.toString(second), "--start", "2030-01-07T10:30");
        assertEquals(3, taken.exit(), taken.all());
        assertTrue(taken.out().strip().matches("time-taken; nearest free: 09:00, 11:00, 11:15.*"), taken.out());
        assertEquals(1, taken.lines().size(), taken.out());
        assertEquals("2030-01-07 15:00 Olena Kovalenko 60 confirmed v1", cli.state(second));
    }

    @Test
    void aVersionTheBookingHasMovedOnFromIsChangedBySomeoneElseAndNothingIsWritten() {
        long id = book("Olena Kovalenko", "2030-01-07T10:00", "--duration", "30", "--client", "Seen Once");
        assertEquals(0, cli.run("bookings", "move", "--id", Long.toString(id), "--start", "2030-01-07T11:00", "--version", "1").exit(),
                "the version it has: moved");
        int history = cli.historyRows();

        DemoCli.Run stale = cli.run("bookings", "move", "--id", Long.toString(id), "--start", "2030-01-07T12:00", "--version", "1");
        assertEquals(3, stale.exit(), stale.all());
        assertEquals("changed by someone else: #" + id + " is now version 2", stale.out().strip());
        DemoCli.Run staleStatus = cli.run("bookings", "status", "--id", Long.toString(id), "--to", "arrived", "--version", "1");
        assertEquals(3, staleStatus.exit(), staleStatus.all());
        assertEquals("changed by someone else: #" + id + " is now version 2", staleStatus.out().strip());

        assertEquals("2030-01-07 11:00 Olena Kovalenko 30 confirmed v2", cli.state(id));
        assertEquals(history, cli.historyRows());
    }

    @Test
    void aStatusChangesEachWayAndACancelledBookingComesBackOnlyWhileItsTimeIsFree() {
        long id = book("Olena Kovalenko", "2030-01-07T10:00", "--duration", "60", "--client", "Status Client");
        String n = Long.toString(id);

        DemoCli.Run arrived = cli.run("bookings", "status", "--id", n, "--to", "arrived");
        assertEquals(0, arrived.exit(), arrived.all());
        assertEquals("arrived #" + id + " Olena Kovalenko 2030-01-07 10:00-11:00 version 2", arrived.out().strip());
        assertEquals("cli", cli.lastSource(id));
        DemoCli.Run noShow = cli.run("bookings", "status", "--id", n, "--to", "No-Show");
        assertEquals(0, noShow.exit(), noShow.all());
        assertEquals("no-show #" + id + " Olena Kovalenko 2030-01-07 10:00-11:00 version 3", noShow.out().strip());
        assertEquals("2030-01-07 10:00 Olena Kovalenko 60 no_show v3", cli.state(id));
        assertEquals(0, cli.run("bookings", "status", "--id", n, "--to", "cancelled").exit());
        assertEquals("2030-01-07 10:00 Olena Kovalenko 60 cancelled v4", cli.state(id));

        // the freed time is booked by someone else: the cancelled booking cannot come back
        book("Olena Kovalenko", "2030-01-07T10:30", "--duration", "30", "--client", "Took The Time");
        DemoCli.Run revive = cli.run("bookings", "status", "--id", n, "--to", "confirmed");
        assertEquals(3, revive.exit(), revive.all());
        assertTrue(revive.out().startsWith("time-taken; nearest free: "), revive.out());
        assertEquals("2030-01-07 10:00 Olena Kovalenko 60 cancelled v4", cli.state(id));

        DemoCli.Run completed = cli.run("bookings", "status", "--id", Long.toString(book("Iryna Bondar", "2030-01-07T09:00",
                "--duration", "30", "--client", "Done Client")), "--to", "completed");
        assertEquals(0, completed.exit(), completed.all());
        assertTrue(completed.out().startsWith("completed #"), completed.out());
    }

    @Test
    void badInputIsOneSentenceExitTwoAndWritesNothing() {
        long id = book("Olena Kovalenko", "2030-01-07T10:00", "--duration", "30", "--client", "Bad Input");
        String n = Long.toString(id);
        int history = cli.historyRows();
        assertInvalid("invalid: there is no such booking: 999999", "bookings", "move", "--id", "999999", "--start", "2030-01-07T12:00");
        assertInvalid("invalid: there is no such booking: 999999", "bookings", "show", "--id", "999999");
        assertInvalid("invalid: start is not a date-time (write it like 2026-12-01T15:00): next monday 3pm",
                "bookings", "move", "--id", n, "--start", "next monday 3pm");
        assertInvalid("invalid: this is not a status: bogus (write confirmed, arrived, completed, no-show or cancelled)",
                "bookings", "status", "--id", n, "--to", "bogus");
        assertInvalid("invalid: this is not a status: pending (write confirmed, arrived, completed, no-show or cancelled)",
                "bookings", "status", "--id", n, "--to", "pending");
        assertInvalid("invalid: there is no such master: Nobody",
                "bookings", "move", "--id", n, "--start", "2030-01-07T12:00", "--master", "Nobody");
        assertInvalid("invalid: the duration must be 1 to 720 minutes, not 0",
                "bookings", "move", "--id", n, "--start", "2030-01-07T12:00", "--duration", "0");
        assertInvalid("invalid: the master does not work at that time", "bookings", "move", "--id", n, "--start", "2030-01-07T13:15");
        assertInvalid("invalid: the start time is in the past", "bookings", "move", "--id", n, "--start", "2020-01-06T10:00");

        DemoCli.Run notANumber = cli.run("bookings", "move", "--id", "twelve", "--start", "2030-01-07T12:00");
        assertEquals(2, notANumber.exit(), "picocli's usage error");
        assertTrue(notANumber.err().contains("--id"), notANumber.err());
        assertEquals(history, cli.historyRows(), "nothing was written");
        assertEquals("2030-01-07 10:00 Olena Kovalenko 30 confirmed v1", cli.state(id));
    }

    @Test
    void anotherSalonsBookingIsNoBookingOfThisOne() throws Exception {
        // a database of its own: a second salon there would make every other test name its salon
        try (DemoCli two = new DemoCli("clichangetwo")) {
            long salon = two.one(Long.class, "INSERT INTO tenants (name, time_zone) VALUES ('Other salon', 'Europe/Warsaw') RETURNING id");
            long master = two.one(Long.class, "INSERT INTO masters (tenant_id, name, sort_order) VALUES (?, 'Other master', 1) RETURNING id",
                    salon);
            long client = two.one(Long.class, "INSERT INTO clients (tenant_id, name) VALUES (?, 'Other client') RETURNING id", salon);
            String others = Long.toString(two.one(Long.class, "INSERT INTO bookings (tenant_id, master_id, client_id, service_id, starts_at, "
                    + "duration_min, status) VALUES (?, ?, ?, NULL, '2030-01-07 10:00+02', 30, 'confirmed') RETURNING id", salon, master, client));
            int history = two.historyRows();
            String demo = Long.toString(two.tenant);
            for (String[] command : List.of(
                    new String[]{"bookings", "move", "--tenant", demo, "--id", others, "--start", "2030-01-07T12:00"},
                    new String[]{"bookings", "status", "--tenant", demo, "--id", others, "--to", "cancelled"},
                    new String[]{"bookings", "show", "--tenant", demo, "--id", others},
                    new String[]{"series", "cancel", "--tenant", demo, "--booking", others})) {
                DemoCli.Run r = two.run(command);
                assertEquals(2, r.exit(), r.all());
                assertEquals("invalid: there is no such booking: " + others, r.out().strip());
            }
            assertEquals(history, two.historyRows(), "nothing was written");
            assertEquals("2030-01-07 10:00 Other master 30 confirmed v1", two.state(Long.parseLong(others)));
        }
    }

    private static void assertInvalid(String sentence, String... args) {
        DemoCli.Run r = cli.run(args);
        assertEquals(2, r.exit(), r.all());
        assertEquals(sentence, r.out().strip());
        assertFalse(r.all().toLowerCase().matches("(?s).*(select|exception|sqlstate|\\bat app\\.).*"), r.all());
    }

    @Test
    void aReceptionistMovesAsHerselfAndAManagersMoveIsRefusedInOneSentence() {
        long id = book("Olena Kovalenko", "2030-01-07T10:00", "--duration", "30", "--client", "Logins Client");
        String receptionist = logins.add(cli.tenant, "desk", "receptionist");
        String manager = logins.add(cli.tenant, "boss", "manager");

        DemoCli.Run refused = cli.as(manager, StaffLogins.PASSWORD, "bookings", "move", "--id", Long.toString(id), "--start", "2030-01-07T11:00");
        assertEquals(2, refused.exit(), refused.all());
        assertEquals("invalid: you don't have permission to do this", refused.out().strip());
        DemoCli.Run refusedStatus = cli.as(manager, StaffLogins.PASSWORD, "bookings", "status", "--id", Long.toString(id), "--to", "cancelled");
        assertEquals(2, refusedStatus.exit(), refusedStatus.all());
        assertEquals("2030-01-07 10:00 Olena Kovalenko 30 confirmed v1", cli.state(id));
        DemoCli.Run managerReads = cli.as(manager, StaffLogins.PASSWORD, "bookings", "show", "--id", Long.toString(id));
        assertEquals(0, managerReads.exit(), managerReads.all());

        DemoCli.Run moved = cli.as(receptionist, StaffLogins.PASSWORD, "bookings", "move", "--id", Long.toString(id), "--start", "2030-01-07T11:00");
        assertEquals(0, moved.exit(), moved.all());
        assertEquals("", moved.err(), "a staff login gets no warning");
        assertEquals(receptionist + " cli", cli.text("SELECT changed_by || ' ' || source FROM booking_history WHERE booking_id = ? "
                + "ORDER BY id DESC LIMIT 1", id));
        // bookings show names her as the salon knows her (her staff name), and the road, not her database login
        DemoCli.Run shown = cli.as(receptionist, StaffLogins.PASSWORD, "bookings", "show", "--id", Long.toString(id));
        String last = shown.lines().get(shown.lines().size() - 1);
        assertTrue(last.matches("history\t[^\t]+\tdesk\tcommand line\ttime: 2030-01-07 10:00 \u2192 2030-01-07 11:00"), last);
    }

    @Test
    void aScheduleLockedByAnotherDeskAnswersTryAgainWithExitCodeFour() throws Exception {
        long id = book("Olena Kovalenko", "2030-01-07T10:00", "--duration", "30", "--client", "Locked Out");
        try (Connection holder = DriverManager.getConnection(cli.db.url(), cli.db.user(), cli.db.password())) {
            holder.setAutoCommit(false);
            holder.createStatement().execute(BookingEngine.lockStatement(cli.tenant, cli.master("Olena Kovalenko")));
            DemoCli.Run r = cli.run("bookings", "move", "--id", Long.toString(id), "--start", "2030-01-07T11:00");
            assertEquals(4, r.exit(), r.all());
            assertEquals("try again: the schedule is busy right now, please try again", r.out().strip());
            holder.rollback();
        }
        assertEquals("2030-01-07 10:00 Olena Kovalenko 30 confirmed v1", cli.state(id));
    }

    @Test
    void showPrintsTheFieldsAndTheHistoryWithWhoWhenHowAndWhat() {
        long id = book("Olena Kovalenko", "2030-01-07T10:00", "--service", "Women's haircut", "--client", "Maryna Show",
                "--phone", "067 000 55 66", "--note", "allergic to ammonia\nsecond line");
        String n = Long.toString(id);
        assertEquals(0, cli.run("bookings", "move", "--id", n, "--start", "2030-01-07T15:00").exit());
        assertEquals(0, cli.run("bookings", "status", "--id", n, "--to", "arrived").exit());

        DemoCli.Run show = cli.run("bookings", "show", "--id", n);
        assertEquals(0, show.exit(), show.all());
        List<String> lines = show.lines();
        assertEquals(List.of("id=" + id, "client=Maryna Show", "phone=+380670005566", "master=Olena Kovalenko", "service=Women's haircut",
                "start=2030-01-07 15:00", "minutes=60", "status=arrived", "note=allergic to ammonia\\nsecond line", "source=cli",
                "version=3"), lines.subList(0, 11));
        List<String> history = lines.subList(11, lines.size());
        assertEquals(3, history.size(), show.out());
        // the person as the desk's history names her: the owner's login is "the salon's admin", never the login (issue 31)
        String who = "the salon's admin";
        assertTrue(history.stream().noneMatch(l -> l.contains("\t" + cli.db.user() + "\t")), show.out());
        assertTrue(history.get(0).matches("history\t\\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d\t" + who + "\tcommand line\tbooked"), history.get(0));
        assertTrue(history.get(1).endsWith("\t" + who + "\tcommand line\ttime: 2030-01-07 10:00 \u2192 2030-01-07 15:00"), history.get(1));
        assertTrue(history.get(2).endsWith("\t" + who + "\tcommand line\tstatus: Confirmed \u2192 Arrived"), history.get(2));
    }
}
