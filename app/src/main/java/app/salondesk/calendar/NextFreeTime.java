package app.salondesk.calendar;

import app.salondesk.booking.ScheduledBooking;
import app.salondesk.staff.Master;
import app.salondesk.staff.TimeOff;

import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.ZoneId;
import java.time.ZonedDateTime;
import java.util.List;
import java.util.Optional;

/**
 * Where a new booking opened with Ctrl+N starts (issue 16): the first free quarter-hour of the
 * shown day — today: from now on, never in the past — among the masters on screen, read from
 * the day already loaded (no database call on the FX thread). Advice for the form; the engine
 * checks the time when the booking is saved.
 */
public final class NextFreeTime {

    static final int STEP_MIN = 15;

    /** A master and a salon wall-clock time. */
    public record Pick(Master master, LocalDateTime at) {
    }

    private NextFreeTime() {
    }

    /**
     * @param day     the loaded day shown (null when none is loaded yet)
     * @param masters the masters on screen, in column order
     * @param now     the salon's wall-clock time now
     * @param minutes how long a booking to find room for
     */
    public static Optional<Pick> find(DaySchedule day, List<Master> masters, LocalDateTime now, ZoneId zone, int minutes) {
        if (day == null || day.date().isBefore(now.toLocalDate())) {
            return Optional.empty();
        }
        LocalDateTime from = day.date().equals(now.toLocalDate()) ? roundUp(now) : day.date().atStartOfDay();
        Pick best = null;
        for (Master m : masters) {
            Optional<LocalDateTime> t = firstFree(day, m.id(), from, zone, minutes);
            if (t.isPresent() && (best == null || t.get().isBefore(best.at()))) {
                best = new Pick(m, t.get());
            }
        }
        return Optional.ofNullable(best);
    }

    private static Optional<LocalDateTime> firstFree(DaySchedule day, long masterId, LocalDateTime from, ZoneId zone, int minutes) {
        LocalDate d = day.date();
        List<ScheduledBooking> bookings = day.bookingsOf(masterId).stream().filter(b -> b.status().holdsTime()).toList();
        for (LocalTime[] iv : day.workingTimeOf(masterId)) {
            LocalDateTime start = d.atTime(iv[0]);
            LocalDateTime end = iv[1].equals(LocalTime.MAX) ? d.plusDays(1).atStartOfDay() : d.atTime(iv[1]);
            LocalDateTime t = start.isBefore(from) ? from : start;
            while (!t.plusMinutes(minutes).isAfter(end)) {
                Instant s = ZonedDateTime.of(t, zone).toInstant();
                Instant e = ZonedDateTime.of(t.plusMinutes(minutes), zone).toInstant();
                if (free(bookings, day.timeOff(), masterId, s, e)) {
                    return Optional.of(t);
                }
                t = t.plusMinutes(STEP_MIN);
            }
        }
        return Optional.empty();
    }

    private static boolean free(List<ScheduledBooking> bookings, List<TimeOff> timeOff, long masterId, Instant s, Instant e) {
        for (ScheduledBooking b : bookings) {
            Instant bs = b.start();
            Instant be = b.start().plusSeconds(60L * b.durationMin());
            if (bs.isBefore(e) && be.isAfter(s)) {
                return false;
            }
        }
        for (TimeOff o : timeOff) {
            if (o.masterId() == masterId && o.start().isBefore(e) && o.end().isAfter(s)) {
                return false;
            }
        }
        return true;
    }

    /** The next quarter-hour at or after {@code t}. */
    public static LocalDateTime roundUp(LocalDateTime t) {
        LocalDateTime whole = t.withSecond(0).withNano(0);
        int over = whole.getMinute() % STEP_MIN;
        return over == 0 && whole.equals(t) ? whole : whole.plusMinutes(STEP_MIN - over);
    }
}
