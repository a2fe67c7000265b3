package app.salondesk.calendar;

import app.salondesk.salon.Salon;

import java.time.LocalDate;

/** Where the columns of rooms and equipment get a salon day from ({@link ResourceScheduleService} against the database). */
@FunctionalInterface
public interface ResourceScheduleSource {
    ResourceDay loadDay(Salon salon, LocalDate date);
}
