package app.salondesk.staff;

import app.salondesk.i18n.Messages;
import org.junit.jupiter.api.Test;

import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Locale;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** How long a session has held (or awaited) a master's lock, in each language's words. */
class SalonLocksViewModelTest {

    private static final Instant NOW = Instant.parse("2030-01-07T10:00:00Z");

    private static String heldFor(Locale locale, Instant since) {
        SalonLocksViewModel vm = new SalonLocksViewModel(new StaffRepository(null), 1, null, new Messages(locale),
                Clock.fixed(NOW, ZoneOffset.UTC));
        return vm.heldFor(new SalonLock(2, "Anna", 1234, "lena", true, since));
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
}
