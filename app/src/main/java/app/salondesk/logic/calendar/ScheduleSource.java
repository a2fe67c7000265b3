package app.salondesk.logic.calendar;

import app.salondesk.model.calendar.DaySchedule;
import app.salondesk.model.salon.Salon;

import java.time.LocalDate;
import java.util.List;

/** Where a day view gets its salon day from ({@link ScheduleService} against the database). */
@FunctionalInterface
public interface ScheduleSource {
    DaySchedule loadDay(Salon salon, List<Long> masterIds, LocalDate date, boolean includeCancelled);
}
