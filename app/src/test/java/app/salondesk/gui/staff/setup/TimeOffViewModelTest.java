package app.salondesk.gui.staff.setup;

import app.salondesk.i18n.Messages;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.time.Clock;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Locale;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

/** Time off as typed: whole days need no times, times are the salon's wall clock, the end comes after the start. */
class TimeOffViewModelTest {

    private static final ZoneId KYIV = ZoneId.of("Europe/Kyiv");
    private final FakeSetup setup = new FakeSetup();
    private TimeOffViewModel vm;

    @BeforeEach
    void master() {
        vm = new TimeOffViewModel(setup, new Immediately(), new Messages(Locale.ENGLISH),
                Clock.fixed(Instant.parse("2030-01-06T08:00:00Z"), ZoneOffset.UTC), KYIV);
        vm.show(7);
    }

    @Test
    void emptyTimesAreWholeDaysInTheSalonsZone() {
        vm.fromDateProperty().set(LocalDate.of(2030, 1, 8));
        assertEquals(LocalDate.of(2030, 1, 8), vm.toDateProperty().get(), "a one-day absence unless the end is set apart");
        vm.reasonProperty().set("Vacation");
        vm.add();
        assertEquals(List.of("addTimeOff 2030-01-07T22:00:00Z 2030-01-08T22:00:00Z Vacation", "inTheWay"), setup.calls);
        assertEquals("Time off added: Jan 8, 2030, the whole day.", vm.messageProperty().get());
        assertEquals("Jan 8, 2030 \u2013 Jan 10, 2030, whole days",
                vm.describe(Instant.parse("2030-01-07T22:00:00Z"), Instant.parse("2030-01-10T22:00:00Z")));
    }

    @Test
    void hoursOfADayAndAnEndBeforeTheStart() {
        vm.fromDateProperty().set(LocalDate.of(2030, 1, 8));
        vm.fromTimeProperty().set("14:00");
        vm.toTimeProperty().set("10");
        assertNull(vm.range());
        assertEquals("The end must come after the start.", vm.messageProperty().get());
        vm.toTimeProperty().set("quarter past");
        assertNull(vm.range());
        assertEquals("Write the time like 09:30, not quarter past.", vm.messageProperty().get());
        vm.toTimeProperty().set("17:30");
        Instant[] r = vm.range();
        assertEquals(List.of(Instant.parse("2030-01-08T12:00:00Z"), Instant.parse("2030-01-08T15:30:00Z")), List.of(r));
    }
}
