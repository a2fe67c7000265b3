package app.salondesk.gui.shell;

import app.salondesk.gui.common.BackgroundTasks;
import app.salondesk.i18n.Messages;
import app.salondesk.logic.booking.EngineFixture;
import app.salondesk.model.booking.Booking;
import app.salondesk.model.booking.NewBooking;
import app.salondesk.model.booking.Source;
import app.salondesk.model.catalog.Service;
import app.salondesk.model.salon.Salon;
import app.salondesk.model.staff.Master;
import com.calendarfx.view.DayEntryView;
import javafx.scene.Node;
import javafx.scene.Scene;
import javafx.scene.control.Button;
import javafx.scene.control.ComboBox;
import javafx.scene.control.DatePicker;
import javafx.scene.control.Label;
import javafx.scene.control.ListCell;
import javafx.scene.input.KeyCode;
import javafx.stage.Stage;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Locale;
import java.util.UUID;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;

import static app.salondesk.logic.booking.EngineFixture.at;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Recurring bookings in the real booking form (issue 17), against a real PostgreSQL: a weekly
 * series with a collision, the alternative picked from its row; cancelling a series from one of
 * its bookings on. Monday 7 January 2030; Anna and Bohdan work 08:00–20:00.
 */
@ExtendWith(ApplicationExtension.class)
class RecurringBookingFormTest {

    private static EngineFixture f;
    private static Salon salon;
    private FrontDesk desk;
    private final BackgroundTasks tasks = new BackgroundTasks();

    @BeforeAll
    static void salon() {
        f = new EngineFixture("recurring", 4);
        salon = new Salon(f.tenant, "Fixture salon", EngineFixture.ZONE);
    }

    @AfterAll
    static void close() {
        f.close();
    }

    @AfterEach
    void emptySchedule() {
        if (desk != null) {
            desk.close();
        }
        f.clearSchedule();
    }

    @Start
    void start(Stage stage) {
        TestDesks.offFx(f::clearSchedule);
        Clock clock = Clock.fixed(Instant.parse("2029-12-01T09:00:00Z"), ZoneOffset.UTC);
        desk = TestDesks.frontDesk(stage, f.dsl, salon, tasks, new Messages(Locale.ENGLISH), clock, "desk1", "Database: test",
                f.backend.database().settings());
        desk.schedule().dateProperty().set(EngineFixture.DAY);
        stage.setScene(new Scene(desk.window().root(), 1200, 900));
        stage.show();
    }

    private static Instant week(int n, int hour, int minute) {
        return at(hour, minute).plus(Duration.ofDays(7L * n));
    }

    @Test
    void aWeeklySeriesWithOneTakenTimeBooksTheRestAndThePickedTimeBooksTheLast(FxRobot robot) throws Exception {
        // someone else has Anna at 10:00 in the third week
        long other = f.id("INSERT INTO clients (tenant_id, name) VALUES (" + f.tenant + ", 'Oksana') RETURNING id");
        f.booked(f.engine.book(new NewBooking(f.tenant, f.anna, other, null, null, week(2, 10, 0), 60, "", UUID.randomUUID(),
                Source.FORM, false)));
        awaitLoaded();
        robot.clickOn("#new-booking");
        waitFor(() -> robot.lookup("#form-client-name").tryQuery().isPresent());
        robot.clickOn("#form-client-name").write("Olha Weekly").type(KeyCode.TAB);
        choose(robot, "#form-service", "Cut");
        choose(robot, "#form-master", "Anna");
        robot.interact(() -> robot.lookup("#form-date").queryAs(DatePicker.class).setValue(EngineFixture.DAY));
        Typing.retype(robot, "#form-time", "10:00");
        robot.clickOn("#form-repeat");
        Typing.retype(robot, "#form-repeat-weeks", "1");
        Typing.retype(robot, "#form-repeat-times", "4");
        robot.clickOn("#form-save");

        Label summary = robot.lookup("#form-series-summary").queryAs(Label.class);
        waitFor(() -> "Done: 3 of 4".equals(summary.getText()));
        List<String> rows = robot.lookup(".series-row").queryAllAs(Label.class).stream().map(Label::getText).toList();
        assertEquals(4, rows.size(), rows.toString());
        assertTrue(rows.get(0).endsWith(": booked"), rows.get(0));
        assertTrue(rows.get(2).endsWith(": this time is taken \u2014 pick another one:"), rows.get(2));
        assertTrue(rows.get(3).endsWith(": booked"), rows.get(3));
        assertEquals(3, f.count("SELECT count(*) FROM bookings WHERE series_id IS NOT NULL"), "the taken one wrote nothing");
        MainWindowTest.screenshot(summary.getScene(), "booking-form-series.png");

        Button offered = robot.lookup(".series-slot").queryAllAs(Button.class).iterator().next();
        robot.clickOn(offered);
        // every occurrence went through: the form closes
        waitFor(() -> robot.lookup("#form-series-summary").tryQuery().isEmpty());
        List<Booking> series = f.dsl.resultQuery("SELECT id FROM bookings WHERE series_id IS NOT NULL ORDER BY starts_at")
                .fetch(0, Long.class).stream().map(id -> f.engine.find(f.tenant, id).orElseThrow()).toList();
        assertEquals(4, series.size());
        assertEquals(1, series.stream().map(Booking::seriesId).distinct().count(), "one series");
        assertEquals(week(0, 10, 0), series.get(0).start());
        assertTrue(!series.get(2).start().equals(week(2, 10, 0)) || series.get(2).masterId() != f.anna, "the picked time, not the taken one");
        assertEquals(0, f.overlappingPairs());
        assertEquals(1, f.count("SELECT count(*) FROM clients WHERE name = 'Olha Weekly'"));
    }

    @Test
    void cancellingFromTheThirdBookingOfASeriesLeavesTheFirstTwo(FxRobot robot) throws Exception {
        UUID request = UUID.randomUUID();
        new app.salondesk.logic.booking.BookingSeries(f.engine).book(new NewBooking(f.tenant, f.anna, f.client, null, f.cut, week(0, 12, 0),
                null, "", request, Source.FORM, false), app.salondesk.model.booking.Repeat.times(1, 4), EngineFixture.ZONE);
        awaitLoaded();
        robot.interact(() -> desk.schedule().dateProperty().set(EngineFixture.DAY.plusWeeks(2)));
        waitFor(() -> robot.lookup((Node n) -> n instanceof DayEntryView d && d.isVisible()).tryQuery().isPresent());
        FrontDeskTest.openContextMenu(robot, robot.lookup((Node n) -> n instanceof DayEntryView d && d.isVisible()).query());
        robot.clickOn("#menu-open");
        waitFor(() -> robot.lookup("#form-series-cancel").tryQuery().isPresent());
        // "change the later ones too" ticked is a change: Esc asks (issue 31), Enter keeps it ticked
        robot.clickOn("#form-series-later");
        robot.type(KeyCode.ESCAPE);
        DiscardChangesTest.question(robot);
        robot.type(KeyCode.ENTER);
        waitFor(() -> DiscardChangesTest.lookupQuestion().isEmpty());
        assertTrue(robot.lookup("#form-series-later").queryAs(javafx.scene.control.CheckBox.class).isSelected());
        robot.targetWindow(robot.lookup("#form-series-later").query().getScene().getWindow());
        robot.clickOn("#form-series-later");
        robot.clickOn("#form-series-cancel");
        waitFor(() -> robot.lookup("#confirm-series-yes").tryQuery().isPresent());
        robot.clickOn("#confirm-series-yes");
        waitFor(() -> f.count("SELECT count(*) FROM bookings WHERE status = 'cancelled'") == 2);
        assertEquals(List.of("confirmed", "confirmed", "cancelled", "cancelled"),
                f.dsl.resultQuery("SELECT status FROM bookings ORDER BY starts_at").fetch(0, String.class));
        waitFor(() -> robot.lookup("#form-series-cancel").tryQuery().isEmpty());
    }

    // ---- helpers --------------------------------------------------------------------------

    private void awaitLoaded() throws Exception {
        waitFor(() -> desk.schedule().scheduleProperty().get() != null && !desk.schedule().loadingProperty().get());
    }

    private static void choose(FxRobot robot, String comboId, String text) {
        ComboBox<?> combo = robot.lookup(comboId).queryAs(ComboBox.class);
        robot.clickOn(combo);
        robot.clickOn((Node n) -> n instanceof ListCell<?> c && c.getText() != null && c.getText().startsWith(text) && c.isVisible());
        WaitForAsyncUtils.waitForFxEvents();
        Object v = combo.getValue();
        assertTrue(v != null && (v instanceof Service s ? s.name().equals(text) : ((Master) v).name().equals(text)), "chose " + text);
    }

    private static void waitFor(Callable<Boolean> condition) throws Exception {
        WaitForAsyncUtils.waitFor(15, TimeUnit.SECONDS, condition);
        WaitForAsyncUtils.waitForFxEvents();
    }
}
