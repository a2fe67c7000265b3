package app.salondesk.logic.calendar;

import app.salondesk.model.salon.Salon;

import java.time.LocalDate;

/** Where the columns of rooms and equipment get a salon day from ({@link ResourceScheduleService} against the database). */
@FunctionalInterface
public interface ResourceScheduleSource {
    ResourceDay loadDay(Salon salon, LocalDate date);
}
