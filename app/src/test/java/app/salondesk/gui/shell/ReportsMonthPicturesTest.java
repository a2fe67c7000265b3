package app.salondesk.gui.shell;

import app.salondesk.gui.common.BackgroundTasks;
import app.salondesk.gui.reports.ReportsViewModel;
import app.salondesk.i18n.Messages;
import app.salondesk.logic.booking.EngineFixture;
import app.salondesk.logic.checkout.CheckoutService;
import app.salondesk.logic.checkout.CheckoutWords;
import app.salondesk.logic.checkout.ProductRepository;
import app.salondesk.model.booking.Booking;
import app.salondesk.model.booking.BookingAsSeen;
import app.salondesk.model.booking.BookingStatus;
import app.salondesk.model.booking.Source;
import app.salondesk.model.checkout.Checkout;
import app.salondesk.model.checkout.CheckoutLine;
import app.salondesk.model.checkout.CheckoutOutcome;
import app.salondesk.model.checkout.Discount;
import app.salondesk.model.checkout.PaymentMethod;
import app.salondesk.model.checkout.Tender;
import app.salondesk.model.checkout.Tip;
import app.salondesk.model.salon.Salon;
import javafx.scene.Node;
import javafx.scene.Scene;
import javafx.scene.chart.NumberAxis;
import javafx.scene.chart.StackedBarChart;
import javafx.scene.control.Label;
import javafx.scene.control.TableView;
import javafx.stage.Stage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.util.WaitForAsyncUtils;

import java.time.Clock;
import java.time.LocalDate;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.Currency;
import java.util.List;
import java.util.Locale;
import java.util.UUID;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * README's pictures of the Reports window (issue 35): this month at a glance in a salon with bookings on its past days
 * and today's sales made through the real checkout (a sale is dated by its commit: the checkout sells today only),
 * in English in euros and in Ukrainian in hryvnias — the figures with their money as the checkout writes it, the
 * charts with the money axis in the salon's currency. Pictures go to {@code salondesk.shots} like the others.
 */
@ExtendWith(ApplicationExtension.class)
class ReportsMonthPicturesTest {

    private final BackgroundTasks tasks = new BackgroundTasks();
    private EngineFixture f;
    private FrontDesk desk;
    private Stage window;

    @AfterEach
    void close(FxRobot robot) {
        robot.interact(() -> {
            TestDesks.closeOwnedWindows();
            if (desk != null) {
                desk.close();
            }
            if (window != null) {
                window.hide();
            }
        });
        tasks.close();
        if (f != null) {
            f.close();
        }
    }

    @Test
    void thisMonthInEnglishInEuros(FxRobot robot) throws Exception {
        shoot(robot, Locale.ENGLISH, "EUR", "reports-en");
    }

    @Test
    void thisMonthInUkrainianInHryvnias(FxRobot robot) throws Exception {
        shoot(robot, Locale.forLanguageTag("uk"), "UAH", "reports-uk");
    }

    private void shoot(FxRobot robot, Locale language, String code, String name) throws Exception {
        f = new EngineFixture("reportspictures" + language.getLanguage(), 4);
        f.dsl.execute("UPDATE tenants SET currency = ? WHERE id = ?", code, f.tenant);
        Currency currency = Currency.getInstance(code);
        long revenue = seedMonth(currency);
        Messages messages = new Messages(language);
        robot.interact(() -> {
            window = new Stage();
            desk = TestDesks.frontDesk(window, f.dsl, new Salon(f.tenant, "Bloom", EngineFixture.ZONE), tasks, messages, Clock.systemUTC(),
                    "desk1", "Database: test", null);
            window.setScene(new Scene(desk.window().root(), 1280, 900));
            window.show();
        });
        robot.clickOn("#more");
        robot.clickOn("#reports");
        WaitForAsyncUtils.waitFor(20, TimeUnit.SECONDS, () -> robot.lookup("#reports-figures").tryQuery().isPresent()
                && !robot.lookup("#reports-figures").queryAs(TableView.class).getItems().isEmpty());
        WaitForAsyncUtils.waitForFxEvents();
        TableView<ReportsViewModel.Row> figures = robot.lookup("#reports-figures").queryAs(TableView.class);
        ReportsViewModel.Row shown = figures.getItems().stream().filter(r -> r.key().equals("revenue")).findFirst().orElseThrow();
        assertEquals(new CheckoutWords(messages, currency).money(revenue), shown.shownValue(), "this month's revenue as the checkout writes it");
        MainWindowTest.screenshot(figures.getScene(), name + "-figures.png");
        robot.clickOn((Node n) -> n instanceof Label l && messages.get("reports.tab.charts").equals(l.getText()));
        WaitForAsyncUtils.waitForFxEvents();
        StackedBarChart<String, Number> chart = robot.lookup("#reports-chart-revenue").queryAs(StackedBarChart.class);
        NumberAxis money = (NumberAxis) chart.getYAxis();
        String tick = money.getTickLabelFormatter().toString(100);
        assertEquals(new CheckoutWords(messages, currency).money(10_000), tick, "the axis in the salon's money");
        assertTrue(chart.getData().get(0).getData().stream().anyMatch(d -> d.getYValue().doubleValue() > 0), "a day with revenue");
        MainWindowTest.screenshot(figures.getScene(), name + ".png");
    }

    /**
     * Bookings on this month's days before today (three a day, every fifth a no-show, recorded as the import does), and
     * today's sales through the checkout: each of today's four cuts, two with a tip, one with a shampoo. Their revenue.
     */
    private long seedMonth(Currency currency) {
        ZoneId zone = EngineFixture.ZONE;
        LocalDate today = LocalDate.now(zone);
        int n = 0;
        for (LocalDate d = today.withDayOfMonth(1); d.isBefore(today); d = d.plusDays(1)) {
            for (int i = 0; i < 3; i++) {
                long master = i % 2 == 0 ? f.anna : f.bohdan;
                f.booked(f.engine.record(f.cutWith(master, d.atTime(9 + 2 * i, 0).atZone(zone).toInstant()),
                        ++n % 5 == 0 ? BookingStatus.NO_SHOW : BookingStatus.COMPLETED));
            }
        }
        CheckoutService checkouts = new CheckoutService(f.dsl, f.engine);
        long shampoo = new ProductRepository(f.dsl).add(f.tenant, "Shampoo", "care", 32_000, 1).value();
        new ProductRepository(f.dsl).move(f.tenant, shampoo, 10, false, "").value();
        long total = 0;
        for (int i = 0; i < 4; i++) {
            long master = i % 2 == 0 ? f.anna : f.bohdan;
            Booking b = f.booked(f.engine.record(f.cutWith(master, today.atTime(9 + 2 * i, 0).atZone(zone).toInstant()), BookingStatus.COMPLETED));
            List<CheckoutLine> lines = new ArrayList<>(List.of(CheckoutLine.ofBooking(b.id(), null, master, "", 50_000)));
            long pay = 50_000;
            if (i == 1) {
                lines.add(CheckoutLine.product(shampoo, master, "", 1, 32_000));
                pay += 32_000;
            }
            List<Tip> tips = i % 2 == 0 ? List.of(new Tip(master, 5_000)) : List.of();
            pay += tips.stream().mapToLong(Tip::amountMinor).sum();
            CheckoutOutcome o = checkouts.checkout(new Checkout(f.tenant, currency, f.client, UUID.randomUUID(), List.of(BookingAsSeen.of(b)), lines,
                    Discount.NONE, tips, List.of(new Tender(i == 3 ? PaymentMethod.CASH : PaymentMethod.CARD, pay, "")), "", Source.CHECKOUT));
            assertInstanceOf(CheckoutOutcome.CheckedOut.class, o, String.valueOf(o));
            total += pay;
        }
        return total;
    }
}
