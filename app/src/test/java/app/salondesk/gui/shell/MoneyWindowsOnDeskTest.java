package app.salondesk.gui.shell;

import app.salondesk.gui.common.BackgroundTasks;
import app.salondesk.i18n.Messages;
import app.salondesk.logic.booking.EngineFixture;
import app.salondesk.logic.checkout.CheckoutService;
import app.salondesk.model.booking.BookingAsSeen;
import app.salondesk.model.booking.Source;
import app.salondesk.model.checkout.Checkout;
import app.salondesk.model.checkout.CheckoutLine;
import app.salondesk.model.checkout.CheckoutOutcome;
import app.salondesk.model.checkout.Discount;
import app.salondesk.model.checkout.PaymentMethod;
import app.salondesk.model.checkout.Product;
import app.salondesk.model.checkout.Tender;
import app.salondesk.model.checkout.Tip;
import app.salondesk.model.salon.Salon;
import javafx.scene.Node;
import javafx.scene.Scene;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.control.TableView;
import javafx.stage.Stage;
import org.apache.pdfbox.Loader;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.LocalDate;
import java.util.Currency;
import java.util.List;
import java.util.Locale;
import java.util.UUID;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Issue 34's other windows at an admin's desk, in real windows: Products (a new product, stock
 * received, the low-stock list), Commissions (a master's rate set), and Takings with the pay report
 * saved as CSV and as PDF and read back.
 */
@ExtendWith(ApplicationExtension.class)
class MoneyWindowsOnDeskTest {

    private static EngineFixture f;
    private final BackgroundTasks tasks = new BackgroundTasks();
    private FrontDesk desk;

    @TempDir
    static Path files;

    @BeforeAll
    static void salon() {
        f = new EngineFixture("moneywindows", 6);
    }

    @AfterAll
    static void close() {
        f.close();
    }

    @Start
    void start(Stage stage) {
        desk = TestDesks.frontDesk(stage, f.dsl, new Salon(f.tenant, "Fixture salon", EngineFixture.ZONE), tasks, new Messages(Locale.ENGLISH),
                Clock.systemUTC(), "desk1", "Database: test", null);
        desk.setFileChooser((owner, name) -> files.resolve(name).toFile());
        stage.setScene(new Scene(desk.window().root(), 1280, 900));
        stage.show();
    }

    @AfterEach
    void closeDesk(FxRobot robot) {
        robot.interact(TestDesks::closeOwnedWindows);
        robot.interact(desk::close);
        tasks.close();
    }

    @Test
    void anAdminAddsAProductReceivesStockAndSeesItOnTheLowStockList(FxRobot robot) throws Exception {
        robot.clickOn("#more");
        robot.clickOn("#products");
        waitFor(10, () -> robot.lookup("#products-table").tryQuery().isPresent());
        robot.clickOn("#products-name").write("Hair oil");
        robot.clickOn("#products-category").write("care");
        robot.clickOn("#products-price").write("320");
        robot.doubleClickOn("#products-low-stock").write("3");
        robot.clickOn("#products-add");
        TableView<?> table = robot.lookup("#products-table").queryAs(TableView.class);
        waitFor(10, () -> table.getItems().size() == 1);
        robot.interact(() -> table.getSelectionModel().select(0));
        robot.clickOn("#products-count").write("2");
        robot.clickOn("#products-received");
        waitFor(10, () -> ((Product) table.getItems().get(0)).stock() == 2);
        robot.clickOn("#products-low");
        waitFor(5, () -> table.getItems().size() == 1);
        assertEquals(32_000, f.count("SELECT price_minor FROM products WHERE name = 'Hair oil'"));
        assertEquals(2, f.count("SELECT sum(delta) FROM stock_moves s JOIN products p ON p.id = s.product_id WHERE p.name = 'Hair oil'"));
        MainWindowTest.screenshot(table.getScene(), "products.png");
    }

    @Test
    void aRateIsSetAndThePayReportIsSavedAsCsvAndPdf(FxRobot robot) throws Exception {
        robot.clickOn("#more");
        robot.clickOn("#commissions");
        waitFor(10, () -> robot.lookup("#commissions-target").tryQuery().isPresent()
                && !robot.lookup("#commissions-target").queryAs(ComboBox.class).getItems().isEmpty());
        choose(robot, "#commissions-master", "Bohdan");
        choose(robot, "#commissions-target", "every other service");
        robot.clickOn("#commissions-rate").write("40%");
        robot.clickOn("#commissions-set");
        waitFor(10, () -> robot.lookup("#commissions-table").queryAs(TableView.class).getItems().size() == 1);
        assertEquals(1, f.count("SELECT count(*) FROM commission_rates WHERE master_id = " + f.bohdan + " AND percent = 40"));

        // a sale of Bohdan's: a cut and a tip
        var cut = f.booked(f.engine.book(f.cutWith(f.bohdan, EngineFixture.at(9, 0).plusSeconds(86_400L * 60))));
        CheckoutOutcome sold = new CheckoutService(f.dsl, f.engine).checkout(new Checkout(f.tenant, Currency.getInstance("UAH"), f.client,
                UUID.randomUUID(), List.of(BookingAsSeen.of(cut)), List.of(CheckoutLine.ofBooking(cut.id(), null, f.bohdan, "", 50_000)),
                Discount.NONE, List.of(new Tip(f.bohdan, 3_000)), List.of(new Tender(PaymentMethod.CARD, 53_000)), "", Source.CHECKOUT));
        assertTrue(sold instanceof CheckoutOutcome.CheckedOut, sold.toString());

        robot.clickOn("#commissions-pay-report");
        waitFor(10, () -> robot.lookup("#takings-pay").tryQuery().isPresent());
        robot.clickOn((Node n) -> n instanceof Label l && "Pay report".equals(l.getText()));
        TableView<?> pay = robot.lookup("#takings-pay").queryAs(TableView.class);
        waitFor(10, () -> !pay.getItems().isEmpty());
        robot.clickOn("#takings-csv");
        LocalDate today = LocalDate.now(EngineFixture.ZONE);
        Path csv = files.resolve("pay-" + today.withDayOfMonth(1) + "-" + today + ".csv");
        waitFor(10, () -> Files.exists(csv));
        List<String> lines = Files.readAllLines(csv);
        assertEquals("master,services,products,tips,commission,pay", lines.get(0));
        assertTrue(lines.contains("Bohdan,500.00,0.00,30.00,200.00,230.00"), lines.toString());
        robot.clickOn("#takings-pdf");
        Path pdf = files.resolve("pay-" + today.withDayOfMonth(1) + "-" + today + ".pdf");
        waitFor(15, () -> Files.exists(pdf) && robot.lookup("#takings-status").queryAs(Label.class).getText().startsWith("Saved"));
        String words;
        try (PDDocument doc = Loader.loadPDF(pdf.toFile())) {
            words = new org.apache.pdfbox.text.PDFTextStripper().getText(doc).replace('\u00a0', ' ');
        }
        for (String expected : List.of("Pay report", "Fixture salon", "Bohdan", "UAH 500.00", "UAH 30.00", "UAH 200.00", "UAH 230.00", "Total")) {
            assertTrue(words.contains(expected), expected + " in: " + words);
        }
        MainWindowTest.screenshot(pay.getScene(), "pay-report.png");
    }

    private static void choose(FxRobot robot, String comboId, String text) {
        ComboBox<?> combo = robot.lookup(comboId).queryAs(ComboBox.class);
        robot.clickOn(combo);
        robot.clickOn((Node n) -> n instanceof javafx.scene.control.ListCell<?> c && c.getText() != null
                && c.getText().startsWith(text) && c.isVisible());
        WaitForAsyncUtils.waitForFxEvents();
    }

    private static void waitFor(int seconds, Callable<Boolean> condition) throws Exception {
        WaitForAsyncUtils.waitFor(seconds, TimeUnit.SECONDS, condition);
        WaitForAsyncUtils.waitForFxEvents();
    }
}
