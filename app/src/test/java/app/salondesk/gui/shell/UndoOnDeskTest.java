package app.salondesk.gui.shell;

import app.salondesk.gui.common.BackgroundTasks;
import app.salondesk.i18n.Messages;
import app.salondesk.logic.booking.BookingEngine;
import app.salondesk.logic.booking.EngineFixture;
import app.salondesk.model.booking.Booking;
import app.salondesk.model.booking.BookingStatus;
import app.salondesk.model.booking.Source;
import app.salondesk.model.booking.StatusChange;
import app.salondesk.model.salon.Salon;
import app.salondesk.runtime.Backend;
import com.calendarfx.view.DayEntryView;
import javafx.geometry.Bounds;
import javafx.geometry.Point2D;
import javafx.scene.Node;
import javafx.scene.Scene;
import javafx.scene.control.Hyperlink;
import javafx.scene.control.Label;
import javafx.scene.input.KeyCode;
import javafx.scene.input.MouseButton;
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
import java.time.format.DateTimeFormatter;
import java.time.format.FormatStyle;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;

import static app.salondesk.logic.booking.EngineFixture.at;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Undo at the front desk (issue 17) through the real window, against a real PostgreSQL: the
 * notice after a drag, a Move to, a cancel; Ctrl+Z and the notice's "Undo"; another desk's
 * change since (a second connection through its own engine, as a second app would), and a time
 * taken meanwhile. The day is Monday 7 January 2030; Anna and Bohdan work 08:00–20:00.
 */
@ExtendWith(ApplicationExtension.class)
class UndoOnDeskTest {

    private static EngineFixture f;
    private static Salon salon;
    private FrontDesk desk;
    private final BackgroundTasks tasks = new BackgroundTasks();

    @BeforeAll
    static void salon() {
        f = new EngineFixture("undo", 4);
        salon = new Salon(f.tenant, "Fixture salon", EngineFixture.ZONE);
        f.dsl.execute("UPDATE clients SET name = 'Iryna Savchenko' WHERE id = " + f.client);
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
        stage.setX(0);
        stage.setY(0);
        stage.show();
    }

    @Test
    void undoAfterADragPutsTheBookingBackWhereItWas(FxRobot robot) throws Exception {
        Booking b = f.booked(f.engine.book(f.cutWith(f.anna, at(10, 0))));
        showDay(robot);
        DayEntryView ev = entry(robot, at(10, 0)).orElseThrow();
        double hour = hourHeight(ev);
        robot.drag(centre(ev), MouseButton.PRIMARY).moveBy(0, hour / 2).moveBy(0, hour / 2).drop();
        waitFor(() -> at(11, 0).equals(find(b).start()));
        waitFor(() -> notice(robot).equals("Moved Iryna Savchenko to " + time(at(11, 0)) + " with Anna"));
        Hyperlink undo = robot.lookup("#notification-undo").queryAs(Hyperlink.class);
        assertTrue(shown(undo), "the notice offers Undo");
        waitFor(() -> entry(robot, at(11, 0)).filter(e -> !e.getEntry().getStyleClass().contains("saving")).isPresent());
        MainWindowTest.screenshot(undo.getScene(), "undo-notice.png");
        robot.clickOn(undo);
        waitFor(() -> at(10, 0).equals(find(b).start()));
        Booking back = find(b);
        assertEquals(f.anna, back.masterId());
        assertEquals(60, back.durationMin());
        assertEquals(3, back.version(), "the undo is a change of its own, through the engine");
        waitFor(() -> notice(robot).equals("Undone: Iryna Savchenko is back at " + time(at(10, 0)) + "\u2013" + time(at(11, 0))
                + " with Anna"));
        waitFor(() -> entry(robot, at(10, 0)).isPresent());
        assertEquals(List.of("drag", "undo"), f.dsl.resultQuery("SELECT source FROM booking_history WHERE booking_id = " + b.id()
                + " AND operation = 'UPDATE' ORDER BY id").fetch(0, String.class), "the move and its undo are in the history, each by its road");
    }

    @Test
    void ctrlZAfterAMoveToAnotherMasterMovesItBack(FxRobot robot) throws Exception {
        Booking b = f.booked(f.engine.book(f.cutWith(f.anna, at(12, 0))));
        showDay(robot);
        moveTo(robot, "Bohdan");
        waitFor(() -> find(b).masterId() == f.bohdan);
        waitFor(() -> notice(robot).equals("Moved Iryna Savchenko to " + time(at(12, 0)) + " with Bohdan"));
        ctrlZ(robot);
        waitFor(() -> find(b).masterId() == f.anna);
        assertEquals(at(12, 0), find(b).start());
    }

    @Test
    void undoAfterAnotherDeskChangedTheBookingSaysSoAndChangesNothing(FxRobot robot) throws Exception {
        Booking b = f.booked(f.engine.book(f.cutWith(f.anna, at(12, 0))));
        showDay(robot);
        moveTo(robot, "Bohdan");
        waitFor(() -> find(b).masterId() == f.bohdan);
        waitFor(() -> notice(robot).startsWith("Moved Iryna Savchenko"));
        // the other desk: its own connection and engine, like a second app; Iryna has arrived
        Booking moved = find(b);
        try (Backend other = Backend.connect(f.backend.database().settings(), 1)) {
            f.booked(new BookingEngine(other.dsl()).changeStatus(new StatusChange(f.tenant, b.id(), moved.version(), f.bohdan,
                    BookingStatus.ARRIVED, Source.FORM)));
        }
        Booking theirs = find(b);
        ctrlZ(robot);
        waitFor(() -> notice(robot).equals("Iryna Savchenko\u2019s booking was changed at another desk since: nothing was undone."));
        Booking now = find(b);
        assertEquals(f.bohdan, now.masterId(), "still with Bohdan");
        assertEquals(BookingStatus.ARRIVED, now.status());
        assertEquals(theirs.version(), now.version(), "nothing was written");
        assertFalse(shown(robot.lookup("#notification-undo").query()), "nothing left to offer");
    }

    @Test
    void ctrlZAfterACancelRevivesTheBookingWhileItsTimeIsFree(FxRobot robot) throws Exception {
        Booking b = f.booked(f.engine.book(f.cutWith(f.anna, at(9, 0))));
        showDay(robot);
        cancel(robot);
        waitFor(() -> find(b).status() == BookingStatus.CANCELLED);
        waitFor(() -> notice(robot).equals("Cancelled Iryna Savchenko\u2019s booking at " + time(at(9, 0))));
        waitFor(() -> entry(robot, at(9, 0)).isEmpty());
        ctrlZ(robot);
        waitFor(() -> find(b).status() == BookingStatus.CONFIRMED);
        waitFor(() -> notice(robot).equals("Undone: Iryna Savchenko\u2019s booking is \u201cConfirmed\u201d again"));
        waitFor(() -> entry(robot, at(9, 0)).isPresent());
    }

    @Test
    void ctrlZAfterACancelWhoseTimeWasTakenMeanwhileAnswersTimeTakenAndRevivesNothing(FxRobot robot) throws Exception {
        Booking b = f.booked(f.engine.book(f.cutWith(f.anna, at(9, 0))));
        showDay(robot);
        cancel(robot);
        waitFor(() -> find(b).status() == BookingStatus.CANCELLED);
        waitFor(() -> notice(robot).startsWith("Cancelled"));
        // another desk gives Anna's 9:00 to someone else
        try (Backend other = Backend.connect(f.backend.database().settings(), 1)) {
            f.booked(new BookingEngine(other.dsl()).book(f.newBooking(f.anna, at(9, 0), 60)));
        }
        ctrlZ(robot);
        waitFor(() -> notice(robot).startsWith("Not undone: Iryna Savchenko\u2019s time was taken meanwhile \u2014 nearest free: "));
        assertTrue(notice(robot).contains(time(at(10, 0))), notice(robot));
        assertEquals(BookingStatus.CANCELLED, find(b).status(), "not revived");
        assertEquals(2, find(b).version());
        assertEquals(0, f.overlappingPairs());
    }

    @Test
    void ctrlZTakesBackTheFormsEditToo(FxRobot robot) throws Exception {
        Booking b = f.booked(f.engine.book(f.cutWith(f.anna, at(12, 0))));
        showDay(robot);
        FrontDeskTest.openContextMenu(robot, entry(robot, at(12, 0)).orElseThrow());
        robot.clickOn("#menu-open");
        waitFor(() -> robot.lookup("#form-time").tryQuery().isPresent());
        Typing.retype(robot, "#form-time", "16:30");
        robot.clickOn("#form-save");
        waitFor(() -> at(16, 30).equals(find(b).start()));
        waitFor(() -> robot.lookup("#form-time").tryQuery().isEmpty());
        waitFor(() -> notice(robot).equals("Moved Iryna Savchenko to " + time(at(16, 30)) + " with Anna"));
        ctrlZ(robot);
        waitFor(() -> at(12, 0).equals(find(b).start()));
    }

    // ---- helpers --------------------------------------------------------------------------

    private void showDay(FxRobot robot) throws Exception {
        waitFor(() -> desk.schedule().scheduleProperty().get() != null && !desk.schedule().loadingProperty().get());
        robot.interact(() -> desk.window().schedule().refresh());
        waitFor(() -> robot.lookup((Node n) -> n instanceof DayEntryView d && d.isVisible()).tryQuery().isPresent());
    }

    private static void moveTo(FxRobot robot, String master) throws Exception {
        FrontDeskTest.openContextMenu(robot, robot.lookup((Node n) -> n instanceof DayEntryView d && d.isVisible()).query());
        robot.clickOn("#menu-move-to");
        java.util.function.Predicate<Node> item = n -> n.getStyleClass().contains("menu-move-to-master") && n.isVisible()
                && robot.from(n).lookup((javafx.scene.control.Labeled l) -> master.equals(l.getText())).tryQuery().isPresent();
        waitFor(() -> robot.lookup(item).tryQuery().isPresent());
        robot.clickOn(robot.lookup(item).<Node>query(), MouseButton.PRIMARY);
    }

    private static void cancel(FxRobot robot) throws Exception {
        FrontDeskTest.openContextMenu(robot, robot.lookup((Node n) -> n instanceof DayEntryView d && d.isVisible()).query());
        robot.clickOn("Cancel booking\u2026");
        waitFor(() -> robot.lookup("#confirm-yes").tryQuery().isPresent());
        robot.clickOn("#confirm-yes");
    }

    private static void ctrlZ(FxRobot robot) {
        robot.press(KeyCode.CONTROL, KeyCode.Z).release(KeyCode.Z, KeyCode.CONTROL);
    }

    private static String notice(FxRobot robot) {
        Label l = robot.lookup("#notification").queryAs(Label.class);
        return l.isVisible() ? l.getText() : "";
    }

    /** On screen: it and every parent visible. */
    private static boolean shown(Node n) {
        for (Node p = n; p != null; p = p.getParent()) {
            if (!p.isVisible()) {
                return false;
            }
        }
        return n.getScene() != null;
    }

    private static Booking find(Booking b) {
        return f.engine.find(f.tenant, b.id()).orElseThrow();
    }

    private static Optional<DayEntryView> entry(FxRobot robot, Instant start) {
        return robot.lookup((Node n) -> n instanceof DayEntryView d && d.isVisible() && d.getEntry().getTitle().startsWith("Iryna")
                        && d.getEntry().getStartAsZonedDateTime().toInstant().equals(start))
                .tryQueryAs(DayEntryView.class);
    }

    private static String time(Instant t) {
        return t.atZone(EngineFixture.ZONE).format(DateTimeFormatter.ofLocalizedTime(FormatStyle.SHORT).withLocale(Locale.ENGLISH));
    }

    private static double hourHeight(DayEntryView ev) {
        Bounds b = ev.localToScreen(ev.getBoundsInLocal());
        return b.getHeight() * 60.0 / ev.getEntry().getDuration().toMinutes();
    }

    private static Point2D centre(Node n) {
        Bounds b = n.localToScreen(n.getBoundsInLocal());
        return new Point2D(b.getMinX() + b.getWidth() / 2, b.getMinY() + b.getHeight() / 2);
    }

    private static void waitFor(Callable<Boolean> condition) throws Exception {
        WaitForAsyncUtils.waitFor(15, TimeUnit.SECONDS, condition);
        WaitForAsyncUtils.waitForFxEvents();
    }
}
