package app.salondesk.gui.shell;

import app.salondesk.gui.common.BackgroundTasks;
import app.salondesk.i18n.Messages;
import app.salondesk.logic.booking.BookingEngine;
import app.salondesk.logic.booking.EngineFixture;
import app.salondesk.model.catalog.Service;
import app.salondesk.model.salon.Salon;
import app.salondesk.model.staff.Master;
import javafx.scene.Node;
import javafx.scene.Scene;
import javafx.scene.control.Button;
import javafx.scene.control.ComboBox;
import javafx.scene.control.DatePicker;
import javafx.scene.control.Label;
import javafx.scene.control.ProgressIndicator;
import javafx.scene.control.TextField;
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

import java.sql.Connection;
import java.sql.DriverManager;
import java.time.Clock;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;

import static app.salondesk.logic.booking.EngineFixture.at;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The booking form in its real window on the desk, headless, against a real PostgreSQL
 * (issue 16): a Save that waits for a master's lock someone else holds says so and cannot be
 * sent twice; on the fall-back day of the salon's zone the two 03:30s are two chips.
 */
@ExtendWith(ApplicationExtension.class)
class BookingFormWindowTest {

    /** Sunday 31 October 2027 in Europe/Kyiv: 03:00–03:59 happens twice; Anna works 02:00–05:00. */
    private static final LocalDate AUTUMN = LocalDate.of(2027, 10, 31);
    private static final Instant SECOND_0330 = Instant.parse("2027-10-31T01:30:00Z");

    private static EngineFixture f;
    private static Salon salon;
    private FrontDesk desk;
    private final BackgroundTasks tasks = new BackgroundTasks();

    @BeforeAll
    static void salon() {
        f = new EngineFixture("formwindow", 6);
        salon = new Salon(f.tenant, "Fixture salon", EngineFixture.ZONE);
        f.dsl.execute("INSERT INTO master_days (tenant_id, master_id, day) VALUES (" + f.tenant + ", " + f.anna + ", '" + AUTUMN + "')");
        f.dsl.execute("INSERT INTO master_day_hours (tenant_id, master_id, day, starts_at, ends_at) VALUES ("
                + f.tenant + ", " + f.anna + ", '" + AUTUMN + "', '02:00', '05:00')");
    }

    @AfterAll
    static void close() {
        f.close();
    }

    @AfterEach
    void emptySchedule() {
        f.dsl.execute("DELETE FROM bookings");
    }

    @Start
    void start(Stage stage) {
        TestDesks.offFx(() -> f.dsl.execute("DELETE FROM bookings"));
        if (desk != null) {
            desk.close();
        }
        desk = TestDesks.frontDesk(stage, f.dsl, salon, tasks, new Messages(Locale.ENGLISH),
                Clock.fixed(Instant.parse("2029-12-01T09:00:00Z"), ZoneOffset.UTC), "desk1", "Database: test",
                f.backend.database().settings());
        desk.schedule().dateProperty().set(EngineFixture.DAY);
        stage.setScene(new Scene(desk.window().root(), 1200, 900));
        stage.setX(0);
        stage.setY(0);
        stage.show();
    }

    @Test
    void aSaveWaitingForAHeldLockSaysSoCannotBeSentTwiceAndTryAgainBooksOnceReleased(FxRobot robot) throws Exception {
        openForm(robot, "Held Lock", "Anna", EngineFixture.DAY);
        choose(robot, "#form-service", "Cut");
        Typing.retype(robot, "#form-time", "10:00");
        var settings = f.backend.database().settings();
        try (Connection holder = DriverManager.getConnection(settings.url(), settings.user(), settings.password())) {
            // another session (the owner, in an open transaction) holds Anna's named lock
            holder.setAutoCommit(false);
            holder.createStatement().execute(BookingEngine.lockStatement(f.tenant, f.anna));
            robot.clickOn("#form-save");
            Label saving = robot.lookup("#form-saving").queryAs(Label.class);
            waitFor(() -> "waiting for the schedule\u2026".equals(saving.getText()) && saving.isVisible()
                    && saving.getParent().isVisible());
            assertTrue(robot.lookup("#form-saving-spinner").queryAs(ProgressIndicator.class).isVisible());
            Button save = robot.lookup("#form-save").queryAs(Button.class);
            assertTrue(save.isDisabled(), "no second submit");
            assertTrue(robot.lookup("#form-time").queryAs(TextField.class).isDisabled(), "the fields wait too");
            assertTrue(robot.lookup("#form-master").queryAs(ComboBox.class).isDisabled());
            MainWindowTest.screenshot(save.getScene(), "booking-form-saving.png");
            robot.clickOn(save);   // pressed again: a disabled button sends nothing

            // the engine waits 5 s for the lock, then answers busy
            WaitForAsyncUtils.waitFor(20, TimeUnit.SECONDS, () -> robot.lookup("#form-try-again").tryQuery().isPresent());
            WaitForAsyncUtils.waitForFxEvents();
            assertTrue(robot.lookup((Label l) -> "The schedule is busy right now \u2014 please try again.".equals(l.getText()))
                    .tryQuery().isPresent());
            assertFalse(saving.getParent().isVisible(), "the answer settles it");
            assertFalse(save.isDisabled());
            assertEquals(0, f.count("SELECT count(*) FROM bookings"));
            holder.rollback();   // let go
        }
        robot.clickOn("#form-try-again");
        waitFor(() -> f.count("SELECT count(*) FROM bookings") == 1);
        waitFor(() -> robot.lookup("#form-client-name").tryQuery().isEmpty());   // booked: the form closes
        WaitForAsyncUtils.sleep(500, TimeUnit.MILLISECONDS);
        assertEquals(1, f.count("SELECT count(*) FROM bookings"), "exactly one booking");
        assertEquals(1, f.count("SELECT count(*) FROM bookings WHERE master_id = " + f.anna + " AND starts_at = '" + at(10, 0) + "'"));
    }

    @Test
    void onTheFallBackDayTheTwo0330ChipsAreToldApartAndEachBooksItsOwnInstant(FxRobot robot) throws Exception {
        openForm(robot, "Night Owl", "Anna", AUTUMN);
        Typing.retype(robot, "#form-duration", "60");
        Typing.retype(robot, "#form-time", "03:30");
        waitFor(() -> chips(robot).contains("03:30 winter time"));
        assertTrue(chips(robot).contains("03:30 summer time"), chips(robot).toString());
        // typed, 03:30 is the first one; the form says so and offers the other
        Label which = robot.lookup("#form-start-note").queryAs(Label.class);
        assertEquals("03:30 happens twice on 31 October: this is 03:30 summer time.", which.getText());
        assertEquals("Use 03:30 winter time", robot.lookup("#form-start-other").queryAs(Button.class).getText());
        MainWindowTest.screenshot(which.getScene(), "booking-form-fall-back.png");
        robot.clickOn((Node n) -> n instanceof Button b && "03:30 winter time".equals(b.getText()));
        waitFor(() -> which.getText().endsWith("this is 03:30 winter time."));
        assertEquals("03:30", robot.lookup("#form-time").queryAs(TextField.class).getText());
        robot.clickOn("#form-save");
        waitFor(() -> f.count("SELECT count(*) FROM bookings") == 1);
        assertEquals(SECOND_0330, f.dsl.resultQuery("SELECT starts_at FROM bookings").fetchOne(0, java.time.OffsetDateTime.class).toInstant());
    }

    @Test
    void theFreeTimesListEveryStartOfTheDayByPartOfTheDayAsTheTimeFieldWritesThem(FxRobot robot) throws Exception {
        // issue 31: the buttons stopped at twelve (last 4:00 PM while she works to 20:00) and said
        // "3:00 PM" where the time field said "15:00"
        openForm(robot, "All Day", "Anna", EngineFixture.DAY);
        Typing.retype(robot, "#form-duration", "60");
        waitFor(() -> chips(robot).size() == 45);
        List<String> chips = chips(robot);
        assertEquals("08:00", chips.get(0));
        assertEquals("19:00", chips.get(44), "the last start that ends by 20:00");
        assertTrue(chips.stream().allMatch(t -> t.matches("\\d{2}:\\d{2}")), chips.toString());
        assertEquals("Morning", robot.lookup("#form-free-starts-morning").queryAs(Label.class).getText());
        assertEquals("Afternoon", robot.lookup("#form-free-starts-afternoon").queryAs(Label.class).getText());
        assertEquals("Evening", robot.lookup("#form-free-starts-evening").queryAs(Label.class).getText());
        // each group holds its own part of the day
        assertEquals(List.of("17:00", "17:15", "17:30", "17:45", "18:00", "18:15", "18:30", "18:45", "19:00"),
                robot.lookup("#form-free-starts-evening").queryAs(Label.class).getParent().lookupAll(".free-start").stream()
                        .map(n -> ((Button) n).getText()).toList());
        MainWindowTest.screenshot(robot.lookup("#form-free-starts").query().getScene(), "booking-form-free-times.png");
        Button evening = robot.lookup((Node n) -> n instanceof Button b && "18:30".equals(b.getText())).queryAs(Button.class);
        robot.interact(evening::fire);
        waitFor(() -> "18:30".equals(robot.lookup("#form-time").queryAs(TextField.class).getText()));
    }

    // ---- helpers --------------------------------------------------------------------------

    private void openForm(FxRobot robot, String client, String master, LocalDate day) throws Exception {
        waitFor(() -> desk.schedule().scheduleProperty().get() != null && !desk.schedule().loadingProperty().get());
        robot.clickOn("#new-booking");
        waitFor(() -> robot.lookup("#form-client-name").tryQuery().isPresent());
        robot.clickOn("#form-client-name").write(client).type(KeyCode.TAB);   // leaves the search list
        choose(robot, "#form-master", master);
        robot.interact(() -> robot.lookup("#form-date").queryAs(DatePicker.class).setValue(day));
    }

    private static List<String> chips(FxRobot robot) {
        return robot.lookup(".free-start").queryAllAs(Button.class).stream().map(Button::getText).toList();
    }

    private static void choose(FxRobot robot, String comboId, String text) {
        ComboBox<?> combo = robot.lookup(comboId).queryAs(ComboBox.class);
        robot.clickOn(combo);
        robot.clickOn((Node n) -> n instanceof javafx.scene.control.ListCell<?> c && c.getText() != null
                && c.getText().startsWith(text) && c.isVisible());
        WaitForAsyncUtils.waitForFxEvents();
        Object v = combo.getValue();
        assertTrue(v != null && (v instanceof Service s ? s.name().equals(text) : ((Master) v).name().equals(text)), "chose " + text);
    }

    private static void waitFor(Callable<Boolean> condition) throws Exception {
        WaitForAsyncUtils.waitFor(15, TimeUnit.SECONDS, condition);
        WaitForAsyncUtils.waitForFxEvents();
    }
}
