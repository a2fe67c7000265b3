package app.salondesk.gui.shell;

import app.salondesk.db.ConnectionSettings;
import app.salondesk.gui.common.BackgroundTasks;
import app.salondesk.gui.reports.ChainTable;
import app.salondesk.i18n.Messages;
import app.salondesk.logic.booking.EngineFixture;
import app.salondesk.logic.checkout.CheckoutService;
import app.salondesk.logic.checkout.CheckoutWords;
import app.salondesk.logic.staff.StaffRepository;
import app.salondesk.model.booking.Booking;
import app.salondesk.model.booking.BookingAsSeen;
import app.salondesk.model.booking.Source;
import app.salondesk.model.checkout.Checkout;
import app.salondesk.model.checkout.CheckoutLine;
import app.salondesk.model.checkout.CheckoutOutcome;
import app.salondesk.model.checkout.Discount;
import app.salondesk.model.checkout.PaymentMethod;
import app.salondesk.model.checkout.Tender;
import app.salondesk.model.checkout.Tip;
import app.salondesk.runtime.Backend;
import javafx.scene.Scene;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.TabPane;
import javafx.scene.control.TableView;
import javafx.stage.Stage;
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

import java.nio.file.Path;
import java.time.Clock;
import java.util.Currency;
import java.util.List;
import java.util.Locale;
import java.util.UUID;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Issue 35: a chain manager signs in to the desk with a login of its own ({@code users add --role chain-manager
 * --salons …}, migration 51) and gets the Reports window as its window — no desk, whose days it may not read — with
 * its salons side by side: two in hryvnias and one in euros, each with this month's sales made through the real
 * checkout. The hryvnia salons have a total in hryvnias, the euro one in euros, and the row of all salons adds what
 * counts and no money. A salon it was not given is not there, and no list of clients behind a figure is offered.
 */
@ExtendWith(ApplicationExtension.class)
class ChainReportsWindowTest {

    private static final Currency UAH = Currency.getInstance("UAH");
    private static final Currency EUR = Currency.getInstance("EUR");
    private static EngineFixture f;
    private static long lotus;
    private static long blossom;
    private static Backend chain;
    private static Opening opening;
    private final BackgroundTasks tasks = new BackgroundTasks();
    private Shell shell;
    private Stage window;

    @TempDir
    static Path home;

    @BeforeAll
    static void threeSalonsAndTheirManager() {
        f = new EngineFixture("chainreports", 4);
        CheckoutService checkouts = new CheckoutService(f.dsl, f.engine);
        // the fixture salon (hryvnias): a cut paid in cash
        Booking cut = f.booked(f.engine.book(f.cutWith(f.anna, EngineFixture.at(10, 0))));
        sold(checkouts.checkout(new Checkout(f.tenant, UAH, f.client, UUID.randomUUID(), List.of(BookingAsSeen.of(cut)),
                List.of(CheckoutLine.ofBooking(cut.id(), null, cut.masterId(), "", 50_000)), Discount.NONE, List.<Tip>of(),
                List.of(new Tender(PaymentMethod.CASH, 50_000, "")), "", Source.CHECKOUT)));
        lotus = f.id("INSERT INTO tenants (name, time_zone, currency) VALUES ('Lotus', 'Europe/Kyiv', 'UAH') RETURNING id");
        blossom = f.id("INSERT INTO tenants (name, time_zone, currency) VALUES ('Blossom Berlin', 'Europe/Berlin', 'EUR') RETURNING id");
        long rival = f.id("INSERT INTO tenants (name, time_zone, currency) VALUES ('Rival', 'Europe/Kyiv', 'UAH') RETURNING id");
        ChainWalkIns.walkIn(f, checkouts, lotus, UAH, "Master", "Colour", 30_000);
        ChainWalkIns.walkIn(f, checkouts, blossom, EUR, "Master", "Colour", 123_450);
        ChainWalkIns.walkIn(f, checkouts, rival, UAH, "Master", "Colour", 99_900);
        new StaffRepository(f.dsl).addChainManager("olga_chain", "olga-password".toCharArray(), List.of(f.tenant, lotus, blossom));
        chain = Backend.connect(new ConnectionSettings(f.backend.location(), "olga_chain", "olga-password"), 2);
        opening = Session.choose(chain, null);   // as the application does, off the FX thread
    }

    private static void sold(CheckoutOutcome o) {
        assertInstanceOf(CheckoutOutcome.CheckedOut.class, o);
    }

    @AfterAll
    static void close() {
        chain.close();
        f.close();
    }

    @Start
    void start(Stage stage) {
        window = stage;
        stage.setScene(new Scene(new Label("…"), 360, 200));
        stage.show();
        shell = new Shell(stage, tasks, new Messages(Locale.ENGLISH), Clock.systemUTC(), home);
        shell.show(opening);
    }

    @AfterEach
    void closeShell(FxRobot robot) {
        robot.interact(() -> {
            TestDesks.closeOwnedWindows();
            shell.close();
        });
        tasks.close();
    }

    @Test
    void theChainManagersWindowIsItsSalonsSideBySideWithATotalPerCurrency(FxRobot robot) throws Exception {
        WaitForAsyncUtils.waitFor(20, TimeUnit.SECONDS, () -> robot.lookup("#reports-salons").tryQuery().isPresent()
                && robot.lookup("#reports-salons").queryAs(TableView.class).getItems().size() == 6);
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals("Reports", window.getTitle(), "the window in the shell's own stage: no desk");
        assertTrue(robot.lookup("#new-booking").tryQuery().isEmpty(), "no calendar for a chain manager");
        TableView<ChainTable.Row> salons = robot.lookup("#reports-salons").queryAs(TableView.class);
        assertEquals("reports-tab-salons", robot.lookup("#reports-tabs").queryAs(TabPane.class).getSelectionModel().getSelectedItem().getId());
        List<String> names = salons.getItems().stream().map(ChainTable.Row::salon).toList();
        assertEquals(List.of("Fixture salon", "Lotus", "Blossom Berlin", "Total, UAH", "Total, EUR", "All salons (mixed currencies)"),
                names, "Rival is another chain's");
        CheckoutWords hryvnias = new CheckoutWords(new Messages(Locale.ENGLISH), UAH);
        int revenue = ChainTable.COLUMNS.indexOf("revenue");
        int sales = ChainTable.COLUMNS.indexOf("sales");
        assertEquals(hryvnias.money(50_000), cell(salons, "Fixture salon", revenue));
        assertEquals(hryvnias.money(30_000), cell(salons, "Lotus", revenue));
        assertEquals("€1,234.50", cell(salons, "Blossom Berlin", revenue));
        assertEquals(hryvnias.money(80_000), cell(salons, "Total, UAH", revenue), "the two hryvnia salons, added");
        assertEquals("2", cell(salons, "Total, UAH", sales));
        assertEquals("€1,234.50", cell(salons, "Total, EUR", revenue));
        assertEquals("\u2014", cell(salons, "All salons (mixed currencies)", revenue), "hryvnias and euros are not added");
        assertEquals("3", cell(salons, "All salons (mixed currencies)", sales));
        assertTrue(robot.lookup("#reports-drill").queryAs(Button.class).isDisabled(), "the clients behind a figure are not the chain's");
        MainWindowTest.screenshot(window.getScene(), "reports-chain-en.png");
        // the main window: no Close button, and Esc does not close it (the app's only window)
        assertTrue(robot.lookup("#window-close").tryQuery().isEmpty(), "the main window closes by its ✕");
        robot.clickOn("#reports-salons");
        robot.type(javafx.scene.input.KeyCode.ESCAPE);
        WaitForAsyncUtils.waitForFxEvents();
        assertTrue(window.isShowing(), "Esc in the chain manager's only window does not close the app");
    }

    private static String cell(TableView<ChainTable.Row> table, String salon, int column) {
        return table.getItems().stream().filter(r -> r.salon().equals(salon)).findFirst().orElseThrow().cells().get(column);
    }
}
