package app.salondesk.model.reports;

import java.time.DayOfWeek;
import java.time.LocalDate;
import java.time.temporal.ChronoUnit;
import java.time.temporal.TemporalAdjusters;

/** A period of salon days, {@code from}..{@code to} both included (the salon's local days). */
public record ReportPeriod(LocalDate from, LocalDate to) {

    public ReportPeriod {
        if (to.isBefore(from)) {
            throw new IllegalArgumentException("a period ends on or after its first day: " + from + ".." + to);
        }
    }

    public long days() {
        return ChronoUnit.DAYS.between(from, to) + 1;
    }

    /** The period of as many days just before this one: what a trend compares with. */
    public ReportPeriod previous() {
        if (from.getDayOfMonth() == 1 && to.equals(from.withDayOfMonth(from.lengthOfMonth()))) {
            LocalDate first = from.minusMonths(1);
            return new ReportPeriod(first, first.withDayOfMonth(first.lengthOfMonth()));
        }
        return new ReportPeriod(from.minusDays(days()), from.minusDays(1));
    }

    public static ReportPeriod day(LocalDate d) {
        return new ReportPeriod(d, d);
    }

    public static ReportPeriod weekOf(LocalDate d) {
        LocalDate monday = d.with(TemporalAdjusters.previousOrSame(DayOfWeek.MONDAY));
        return new ReportPeriod(monday, monday.plusDays(6));
    }

    public static ReportPeriod monthOf(LocalDate d) {
        return new ReportPeriod(d.withDayOfMonth(1), d.withDayOfMonth(d.lengthOfMonth()));
    }
}
