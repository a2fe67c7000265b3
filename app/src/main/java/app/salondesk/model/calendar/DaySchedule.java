package app.salondesk.model.calendar;

import app.salondesk.model.booking.ScheduledBooking;
import app.salondesk.model.staff.TimeOff;
import app.salondesk.model.staff.WorkingTime;

import java.time.LocalDate;
import java.util.List;
import java.util.Map;

/**
 * One salon day for a set of masters: their bookings, and their working time as the database
 * gives it (wall-clock times and their instants; empty when the master does not work that day),
 * their time off, and the masters given the day off as a day of their own (with its note: why
 * her column is shaded, issue 31).
 */
public record DaySchedule(LocalDate date, List<ScheduledBooking> bookings,
                          Map<Long, List<WorkingTime>> workingTime, List<TimeOff> timeOff, Map<Long, String> daysOff) {

    public DaySchedule(LocalDate date, List<ScheduledBooking> bookings, Map<Long, List<WorkingTime>> workingTime, List<TimeOff> timeOff) {
        this(date, bookings, workingTime, timeOff, Map.of());
    }

    public List<ScheduledBooking> bookingsOf(long masterId) {
        return bookings.stream().filter(b -> b.masterId() == masterId).toList();
    }

    public List<WorkingTime> workingTimeOf(long masterId) {
        return workingTime.getOrDefault(masterId, List.of());
    }
}
