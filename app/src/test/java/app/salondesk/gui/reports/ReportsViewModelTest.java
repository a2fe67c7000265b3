package app.salondesk.gui.reports;

import app.salondesk.gui.common.TaskRunner;
import app.salondesk.i18n.Messages;
import app.salondesk.model.reports.BookingRow;
import app.salondesk.model.reports.ClientFigures;
import app.salondesk.model.reports.DayFigures;
import app.salondesk.model.reports.Figure;
import app.salondesk.model.reports.ReportPeriod;
import app.salondesk.model.reports.SaleRow;
import app.salondesk.model.reports.SalonReport;
import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

/** The Reports window's view model without the toolkit: periods, figures beside the period before, trends, the list behind a figure. */
class ReportsViewModelTest {

    private static final LocalDate TODAY = LocalDate.of(2026, 12, 9);
    private final List<ReportPeriod> asked = new ArrayList<>();

    private final ReportsViewModel.Store store = new ReportsViewModel.Store() {
        @Override
        public SalonReport report(ReportPeriod p) {
            asked.add(p);
            int n = p.from().equals(TODAY.withDayOfMonth(1)) ? 8 : 4;
            DayFigures d = new DayFigures(p.from(), n, 1, 1, 2, n - 2, 1, 0, n - 1, 100_000, 0, 5_000, 0, 2, 100_000, 240, 480, 0, 0);
            return new SalonReport(1, "Salon", "UAH", p, List.of(d), new ClientFigures(3, 1, 2, n - 2, 1, 6), List.of(), List.of());
        }

        @Override
        public List<BookingRow> bookings(ReportPeriod p, Figure f) {
            return List.of(new BookingRow(7, p.from(), Instant.parse("2026-12-01T08:00:00Z"), "Anna", "Nina", "Cut", "no_show", "online"));
        }

        @Override
        public List<SaleRow> sales(ReportPeriod p) {
            return List.of();
        }
    };

    private static final TaskRunner NOW = new TaskRunner() {
        @Override
        public <T> void run(java.util.concurrent.Callable<T> work, java.util.function.Consumer<T> done, java.util.function.Consumer<Throwable> failed) {
            try {
                done.accept(work.call());
            } catch (Exception e) {
                failed.accept(e);
            }
        }
    };

    @Test
    void thisMonthIsShownBesideTheMonthBeforeWithItsTrendAndItsNoShowsDrillDownToTheirBookings() {
        ReportsViewModel vm = new ReportsViewModel(store, NOW, new Messages(Locale.ENGLISH), ZoneId.of("Europe/Kyiv"), TODAY);
        vm.load();
        assertEquals(List.of(ReportPeriod.monthOf(TODAY), ReportPeriod.monthOf(TODAY.minusMonths(1))), asked);
        ReportsViewModel.Row bookings = vm.rows().stream().filter(r -> r.key().equals("bookings")).findFirst().orElseThrow();
        assertEquals("Bookings", bookings.label());
        assertEquals("8", bookings.value());
        assertEquals("4", bookings.previous());
        assertEquals("+100.0 %", bookings.trend());
        ReportsViewModel.Row top = vm.rows().stream().filter(r -> r.key().equals("top_service")).findFirst().orElseThrow();
        assertEquals("", top.trend(), "words have no trend");
        vm.drillDown(vm.rows().stream().filter(r -> r.key().equals("no_shows")).findFirst().orElseThrow());
        assertEquals(List.of(List.of("Dec 1, 2026", "10:00", "Anna", "Nina", "Cut", "no-show", "online")), vm.drillProperty().get().rows());
        vm.choice.set(ReportsViewModel.Choice.LAST_MONTH);
        assertEquals(LocalDate.of(2026, 11, 1), vm.from.get());
        assertEquals(LocalDate.of(2026, 11, 30), vm.to.get());
        vm.from.set(LocalDate.of(2026, 12, 5));
        vm.to.set(LocalDate.of(2026, 12, 4));
        assertNull(vm.period());
        vm.load();
        assertEquals("The period ends before it starts.", vm.statusProperty().get());
    }

    @Test
    void aTrendIsThePercentChangeOfANumber() {
        assertEquals("-50.0 %", ReportsViewModel.trend("2", "4"));
        assertEquals("+12.5 %", ReportsViewModel.trend("112.50", "100.00"));
        assertEquals("", ReportsViewModel.trend("3", "0"));
        assertEquals("", ReportsViewModel.trend("Cut", "Colour"));
    }

    /** A store of one salon whose month took 1 234,50 of its currency in services and 1 234 bookings, 12.5 % of them missed. */
    private static ReportsViewModel.Store salonIn(String currency) {
        return new ReportsViewModel.Store() {
            @Override
            public SalonReport report(ReportPeriod p) {
                DayFigures d = new DayFigures(p.from(), 1234, 0, 0, 154, 1000, 0, 0, 1234, 123_450, 0, 0, 0, 10, 123_450, 60, 480, 0, 0);
                return new SalonReport(1, "Salon", currency, p, List.of(d), ClientFigures.NONE, List.of(), List.of());
            }

            @Override
            public List<BookingRow> bookings(ReportPeriod p, Figure f) {
                return List.of();
            }

            @Override
            public List<SaleRow> sales(ReportPeriod p) {
                return List.of(new SaleRow(5, p.from(), Instant.parse("2026-12-01T08:00:00Z"), "Nina", 123_450, 1_000));
            }
        };
    }

    @Test
    void moneyIsTheSalonsCurrencyAsTheCheckoutWritesItInTheDesksLanguageAndCsvKeepsPlainNumbers() {
        ReportsViewModel en = new ReportsViewModel(salonIn("EUR"), NOW, new Messages(Locale.ENGLISH), ZoneId.of("Europe/Kyiv"), TODAY);
        en.load();
        ReportsViewModel.Row revenue = en.rows().stream().filter(r -> r.key().equals("revenue")).findFirst().orElseThrow();
        assertEquals("€1,234.50", revenue.shownValue());
        assertEquals("1234.50", revenue.value(), "the machine's number stays for CSV and the trend");
        ReportsViewModel.Row bookings = en.rows().stream().filter(r -> r.key().equals("bookings")).findFirst().orElseThrow();
        assertEquals("1,234", bookings.shownValue());
        assertEquals("12.5", en.rows().stream().filter(r -> r.key().equals("no_show_rate")).findFirst().orElseThrow().shownValue());
        assertEquals(List.of("revenue", "Revenue", "1234.50", "1234.50", "0.0 %"), en.csvRows().get(1));
        assertEquals(List.of("revenue", "Revenue", "€1,234.50", "€1,234.50", "0.0 %"), en.shownRows().get(1));

        ReportsViewModel uk = new ReportsViewModel(salonIn("UAH"), NOW, new Messages(Locale.forLanguageTag("uk")), ZoneId.of("Europe/Kyiv"), TODAY);
        uk.load();
        String shown = uk.rows().stream().filter(r -> r.key().equals("revenue")).findFirst().orElseThrow().shownValue();
        assertEquals("1 234,50 ₴", spaces(shown));
        assertEquals(new app.salondesk.logic.checkout.CheckoutWords(new Messages(Locale.forLanguageTag("uk")), java.util.Currency.getInstance("UAH"))
                .money(123_450), shown, "the checkout's own words for the amount");
        assertEquals("12,5", uk.rows().stream().filter(r -> r.key().equals("no_show_rate")).findFirst().orElseThrow().shownValue());
        assertEquals("1 234", spaces(uk.rows().stream().filter(r -> r.key().equals("bookings")).findFirst().orElseThrow().shownValue()));
        uk.drillDown(uk.rows().stream().filter(r -> r.key().equals("revenue")).findFirst().orElseThrow());
        assertEquals("1 234,50 ₴", spaces(uk.drillProperty().get().rows().get(0).get(4)), "the sales behind it too");
        assertEquals("10,00 ₴", spaces(uk.drillProperty().get().rows().get(0).get(5)));
    }

    /** The no-break spaces a language groups digits with, as plain ones. */
    private static String spaces(String s) {
        return s.replace('\u00a0', ' ').replace('\u202f', ' ');
    }

    @Test
    void aChainsPickIsItsSumFirstStaysAcrossPeriodsAndTheListBehindAFigureIsThePicksSalons() {
        List<String> listed = new ArrayList<>();
        ReportsViewModel.Store chain = new ReportsViewModel.Store() {
            @Override
            public SalonReport report(ReportPeriod p) {
                throw new AssertionError("a chain's window reads its pick, never 'the desk's salon'");
            }

            @Override
            public List<app.salondesk.model.reports.SalonRef> salons() {
                return List.of(new app.salondesk.model.reports.SalonRef(1, "Lotus", "UAH"), new app.salondesk.model.reports.SalonRef(2, "Iris", "UAH"),
                        new app.salondesk.model.reports.SalonRef(3, "Blossom", "EUR"));
            }

            @Override
            public SalonReport report(SalonPick pick, ReportPeriod p) {
                DayFigures d = new DayFigures(p.from(), pick.salons().size(), 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0);
                return new SalonReport(0, pick.label(), pick.currency(), p, List.of(d), ClientFigures.NONE, List.of(), List.of());
            }

            @Override
            public List<BookingRow> bookings(SalonPick pick, ReportPeriod p, Figure f) {
                listed.add(pick.label());
                return List.of();
            }

            @Override
            public List<BookingRow> bookings(ReportPeriod p, Figure f) {
                throw new AssertionError();
            }

            @Override
            public List<SaleRow> sales(ReportPeriod p) {
                throw new AssertionError();
            }
        };
        ReportsViewModel vm = new ReportsViewModel(chain, NOW, new Messages(Locale.ENGLISH), ZoneId.of("Europe/Kyiv"), TODAY);
        vm.load();
        assertEquals(List.of("All salons, UAH", "Lotus", "Iris", "Blossom"), vm.picks().stream().map(SalonPick::label).toList(),
                "hryvnias added, euros apart: one euro salon is no sum");
        assertEquals("All salons, UAH", vm.shownSalon());
        assertEquals(List.of(1L, 2L), vm.pick.get().salons());
        vm.pick.set(vm.picks().get(2));
        assertEquals("Iris", vm.shownSalon());
        vm.choice.set(ReportsViewModel.Choice.LAST_MONTH);
        vm.load();
        assertEquals("Iris", vm.shownSalon(), "another period keeps the pick");
        assertEquals(LocalDate.of(2026, 11, 1), vm.reportProperty().get().period().from());
        vm.drillDown(vm.rows().stream().filter(r -> r.key().equals("bookings")).findFirst().orElseThrow());
        assertEquals(List.of("Iris"), listed, "the list behind a figure is the picked salon's");
        assertEquals(List.of(), SalonPick.of(List.of(new app.salondesk.model.reports.SalonRef(1, "Lotus", "UAH")), new Messages(Locale.ENGLISH)),
                "one salon: nothing to pick");
    }
}
