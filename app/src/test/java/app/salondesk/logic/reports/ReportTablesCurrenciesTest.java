package app.salondesk.logic.reports;

import app.salondesk.model.reports.ClientFigures;
import app.salondesk.model.reports.DayFigures;
import app.salondesk.model.reports.MasterFigures;
import app.salondesk.model.reports.ReportKind;
import app.salondesk.model.reports.ReportPeriod;
import app.salondesk.model.reports.ReportTable;
import app.salondesk.model.reports.SalonReport;
import app.salondesk.model.reports.ServiceFigures;
import org.junit.jupiter.api.Test;

import java.time.LocalDate;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

/**
 * A chain whose salons keep different currencies (issue 35, the chain's view): each salon's amounts in its own
 * currency's units, a total per currency, and no amount ever added across currencies. Before, every salon's minor
 * units were written in the first salon's currency and summed into one total: 5 000 yen and 1 000 hryvnias made
 * "1050.00". The figures are the tables' input as the repository reads them (pure arithmetic and formatting; what the
 * database answers is {@code ReportFiguresRandomizedTest}'s).
 */
class ReportTablesCurrenciesTest {

    private static final LocalDate DAY = LocalDate.of(2026, 3, 2);
    private static final ReportPeriod PERIOD = new ReportPeriod(DAY, DAY);

    private static SalonReport salon(long id, String name, String currency, long servicesMinor, int bookings) {
        DayFigures day = new DayFigures(DAY, bookings, 0, 0, 0, bookings, 0, 0, bookings, servicesMinor, 0, 0, 0, 1, servicesMinor,
                60 * bookings, 480, 0, 0);
        return new SalonReport(id, name, currency, PERIOD, List.of(day), new ClientFigures(bookings, bookings, 0, bookings, 0, 6),
                List.of(new MasterFigures(id * 10, "Master " + name, bookings, bookings, 0, 60 * bookings, 480, servicesMinor, 0)),
                List.of(new ServiceFigures(id * 100, "Cut", bookings, servicesMinor)));
    }

    private static final SalonReport KYIV = salon(1, "Kyiv", "UAH", 100_000, 3);
    private static final SalonReport TOKYO = salon(2, "Tokyo", "JPY", 5_000, 2);
    private static final SalonReport LVIV = salon(3, "Lviv", "UAH", 20_000, 1);

    @Test
    void theSummaryHasATotalPerCurrencyAndSaysEachColumnsCurrency() {
        ReportTable t = ReportTables.of(ReportKind.SUMMARY, List.of(KYIV, TOKYO, LVIV));
        assertEquals(List.of("figure", "Kyiv", "Tokyo", "Lviv", "total UAH", "total JPY"), t.columns());
        assertEquals(List.of("currency", "UAH", "JPY", "UAH", "UAH", "JPY"), row(t, "currency"));
        assertEquals(List.of("revenue", "1000.00", "5000", "200.00", "1200.00", "5000"), row(t, "revenue"), "yen have no minor unit");
        assertEquals(List.of("bookings", "3", "2", "1", "4", "2"), row(t, "bookings"), "each total is of its currency's salons");
    }

    @Test
    void tablesWithASalonARowHaveACurrencyColumnAndATotalRowPerCurrency() {
        ReportTable revenue = ReportTables.of(ReportKind.REVENUE, List.of(KYIV, TOKYO, LVIV));
        assertEquals(List.of("salon", "currency", "day", "services", "products", "tips", "other", "revenue", "sales", "average_ticket"),
                revenue.columns());
        assertEquals(List.of(
                List.of("Kyiv", "UAH", DAY.toString(), "1000.00", "0.00", "0.00", "0.00", "1000.00", "1", "1000.00"),
                List.of("Lviv", "UAH", DAY.toString(), "200.00", "0.00", "0.00", "0.00", "200.00", "1", "200.00"),
                List.of("total", "UAH", "", "1200.00", "0.00", "0.00", "0.00", "1200.00", "2", "600.00"),
                List.of("Tokyo", "JPY", DAY.toString(), "5000", "0", "0", "0", "5000", "1", "5000"),
                List.of("total", "JPY", "", "5000", "0", "0", "0", "5000", "1", "5000")), revenue.rows());
        ReportTable services = ReportTables.of(ReportKind.SERVICES, List.of(KYIV, TOKYO, LVIV));
        assertEquals(List.of("total", "UAH", "", "4", "1200.00"), services.rows().get(2));
        assertEquals(List.of("total", "JPY", "", "2", "5000"), services.rows().get(4));
        ReportTable masters = ReportTables.of(ReportKind.MASTERS, List.of(KYIV, TOKYO, LVIV));
        assertEquals(List.of("total", "JPY", "", "2", "2", "0", "2.0", "8.0", "25.0", "5000", "0"), masters.rows().get(4));
    }

    @Test
    void oneCurrencyKeepsOneTotalAndNoCurrencyColumn() {
        ReportTable t = ReportTables.of(ReportKind.SUMMARY, List.of(KYIV, LVIV));
        assertEquals(List.of("figure", "Kyiv", "Lviv", "total"), t.columns());
        assertEquals(List.of("revenue", "1000.00", "200.00", "1200.00"), row(t, "revenue"));
        assertFalse(t.rows().stream().anyMatch(r -> r.get(0).equals("currency")));
        ReportTable revenue = ReportTables.of(ReportKind.REVENUE, List.of(KYIV, LVIV));
        assertEquals("salon", revenue.columns().get(0));
        assertEquals("day", revenue.columns().get(1));
        assertEquals(List.of("total", "", "1200.00", "0.00", "0.00", "0.00", "1200.00", "2", "600.00"), revenue.rows().get(2));
    }

    private static List<String> row(ReportTable t, String figure) {
        return t.rows().stream().filter(r -> r.get(0).equals(figure)).findFirst().orElseThrow();
    }
}
