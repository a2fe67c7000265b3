package app.salondesk.logic.staff;

import app.salondesk.logic.salon.SetupResult;
import app.salondesk.model.booking.BookingInTheWay;
import app.salondesk.model.staff.OwnDay;
import app.salondesk.model.staff.TimeOffEntry;
import app.salondesk.model.staff.Week;

import java.time.DayOfWeek;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalTime;
import java.util.List;
import java.util.Map;

/** What the working hours, single days and time off of a master are read from and written to. */
public interface HoursSetup {

    List<Week> weeks(long masterId);

    /** The whole week in force from {@code validFrom}, every weekday at once. */
    SetupResult<Boolean> saveWeek(long masterId, LocalDate validFrom, Map<DayOfWeek, List<LocalTime[]>> days);

    SetupResult<Boolean> removeWeek(long masterId, LocalDate validFrom);

    List<OwnDay> ownDays(long masterId, LocalDate from, LocalDate to);

    SetupResult<Boolean> setDay(long masterId, LocalDate day, List<LocalTime[]> intervals, String note);

    SetupResult<Boolean> clearDay(long masterId, LocalDate day);

    List<TimeOffEntry> timeOff(long masterId, Instant from, Instant to);

    SetupResult<Long> addTimeOff(long masterId, Instant start, Instant end, String reason);

    SetupResult<Boolean> removeTimeOff(long timeOffId);

    /** The master's bookings starting in [from, to) that the rule book now refuses. */
    List<BookingInTheWay> inTheWay(long masterId, Instant from, Instant to);
}
