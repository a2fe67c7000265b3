package app.salondesk.gui.staff;

import app.salondesk.i18n.Messages;
import app.salondesk.logic.staff.StaffRepository;
import app.salondesk.model.staff.SalonLock;
import org.junit.jupiter.api.Test;

import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Locale;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** How long a session has held (or awaited) a master's lock, in each language's words. */
class SalonLocksViewModelTest {

    private static final Instant NOW = Instant.parse("2030-01-07T10:00:00Z");

    private static String heldFor(Locale locale, Instant since) {
        SalonLocksViewModel vm = new SalonLocksViewModel(new StaffRepository(null), 1, null, new Messages(locale),
                Clock.fixed(NOW, ZoneOffset.UTC));
        return vm.heldFor(new SalonLock(SalonLock.Kind.MASTER, 2L, "Anna", 1234, "lena", false, true, since));
    }

    @Test
    void minutesAndHoursInEnglish() {
        assertEquals("under a minute", heldFor(Locale.ENGLISH, NOW.minusSeconds(59)));
        assertEquals("3 min", heldFor(Locale.ENGLISH, NOW.minusSeconds(3 * 60 + 10)));
        assertEquals("1 h 5 min", heldFor(Locale.ENGLISH, NOW.minusSeconds(65 * 60)));
        assertEquals("unknown", heldFor(Locale.ENGLISH, null));
    }

    @Test
    void aServerClockAheadOfThisPcIsNotANegativeTime() {
        assertEquals("under a minute", heldFor(Locale.ENGLISH, NOW.plusSeconds(90)));
    }

    @Test
    void ukrainianAndRussian() {
        assertEquals("3 хв", heldFor(Locale.forLanguageTag("uk"), NOW.minusSeconds(3 * 60)));
        assertEquals("2 год 0 хв", heldFor(Locale.forLanguageTag("uk"), NOW.minusSeconds(120 * 60)));
        assertEquals("меньше минуты", heldFor(Locale.forLanguageTag("ru"), NOW.minusSeconds(5)));
        assertEquals("1 ч 30 мин", heldFor(Locale.forLanguageTag("ru"), NOW.minusSeconds(90 * 60)));
    }

    private static SalonLock lock(SalonLock.Kind kind, Long id, String name, int pid, boolean shared, boolean granted) {
        return new SalonLock(kind, id, name, pid, "lena", shared, granted, NOW);
    }

    @Test
    void aBookingsSharedHoldOfTheRoomsIsSaidByItsMastersLineAndARoomsHolderAloneKeepsItsOwn() {
        SalonLock bookingsRooms = lock(SalonLock.Kind.ROOMS, null, null, 11, true, true);
        SalonLock bookingsMaster = lock(SalonLock.Kind.MASTER, 2L, "Anna", 11, false, true);
        SalonLock waitersRooms = lock(SalonLock.Kind.ROOMS, null, null, 12, true, true);
        SalonLock waitersMaster = lock(SalonLock.Kind.MASTER, 2L, "Anna", 12, false, false);
        SalonLock roomsAlone = lock(SalonLock.Kind.ROOMS, null, null, 13, true, true);
        SalonLock roomsExclusive = lock(SalonLock.Kind.ROOMS, null, null, 14, false, true);
        assertEquals(List.of(bookingsMaster, waitersMaster, roomsAlone, roomsExclusive), SalonLocksViewModel.listed(
                List.of(bookingsRooms, bookingsMaster, waitersRooms, waitersMaster, roomsAlone, roomsExclusive)));
    }

    @Test
    void everyKindOfLockIsNamedInWords() {
        SalonLocksViewModel vm = new SalonLocksViewModel(new StaffRepository(null), 1, null, new Messages(Locale.ENGLISH),
                Clock.fixed(NOW, ZoneOffset.UTC));
        assertEquals("Anna", vm.what(lock(SalonLock.Kind.MASTER, 2L, "Anna", 1, false, true)));
        assertEquals("Rooms and equipment, all", vm.what(lock(SalonLock.Kind.ROOMS, null, null, 1, false, true)));
        assertEquals("Washing station (room or equipment)", vm.what(lock(SalonLock.Kind.RESOURCE, 3L, "Washing station", 1, false, true)));
        assertEquals("Client Nina: waitlist", vm.what(lock(SalonLock.Kind.WAITLIST_CLIENT, 4L, "Nina", 1, false, true)));
    }
}
