package app.salondesk.cli;

import app.salondesk.logic.booking.EngineFixture;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.util.List;

import static app.salondesk.logic.booking.EngineFixture.at;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code hours …} and {@code time-off …} on the fixture's salon (7 January 2030 is a Monday;
 * Vira works 10:00–14:00 every day, Anna 08:00–20:00). A change lists the bookings it puts
 * outside the hours and never moves them; bad input is one line, exit code 2, nothing written.
 */
class HoursTimeOffCommandTest {

    private static EngineFixture f;
    private static SetupCli cli;

    @BeforeAll
    static void salon() {
        f = new EngineFixture("clihours", 2);
        cli = new SetupCli(f.backend.database().settings());
    }

    @AfterAll
    static void close() {
        f.close();
    }

    @BeforeEach
    void bareWeek() {
        f.clearSchedule();
        f.dsl.execute("DELETE FROM master_days");
        f.dsl.execute("DELETE FROM master_weeks WHERE valid_from > '1900-01-01'");
        f.dsl.execute("DELETE FROM master_working_hours WHERE master_id = " + f.vira);
        f.dsl.execute("INSERT INTO master_working_hours (tenant_id, master_id, weekday, starts_at, ends_at) "
                + "SELECT " + f.tenant + ", " + f.vira + ", d, '10:00', '14:00' FROM generate_series(1, 7) d");
    }

    private static void refused(SetupCli.Run r, String line) {
        assertEquals(2, r.exit(), r.toString());
        assertEquals("invalid: " + line, r.line());
    }

    private static String weekOf(long master) {
        return String.join(" ", f.dsl.resultQuery("SELECT valid_from || ':' || weekday || ':' || starts_at || '-' || ends_at FROM master_working_hours "
                + "WHERE master_id = " + master + " ORDER BY valid_from, weekday, starts_at").fetch(0, String.class));
    }

    @Test
    void shorterHoursListTheBookingsNowOutsideThemAndLeaveThemWhereTheyAre() {
        var booking = f.booked(f.engine.book(f.newBooking(f.vira, at(12, 0), 90)));
        SetupCli.Run r = cli.owner("hours", "set", "--master", "vira", "--weekday", "1", "--intervals", "10:00-12:00");
        assertEquals(0, r.exit(), r.toString());
        assertEquals(List.of("hours #" + f.vira + " Vira week always 1 10:00-12:00",
                "warning: #" + booking.id() + " 2030-01-07 12:00-13:30 Iryna: the master does not work at that time",
                "warning: 1 booking with Vira no longer fits the setup; it stays as it is: move or cancel it in the calendar",
                "in_the_way=1"), r.lines());
        assertEquals(1, f.count("SELECT count(*) FROM bookings WHERE id = " + booking.id() + " AND starts_at = '2030-01-07 12:00+02' AND status = 'confirmed'"));

        SetupCli.Run withBreak = cli.owner("hours", "set", "--master", Long.toString(f.vira), "--weekday", "1-5", "--intervals", "9-13, 14-18");
        assertEquals("hours #" + f.vira + " Vira week always 1,2,3,4,5 09:00-13:00,14:00-18:00", withBreak.lines().get(0));
        assertEquals("in_the_way=1", withBreak.lines().get(3), "12:00-13:30 runs into the break at 13:00");
        SetupCli.Run fits = cli.owner("hours", "set", "--master", Long.toString(f.vira), "--weekday", "1", "--intervals", "10:00-14:00");
        assertEquals(List.of("hours #" + f.vira + " Vira week always 1 10:00-14:00", "in_the_way=0"), fits.lines());
    }

    @Test
    void badHoursAreOneLineAndTheWeekStaysAsItWas() {
        String before = weekOf(f.vira);
        refused(cli.owner("hours", "set", "--master", "Vira", "--weekday", "1", "--intervals", "09:00-13:00,12:00-18:00"),
                "the intervals 09:00-13:00 and 12:00-18:00 overlap");
        refused(cli.owner("hours", "set", "--master", "Vira", "--weekday", "1", "--intervals", "18:00-09:00"),
                "the end is not after the start: 18:00-09:00");
        refused(cli.owner("hours", "set", "--master", "Vira", "--weekday", "8", "--intervals", "off"),
                "this is not a weekday: 8 (write 1 for Monday to 7 for Sunday, a list like 1,3,5 or a range like 1-5)");
        refused(cli.owner("hours", "set", "--master", "Vira", "--weekday", "1", "--intervals", "10-14", "--from", "2030-02-30"),
                "this is not a date: 2030-02-30 (write it like 2026-12-01)");
        refused(cli.owner("hours", "set", "--master", "Ghost", "--weekday", "1", "--intervals", "10-14"), "there is no such master: Ghost");
        refused(cli.owner("hours", "day", "--master", "Vira", "--date", "2030-01-08", "--intervals", "10:00-14:00", "--note", "n".repeat(201)),
                "--note is too long (at most 200 characters)");
        assertEquals(before, weekOf(f.vira));
        assertEquals(0, f.count("SELECT count(*) FROM master_days"));
    }

    @Test
    void severalWeekdaysAreOneChangeThatTheDatabaseTakesWholeOrNotAtAll() {
        String before = weekOf(f.vira);
        // Wednesday is refused after Monday and Tuesday were written: the transaction takes them back
        f.dsl.execute("CREATE FUNCTION refuse_wednesday() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN "
                + "IF NEW.weekday = 3 AND NEW.master_id = " + f.vira + " THEN RAISE EXCEPTION 'not on Wednesdays' USING ERRCODE = '23P01'; "
                + "END IF; RETURN NEW; END $$");
        f.dsl.execute("CREATE TRIGGER refuse_wednesday BEFORE INSERT ON master_working_hours FOR EACH ROW EXECUTE FUNCTION refuse_wednesday()");
        try {
            refused(cli.owner("hours", "set", "--master", "Vira", "--weekday", "1-5", "--intervals", "08:00-12:00"),
                    "the database refused it: the intervals overlap");
        } finally {
            f.dsl.execute("DROP TRIGGER refuse_wednesday ON master_working_hours");
            f.dsl.execute("DROP FUNCTION refuse_wednesday()");
        }
        assertEquals(before, weekOf(f.vira), "Monday and Tuesday as they were");
    }

    @Test
    void aWeekFromADateAndOwnDaysAreListedAndUndone() {
        SetupCli.Run later = cli.owner("hours", "set", "--master", "Vira", "--weekday", "1", "--intervals", "off", "--from", "2030-01-14");
        assertEquals(List.of("hours #" + f.vira + " Vira week 2030-01-14 1 off", "in_the_way=0"), later.lines());
        assertEquals(List.of("day #" + f.vira + " Vira 2030-01-08 12:00-16:00", "in_the_way=0"),
                cli.owner("hours", "day", "--master", "Vira", "--date", "2030-01-08", "--intervals", "12:00-16:00", "--note", "covering").lines());
        assertEquals(List.of("day #" + f.vira + " Vira 2030-01-09 off", "in_the_way=0"),
                cli.owner("hours", "day", "--master", "Vira", "--date", "2030-01-09", "--intervals", "off").lines());

        List<String> list = cli.owner("hours", "list", "--master", "Vira", "--from", "2030-01-01", "--to", "2030-01-31").lines();
        assertEquals(16, list.size(), String.join("\n", list));
        assertEquals("week always\t1 Mon\t10:00-14:00", list.get(0));
        assertEquals("week 2030-01-14\t1 Mon\toff", list.get(7));
        assertEquals("week 2030-01-14\t2 Tue\t10:00-14:00", list.get(8), "the new week began as a copy of the one before");
        assertEquals("day 2030-01-08\tTue\t12:00-16:00\tcovering", list.get(14));
        assertEquals("day 2030-01-09\tWed\toff\t", list.get(15));

        assertEquals(List.of("cleared day #" + f.vira + " Vira 2030-01-08", "in_the_way=0"),
                cli.owner("hours", "clear-day", "--master", "Vira", "--date", "2030-01-08").lines());
        assertEquals(List.of("unchanged: no own hours #" + f.vira + " Vira 2030-01-08", "in_the_way=0"),
                cli.owner("hours", "clear-day", "--master", "Vira", "--date", "2030-01-08").lines());
        assertEquals(List.of("removed week #" + f.vira + " Vira 2030-01-14", "in_the_way=0"),
                cli.owner("hours", "remove-week", "--master", "Vira", "--from", "2030-01-14").lines());
        refused(cli.owner("hours", "remove-week", "--master", "Vira", "--from", "2030-01-14"), "Vira has no week starting on 2030-01-14");
        refused(cli.owner("hours", "remove-week", "--master", "Vira", "--from", "always"),
                "the first week cannot be removed: set its weekdays with hours set --from always");
    }

    @Test
    void aDayOffOverABookingListsIt() {
        var booking = f.booked(f.engine.book(f.newBooking(f.vira, at(11, 0), 30)));
        SetupCli.Run r = cli.owner("hours", "day", "--master", "Vira", "--date", "2030-01-07", "--intervals", "off", "--note", "salon closed");
        assertEquals(0, r.exit(), r.toString());
        assertEquals("warning: #" + booking.id() + " 2030-01-07 11:00-11:30 Iryna: the master does not work at that time", r.lines().get(1));
        assertEquals("in_the_way=1", r.lines().get(3));
        SetupCli.Run cleared = cli.owner("hours", "clear-day", "--master", "Vira", "--date", "2030-01-07");
        assertEquals("in_the_way=0", cleared.lines().get(1), "the week's hours again: the booking fits");
    }

    @Test
    void timeOffIsAddedOverABookingListedAndRemoved() {
        var booking = f.booked(f.engine.book(f.newBooking(f.anna, at(15, 0), 60)));
        SetupCli.Run r = cli.owner("time-off", "add", "--master", "Anna", "--from", "2030-01-07T14:00", "--to", "2030-01-08", "--reason", "dentist");
        assertEquals(0, r.exit(), r.toString());
        assertTrue(r.lines().get(0).matches("time_off_id=\\d+"), r.toString());
        long id = Long.parseLong(r.lines().get(0).substring("time_off_id=".length()));
        assertEquals("warning: #" + booking.id() + " 2030-01-07 15:00-16:00 Iryna: the master is away at that time", r.lines().get(1));
        assertEquals("in_the_way=1", r.lines().get(3));
        assertEquals(1, f.count("SELECT count(*) FROM master_time_off WHERE id = " + id
                + " AND starts_at = '2030-01-07 14:00+02' AND ends_at = '2030-01-09 00:00+02'"), "a date alone as --to: to the end of that day");

        assertEquals(List.of(id + "\t2030-01-07 14:00\t2030-01-09 00:00\tdentist"),
                cli.owner("time-off", "list", "--master", "anna", "--from", "2030-01-01").lines());
        assertEquals("removed time off #" + id, cli.owner("time-off", "remove", "--id", Long.toString(id)).line());
        refused(cli.owner("time-off", "remove", "--id", Long.toString(id)), "there is no time off " + id + " in this salon");
    }

    @Test
    void badTimeOffIsOneLineAndNothingIsWritten() {
        refused(cli.owner("time-off", "add", "--master", "Anna", "--from", "2030-01-07T14:00", "--to", "2030-01-07T10:00"),
                "the end is not after the start: 2030-01-07 14:00 - 2030-01-07 10:00");
        refused(cli.owner("time-off", "add", "--master", "Anna", "--from", "next monday", "--to", "2030-01-07"),
                "this is not a date-time: next monday (write it like 2026-12-01T15:00, or a date for the whole day)");
        refused(cli.owner("time-off", "add", "--master", "Nobody", "--from", "2030-01-07", "--to", "2030-01-07"), "there is no such master: Nobody");
        refused(cli.owner("time-off", "add", "--master", "Anna", "--from", "2030-01-07", "--to", "2030-01-07", "--reason", "r".repeat(10_000)),
                "--reason is too long (at most 200 characters)");
        assertEquals(0, f.count("SELECT count(*) FROM master_time_off"));
    }
}
