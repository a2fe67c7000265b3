package app.salondesk.model.staff;

import java.time.DayOfWeek;
import java.time.LocalDate;
import java.time.LocalTime;
import java.util.List;
import java.util.Map;

/**
 * A master's week of working hours, in force from {@code validFrom} (the first week:
 * {@link #ALWAYS}) until the next week's start. Each weekday has zero or more intervals in the
 * salon's wall-clock time; a weekday without any is a day off.
 */
public record Week(LocalDate validFrom, Map<DayOfWeek, List<LocalTime[]>> days) {

    /** The first week's start, "always" (migration 11). */
    public static final LocalDate ALWAYS = LocalDate.of(1900, 1, 1);

    public List<LocalTime[]> on(DayOfWeek day) {
        return days.getOrDefault(day, List.of());
    }
}
