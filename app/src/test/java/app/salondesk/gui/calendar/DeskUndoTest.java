package app.salondesk.gui.calendar;

import app.salondesk.gui.staff.setup.Immediately;
import app.salondesk.i18n.Messages;
import app.salondesk.logic.calendar.BookingCommands;
import app.salondesk.logic.calendar.ScheduleSource;
import app.salondesk.model.booking.Booking;
import app.salondesk.model.booking.BookingOutcome;
import app.salondesk.model.booking.BookingStatus;
import app.salondesk.model.booking.FreeSlot;
import app.salondesk.model.booking.ScheduledBooking;
import app.salondesk.model.booking.Source;
import app.salondesk.model.calendar.BookingRef;
import app.salondesk.model.calendar.DaySchedule;
import app.salondesk.model.salon.Salon;
import app.salondesk.model.staff.Master;
import org.junit.jupiter.api.Test;

import java.time.Clock;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.UUID;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Undo at the desk through the schedule's view model, without the toolkit: the booking store
 * below answers as the engine does (a version that does not match is "changed by others").
 */
class DeskUndoTest {

    private static final Salon SALON = new Salon(1, "Bloom", ZoneId.of("Europe/Kyiv"));
    private static final LocalDate DAY = LocalDate.of(2030, 1, 7);
    private static final Instant TEN = DAY.atTime(10, 0).atZone(SALON.zone()).toInstant();
    private static final Clock CLOCK = Clock.fixed(Instant.parse("2029-12-01T09:00:00Z"), ZoneOffset.UTC);

    /** The salon's bookings as the engine would keep them; what was asked of it. */
    private final Map<Long, Booking> rows = new LinkedHashMap<>();
    private final List<String> asked = new ArrayList<>();
    private BookingOutcome nextAnswer;

    private final BookingCommands engine = new BookingCommands() {
        @Override
        public BookingOutcome move(BookingRef ref, long toMasterId, Instant start, int minutes) {
            asked.add("move " + ref.bookingId() + " v" + ref.version());
            return write(ref, b -> new Booking(b.id(), 1, toMasterId, b.clientId(), null, start, minutes, b.status(), b.version() + 1,
                    b.requestId(), b.source(), "", false));
        }

        @Override
        public BookingOutcome changeStatus(BookingRef ref, BookingStatus status) {
            asked.add("status " + ref.bookingId() + " v" + ref.version() + " " + status.dbValue());
            return write(ref, b -> new Booking(b.id(), 1, b.masterId(), b.clientId(), null, b.start(), b.durationMin(), status,
                    b.version() + 1, b.requestId(), b.source(), "", false));
        }

        private BookingOutcome write(BookingRef ref, java.util.function.UnaryOperator<Booking> change) {
            if (nextAnswer != null) {
                BookingOutcome a = nextAnswer;
                nextAnswer = null;
                return a;
            }
            Booking now = rows.get(ref.bookingId());
            if (now.version() != ref.version() || now.masterId() != ref.masterId()) {
                return new BookingOutcome.ChangedByOthers(now);
            }
            Booking changed = change.apply(now);
            rows.put(changed.id(), changed);
            return new BookingOutcome.Booked(changed);
        }
    };

    private DayScheduleViewModel vm() {
        ScheduleSource store = (salon, masterIds, date, cancelled) -> new DaySchedule(date, rows.values().stream()
                .filter(b -> b.start().atZone(salon.zone()).toLocalDate().equals(date))
                .map(b -> new ScheduledBooking(b.id(), b.masterId(), b.start(), b.durationMin(), b.status(),
                        b.id() == 1 ? "Iryna Savchenko" : "Oksana", "Cut", b.version()))
                .toList(), Map.of(), List.of());
        DayScheduleViewModel vm = new DayScheduleViewModel(SALON, List.of(new Master(7, "Olena", "#000", 0), new Master(8, "Marta", "#000", 1)),
                store, new Immediately(), new Messages(Locale.ENGLISH), CLOCK);
        vm.setCommands(engine);
        vm.dateProperty().set(DAY);
        vm.reload();
        return vm;
    }

    private Booking book(long id, long master, Instant start) {
        Booking b = new Booking(id, 1, master, 5, null, start, 60, BookingStatus.CONFIRMED, 1, UUID.randomUUID(), Source.FORM, "", false);
        rows.put(id, b);
        return b;
    }

    /** A wall-clock hour of the day as the desk writes it in English. */
    private static String t(int hour) {
        return java.time.format.DateTimeFormatter.ofLocalizedTime(java.time.format.FormatStyle.SHORT).withLocale(Locale.ENGLISH)
                .format(java.time.LocalTime.of(hour, 0));
    }

    private BookingRef ref(long id) {
        Booking b = rows.get(id);
        return new BookingRef(b.id(), b.masterId(), b.version(), b.status());
    }

    @Test
    void aMoveIsSaidWithAnUndoAndCtrlZPutsItBackWithTheVersionTheMoveMade() {
        book(1, 7, TEN);
        DayScheduleViewModel vm = vm();
        vm.move(ref(1), 8, TEN.plusSeconds(5 * 3600), 60, saved -> { });
        assertEquals("Moved Iryna Savchenko to " + t(15) + " with Marta", vm.notificationProperty().get());
        assertTrue(vm.undoOfferedProperty().get());
        vm.undo();
        assertEquals("move 1 v2", asked.get(asked.size() - 1), "the undo carries the version this desk's move produced");
        Booking now = rows.get(1L);
        assertEquals(7, now.masterId());
        assertEquals(TEN, now.start());
        assertEquals("Undone: Iryna Savchenko is back at " + t(10) + "\u2013" + t(11) + " with Olena", vm.notificationProperty().get());
        assertFalse(vm.undoOfferedProperty().get(), "an undo offers no undo of itself");
        assertEquals(0, vm.undoable(), "and is not recorded: there is no redo");
        vm.undo();
        assertEquals("Nothing to undo.", vm.notificationProperty().get());
    }

    @Test
    void ctrlZUndoesTheNewestFirstAndTwoChangesOfOneBookingBoth() {
        book(1, 7, TEN);
        book(2, 8, TEN);
        DayScheduleViewModel vm = vm();
        vm.move(ref(1), 7, TEN.plusSeconds(3600), 60, saved -> { });           // 10:00 -> 11:00
        vm.changeStatus(ref(2), BookingStatus.ARRIVED);
        vm.move(ref(1), 7, TEN.plusSeconds(2 * 3600), 90, saved -> { });       // 11:00 -> 12:00, 90 min
        assertEquals(3, vm.undoable());
        vm.undo();
        assertEquals(TEN.plusSeconds(3600), rows.get(1L).start());
        assertEquals(60, rows.get(1L).durationMin());
        vm.undo();
        assertEquals(BookingStatus.CONFIRMED, rows.get(2L).status());
        assertEquals("Undone: Oksana\u2019s booking is \u201cConfirmed\u201d again", vm.notificationProperty().get());
        vm.undo();
        assertEquals(TEN, rows.get(1L).start(), "the desk's own undo is not a change at another desk");
        assertEquals(0, vm.undoable());
    }

    @Test
    void aBookingChangedElsewhereSinceIsNotTouchedAndTheDeskSaysSo() {
        book(1, 7, TEN);
        DayScheduleViewModel vm = vm();
        vm.move(ref(1), 7, TEN.plusSeconds(3600), 60, saved -> { });
        Booking theirs = rows.get(1L);
        // another desk moves it on: version 3
        rows.put(1L, new Booking(1, 1, 7, 5, null, TEN.plusSeconds(4 * 3600), 60, BookingStatus.CONFIRMED, 3, theirs.requestId(),
                Source.FORM, "", false));
        vm.undo();
        assertEquals(TEN.plusSeconds(4 * 3600), rows.get(1L).start(), "nothing was overwritten");
        assertEquals(3, rows.get(1L).version());
        assertEquals("Iryna Savchenko\u2019s booking was changed at another desk since: nothing was undone.",
                vm.notificationProperty().get());
        assertEquals(0, vm.undoable(), "it could never be undone now: forgotten");
    }

    @Test
    void aCancelIsSaidAndItsUndoThatFindsTheTimeTakenOffersTheNearestFree() {
        book(1, 7, TEN);
        DayScheduleViewModel vm = vm();
        vm.changeStatus(ref(1), BookingStatus.CANCELLED);
        assertEquals("Cancelled Iryna Savchenko\u2019s booking at " + t(10) + "", vm.notificationProperty().get());
        assertTrue(vm.undoOfferedProperty().get());
        nextAnswer = new BookingOutcome.TimeTaken(List.of(new FreeSlot(7, "Olena", TEN.plusSeconds(3600), true)));
        vm.undo();
        assertEquals("status 1 v2 confirmed", asked.get(asked.size() - 1));
        assertEquals("Not undone: Iryna Savchenko\u2019s time was taken meanwhile \u2014 nearest free: " + t(11) + "",
                vm.notificationProperty().get());
        assertEquals(BookingStatus.CANCELLED, rows.get(1L).status());
    }

    @Test
    void aBusyScheduleKeepsTheChangeForTheNextCtrlZ() {
        book(1, 7, TEN);
        DayScheduleViewModel vm = vm();
        vm.changeStatus(ref(1), BookingStatus.NO_SHOW);
        assertEquals("Marked Iryna Savchenko as \u201cNo-show\u201d", vm.notificationProperty().get());
        nextAnswer = new BookingOutcome.TryAgain();
        vm.undo();
        assertEquals("The schedule is busy right now \u2014 please try again.", vm.notificationProperty().get());
        assertEquals(1, vm.undoable());
        vm.undo();
        assertEquals(BookingStatus.CONFIRMED, rows.get(1L).status());
    }

    @Test
    void aReadOnlyDeskUndoesNothing() {
        book(1, 7, TEN);
        DayScheduleViewModel vm = vm();
        vm.move(ref(1), 7, TEN.plusSeconds(3600), 60, saved -> { });
        vm.editableProperty().set(false);
        vm.undo();
        assertEquals(TEN.plusSeconds(3600), rows.get(1L).start());
        assertEquals(1, vm.undoable());
    }
}
