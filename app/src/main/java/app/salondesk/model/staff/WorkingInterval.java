package app.salondesk.model.staff;

import java.time.DayOfWeek;
import java.time.LocalTime;

/** One stretch of a master's weekly working hours, in the salon's wall-clock time. */
public record WorkingInterval(long masterId, DayOfWeek day, LocalTime start, LocalTime end) {
}
