package app.salondesk.gui.shell;

import app.salondesk.gui.common.BackgroundTasks;
import app.salondesk.i18n.Messages;
import app.salondesk.logic.booking.EngineFixture;
import app.salondesk.model.booking.Booking;
import app.salondesk.model.booking.NewBooking;
import app.salondesk.model.booking.Source;
import app.salondesk.model.calendar.BookingRef;
import app.salondesk.model.salon.Salon;
import app.salondesk.model.staff.StaffRole;
import javafx.scene.Node;
import javafx.scene.Scene;
import javafx.scene.control.CheckBox;
import javafx.scene.control.Labeled;
import javafx.scene.control.TableView;
import javafx.scene.control.TextArea;
import javafx.scene.control.TextField;
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
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Locale;
import java.util.UUID;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;

import static app.salondesk.logic.booking.EngineFixture.at;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Issue 30 at the desk, in the real windows against a real PostgreSQL: a note typed into an
 * existing booking's form is saved and its history says so (defect 1); a booking an admin placed
 * outside the working hours opens with its mark and can be lengthened in the form (defect 5);
 * the tick box that books outside the hours is an admin's (defect 3).
 */
@ExtendWith(ApplicationExtension.class)
class BookingEditOnDeskTest {

    private static EngineFixture f;
    private static Salon salon;
    private FrontDesk desk;
    private Stage stage;
    private final BackgroundTasks tasks = new BackgroundTasks();

    @BeforeAll
    static void salon() {
        f = new EngineFixture("bookingedit", 6);
        salon = new Salon(f.tenant, "Fixture salon", EngineFixture.ZONE);
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
        this.stage = stage;
        desk(StaffRole.ADMIN);
    }

    private void desk(StaffRole role) {
        if (desk != null) {
            desk.close();
        }
        desk = TestDesks.frontDesk(stage, f.dsl, salon, tasks, new Messages(Locale.ENGLISH),
                Clock.fixed(Instant.parse("2029-12-01T09:00:00Z"), ZoneOffset.UTC), "desk1", "Database: test",
                f.backend.database().settings(), role);
        desk.schedule().dateProperty().set(EngineFixture.DAY);
        stage.setScene(new Scene(desk.window().root(), 1200, 900));
        stage.setX(0);
        stage.setY(0);
        stage.show();
    }

    @Test
    void aNoteTypedIntoAnExistingBookingIsSavedAndItsHistorySaysSo(FxRobot robot) throws Exception {
        Booking b = f.booked(f.engine.book(f.cutWith(f.anna, at(10, 0))));
        open(robot, b);
        robot.clickOn("#form-note").write("allergic to ammonia");
        robot.clickOn("#form-save");
        waitFor(() -> "allergic to ammonia".equals(f.engine.find(f.tenant, b.id()).orElseThrow().note()));
        waitFor(() -> robot.lookup("#form-note").tryQuery().isEmpty());   // saved: the form closes

        open(robot, f.engine.find(f.tenant, b.id()).orElseThrow());
        assertEquals("allergic to ammonia", robot.lookup("#form-note").queryAs(TextArea.class).getText(), "reopened: the new note");
        robot.interact(() -> robot.lookup("#form-note").query().getScene().getWindow().hide());

        BookingRef ref = new BookingRef(b.id(), f.anna, b.version() + 1, b.status());
        robot.interact(() -> desk.openHistory(ref));
        waitFor(() -> robot.lookup("#history-table").tryQuery().isPresent());
        TableView<?> table = robot.lookup("#history-table").queryAs(TableView.class);
        waitFor(() -> table.getItems().size() == 2);
        assertTrue(robot.lookup((Node n) -> n instanceof Labeled l && "note: \u2014 \u2192 allergic to ammonia".equals(l.getText()))
                .tryQuery().isPresent(), "what changed, in words");
        assertTrue(robot.lookup((Node n) -> n instanceof Labeled l && "booking form".equals(l.getText())).tryQuery().isPresent(),
                "and how");
    }

    @Test
    void aBookingAnAdminPlacedOutsideTheHoursOpensWithItsMarkAndIsLengthenedInTheForm(FxRobot robot) throws Exception {
        Booking bride = f.booked(f.engine.book(new NewBooking(f.tenant, f.anna, f.client, null, null, at(7, 0), 60, "bride",
                UUID.randomUUID(), Source.FORM, true)));
        open(robot, bride);
        CheckBox outside = robot.lookup("#form-outside-hours").queryAs(CheckBox.class);
        assertTrue(outside.isVisible() && outside.isSelected(), "the form shows the mark it was booked with");
        assertTrue(outside.isDisabled(), "kept while it stays outside the hours");
        Typing.retype(robot, "#form-duration", "75");
        robot.clickOn("#form-save");
        waitFor(() -> f.engine.find(f.tenant, bride.id()).orElseThrow().durationMin() == 75);
        assertTrue(f.engine.find(f.tenant, bride.id()).orElseThrow().outsideHours(), "and keeps it");
    }

    @Test
    void theTickBoxThatBooksOutsideTheHoursIsAnAdminsOnly(FxRobot robot) throws Exception {
        robot.interact(() -> desk.newBooking(null, at(10, 0)));
        waitFor(() -> robot.lookup("#form-outside-hours").tryQuery().isPresent());
        assertTrue(robot.lookup("#form-outside-hours").queryAs(CheckBox.class).isVisible(), "an admin's form offers it");
        robot.interact(() -> robot.lookup("#form-outside-hours").query().getScene().getWindow().hide());

        robot.interact(() -> desk(StaffRole.RECEPTIONIST));
        robot.interact(() -> desk.newBooking(null, at(10, 0)));
        waitFor(() -> robot.lookup("#form-client-name").tryQuery().isPresent());
        assertFalse(robot.lookup("#form-outside-hours").queryAs(CheckBox.class).isVisible(), "a receptionist's does not");
        robot.interact(() -> robot.lookup("#form-client-name").query().getScene().getWindow().hide());
    }

    /** The form of {@code b}, as a double click opens it. */
    private void open(FxRobot robot, Booking b) throws Exception {
        waitFor(() -> desk.schedule().scheduleProperty().get() != null && !desk.schedule().loadingProperty().get());
        robot.interact(() -> desk.openBooking(new BookingRef(b.id(), b.masterId(), b.version(), b.status())));
        waitFor(() -> robot.lookup("#form-client-name").tryQueryAs(TextField.class).map(t -> t.getText().startsWith("Iryna")).orElse(false));
    }

    private static void waitFor(Callable<Boolean> condition) throws Exception {
        WaitForAsyncUtils.waitFor(15, TimeUnit.SECONDS, condition);
        WaitForAsyncUtils.waitForFxEvents();
    }
}
