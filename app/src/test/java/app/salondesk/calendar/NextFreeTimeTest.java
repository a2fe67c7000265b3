package app.salondesk.calendar;

import app.salondesk.booking.BookingStatus;
import app.salondesk.booking.ScheduledBooking;
import app.salondesk.staff.Master;
import app.salondesk.staff.TimeOff;
import org.junit.jupiter.api.Test;

import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.ZoneId;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Ctrl+N's master and time, from the day the desk has loaded (issue 16). */
class NextFreeTimeTest {

    private static final ZoneId KYIV = ZoneId.of("Europe/Kyiv");
    private static final LocalDate DAY = LocalDate.of(2026, 12, 2);
    private static final Master OLENA = new Master(1, "Olena", "#000", 1);
    private static final Master MARTA = new Master(2, "Marta", "#000", 2);

    private static DaySchedule day(LocalDate d, List<ScheduledBooking> bookings, List<TimeOff> off) {
        List<LocalTime[]> hours = List.<LocalTime[]>of(new LocalTime[]{LocalTime.of(8, 0), LocalTime.of(20, 0)});
        return new DaySchedule(d, bookings, Map.of(OLENA.id(), hours, MARTA.id(), hours), off);
    }

    private static ScheduledBooking booking(long master, LocalDateTime at, int minutes) {
        return new ScheduledBooking(master * 100 + at.getHour(), master, at.atZone(KYIV).toInstant(), minutes, BookingStatus.CONFIRMED,
                "Client", null, 1);
    }

    @Test
    void todayItIsTheFirstFreeQuarterHourFromNowAmongTheShownMasters() {
        DaySchedule d = day(DAY, List.of(booking(1, DAY.atTime(10, 15), 45)), List.of(
                new TimeOff(2, DAY.atTime(8, 0).atZone(KYIV).toInstant(), DAY.atTime(10, 30).atZone(KYIV).toInstant(), "")));
        NextFreeTime.Pick p = NextFreeTime.find(d, List.of(OLENA, MARTA), DAY.atTime(10, 7), KYIV, 30).orElseThrow();
        // Olena is busy 10:15–11:00, Marta is off until 10:30: Marta at 10:30 comes before Olena at 11:00
        assertEquals(MARTA, p.master());
        assertEquals(DAY.atTime(10, 30), p.at());
    }

    @Test
    void aLaterDayStartsWhenTheMastersDo() {
        NextFreeTime.Pick p = NextFreeTime.find(day(DAY.plusDays(3), List.of(), List.of()), List.of(OLENA, MARTA), DAY.atTime(23, 40),
                KYIV, 30).orElseThrow();
        assertEquals(OLENA, p.master());
        assertEquals(DAY.plusDays(3).atTime(8, 0), p.at());
    }

    @Test
    void lateInTheEveningOrOnAPastDayThereIsNothingToOfferAndNeverAPastTime() {
        assertTrue(NextFreeTime.find(day(DAY, List.of(), List.of()), List.of(OLENA), DAY.atTime(23, 10), KYIV, 30).isEmpty());
        assertTrue(NextFreeTime.find(day(DAY.minusDays(1), List.of(), List.of()), List.of(OLENA), DAY.atTime(9, 0), KYIV, 30).isEmpty());
        // the desk's fallback then: the next quarter-hour of today, not 00:00 of the shown day
        assertEquals(DAY.atTime(23, 15), NextFreeTime.roundUp(DAY.atTime(23, 10, 30)));
        assertEquals(DAY.plusDays(1).atTime(0, 0), NextFreeTime.roundUp(DAY.atTime(23, 50)));
    }

    @Test
    void aCancelledBookingLeavesItsTimeFree() {
        ScheduledBooking cancelled = new ScheduledBooking(9, 1, DAY.atTime(8, 0).atZone(KYIV).toInstant(), 60, BookingStatus.CANCELLED,
                "Client", null, 2);
        NextFreeTime.Pick p = NextFreeTime.find(day(DAY.plusDays(1), List.of(cancelled), List.of()), List.of(OLENA), DAY.atTime(9, 0),
                KYIV, 30).orElseThrow();
        assertEquals(DAY.plusDays(1).atTime(8, 0), p.at());
    }
}
