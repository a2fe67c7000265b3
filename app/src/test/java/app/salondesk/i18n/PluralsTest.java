package app.salondesk.i18n;

import org.junit.jupiter.api.Test;

import java.util.Locale;

import static org.junit.jupiter.api.Assertions.assertEquals;

class PluralsTest {

    private static final Locale UK = Locale.forLanguageTag("uk");
    private static final Locale RU = Locale.forLanguageTag("ru");

    @Test
    void ukrainianCountsLikeANativeSpeaker() {
        Messages m = new Messages(UK);
        assertEquals("1 запис на 30.11.2026", m.plural("status.loaded", 1, "30.11.2026"));
        assertEquals("2 записи на 30.11.2026", m.plural("status.loaded", 2, "30.11.2026"));
        assertEquals("5 записів на 30.11.2026", m.plural("status.loaded", 5, "30.11.2026"));
        assertEquals("11 записів на 30.11.2026", m.plural("status.loaded", 11, "30.11.2026"));
        assertEquals("21 запис на 30.11.2026", m.plural("status.loaded", 21, "30.11.2026"));
        assertEquals("24 записи на 30.11.2026", m.plural("status.loaded", 24, "30.11.2026"));
        assertEquals("112 записів на 30.11.2026", m.plural("status.loaded", 112, "30.11.2026"));
    }

    @Test
    void russianAndEnglishToo() {
        assertEquals("1 запись на 1.12", new Messages(RU).plural("status.loaded", 1, "1.12"));
        assertEquals("3 записи на 1.12", new Messages(RU).plural("status.loaded", 3, "1.12"));
        assertEquals("25 записей на 1.12", new Messages(RU).plural("status.loaded", 25, "1.12"));
        assertEquals("1 booking on Dec 1", new Messages(Locale.ENGLISH).plural("status.loaded", 1, "Dec 1"));
        assertEquals("21 bookings on Dec 1", new Messages(Locale.ENGLISH).plural("status.loaded", 21, "Dec 1"));
    }

    @Test
    void categoriesFollowCldr() {
        assertEquals("one", Plurals.category(UK, 101));
        assertEquals("many", Plurals.category(UK, 111));
        assertEquals("few", Plurals.category(RU, 1002));
        assertEquals("many", Plurals.category(RU, 0));
        assertEquals("other", Plurals.category(Locale.ENGLISH, 0));
    }
}
