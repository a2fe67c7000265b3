package app.salondesk.gui.calendar;

import com.calendarfx.model.Interval;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneId;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * A drag and a resize on the night the clocks go back at midnight (issue 30, defect 7): Cairo,
 * Thursday 31 October 2030, where 23:00–23:59 happens twice — first at +03, then at +02.
 * CalendarFX's entry of a booking is wall-clock times; what the desk sends the engine is worked
 * out in instants.
 */
class DragTimesTest {

    private static final ZoneId CAIRO = ZoneId.of("Africa/Cairo");
    private static final LocalDateTime NIGHT = LocalDateTime.of(2030, 10, 31, 0, 0);
    /** 22:30 summer time. */
    private static final Instant HALF_PAST_TEN = Instant.parse("2030-10-31T19:30:00Z");
    /** The second 23:30 (winter time). */
    private static final Instant SECOND_HALF_PAST_ELEVEN = Instant.parse("2030-10-31T21:30:00Z");

    private static LocalDateTime at(int hour, int minute) {
        return NIGHT.plusHours(hour).plusMinutes(minute);
    }

    @Test
    void aBookingAcrossTheRepeatedHourKeepsItsRealLengthWhenMoved() {
        // 90 minutes from 22:30 summer time end at 23:00 winter time: CalendarFX holds "22:30–23:00"
        Interval shown = new Interval(HALF_PAST_TEN, HALF_PAST_TEN.plus(Duration.ofMinutes(90)), CAIRO);
        assertEquals(at(22, 30), shown.getStartDateTime());
        assertEquals(at(23, 0), shown.getEndDateTime());
        assertEquals(30, shown.getDuration().toMinutes(), "what the drag used to send as its length: 60 minutes lost");
        // dragged an hour down the clock it lands at 23:30 — the second, as the database reads the time
        assertEquals(SECOND_HALF_PAST_ELEVEN, DragTimes.landing(at(23, 30), CAIRO));
    }

    @Test
    void aResizeKeepsTheEdgeThatDidNotMoveWhereItReallyIs() {
        // a booking at the second 23:30, 30 minutes: CalendarFX holds "23:30–00:00", and reads the start back as the first 23:30
        Interval shown = new Interval(SECOND_HALF_PAST_ELEVEN, SECOND_HALF_PAST_ELEVEN.plus(Duration.ofMinutes(30)), CAIRO);
        assertEquals(Instant.parse("2030-10-31T20:30:00Z"), shown.getStartZonedDateTime().toInstant(), "an hour off, read back");
        // its end dragged to 00:15: the start stays the second 23:30, 45 real minutes
        DragTimes.Change c = DragTimes.resized(SECOND_HALF_PAST_ELEVEN, 30, shown.getStartDateTime(), shown.getEndDateTime(),
                shown.getStartDateTime(), at(24, 15), CAIRO);
        assertEquals(new DragTimes.Change(SECOND_HALF_PAST_ELEVEN, 45), c);

        // the 90 minutes across the repeated hour, its end dragged from 23:00 to 23:15 on the clock:
        // 105 real minutes (the end is the second 23:15), not "45"
        Interval across = new Interval(HALF_PAST_TEN, HALF_PAST_TEN.plus(Duration.ofMinutes(90)), CAIRO);
        assertEquals(new DragTimes.Change(HALF_PAST_TEN, 105), DragTimes.resized(HALF_PAST_TEN, 90, across.getStartDateTime(),
                across.getEndDateTime(), across.getStartDateTime(), at(23, 15), CAIRO));
        // its start dragged from 22:30 to 22:00: the end stays where it really is, 120 real minutes
        assertEquals(new DragTimes.Change(HALF_PAST_TEN.minus(Duration.ofMinutes(30)), 120), DragTimes.resized(HALF_PAST_TEN, 90,
                across.getStartDateTime(), across.getEndDateTime(), at(22, 0), across.getEndDateTime(), CAIRO));
    }
}
