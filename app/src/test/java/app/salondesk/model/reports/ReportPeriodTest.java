package app.salondesk.model.reports;

import org.junit.jupiter.api.Test;

import java.time.LocalDate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** The periods the Reports window offers, and the one each is compared with. */
class ReportPeriodTest {

    @Test
    void aMonthIsComparedWithTheWholeMonthBeforeAndAnyOtherPeriodWithAsManyDaysJustBefore() {
        assertEquals(new ReportPeriod(LocalDate.of(2026, 2, 1), LocalDate.of(2026, 2, 28)),
                ReportPeriod.monthOf(LocalDate.of(2026, 3, 17)).previous(), "March after a February of 28 days");
        assertEquals(new ReportPeriod(LocalDate.of(2026, 11, 30), LocalDate.of(2026, 12, 6)),
                ReportPeriod.weekOf(LocalDate.of(2026, 12, 9)).previous(), "the week before, Monday to Sunday");
        assertEquals(ReportPeriod.day(LocalDate.of(2026, 12, 6)), ReportPeriod.day(LocalDate.of(2026, 12, 7)).previous());
        assertEquals(new ReportPeriod(LocalDate.of(2026, 12, 1), LocalDate.of(2026, 12, 10)),
                new ReportPeriod(LocalDate.of(2026, 12, 11), LocalDate.of(2026, 12, 20)).previous());
        assertEquals(7, ReportPeriod.weekOf(LocalDate.of(2026, 12, 9)).days());
        assertThrows(IllegalArgumentException.class, () -> new ReportPeriod(LocalDate.of(2026, 12, 2), LocalDate.of(2026, 12, 1)));
    }

    @Test
    void aRateWithoutAWholeIsZeroAndATrendWithoutABeforeIsNone() {
        assertEquals(0, Ratio.of(3, 0));
        assertEquals(0.25, Ratio.of(1, 4));
        assertNull(Ratio.trend(5, 0));
        assertEquals(-0.5, Ratio.trend(2, 4));
    }
}
