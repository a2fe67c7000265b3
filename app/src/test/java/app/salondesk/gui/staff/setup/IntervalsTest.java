package app.salondesk.gui.staff.setup;

import org.junit.jupiter.api.Test;

import java.time.LocalTime;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A day's intervals as admins type them, checked before the database's own checks. */
class IntervalsTest {

    private static String round(String text) {
        Intervals.Parsed p = Intervals.parse(text);
        assertTrue(p.isOk(), () -> text + ": " + p.errorKey());
        return Intervals.format(p.intervals());
    }

    @Test
    void aDayWithABreakIsTwoIntervalsSortedByStart() {
        assertEquals("09:00\u201313:00, 14:00\u201318:00", round("14:00-18:00, 09:00\u201313:00"));
        assertEquals("09:00\u201313:00, 14:00\u201318:00", round("9-13; 14-18"));
        assertEquals("09:30\u201313:00", round(" 9.30 \u2014 13 "));
    }

    @Test
    void nothingTypedIsADayOff() {
        assertEquals(List.of(), Intervals.parse("").intervals());
        assertTrue(Intervals.parse("  ").isOk());
        assertTrue(Intervals.parse(null).isOk());
    }

    @Test
    void anEndThatIsNotAfterItsStartIsNamed() {
        Intervals.Parsed p = Intervals.parse("09:00-13:00, 18:00-14:00");
        assertFalse(p.isOk());
        assertEquals("hours.invalid.endBeforeStart", p.errorKey());
        assertEquals(List.of("18:00-14:00"), p.errorArgs());
        assertEquals("hours.invalid.endBeforeStart", Intervals.parse("10:00-10:00").errorKey());
    }

    @Test
    void overlappingIntervalsAreRefusedButTouchingOnesAreNot() {
        Intervals.Parsed p = Intervals.parse("09:00-13:00, 12:00-18:00");
        assertEquals("hours.invalid.overlap", p.errorKey());
        assertEquals(List.of("09:00\u201313:00", "12:00\u201318:00"), p.errorArgs());
        assertTrue(Intervals.parse("09:00-13:00, 13:00-18:00").isOk(), "[start, end) like the database's ranges");
    }

    @Test
    void textThatIsNoIntervalIsQuotedBack() {
        for (String bad : List.of("nine to five", "09:00", "25:00-26:00", "09:60-10:00", "9-13-14")) {
            Intervals.Parsed p = Intervals.parse(bad);
            assertEquals("hours.invalid.format", p.errorKey(), bad);
        }
    }

    @Test
    void aTimeAsTyped() {
        assertEquals(LocalTime.of(9, 0), Intervals.parseTime("9"));
        assertEquals(LocalTime.of(15, 30), Intervals.parseTime(" 15:30 "));
        assertEquals(LocalTime.of(7, 5), Intervals.parseTime("07.05"));
        assertNull(Intervals.parseTime("24:00"));
        assertNull(Intervals.parseTime("noon"));
    }
}
