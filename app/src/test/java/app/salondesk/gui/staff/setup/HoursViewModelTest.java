package app.salondesk.gui.staff.setup;

import app.salondesk.i18n.Messages;
import app.salondesk.model.booking.BookingInTheWay;
import app.salondesk.model.booking.BookingStatus;
import app.salondesk.model.booking.ScheduledBooking;
import app.salondesk.model.staff.Week;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.time.Clock;
import java.time.DayOfWeek;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalTime;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The week editor: rows checked before saving, new weeks as copies, and the bookings a save leaves outside. */
class HoursViewModelTest {

    private static final ZoneId KYIV = ZoneId.of("Europe/Kyiv");
    private final FakeSetup setup = new FakeSetup();
    private HoursViewModel vm;

    @BeforeEach
    void aWeekWithABreak() {
        Map<DayOfWeek, List<LocalTime[]>> days = new EnumMap<>(DayOfWeek.class);
        for (DayOfWeek d : List.of(DayOfWeek.MONDAY, DayOfWeek.TUESDAY, DayOfWeek.WEDNESDAY, DayOfWeek.THURSDAY, DayOfWeek.FRIDAY)) {
            days.put(d, List.of(new LocalTime[]{LocalTime.of(9, 0), LocalTime.of(13, 0)}, new LocalTime[]{LocalTime.of(14, 0), LocalTime.of(18, 0)}));
        }
        setup.weeks.add(new Week(Week.ALWAYS, days));
        setup.weeks.add(new Week(LocalDate.of(2030, 3, 4), Map.of(DayOfWeek.MONDAY, List.<LocalTime[]>of(
                new LocalTime[]{LocalTime.of(12, 0), LocalTime.of(20, 0)}))));
        vm = new HoursViewModel(setup, new Immediately(), new Messages(Locale.ENGLISH),
                Clock.fixed(Instant.parse("2030-01-07T08:00:00Z"), ZoneOffset.UTC), KYIV);
        vm.show(7);
    }

    @Test
    void theWeekInForceTodayIsShownAsTextRows() {
        assertEquals(Week.ALWAYS, vm.shownProperty().get());
        assertEquals("09:00\u201313:00, 14:00\u201318:00", vm.textProperty(DayOfWeek.MONDAY).get());
        assertEquals("", vm.textProperty(DayOfWeek.SUNDAY).get());
        assertEquals("Monday", vm.dayName(DayOfWeek.MONDAY));
        assertEquals("From the start", vm.weekName(Week.ALWAYS));
    }

    @Test
    void aWrongRowIsMarkedAndNothingIsSaved() {
        vm.textProperty(DayOfWeek.TUESDAY).set("09:00-13:00, 12:00-18:00");
        vm.textProperty(DayOfWeek.SATURDAY).set("10-8");
        vm.save();
        assertEquals("09:00\u201313:00 and 12:00\u201318:00 overlap", vm.errorProperty(DayOfWeek.TUESDAY).get());
        assertEquals("10-8: the end must come after the start", vm.errorProperty(DayOfWeek.SATURDAY).get());
        assertEquals("", vm.errorProperty(DayOfWeek.MONDAY).get());
        assertEquals("Not saved: fix the marked days.", vm.messageProperty().get());
        assertFalse(setup.calls.stream().anyMatch(c -> c.startsWith("saveWeek")));

        vm.textProperty(DayOfWeek.TUESDAY).set("09:00-13:00");
        vm.textProperty(DayOfWeek.SATURDAY).set("10-14");
        vm.save();
        assertEquals("", vm.errorProperty(DayOfWeek.TUESDAY).get());
        assertTrue(setup.calls.contains("saveWeek 1900-01-01"));
        assertEquals(1, setup.savedWeek.get(DayOfWeek.TUESDAY).size());
        assertEquals(List.of(), setup.savedWeek.get(DayOfWeek.SUNDAY), "an empty row is a day off");
        assertEquals("The week was saved.", vm.messageProperty().get());
    }

    @Test
    void aDifferentWeekFromADateStartsAsACopyOfTheWeekInForceThen() {
        vm.newWeekFromProperty().set(LocalDate.of(2030, 2, 1));
        vm.startWeekFrom();
        assertTrue(vm.draftProperty().get());
        assertEquals(LocalDate.of(2030, 2, 1), vm.shownProperty().get());
        assertEquals("09:00\u201313:00, 14:00\u201318:00", vm.textProperty(DayOfWeek.MONDAY).get(), "a copy of the first week");
        vm.newWeekFromProperty().set(LocalDate.of(2030, 4, 1));
        vm.startWeekFrom();
        assertEquals("12:00\u201320:00", vm.textProperty(DayOfWeek.MONDAY).get(), "a copy of the week from 4 March");
        vm.textProperty(DayOfWeek.SUNDAY).set("10-14");
        vm.save();
        assertTrue(setup.calls.contains("saveWeek 2030-04-01"));
        assertFalse(vm.draftProperty().get(), "saved, it is one of the weeks");
        assertEquals(LocalDate.of(2030, 4, 1), vm.shownProperty().get());
        assertEquals(3, vm.weeks().size());
    }

    @Test
    void theBookingsASaveLeavesOutsideAreHandedOnAndTheFirstWeekCannotBeRemoved() {
        ScheduledBooking b = new ScheduledBooking(5, 7, Instant.parse("2030-01-08T16:00:00Z"), 60, BookingStatus.CONFIRMED, "Iryna", "Cut", 1);
        setup.inTheWay.add(new BookingInTheWay(b, "outside_working_hours"));
        List<List<BookingInTheWay>> handed = new ArrayList<>();
        vm.setOnInTheWay(handed::add);
        vm.save();
        assertEquals(1, handed.size());
        assertEquals(5, handed.get(0).get(0).booking().id());

        vm.removeShownWeek();
        assertFalse(setup.calls.stream().anyMatch(c -> c.startsWith("removeWeek")), "the first week always stays");
        vm.showWeek(LocalDate.of(2030, 3, 4));
        vm.removeShownWeek();
        assertTrue(setup.calls.contains("removeWeek 2030-03-04"));
    }
}
