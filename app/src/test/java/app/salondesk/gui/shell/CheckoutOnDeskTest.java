package app.salondesk.gui.shell;

import app.salondesk.gui.common.BackgroundTasks;
import app.salondesk.i18n.Messages;
import app.salondesk.logic.booking.EngineFixture;
import app.salondesk.logic.checkout.ProductRepository;
import app.salondesk.model.booking.Booking;
import app.salondesk.model.salon.Salon;
import com.calendarfx.view.DayEntryView;
import javafx.scene.Node;
import javafx.scene.Scene;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.control.TextField;
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
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;

import static app.salondesk.logic.booking.EngineFixture.at;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Issue 34 at the desk, in real windows: a booking checked out from the calendar's right-click with a
 * product, a discount on everything, a tip and a split payment (card and cash given, the change shown),
 * its receipt saved as a PDF and read back; then the till's day closed with a difference — by an admin,
 * with a reason — and shown read-only. English words, hryvnias.
 */
@ExtendWith(ApplicationExtension.class)
class CheckoutOnDeskTest {

    private static EngineFixture f;
    private final BackgroundTasks tasks = new BackgroundTasks();
    private FrontDesk desk;

    @TempDir
    static Path files;

    @BeforeAll
    static void salon() {
        f = new EngineFixture("checkoutdesk", 6);
        long shampoo = new ProductRepository(f.dsl).add(f.tenant, "Shampoo", "hair care", 25_000, 1).value();
        new ProductRepository(f.dsl).move(f.tenant, shampoo, 4, false, "").value();
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
        desk.schedule().dateProperty().set(EngineFixture.DAY);
        stage.setScene(new Scene(desk.window().root(), 1280, 900));
        stage.setX(0);
        stage.setY(0);
        stage.show();
    }

    @AfterEach
    void closeDesk(FxRobot robot) {
        robot.interact(TestDesks::closeOwnedWindows);
        robot.interact(desk::close);
        tasks.close();
    }

    @Test
    void aBookingIsCheckedOutWithAProductADiscountATipAndASplitPaymentAndItsReceiptPdfSaysSo(FxRobot robot) throws Exception {
        Booking cut = f.booked(f.engine.book(f.cutWith(f.anna, at(10, 0))));
        // booked by another desk after this one read the day (no live updates here): read it again
        robot.interact(() -> desk.schedule().reload());
        waitFor(15, () -> entry(robot).isPresent());
        FrontDeskTest.openContextMenu(robot, entry(robot).orElseThrow());
        robot.clickOn("#menu-checkout");
        try {
            waitFor(15, () -> robot.lookup("#checkout-line-0").tryQuery().isPresent()
                    && "Cut".equals(robot.lookup("#checkout-line-0").queryAs(Label.class).getText()));
        } catch (java.util.concurrent.TimeoutException e) {
            for (javafx.stage.Window w : robot.listWindows()) {
                System.out.println("WINDOW " + (w instanceof Stage st ? st.getTitle() : w) + " " + (w.getScene() == null ? "" : dump(w.getScene().getRoot(), "")));
            }
            throw e;
        }
        assertEquals("UAH\u00a0500.00", text(robot, "#checkout-total"), "the booking at its list price");

        // a product, 10 % off everything, a tip for Anna, 300 by card and 500 in cash
        ComboBox<?> product = robot.lookup("#checkout-product").queryAs(ComboBox.class);
        robot.clickOn(product);
        robot.clickOn((Node n) -> n instanceof javafx.scene.control.ListCell<?> c && "Shampoo".equals(c.getText()) && c.isVisible());
        robot.clickOn("#checkout-add-product");
        waitFor(5, () -> robot.lookup("#checkout-line-1").tryQuery().isPresent());
        robot.clickOn("#checkout-discount").write("10%");
        robot.clickOn("#checkout-discount-reason").write("loyal client");
        robot.clickOn("#checkout-add-tip");
        waitFor(5, () -> robot.lookup("#checkout-tip-0").tryQuery().isPresent());
        robot.clickOn("#checkout-tip-0").write("50");
        robot.clickOn("#checkout-card").write("300");
        robot.clickOn("#checkout-cash").write("500");
        // 500 + 250 = 750, −75 = 675, +50 tip = 725; 300 by card, 425 of the 500 in cash: change 75
        waitFor(5, () -> "UAH\u00a0725.00".equals(text(robot, "#checkout-total")));
        assertEquals("UAH\u00a075.00", text(robot, "#checkout-change"));
        assertEquals("UAH\u00a075.00", text(robot, "#checkout-discounts"));
        assertEquals("", text(robot, "#checkout-problem"));
        MainWindowTest.screenshot(robot.lookup("#checkout-pay").query().getScene(), "checkout.png");

        robot.clickOn("#checkout-pay");
        waitFor(20, () -> robot.lookup("#receipt").tryQuery().isPresent());
        MainWindowTest.screenshot(robot.lookup("#receipt").query().getScene(), "receipt.png");
        assertEquals(1, f.count("SELECT count(*) FROM sales WHERE tenant_id = " + f.tenant + " AND total_minor = 72500"));
        assertEquals("completed", f.dsl.resultQuery("SELECT status FROM bookings WHERE id = " + cut.id()).fetchOne(0, String.class));
        assertEquals("mail comes later", robot.lookup("#receipt-mail").query().isDisabled() ? "mail comes later" : "mail is on");

        robot.clickOn("#receipt-pdf");
        long sale = f.dsl.resultQuery("SELECT max(id) FROM sales").fetchOne(0, Long.class);
        Path pdf = files.resolve("receipt-" + sale + ".pdf");
        waitFor(20, () -> text(robot, "#receipt-outcome").startsWith("Saved"));
        assertTrue(Files.size(pdf) > 1_000);
        String words;
        try (PDDocument doc = Loader.loadPDF(pdf.toFile())) {
            words = new org.apache.pdfbox.text.PDFTextStripper().getText(doc).replace('\u00a0', ' ');
        }
        for (String expected : List.of("Fixture salon", "Receipt No. " + sale, "Client: Iryna", "Cut", "Anna", "Shampoo", "UAH 500.00",
                "UAH 250.00", "Discount 10% (loyal client)", "UAH 75.00", "Tip \u2014 Anna", "UAH 50.00", "TOTAL", "UAH 725.00", "card",
                "UAH 300.00", "cash", "UAH 425.00", "given UAH 500.00", "Change", "Thank you!")) {
            assertTrue(words.contains(expected), expected + " in: " + words);
        }
    }

    @Test
    void theDayIsClosedWithADifferenceByAnAdminWithAReasonAndThenReadOnly(FxRobot robot) throws Exception {
        robot.clickOn("#more");
        robot.clickOn("#till");
        waitFor(15, () -> robot.lookup("#till-float").tryQuery().isPresent() && !text(robot, "#till-title").isBlank());
        if (robot.lookup("#till-open").query().isVisible()) {
            robot.clickOn("#till-float").write("500");
            robot.clickOn("#till-open");
            waitFor(10, () -> "UAH\u00a0500.00".equals(text(robot, "#till-float-shown")));
        }
        robot.clickOn("#till-move-amount").write("20");
        robot.clickOn("#till-move-reason").write("flowers");
        robot.clickOn("#till-out");
        waitFor(10, () -> text(robot, "#till-status").equals("Recorded."));
        long expected = f.dsl.resultQuery("SELECT till_expected_cash(" + f.tenant + ", salon_day(" + f.tenant + ", now()))").fetchOne(0, Long.class);
        String shown = String.format(Locale.ENGLISH, "UAH\u00a0%,.2f", expected / 100.0);
        // the window reads the day again after the movement
        waitFor(10, () -> shown.equals(text(robot, "#till-expected")));

        // ten short
        String counted = String.format(Locale.ROOT, "%.2f", (expected - 1_000) / 100.0);
        robot.clickOn("#till-counted").write(counted);
        waitFor(5, () -> text(robot, "#till-difference").equals("Difference: -UAH\u00a010.00 (needs a reason and an admin)")
                || text(robot, "#till-difference").startsWith("Difference:"));
        assertTrue(text(robot, "#till-difference").contains("10.00"), text(robot, "#till-difference"));
        robot.clickOn("#till-close");
        waitFor(10, () -> text(robot, "#till-status").equals("a reason is needed"));
        assertEquals(0, f.count("SELECT count(*) FROM till_closings"));
        robot.clickOn("#till-close-reason").write("a 10 note missing");
        robot.clickOn("#till-close");
        waitFor(15, () -> robot.lookup("#till-closed").query().isVisible());
        assertTrue(text(robot, "#till-closed").contains("a 10 note missing"), text(robot, "#till-closed"));
        assertEquals(-1_000, f.count("SELECT difference_minor FROM till_closings WHERE tenant_id = " + f.tenant));
        assertTrue(robot.lookup("#till-move-amount").query().getParent().isDisabled(), "a closed day takes no more cash");
        MainWindowTest.screenshot(robot.lookup("#till-closed").query().getScene(), "till-closed.png");
    }

    private static java.util.Optional<DayEntryView> entry(FxRobot robot) {
        return robot.lookup((Node n) -> n instanceof DayEntryView d && d.isVisible() && d.getEntry().getTitle().startsWith("Iryna")
                && d.getEntry().getStartAsZonedDateTime().toInstant().equals(at(10, 0))).tryQueryAs(DayEntryView.class);
    }

    private static String dump(javafx.scene.Parent p, String indent) {
        StringBuilder b = new StringBuilder();
        for (Node n : p.getChildrenUnmodifiable()) {
            b.append('\n').append(indent).append(n.getClass().getSimpleName()).append(n.getId() == null ? "" : " #" + n.getId())
                    .append(n instanceof Label l ? " '" + l.getText() + "'" : "");
            if (n instanceof javafx.scene.Parent q && indent.length() < 30) {
                b.append(dump(q, indent + "  "));
            }
        }
        return b.toString();
    }

    private static String text(FxRobot robot, String id) {
        Node n = robot.lookup(id).query();
        return n instanceof Label l ? l.getText() : n instanceof TextField t ? t.getText() : "";
    }

    private static void waitFor(int seconds, Callable<Boolean> condition) throws Exception {
        WaitForAsyncUtils.waitFor(seconds, TimeUnit.SECONDS, condition);
        WaitForAsyncUtils.waitForFxEvents();
    }
}
