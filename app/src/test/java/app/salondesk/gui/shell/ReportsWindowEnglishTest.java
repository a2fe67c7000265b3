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
/** The Reports window in English, the fixture's week on its charts (README's month pictures are {@link ReportsMonthPicturesTest}'s). */
@ExtendWith(ApplicationExtension.class)
class ReportsWindowEnglishTest {

    private static EngineFixture f;
    private final BackgroundTasks tasks = new BackgroundTasks();
    private FrontDesk desk;

    @BeforeAll
    static void salon() {
        f = new EngineFixture("reportswindowen", 6);
        for (int i = 0; i < 6; i++) {
            Booking b = f.booked(f.engine.book(f.cutWith(i % 2 == 0 ? f.anna : f.bohdan, EngineFixture.at(9 + i, 0).plusSeconds(86_400L * (i % 3)))));
            f.dsl.execute("UPDATE bookings SET status = ? WHERE id = ?", i == 1 ? "no_show" : "completed", b.id());
        }
    }

    @AfterAll
    static void close() {
        f.close();
    }

    @Start
    void start(Stage stage) {
        desk = TestDesks.frontDesk(stage, f.dsl, new Salon(f.tenant, "Fixture salon", EngineFixture.ZONE), tasks, new Messages(Locale.ENGLISH),
                Clock.systemUTC(), "desk1", "Database: test", null);
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
    void theFixturesWeekInEnglish(FxRobot robot) throws Exception {
        robot.clickOn("#more");
        robot.clickOn("#reports");
        waitFor(15, () -> robot.lookup("#reports-figures").tryQuery().isPresent());
        TableView<ReportsViewModel.Row> figures = robot.lookup("#reports-figures").queryAs(TableView.class);
        robot.interact(() -> {
            robot.lookup("#reports-from").queryAs(DatePicker.class).setValue(EngineFixture.DAY);
            robot.lookup("#reports-to").queryAs(DatePicker.class).setValue(EngineFixture.DAY.plusDays(6));
        });
        robot.clickOn("#reports-show");
        waitFor(15, () -> figures.getItems().stream().anyMatch(r -> r.key().equals("bookings") && r.value().equals("6")));
        assertEquals("No-shows", figures.getItems().stream().filter(r -> r.key().equals("no_shows")).findFirst().orElseThrow().label());
        MainWindowTest.screenshot(figures.getScene(), "reports-week-en-figures.png");
        robot.clickOn((Node n) -> n instanceof Label l && "Charts".equals(l.getText()));
        WaitForAsyncUtils.waitForFxEvents();
        MainWindowTest.screenshot(figures.getScene(), "reports-week-en.png");
        assertTrue(robot.lookup("#reports-chart-utilisation").tryQuery().isPresent());
    }

    private static void waitFor(int seconds, Callable<Boolean> condition) throws Exception {
        WaitForAsyncUtils.waitFor(seconds, TimeUnit.SECONDS, condition);
        WaitForAsyncUtils.waitForFxEvents();
    }
}
