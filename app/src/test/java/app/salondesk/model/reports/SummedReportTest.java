package app.salondesk.model.reports;

import org.junit.jupiter.api.Test;

import java.time.LocalDate;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** A chain's salons of one currency added up as one report: days by date, clients, masters apart, services by name. */
class SummedReportTest {

    private static final LocalDate D1 = LocalDate.of(2026, 12, 1);
    private static final LocalDate D2 = LocalDate.of(2026, 12, 2);
    private static final ReportPeriod P = new ReportPeriod(D1, D2);

    private static DayFigures day(LocalDate d, int bookings, long services, int busy, int working) {
        return new DayFigures(d, bookings, 0, 0, 1, bookings, 0, 0, bookings, services, 0, 0, 0, 1, services, busy, working, 0, 0);
    }

    private static SalonReport salon(long id, String name, String currency, long cut, long anna) {
        return new SalonReport(id, name, currency, P, List.of(day(D1, 2, cut, 60, 480), day(D2, 3, 0, 120, 480)),
                new ClientFigures(4, 1, 3, 5, 2, 6), List.of(new MasterFigures(id * 10, "Anna", 5, 5, 1, 180, 960, anna, 0)),
                List.of(new ServiceFigures(id * 100, "Cut", 2, cut)));
    }

    @Test
    void twoSalonsOfOneCurrencyAddUpDayByDayWithTheirMastersApartAndOneNamesServicesTogether() {
        SalonReport sum = SummedReport.of(0, "All salons", List.of(salon(1, "Lotus", "UAH", 30_000, 30_000), salon(2, "Iris", "UAH", 50_000, 50_000)));
        assertEquals("All salons", sum.salonName());
        assertEquals(List.of(D1, D2), sum.days().stream().map(DayFigures::day).toList());
        assertEquals(4, sum.days().get(0).bookings());
        assertEquals(80_000, sum.days().get(0).servicesMinor());
        assertEquals(10, sum.total().bookings());
        assertEquals(360.0 / 1920, sum.utilisation(), 1e-9, "busy ÷ working of the sum, not an average of rates");
        assertEquals(8, sum.clients().clients());
        assertEquals(List.of("Anna (Iris)", "Anna (Lotus)"), sum.masters().stream().map(MasterFigures::name).toList(),
                "two salons' Annas are two people, the one who took more first");
        assertEquals(1, sum.services().size());
        assertEquals(80_000, sum.services().get(0).servicesMinor());
        assertEquals(4, sum.services().get(0).bookings());
    }

    @Test
    void hryvniasAndEurosAreNotAdded() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> SummedReport.of(0, "All", List.of(salon(1, "Lotus", "UAH", 1, 1), salon(2, "Blossom", "EUR", 1, 1))));
        assertEquals("amounts in UAH and EUR are not added", e.getMessage());
    }
}
