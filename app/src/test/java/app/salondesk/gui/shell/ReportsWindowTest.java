package app.salondesk.gui.shell;

import app.salondesk.gui.common.BackgroundTasks;
import app.salondesk.gui.reports.ReportsViewModel;
import app.salondesk.i18n.Messages;
import app.salondesk.logic.booking.EngineFixture;
import app.salondesk.model.booking.Booking;
import app.salondesk.model.salon.Salon;
import javafx.scene.Node;
import javafx.scene.Scene;
import javafx.scene.chart.StackedBarChart;
import javafx.scene.control.DatePicker;
import javafx.scene.control.Label;
import javafx.scene.control.TableView;
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
import java.time.Clock;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Issue 35's Reports window at an admin's desk in Ukrainian, in a real window: ☰ → Звіти opens this month, the
 * period is changed to the fixture's week, the figures are the database's (five bookings, two no-shows), the
 * no-shows' row drills down to its two bookings, the charts are drawn, and the figures saved as CSV and as PDF
 * read back.
 */
@ExtendWith(ApplicationExtension.class)
class ReportsWindowTest {

    private static EngineFixture f;
    private final BackgroundTasks tasks = new BackgroundTasks();
    private FrontDesk desk;

    @TempDir
    static Path files;

    @BeforeAll
    static void salon() {
        f = new EngineFixture("reportswindow", 6);
        // the fixture's Monday: five cuts, two of them missed
        for (int i = 0; i < 5; i++) {
            Booking b = f.booked(f.engine.book(f.cutWith(i % 2 == 0 ? f.anna : f.bohdan, EngineFixture.at(9 + i, 0))));
            f.dsl.execute("UPDATE bookings SET status = ? WHERE id = ?", i < 2 ? "no_show" : "completed", b.id());
        }
    }

    @AfterAll
    static void close() {
        f.close();
    }

    @Start
    void start(Stage stage) {
        desk = TestDesks.frontDesk(stage, f.dsl, new Salon(f.tenant, "Fixture salon", EngineFixture.ZONE), tasks,
                new Messages(Locale.forLanguageTag("uk")), Clock.systemUTC(), "desk1", "Database: test", null);
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
    void aManagersWeekInUkrainianDrillsDownAndIsSavedAsCsvAndPdf(FxRobot robot) throws Exception {
        robot.clickOn("#more");
        robot.clickOn("#reports");
        waitFor(15, () -> robot.lookup("#reports-figures").tryQuery().isPresent()
                && !robot.lookup("#reports-figures").queryAs(TableView.class).getItems().isEmpty());
        TableView<ReportsViewModel.Row> figures = robot.lookup("#reports-figures").queryAs(TableView.class);
        assertEquals("Записи", row(figures, "bookings").label());
        assertTrue(robot.lookup((Node n) -> n instanceof Label l && "Показник".equals(l.getText())).tryQuery().isPresent(),
                "the columns speak Ukrainian");

        // the fixture's week instead of this month
        LocalDate monday = EngineFixture.DAY;
        robot.interact(() -> {
            robot.lookup("#reports-from").queryAs(DatePicker.class).setValue(monday);
            robot.lookup("#reports-to").queryAs(DatePicker.class).setValue(monday.plusDays(6));
        });
        robot.clickOn("#reports-show");
        waitFor(15, () -> "5".equals(row(figures, "bookings").value()));
        assertEquals("2", row(figures, "no_shows").value());
        assertEquals("40.0", row(figures, "no_show_rate").value());
        assertEquals("3", row(figures, "visits").value());
        assertTrue(robot.lookup("#reports-compared").queryAs(Label.class).getText().startsWith("порівняно з " + monday.minusDays(7)
                        .format(java.time.format.DateTimeFormatter.ofLocalizedDate(java.time.format.FormatStyle.MEDIUM).withLocale(java.util.Locale.forLanguageTag("uk")))),
                robot.lookup("#reports-compared").queryAs(Label.class).getText());

        // the no-shows' row: the two bookings behind it
        robot.interact(() -> figures.getSelectionModel().select(row(figures, "no_shows")));
        robot.clickOn("#reports-drill");
        TableView<List<String>> list = robot.lookup("#reports-list").queryAs(TableView.class);
        waitFor(10, () -> list.getItems().size() == 2);
        assertTrue(list.getItems().stream().allMatch(r -> r.contains("неявка")), list.getItems().toString());
        assertEquals("Неявки", robot.lookup("#reports-drill-title").queryAs(Label.class).getText());

        robot.clickOn((Node n) -> n instanceof Label l && "Графіки".equals(l.getText()));
        StackedBarChart<?, ?> revenue = robot.lookup("#reports-chart-revenue").queryAs(StackedBarChart.class);
        assertEquals(List.of("Послуги", "Товари", "Чайові"), revenue.getData().stream().map(s -> s.getName()).toList());
        assertEquals(7, revenue.getData().get(0).getData().size(), "a bar a day");

        robot.clickOn("#reports-csv");
        Path csv = files.resolve("звіт " + monday + " " + monday.plusDays(6) + ".csv");
        waitFor(10, () -> Files.exists(csv) && robot.lookup("#reports-status").queryAs(Label.class).getText().startsWith("Збережено"));
        List<List<String>> read = new ArrayList<>();
        try (Reader in = Files.newBufferedReader(csv, StandardCharsets.UTF_8)) {
            assertEquals('\uFEFF', in.read(), "a byte-order mark for the spreadsheet");
            for (CSVRecord r : CSVFormat.DEFAULT.parse(in)) {
                read.add(r.toList());
            }
        }
        assertEquals(List.of("figure", "Показник", "Цей період", "Попередній", "Зміна"), read.get(0));
        assertTrue(read.contains(List.of("bookings", "Записи", "5", "0", "")), read.toString());
        assertTrue(read.contains(List.of("no_shows", "Неявки", "2", "0", "")), read.toString());

        robot.clickOn("#reports-pdf");
        Path pdf = files.resolve("звіт " + monday + " " + monday.plusDays(6) + ".pdf");
        waitFor(20, () -> Files.exists(pdf) && robot.lookup("#reports-status").queryAs(Label.class).getText().startsWith("Збережено: звіт")
                && robot.lookup("#reports-status").queryAs(Label.class).getText().endsWith(".pdf"));
        String words;
        int pages;
        try (PDDocument doc = Loader.loadPDF(pdf.toFile())) {
            words = new org.apache.pdfbox.text.PDFTextStripper().getText(doc).replace('\u00a0', ' ');
            pages = doc.getNumberOfPages();
        }
        assertEquals(2, pages, "the figures, then the charts");
        for (String expected : List.of("Fixture salon", "Звіти", "Записи", "Неявки", "Частка неявок, %", "40,0")) {
            assertTrue(words.contains(expected), expected + " in: " + words);
        }
        MainWindowTest.screenshot(figures.getScene(), "reports-week-uk.png");
    }

    private static ReportsViewModel.Row row(TableView<ReportsViewModel.Row> table, String key) {
        return table.getItems().stream().filter(r -> r.key().equals(key)).findFirst().orElseThrow();
    }

    private static void waitFor(int seconds, Callable<Boolean> condition) throws Exception {
        WaitForAsyncUtils.waitFor(seconds, TimeUnit.SECONDS, condition);
        WaitForAsyncUtils.waitForFxEvents();
    }
}
