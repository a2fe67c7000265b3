package app.salondesk.gui.shell;

import app.salondesk.db.ConnectionSettings;
import app.salondesk.gui.common.BackgroundTasks;
import app.salondesk.gui.reports.ReportsViewModel;
import app.salondesk.gui.reports.SalonPick;
import app.salondesk.i18n.Messages;
import app.salondesk.logic.booking.EngineFixture;
import app.salondesk.logic.checkout.CheckoutService;
import app.salondesk.logic.checkout.CheckoutWords;
import app.salondesk.logic.desk.DeskLogic;
import app.salondesk.logic.reports.ReportTables;
import app.salondesk.logic.reports.ReportsRepository;
import app.salondesk.logic.staff.StaffRepository;
import app.salondesk.model.reports.ReportKind;
import app.salondesk.model.reports.ReportPeriod;
import app.salondesk.model.reports.ReportTable;
import app.salondesk.model.reports.SalonReport;
import app.salondesk.runtime.Backend;
import javafx.scene.Node;
import javafx.scene.Scene;
import javafx.scene.chart.StackedBarChart;
import javafx.scene.control.ChoiceBox;
import javafx.scene.control.Label;
import javafx.scene.control.Labeled;
import javafx.scene.control.TableView;
import javafx.scene.text.Text;
import javafx.stage.Stage;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVRecord;
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

import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.Currency;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Issue 35 item 5: a chain manager's Reports window (a real chain-manager login over three salons — two in hryvnias,
 * one in euros — with this month's sales made through the checkout; a fourth salon, another chain's, also sells)
 * picks whose figures and charts it shows: a salon, or its hryvnia salons added (hryvnias and euros have no sum).
 * Each pick's figures are compared with the salon's own report read through the repository by the database's owner;
 * the pick stays when the period changes, and the CSV and PDF saved are the picked salon's.
 */
@ExtendWith(ApplicationExtension.class)
class ChainReportPickerTest {

    private static final Currency UAH = Currency.getInstance("UAH");
    private static final Currency EUR = Currency.getInstance("EUR");
    private static final ZoneId KYIV = ZoneId.of("Europe/Kyiv");
    private static EngineFixture f;
    private static long lotus;
    private static long blossom;
    private static Backend chain;
    private static Session session;
    private final BackgroundTasks tasks = new BackgroundTasks();
    private Stage window;

    @TempDir
    static Path files;

    @BeforeAll
    static void threeSalonsOfAChainAndARival() {
        f = new EngineFixture("chainpicker", 4);
        CheckoutService checkouts = new CheckoutService(f.dsl, f.engine);
        lotus = f.id("INSERT INTO tenants (name, time_zone, currency) VALUES ('Lotus', 'Europe/Kyiv', 'UAH') RETURNING id");
        blossom = f.id("INSERT INTO tenants (name, time_zone, currency) VALUES ('Blossom Berlin', 'Europe/Berlin', 'EUR') RETURNING id");
        long rival = f.id("INSERT INTO tenants (name, time_zone, currency) VALUES ('Rival', 'Europe/Kyiv', 'UAH') RETURNING id");
        walkIn(checkouts, f.tenant, UAH, "Anna", 50_000);
        walkIn(checkouts, lotus, UAH, "Oksana", 30_000);
        walkIn(checkouts, lotus, UAH, "Oksana", 12_000);
        walkIn(checkouts, blossom, EUR, "Greta", 123_450);
        walkIn(checkouts, rival, UAH, "Ivan", 99_900);
        new StaffRepository(f.dsl).addChainManager("olga_pick", "olga-password".toCharArray(), List.of(f.tenant, lotus, blossom));
        chain = Backend.connect(new ConnectionSettings(f.backend.location(), "olga_pick", "olga-password"), 2);
        session = assertInstanceOf(Session.class, Session.choose(chain, null));
    }

    /** A walk-in's service, named by its price, with a new master of the salon, through the checkout. */
    private static void walkIn(CheckoutService checkouts, long tenant, Currency currency, String master, long minor) {
        ChainWalkIns.walkIn(f, checkouts, tenant, currency, master, "Colour " + minor, minor);
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
    }

    @AfterEach
    void closeWindow(FxRobot robot) {
        robot.interact(TestDesks::closeOwnedWindows);
        tasks.close();
    }

    /** The chain manager's window as the shell makes it for that login, files saved into the test's folder. */
    private void open(FxRobot robot, Locale locale) throws Exception {
        robot.interact(() -> {
            ReportScreens screens = new ReportScreens(window, new DeskLogic(chain).reports(), session.salon(), tasks, new Messages(locale), true);
            screens.setFileChooser((owner, name) -> files.resolve(name).toFile());
            screens.reports();
        });
        waitFor(20, () -> !picker(robot).getItems().isEmpty() && !figures(robot).getItems().isEmpty());
    }

    @Test
    void theManagerPicksASalonWhoseFiguresStayPickedAcrossPeriodsAndAreSavedAsItsOwn(FxRobot robot) throws Exception {
        open(robot, Locale.ENGLISH);
        ChoiceBox<SalonPick> picker = picker(robot);
        assertEquals(List.of("All salons, UAH", "Fixture salon", "Lotus", "Blossom Berlin"), picker.getItems().stream().map(SalonPick::label).toList(),
                "its salons and their hryvnia sum; Rival is another chain's, the euro salon has no one to be added to");
        assertEquals("All salons, UAH", picker.getValue().label(), "a chain manager first sees its salons added up");
        ReportPeriod month = ReportPeriod.monthOf(LocalDate.now(KYIV));
        assertFigures(robot, sumOf(month, f.tenant, lotus));
        assertEquals("920.00", value(robot, "revenue"), "500 + 300 + 120 hryvnias");
        javafx.scene.control.TabPane tabs = robot.lookup("#reports-tabs").queryAs(javafx.scene.control.TabPane.class);
        robot.interact(() -> tabs.getSelectionModel().select(tabs.getTabs().stream().filter(t -> "Figures".equals(t.getText())).findFirst().orElseThrow()));
        WaitForAsyncUtils.waitForFxEvents();
        MainWindowTest.screenshot(window.getScene(), "reports-chain-picker-en.png");

        robot.interact(() -> picker.getSelectionModel().select(pick(picker, "Lotus")));
        waitFor(20, () -> "420.00".equals(value(robot, "revenue")));
        assertFigures(robot, ownColumn(month, lotus));
        assertEquals("2", value(robot, "sales"));
        robot.clickOn((Node n) -> n instanceof Label l && "Charts".equals(l.getText()));
        StackedBarChart<String, Number> revenue = robot.lookup("#reports-chart-revenue").queryAs(StackedBarChart.class);
        double services = revenue.getData().get(0).getData().stream().mapToDouble(d -> d.getYValue().doubleValue()).sum();
        assertEquals(420.0, services, 0.001, "the charts follow the pick");

        // another period: the pick stays, and the figures are the picked salon's for that period
        ChoiceBox<ReportsViewModel.Choice> period = robot.lookup("#reports-choice").queryAs(ChoiceBox.class);
        robot.interact(() -> period.setValue(ReportsViewModel.Choice.TODAY));
        ReportPeriod today = ReportPeriod.day(LocalDate.now(KYIV));
        waitFor(20, () -> robot.lookup("#reports-from").queryAs(javafx.scene.control.DatePicker.class).getValue().equals(today.from())
                && robot.lookup("#reports-status").queryAs(Label.class).getText().isEmpty());
        assertEquals("Lotus", picker.getValue().label());
        assertFigures(robot, ownColumn(today, lotus));
        assertEquals("420.00", value(robot, "revenue"));

        robot.clickOn("#reports-csv");
        Path csv = files.resolve("report Lotus " + today.from() + " " + today.to() + ".csv");
        waitFor(15, () -> Files.exists(csv) && robot.lookup("#reports-status").queryAs(Label.class).getText().startsWith("Saved"));
        List<List<String>> read = new ArrayList<>();
        try (Reader in = Files.newBufferedReader(csv, StandardCharsets.UTF_8)) {
            assertEquals('\uFEFF', in.read());
            for (CSVRecord r : CSVFormat.DEFAULT.parse(in)) {
                read.add(r.toList());
            }
        }
        List<String> expected = ownColumn(today, lotus);
        ReportTable own = ReportTables.of(ReportKind.SUMMARY, List.of(ownerReport(lotus, today)));
        for (int i = 0; i < own.rows().size(); i++) {
            assertEquals(expected.get(i), read.get(i + 1).get(2), "the saved " + own.rows().get(i).get(0) + " is Lotus's");
        }
        assertEquals("revenue", read.get(1).get(0));
        assertEquals("420.00", read.get(1).get(2));

        robot.clickOn("#reports-pdf");
        Path pdf = files.resolve("report Lotus " + today.from() + " " + today.to() + ".pdf");
        waitFor(20, () -> Files.exists(pdf) && robot.lookup("#reports-status").queryAs(Label.class).getText().endsWith(".pdf"));
        String words;
        try (PDDocument doc = Loader.loadPDF(pdf.toFile())) {
            words = new org.apache.pdfbox.text.PDFTextStripper().getText(doc).replace('\u00a0', ' ');
        }
        assertTrue(words.contains("Lotus") && words.contains("Reports"), words);
        assertFalse(words.contains("Fixture salon"), "the figures of the pick only: " + words);
    }

    @Test
    void inUkrainianTheSumAndAEuroSalonAreWrittenInTheirCurrenciesAndThePickersWordsAreWholeAtTheLargestText(FxRobot robot) throws Exception {
        Messages uk = new Messages(Locale.forLanguageTag("uk"));
        open(robot, uk.locale());
        ChoiceBox<SalonPick> picker = picker(robot);
        assertEquals(List.of("Усі салони, UAH", "Fixture salon", "Lotus", "Blossom Berlin"), picker.getItems().stream().map(SalonPick::label).toList());
        assertEquals(new CheckoutWords(uk, UAH).money(92_000), shown(robot, "revenue"));
        robot.interact(() -> picker.getSelectionModel().select(pick(picker, "Blossom Berlin")));
        waitFor(20, () -> "1234.50".equals(value(robot, "revenue")));
        assertEquals(new CheckoutWords(uk, EUR).money(123_450), shown(robot, "revenue"));
        assertFigures(robot, ownColumn(ReportPeriod.monthOf(LocalDate.now(KYIV)), blossom));
        assertTrue(robot.lookup((Node n) -> n instanceof Label l && "Салон".equals(l.getText())).tryQuery().isPresent(), "the picker's words in Ukrainian");

        // the desk's largest text: the picker's row shows its words whole
        robot.interact(() -> window.getScene().getRoot().setStyle("-fx-font-size: 24px;"));
        WaitForAsyncUtils.waitForFxEvents();
        Node row = picker.getParent();
        List<String> cut = new ArrayList<>();
        robot.interact(() -> {
            for (Node n : row.lookupAll(".text")) {
                if (n instanceof Text t && t.getText().endsWith("\u2026")) {
                    cut.add(t.getText());
                }
            }
            for (Node n : row.lookupAll(".label")) {
                if (n instanceof Labeled l && l.getWidth() + 0.5 < l.prefWidth(-1)) {
                    cut.add(l.getText() + " " + l.getWidth() + " < " + l.prefWidth(-1));
                }
            }
        });
        assertEquals(List.of(), cut, "no word of the picker's row cut");
        MainWindowTest.screenshot(window.getScene(), "reports-chain-picker-uk.png");
    }

    /** The shown figures' values equal these, row by row (the summary's order). */
    private static void assertFigures(FxRobot robot, List<String> expected) {
        List<ReportsViewModel.Row> rows = figures(robot).getItems();
        assertEquals(expected.size(), rows.size());
        for (int i = 0; i < rows.size(); i++) {
            if (!expected.get(i).equals("*")) {
                assertEquals(expected.get(i), rows.get(i).value(), rows.get(i).key());
            }
        }
    }

    /** A salon's summary column, read as the database's owner through the repository: the salon's own report. */
    private static List<String> ownColumn(ReportPeriod p, long salon) {
        return ReportTables.of(ReportKind.SUMMARY, List.of(ownerReport(salon, p))).rows().stream().map(r -> r.get(1)).toList();
    }

    /** The salons' total column as the owner's `report --salon … ` tables add them; the top service and master are the sum's own ("*"). */
    private static List<String> sumOf(ReportPeriod p, long... salons) {
        List<SalonReport> each = new ArrayList<>();
        for (long s : salons) {
            each.add(ownerReport(s, p));
        }
        ReportTable t = ReportTables.of(ReportKind.SUMMARY, each);
        return t.rows().stream().map(r -> r.get(0).startsWith("top_") ? "*" : r.get(r.size() - 1)).toList();
    }

    private static SalonReport ownerReport(long salon, ReportPeriod p) {
        return new ReportsRepository(f.dsl).report(salon, p);
    }

    private static SalonPick pick(ChoiceBox<SalonPick> picker, String label) {
        return picker.getItems().stream().filter(p -> p.label().equals(label)).findFirst().orElseThrow();
    }

    private static ChoiceBox<SalonPick> picker(FxRobot robot) {
        return robot.lookup("#reports-salon").queryAs(ChoiceBox.class);
    }

    private static TableView<ReportsViewModel.Row> figures(FxRobot robot) {
        return robot.lookup("#reports-figures").queryAs(TableView.class);
    }

    private static String value(FxRobot robot, String key) {
        return figures(robot).getItems().stream().filter(r -> r.key().equals(key)).findFirst().map(ReportsViewModel.Row::value).orElse("");
    }

    private static String shown(FxRobot robot, String key) {
        return figures(robot).getItems().stream().filter(r -> r.key().equals(key)).findFirst().map(ReportsViewModel.Row::shownValue).orElse("");
    }

    private static void waitFor(int seconds, Callable<Boolean> condition) throws Exception {
        WaitForAsyncUtils.waitFor(seconds, TimeUnit.SECONDS, condition);
        WaitForAsyncUtils.waitForFxEvents();
    }
}
