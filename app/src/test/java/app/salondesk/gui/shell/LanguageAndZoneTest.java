package app.salondesk.gui.shell;

import app.salondesk.gui.common.BackgroundTasks;
import app.salondesk.i18n.Messages;
import app.salondesk.logic.booking.EngineFixture;
import app.salondesk.model.salon.Salon;
import com.calendarfx.view.DayEntryView;
import javafx.scene.Node;
import javafx.scene.Scene;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.stage.Stage;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Locale;
import java.util.TimeZone;
import java.util.concurrent.TimeUnit;

import static app.salondesk.logic.booking.EngineFixture.at;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A Ukrainian front desk on a PC set to New York time, for a salon in Kyiv: Ukrainian words,
 * a 24-hour clock, and the salon's wall-clock times everywhere.
 */
@ExtendWith(ApplicationExtension.class)
class LanguageAndZoneTest {

    private static final Locale UK = Locale.forLanguageTag("uk");
    private static EngineFixture f;
    private static Locale savedLocale;
    private static TimeZone savedZone;
    private FrontDesk desk;

    @BeforeAll
    static void ukrainianDeskInNewYork() {
        savedLocale = Locale.getDefault();
        savedZone = TimeZone.getDefault();
        Locale.setDefault(UK);
        TimeZone.setDefault(TimeZone.getTimeZone("America/New_York"));
        f = new EngineFixture("languagezone", 4);
        // 15:00 in Kyiv is 08:00 in New York
        f.booked(f.engine.book(f.newBooking(f.anna, at(15, 0), 60)));
        // the night Kyiv moves its clocks forward (03:00 -> 04:00): 02:30 + 90 minutes ends at 05:00
        f.dsl.execute("INSERT INTO bookings (tenant_id, master_id, client_id, service_id, starts_at, duration_min, status) VALUES ("
                + f.tenant + ", " + f.anna + ", " + f.client + ", NULL, '2026-03-29T00:30:00Z', 90, 'completed')");
    }

    @AfterAll
    static void restore() {
        f.close();
        Locale.setDefault(savedLocale);
        TimeZone.setDefault(savedZone);
    }

    @Start
    void start(Stage stage) {
        Salon salon = new Salon(f.tenant, "Салон", EngineFixture.ZONE);
        desk = TestDesks.frontDesk(stage, f.dsl, salon, new BackgroundTasks(), new Messages(UK),
                Clock.fixed(Instant.parse("2029-12-01T09:00:00Z"), ZoneOffset.UTC), "desk1", "База даних: тест", null);
        desk.schedule().dateProperty().set(EngineFixture.DAY);
        stage.setScene(new Scene(desk.window().root(), 1300, 850));
        stage.setX(0);
        stage.setY(0);
        stage.show();
    }

    @Test
    void theMainWindowSpeaksUkrainianAndShowsTheSalonsTimeOnA24HourClock(FxRobot robot) throws Exception {
        WaitForAsyncUtils.waitFor(15, TimeUnit.SECONDS, () -> robot.lookup((Node n) -> n instanceof DayEntryView d && d.isVisible())
                .tryQuery().isPresent());
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals("Новий запис", robot.lookup("#new-booking").queryAs(Button.class).getText());
        assertEquals("Сьогодні", robot.lookup(".nav-today").queryAs(Button.class).getText());
        String status = robot.lookup(".status-text").queryAs(Label.class).getText();
        assertTrue(status.startsWith("1 запис на "), status);
        // the booking is at 15:00 salon time, whatever the PC's clock says
        DayEntryView entry = robot.lookup((Node n) -> n instanceof DayEntryView d && d.isVisible()).queryAs(DayEntryView.class);
        javafx.scene.text.Text start = robot.from(entry).lookup(".booking-entry-time").queryAs(javafx.scene.text.Text.class);
        assertEquals("15:00", start.getText());
        assertTrue(robot.lookup((Node n) -> n instanceof Label l && "08:00".equals(l.getText())).tryQuery().isPresent(),
                "the time scale is in 24-hour salon time");
        MainWindowTest.screenshot(entry.getScene(), "main-window-uk.png");
    }

    @Test
    void theCalendarsTodayAndNowLineAreTheSalonsNotThePcs(FxRobot robot) {
        // 09:00 UTC on 1 December 2029: 04:00 on the PC in New York, 11:00 in the Kyiv salon
        com.calendarfx.view.ResourcesView<?> view = robot.lookup((Node n) -> n instanceof com.calendarfx.view.ResourcesView<?>)
                .queryAs(com.calendarfx.view.ResourcesView.class);
        assertEquals(java.time.LocalTime.of(11, 0), view.getTime());
        assertEquals(java.time.LocalDate.of(2029, 12, 1), view.getToday());
    }

    @Test
    void aBookingAcrossTheDstChangeShowsItsRealLocalTimes(FxRobot robot) throws Exception {
        robot.interact(() -> desk.schedule().dateProperty().set(java.time.LocalDate.of(2026, 3, 29)));
        WaitForAsyncUtils.waitFor(15, TimeUnit.SECONDS, () -> robot.lookup((Node n) -> n instanceof DayEntryView d && d.isVisible())
                .tryQuery().isPresent());
        WaitForAsyncUtils.waitForFxEvents();
        DayEntryView entry = robot.lookup((Node n) -> n instanceof DayEntryView d && d.isVisible()).queryAs(DayEntryView.class);
        assertEquals(java.time.LocalTime.of(2, 30), entry.getEntry().getStartAsZonedDateTime().withZoneSameInstant(EngineFixture.ZONE).toLocalTime());
        assertEquals(java.time.LocalTime.of(5, 0), entry.getEntry().getEndAsZonedDateTime().withZoneSameInstant(EngineFixture.ZONE).toLocalTime());
        assertEquals(90, entry.getEntry().getDuration().toMinutes(), "90 real minutes, one of them an hour the clocks skipped");
    }

    @Test
    void theBookingFormSpeaksUkrainianAndOffersSalonTimes(FxRobot robot) throws Exception {
        WaitForAsyncUtils.waitFor(15, TimeUnit.SECONDS, () -> desk.schedule().scheduleProperty().get() != null);
        robot.clickOn("#new-booking");
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> robot.lookup("#form-save").tryQuery().isPresent());
        assertEquals("Зберегти", robot.lookup("#form-save").queryAs(Button.class).getText());
        assertTrue(robot.lookup((Node n) -> n instanceof Label l && "Клієнт".equals(l.getText())).tryQuery().isPresent());
        robot.interact(() -> {
            var master = robot.lookup("#form-master").queryAs(javafx.scene.control.ComboBox.class);
            master.getSelectionModel().select(0);   // Anna
            robot.lookup("#form-date").queryAs(javafx.scene.control.DatePicker.class).setValue(EngineFixture.DAY);
        });
        Typing.retype(robot, "#form-time", "15:00");
        Typing.retype(robot, "#form-duration", "60");
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> !robot.lookup(".free-start").queryAll().isEmpty());
        var chips = robot.lookup(".free-start").queryAllAs(Button.class).stream().map(Button::getText).toList();
        assertTrue(chips.stream().allMatch(t -> t.matches("\\d{2}:\\d{2}")), "24-hour clock: " + chips);
        assertTrue(chips.contains("14:00") && chips.contains("16:00") && !chips.contains("15:00"),
                "Anna is busy 15:00-16:00 salon time: " + chips);
    }
}
