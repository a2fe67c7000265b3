package app.salondesk.gui.staff.setup;

import app.salondesk.i18n.Messages;
import app.salondesk.logic.calendar.BookingCommands;
import app.salondesk.model.booking.Booking;
import app.salondesk.model.booking.BookingInTheWay;
import app.salondesk.model.booking.BookingOutcome;
import app.salondesk.model.booking.BookingStatus;
import app.salondesk.model.booking.FreeSlot;
import app.salondesk.model.booking.InvalidReason;
import app.salondesk.model.booking.ScheduledBooking;
import app.salondesk.model.booking.Source;
import app.salondesk.model.calendar.BookingRef;
import app.salondesk.model.staff.Master;
import app.salondesk.model.staff.MasterDetails;
import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.time.ZoneId;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Locale;
import java.util.UUID;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Each booking in the way gets the engine's own answer next to it; nothing is decided for the admin. */
class InTheWayViewModelTest {

    private static final ZoneId KYIV = ZoneId.of("Europe/Kyiv");
    private static final MasterDetails ANNA = new MasterDetails(1, "Anna", "#e57373", 1, true);
    private static final Master BOHDAN = new Master(2, "Bohdan", "#64b5f6", 2);

    /** Answers moves and cancellations from a queue, noting what was asked. */
    private static final class Commands implements BookingCommands {
        final Deque<BookingOutcome> answers = new ArrayDeque<>();
        final List<String> asked = new ArrayList<>();

        @Override
        public BookingOutcome move(BookingRef ref, long toMasterId, Instant start, int minutes) {
            asked.add("move " + ref.bookingId() + " v" + ref.version() + " to " + toMasterId + " " + start);
            return answers.poll();
        }

        @Override
        public BookingOutcome changeStatus(BookingRef ref, BookingStatus status) {
            asked.add(status + " " + ref.bookingId());
            return answers.poll();
        }
    }

    private final Commands commands = new Commands();

    private InTheWayViewModel vm(InTheWayViewModel.Why why) {
        // the rule book lets Bohdan take both bookings (he does their service)
        InTheWayViewModel vm = new InTheWayViewModel(why, ANNA, List.of(BOHDAN), commands, new Immediately(),
                new Messages(Locale.ENGLISH), KYIV, ids -> ids.stream().collect(java.util.stream.Collectors.toMap(id -> id, id -> java.util.Set.of(2L))));
        vm.addInTheWay(List.of(new BookingInTheWay(booking(11, "2030-01-08T08:00:00Z", 1), "master_time_off"),
                new BookingInTheWay(booking(12, "2030-01-08T09:00:00Z", 1), "master_time_off")));
        return vm;
    }

    private static ScheduledBooking booking(long id, String start, int version) {
        return new ScheduledBooking(id, 1, Instant.parse(start), 60, BookingStatus.CONFIRMED, "Iryna", "Cut", version);
    }

    private static Booking stored(long id, long master, String start, BookingStatus status, int version) {
        return new Booking(id, 1, master, 5, null, Instant.parse(start), 60, status, version, UUID.randomUUID(), Source.FORM, "", false);
    }

    /** Issue 31: "the time-off dialog offers to move a booking to a master who does not do its service". */
    @Test
    void aRowOffersOnlyTheMastersTheDatabaseLetsItsBookingGoTo() {
        Master vira = new Master(3, "Vira", "#81c784", 3);
        Master annaAsTarget = new Master(1, "Anna", "#e57373", 1);
        List<List<Long>> asked = new ArrayList<>();
        InTheWayViewModel vm = new InTheWayViewModel(InTheWayViewModel.Why.TIME_OFF, ANNA, List.of(annaAsTarget, BOHDAN, vira), commands,
                new Immediately(), new Messages(Locale.ENGLISH), KYIV, ids -> {
                    asked.add(ids);
                    return java.util.Map.of(11L, java.util.Set.of(2L), 12L, java.util.Set.of(2L, 3L));
                });
        vm.addInTheWay(List.of(new BookingInTheWay(booking(11, "2030-01-08T08:00:00Z", 1), "master_time_off"),
                new BookingInTheWay(booking(12, "2030-01-08T09:00:00Z", 1), "master_time_off")));
        assertEquals(List.of(List.of(11L, 12L)), asked, "one question for the batch");
        assertEquals(List.of(annaAsTarget, BOHDAN), vm.rows().get(0).targets(), "Vira does not do it; Anna herself at another time");
        assertEquals(BOHDAN, vm.rows().get(0).targetProperty().get(), "another master first");
        assertEquals(List.of(annaAsTarget, BOHDAN, vira), vm.rows().get(1).targets());
        InTheWayViewModel leaving = new InTheWayViewModel(InTheWayViewModel.Why.DEACTIVATION, ANNA, List.of(vira), commands,
                new Immediately(), new Messages(Locale.ENGLISH), KYIV, ids -> java.util.Map.of());
        leaving.addBookings(List.of(booking(11, "2030-01-08T08:00:00Z", 1)));
        assertTrue(leaving.rows().get(0).targets().isEmpty(), "nobody else does it");
        assertEquals(null, leaving.rows().get(0).targetProperty().get());
    }

    @Test
    void aRowOffersAnotherMasterAtItsOwnTimeAndShowsWhatTheEngineSaid() {
        InTheWayViewModel vm = vm(InTheWayViewModel.Why.TIME_OFF);
        InTheWayRowViewModel row = vm.rows().get(0);
        assertEquals(BOHDAN, row.targetProperty().get());
        assertEquals("10:00", row.timeProperty().get(), "the salon's wall clock, not UTC");
        assertEquals("during time off", vm.rule(row));
        assertEquals("Jan 8, 2030, 10:00 AM\u201311:00 AM \u00b7 Iryna \u00b7 Cut", vm.describe(row));

        commands.answers.add(new BookingOutcome.TimeTaken(List.of(new FreeSlot(2, "Bohdan", Instant.parse("2030-01-08T09:00:00Z"), true))));
        vm.move(row);
        assertEquals("That time is taken \u2014 nearest free: 11:00 AM", row.stateProperty().get());
        assertFalse(row.settledProperty().get());
        assertEquals(2, vm.openCount().get());

        row.timeProperty().set("11:00");
        commands.answers.add(new BookingOutcome.Booked(stored(11, 2, "2030-01-08T09:00:00Z", BookingStatus.CONFIRMED, 2)));
        vm.move(row);
        assertEquals("move 11 v1 to 2 2030-01-08T09:00:00Z", commands.asked.get(1));
        assertEquals("Moved: Bohdan, Jan 8, 2030, 11:00 AM.", row.stateProperty().get());
        assertTrue(row.settledProperty().get());
        assertEquals(1, vm.openCount().get());
    }

    @Test
    void aRefusalIsShownNextToItsBookingAndAStaleVersionIsRefreshedForTheNextTry() {
        InTheWayViewModel vm = vm(InTheWayViewModel.Why.HOURS);
        InTheWayRowViewModel row = vm.rows().get(1);
        commands.answers.add(new BookingOutcome.Invalid(InvalidReason.SERVICE_NOT_OFFERED, "Cut"));
        vm.move(row);
        assertEquals("Not saved: this master does not do Cut", row.stateProperty().get());
        commands.answers.add(new BookingOutcome.ChangedByOthers(stored(12, 1, "2030-01-08T09:30:00Z", BookingStatus.CONFIRMED, 4)));
        vm.move(row);
        assertTrue(row.stateProperty().get().startsWith("Someone else changed this booking: it is now on Jan 8, 2030, 11:30 AM"));
        assertFalse(row.settledProperty().get(), "still Anna's and still holding time");
        assertEquals(4, row.booking().version());
        row.timeProperty().set("half past");
        vm.move(row);
        assertEquals("Write the time like 15:30.", row.stateProperty().get());
        assertEquals(2, commands.asked.size(), "a time that is no time is not sent");
    }

    @Test
    void keepingOneAndCancellingTheRestOneAfterAnother() {
        InTheWayViewModel vm = vm(InTheWayViewModel.Why.TIME_OFF);
        vm.keep(vm.rows().get(0));
        assertEquals("Kept as it is.", vm.rows().get(0).stateProperty().get());
        commands.answers.add(new BookingOutcome.Booked(stored(12, 1, "2030-01-08T09:00:00Z", BookingStatus.CANCELLED, 2)));
        vm.cancelAll();
        assertEquals(List.of("CANCELLED 12"), commands.asked, "the kept one is not touched");
        assertEquals("Cancelled.", vm.rows().get(1).stateProperty().get());
        assertEquals(0, vm.openCount().get());
        assertFalse(vm.workingProperty().get());
    }

    @Test
    void moveAllSendsEveryOpenBookingToTheChosenMasterAtItsTime() {
        InTheWayViewModel vm = vm(InTheWayViewModel.Why.DEACTIVATION);
        commands.answers.add(new BookingOutcome.Booked(stored(11, 2, "2030-01-08T08:00:00Z", BookingStatus.CONFIRMED, 2)));
        commands.answers.add(new BookingOutcome.TryAgain());
        vm.moveAll();
        assertEquals(List.of("move 11 v1 to 2 2030-01-08T08:00:00Z", "move 12 v1 to 2 2030-01-08T09:00:00Z"), commands.asked);
        assertEquals("The schedule is busy right now \u2014 please try again.", vm.rows().get(1).stateProperty().get());
        assertEquals(1, vm.openCount().get());
        assertEquals("Anna has 2 bookings from now on. Move them to another master or time, or cancel them; then deactivate.",
                vm.explanation());
    }
}
