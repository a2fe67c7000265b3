package app.salondesk.cli;

import app.salondesk.logic.booking.BookingEngine;
import app.salondesk.logic.clients.StaffLogins;
import app.salondesk.model.booking.NewBooking;
import app.salondesk.model.booking.NewVisit;
import app.salondesk.model.booking.Source;
import app.salondesk.model.booking.VisitOutcome;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.time.LocalDateTime;
import java.time.ZoneId;
import java.util.List;
import java.util.UUID;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Issue 30: {@code series move}, {@code series cancel} and {@code visits move} on the demo salon,
 * through the desk's {@code BookingSeries} and {@code BookingEngine.moveVisit}: a line per
 * occurrence (a series) or one line (a visit, all or none), the exit codes 0 done, 3 time taken or
 * changed by someone else, 4 try again, 2 invalid (nothing written), every write the command line's.
 */
class SeriesAndVisitCommandsTest {

    private static final Pattern BOOKED = Pattern.compile("booked #(\\d+)");

    private static DemoCli cli;
    private static StaffLogins logins;

    @BeforeAll
    static void demoSalon() throws Exception {
        cli = new DemoCli("cliseries");
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

    /** A weekly series of {@code times} hours with Olena from {@code start} on: the bookings' numbers. */
    private static List<Long> weekly(String start, int times) {
        DemoCli.Run r = cli.run("book", "--master", "Olena Kovalenko", "--start", start, "--duration", "60", "--client", "Weekly Client",
                "--repeat-weeks", "1", "--times", Integer.toString(times));
        assertEquals(0, r.exit(), r.all());
        return r.lines().stream().map(BOOKED::matcher).filter(Matcher::find).map(m -> Long.parseLong(m.group(1))).toList();
    }

    @Test
    void seriesMoveMovesThisBookingAndTheLaterOnesAndSaysEach() {
        List<Long> ids = weekly("2030-01-07T10:00", 4);
        DemoCli.Run r = cli.run("series", "move", "--booking", ids.get(1).toString(), "--by-days", "1");
        assertEquals(0, r.exit(), r.all());
        assertEquals(List.of(
                "1/3 2030-01-15 10:00: moved #" + ids.get(1) + " Olena Kovalenko 2030-01-15 10:00-11:00 version 2",
                "2/3 2030-01-22 10:00: moved #" + ids.get(2) + " Olena Kovalenko 2030-01-22 10:00-11:00 version 2",
                "3/3 2030-01-29 10:00: moved #" + ids.get(3) + " Olena Kovalenko 2030-01-29 10:00-11:00 version 2",
                "moved=3 time-taken=0 changed=0 try-again=0 invalid=0"), r.lines());
        assertEquals("2030-01-07 10:00 Olena Kovalenko 60 confirmed v1", cli.state(ids.get(0)), "the earlier one stays");
        for (long id : ids.subList(1, 4)) {
            assertEquals("cli", cli.lastSource(id));
        }
    }

    @Test
    void aTakenOccurrenceIsSaidWithItsNearestFreeTimesAndTheSeriesExitsThree() {
        List<Long> ids = weekly("2030-01-07T10:00", 3);
        assertEquals(0, cli.run("book", "--master", "Olena Kovalenko", "--start", "2030-01-22T10:00", "--duration", "30",
                "--client", "In The Way").exit());
        DemoCli.Run r = cli.run("series", "move", "--booking", ids.get(0).toString(), "--by-days", "1");
        assertEquals(3, r.exit(), r.all());
        assertEquals(4, r.lines().size(), r.out());
        assertTrue(r.lines().get(0).startsWith("1/3 2030-01-08 10:00: moved #" + ids.get(0) + " "), r.out());
        assertTrue(r.lines().get(1).startsWith("2/3 2030-01-15 10:00: moved #"), r.out());
        assertTrue(r.lines().get(2).matches("3/3 2030-01-22 10:00: time-taken; nearest free: \\d\\d:\\d\\d.*"), r.out());
        assertEquals("moved=2 time-taken=1 changed=0 try-again=0 invalid=0", r.lines().get(3));
        assertEquals("2030-01-21 10:00 Olena Kovalenko 60 confirmed v1", cli.state(ids.get(2)));
    }

    @Test
    void aSeriesMovedOverTheClocksGoingForwardKeepsItsTimeOfDay() {
        // Kyiv moves its clocks on Sunday 31 March 2030: 10:00 stays 10:00 on either side
        List<Long> ids = weekly("2030-03-25T10:00", 2);
        DemoCli.Run r = cli.run("series", "move", "--booking", ids.get(0).toString(), "--by-days", "1");
        assertEquals(0, r.exit(), r.all());
        assertEquals("2030-03-26 10:00 Olena Kovalenko 60 confirmed v2", cli.state(ids.get(0)));
        assertEquals("2030-04-02 10:00 Olena Kovalenko 60 confirmed v2", cli.state(ids.get(1)));
    }

    /** Issue 30, defect 2: a weekly series moved a week on must not land each occurrence on its not-yet-moved sibling. */
    @Test
    void aWeeklySeriesMovedAWeekOnMovesEveryOccurrence() {
        List<Long> ids = weekly("2030-01-07T10:00", 4);
        DemoCli.Run r = cli.run("series", "move", "--booking", ids.get(1).toString(), "--by-days", "7");
        assertEquals(0, r.exit(), r.all());
        assertEquals("moved=3 time-taken=0 changed=0 try-again=0 invalid=0", r.lines().get(3));
        assertEquals("2030-01-21 10:00 Olena Kovalenko 60 confirmed v2", cli.state(ids.get(1)));
        assertEquals("2030-02-04 10:00 Olena Kovalenko 60 confirmed v2", cli.state(ids.get(3)));
    }

    @Test
    void seriesCancelCancelsThisBookingAndTheLaterOnes() {
        List<Long> ids = weekly("2030-01-07T10:00", 4);
        DemoCli.Run r = cli.run("series", "cancel", "--booking", ids.get(2).toString());
        assertEquals(0, r.exit(), r.all());
        assertEquals(List.of(
                "1/2 2030-01-21 10:00: cancelled #" + ids.get(2) + " Olena Kovalenko 2030-01-21 10:00-11:00 version 2",
                "2/2 2030-01-28 10:00: cancelled #" + ids.get(3) + " Olena Kovalenko 2030-01-28 10:00-11:00 version 2",
                "cancelled=2 time-taken=0 changed=0 try-again=0 invalid=0"), r.lines());
        assertEquals("2030-01-14 10:00 Olena Kovalenko 60 confirmed v1", cli.state(ids.get(1)));
        assertEquals("2030-01-28 10:00 Olena Kovalenko 60 cancelled v2", cli.state(ids.get(3)));
        assertEquals("cli", cli.lastSource(ids.get(3)));
    }

    @Test
    void aStaleVersionOfTheFirstBookingChangesNoOccurrence() {
        List<Long> ids = weekly("2030-01-07T10:00", 3);
        assertEquals(0, cli.run("bookings", "move", "--id", ids.get(0).toString(), "--start", "2030-01-07T11:00").exit());
        int history = cli.historyRows();
        for (String[] command : List.of(new String[]{"series", "move", "--booking", ids.get(0).toString(), "--by-days", "1", "--version", "1"},
                new String[]{"series", "cancel", "--booking", ids.get(0).toString(), "--version", "1"})) {
            DemoCli.Run r = cli.run(command);
            assertEquals(3, r.exit(), r.all());
            assertEquals("changed by someone else: #" + ids.get(0) + " is now version 2", r.out().strip());
        }
        assertEquals(history, cli.historyRows(), "no occurrence was written");
        DemoCli.Run current = cli.run("series", "cancel", "--booking", ids.get(0).toString(), "--version", "2");
        assertEquals(0, current.exit(), current.all());
    }

    @Test
    void aBookingInNoSeriesOrNoDaysIsInvalidAndNothingIsWritten() {
        DemoCli.Run single = cli.run("book", "--master", "Olena Kovalenko", "--start", "2030-01-07T10:00", "--duration", "30", "--client", "Alone");
        String id = Long.toString(single.id());
        int history = cli.historyRows();
        DemoCli.Run notInSeries = cli.run("series", "move", "--booking", id, "--by-days", "7");
        assertEquals(2, notInSeries.exit(), notInSeries.all());
        assertEquals("invalid: booking " + id + " is in no series: change it with bookings move or bookings status", notInSeries.out().strip());
        assertEquals(2, cli.run("series", "cancel", "--booking", id).exit());
        List<Long> ids = weekly("2030-01-14T10:00", 2);
        DemoCli.Run zero = cli.run("series", "move", "--booking", ids.get(0).toString(), "--by-days", "0");
        assertEquals(2, zero.exit(), zero.all());
        assertEquals("invalid: this is not a number of days to move by: 0 (write 1 to 366, or -1 to -366 for earlier)", zero.out().strip());
        assertEquals(history + 2, cli.historyRows(), "only the series' own two bookings were written");
    }

    // ---- visits -------------------------------------------------------------------------------

    /** Olena's haircut at 10:00, then Iryna's manicure (11:00-12:30), booked at the desk: the visit's number. */
    private static long visit() {
        ZoneId kyiv = ZoneId.of("Europe/Kyiv");
        VisitOutcome made = new BookingEngine(cli.owner).bookVisit(new NewVisit(cli.tenant, null, new NewBooking.ClientDetails("Vira Visit", null),
                List.of(new NewVisit.Part(cli.master("Olena Kovalenko"), cli.service("Women's haircut"),
                                LocalDateTime.parse("2030-01-07T10:00").atZone(kyiv).toInstant(), null),
                        new NewVisit.Part(cli.master("Iryna Bondar"), cli.service("Gel manicure"), null, null)),
                "", UUID.randomUUID(), Source.FORM));
        return assertInstanceOf(VisitOutcome.Booked.class, made).visitId();
    }

    private static List<Long> parts(long visit) {
        return cli.owner.resultQuery("SELECT id FROM bookings WHERE visit_id = ? ORDER BY starts_at", visit).fetch(0, Long.class);
    }

    @Test
    void visitsMoveMovesEveryPartAndSaysItInOneLine() {
        long visit = visit();
        List<Long> parts = parts(visit);
        DemoCli.Run r = cli.run("visits", "move", "--visit", Long.toString(visit), "--by-minutes", "60");
        assertEquals(0, r.exit(), r.all());
        assertEquals("moved visit #" + visit + ": #" + parts.get(0) + " Olena Kovalenko 2030-01-07 11:00-12:00 version 2, #" + parts.get(1)
                + " Iryna Bondar 2030-01-07 12:00-13:30 version 2", r.out().strip());
        for (long part : parts) {
            assertEquals("cli", cli.lastSource(part));
        }
    }

    @Test
    void aVisitWhosePartsTimeIsTakenMovesNoPartAndExitsThree() {
        long visit = visit();
        List<Long> parts = parts(visit);
        assertEquals(0, cli.run("book", "--master", "Iryna Bondar", "--start", "2030-01-07T13:00", "--duration", "30", "--client", "Nails").exit());
        DemoCli.Run r = cli.run("visits", "move", "--visit", Long.toString(visit), "--by-minutes", "120");
        assertEquals(3, r.exit(), r.all());
        assertTrue(r.out().strip().matches("time-taken \\(part 2\\); nearest free: \\d\\d:\\d\\d.*"), r.out());
        assertEquals("2030-01-07 10:00 Olena Kovalenko 60 confirmed v1", cli.state(parts.get(0)), "all or none");
        assertEquals("2030-01-07 11:00 Iryna Bondar 90 confirmed v1", cli.state(parts.get(1)));
    }

    @Test
    void aVisitPartsStaleVersionIsChangedBySomeoneElseAndBadInputIsInvalid() {
        long visit = visit();
        List<Long> parts = parts(visit);
        String v = Long.toString(visit);
        assertEquals(0, cli.run("bookings", "status", "--id", parts.get(1).toString(), "--to", "arrived").exit());
        int history = cli.historyRows();

        DemoCli.Run stale = cli.run("visits", "move", "--visit", v, "--by-minutes", "30", "--version", parts.get(0) + "=1",
                "--version", parts.get(1) + "=1");
        assertEquals(3, stale.exit(), stale.all());
        assertEquals("changed by someone else: the visit is now #" + parts.get(0) + " version 1, #" + parts.get(1) + " version 2",
                stale.out().strip());
        DemoCli.Run notAPart = cli.run("visits", "move", "--visit", v, "--by-minutes", "30", "--version", "999999=1");
        assertEquals(2, notAPart.exit(), notAPart.all());
        assertEquals("invalid: booking 999999 is not a part of visit " + v, notAPart.out().strip());
        DemoCli.Run noVisit = cli.run("visits", "move", "--visit", "999999", "--by-minutes", "30");
        assertEquals(2, noVisit.exit(), noVisit.all());
        assertEquals("invalid: there is no such visit: 999999", noVisit.out().strip());
        DemoCli.Run zero = cli.run("visits", "move", "--visit", v, "--by-minutes", "0");
        assertEquals(2, zero.exit(), zero.all());
        assertEquals("invalid: this is not a number of minutes to move by: 0 (write 1 to 10080, or -1 to -10080 for earlier)",
                zero.out().strip());
        assertEquals(history, cli.historyRows(), "nothing was written");

        DemoCli.Run seen = cli.run("visits", "move", "--visit", v, "--by-minutes", "30", "--version", parts.get(1) + "=2");
        assertEquals(0, seen.exit(), "the versions as they are: moved\n" + seen.all());
    }

    @Test
    void aManagersSeriesAndVisitMovesAreRefusedInOneSentence() {
        List<Long> ids = weekly("2030-01-07T15:00", 2);
        long visit = visit();
        String manager = logins.add(cli.tenant, "boss", "manager");
        int history = cli.historyRows();
        DemoCli.Run series = cli.as(manager, StaffLogins.PASSWORD, "series", "move", "--booking", ids.get(0).toString(), "--by-days", "1");
        assertEquals(2, series.exit(), series.all());
        assertEquals(List.of("1/2 2030-01-08 15:00: invalid: you don't have permission to do this",
                "2/2 2030-01-15 15:00: invalid: you don't have permission to do this",
                "moved=0 time-taken=0 changed=0 try-again=0 invalid=2"), series.lines());
        DemoCli.Run visits = cli.as(manager, StaffLogins.PASSWORD, "visits", "move", "--visit", Long.toString(visit), "--by-minutes", "30");
        assertEquals(2, visits.exit(), visits.all());
        assertEquals("invalid: you don't have permission to do this", visits.out().strip());
        assertEquals(history, cli.historyRows());
    }
}
