package app.salondesk.gui.calendar;

import app.salondesk.model.salon.WallClock;

import java.time.Duration;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneId;

/**
 * What a drag or a resize of a booking changes, in instants (issue 30, defect 7). CalendarFX keeps
 * an entry's interval as wall-clock times: on the night the clocks go back it cannot tell the two
 * 23:30s apart, and its durations are wall-clock differences (a booking from 22:30 summer time to
 * 23:00 winter time is 90 minutes long and "30" to it). So nothing is read back from it as an
 * instant: a move keeps the booking's own length in real minutes and lands at the grid's
 * wall-clock time read as the database reads it ({@link WallClock}); a resize keeps the booking's
 * own instant at the edge that did not move. Plain Java: tested without the FX toolkit.
 */
final class DragTimes {

    /** A booking's new start and length. */
    record Change(Instant start, int minutes) {
    }

    private DragTimes() {
    }

    /** Where a moved booking starts when it lands at {@code local} on the grid. */
    static Instant landing(LocalDateTime local, ZoneId zone) {
        return WallClock.instant(local, zone);
    }

    /**
     * A resize: the booking ({@code start}, {@code minutes} real) was shown from {@code shownStart} to
     * {@code shownEnd} on the clock and now reaches from {@code newStart} to {@code newEnd}.
     */
    static Change resized(Instant start, int minutes, LocalDateTime shownStart, LocalDateTime shownEnd,
                          LocalDateTime newStart, LocalDateTime newEnd, ZoneId zone) {
        Instant end = start.plus(Duration.ofMinutes(minutes));
        Instant s = newStart.equals(shownStart) ? start : WallClock.instant(newStart, zone);
        Instant e = newEnd.equals(shownEnd) ? end : WallClock.instant(newEnd, zone);
        return new Change(s, (int) Duration.between(s, e).toMinutes());
    }
}
