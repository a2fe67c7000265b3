package app.salondesk.model.staff;

import java.time.LocalDate;
import java.time.LocalTime;
import java.util.List;

/**
 * A date with hours of its own, replacing the week's for that day (works Sunday 10–14 this
 * week; the salon closed on a holiday: no intervals at all).
 */
public record OwnDay(long masterId, LocalDate day, List<LocalTime[]> intervals, String note) {
}
