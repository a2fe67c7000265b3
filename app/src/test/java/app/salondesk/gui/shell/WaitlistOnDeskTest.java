package app.salondesk.gui.shell;

import app.salondesk.gui.common.BackgroundTasks;
import app.salondesk.i18n.Messages;
import app.salondesk.logic.booking.EngineFixture;
import app.salondesk.logic.waitlist.WaitlistWorker;
import app.salondesk.model.booking.Booking;
import app.salondesk.model.booking.BookingOutcome;
import app.salondesk.model.booking.BookingStatus;
import app.salondesk.model.booking.Source;
import app.salondesk.model.booking.StatusChange;
import app.salondesk.model.salon.Salon;
import com.calendarfx.view.DayEntryView;
import javafx.scene.Node;
import javafx.scene.Scene;
import javafx.scene.control.ComboBox;
import javafx.scene.control.DatePicker;
import javafx.scene.control.Label;
import javafx.scene.control.TableView;
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
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;

import static app.salondesk.logic.booking.EngineFixture.at;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Issue 14 at the desk, in a real window: the form's "this time was just taken" answer → one
 * click puts the client on the waitlist → another desk cancels the booking in the way → the
 * desk's waitlist worker books the client into the freed time, and the calendar shows the
 * booking pending, marked "waitlist · call to confirm"; the Waitlist window lists who waits.
 */
@ExtendWith(ApplicationExtension.class)
class WaitlistOnDeskTest {

    private static EngineFixture f;
    private final BackgroundTasks tasks = new BackgroundTasks();
    private FrontDesk desk;

    @BeforeAll
    static void salon() {
        f = new EngineFixture("waitlistondesk", 6);
    }

    @AfterAll
    static void close() {
        f.close();
    }

    @Start
    void start(Stage stage) {
        desk = TestDesks.frontDesk(stage, f.dsl, new Salon(f.tenant, "Fixture salon", EngineFixture.ZONE), tasks, new Messages(Locale.ENGLISH),
                Clock.systemUTC(), "desk1", "Database: test", f.backend.database().settings());
        desk.runWaitlistWorker(WaitlistWorker.start(f.dsl, f.backend.database().settings(), f.tenant));
        desk.schedule().dateProperty().set(EngineFixture.DAY);
        stage.setScene(new Scene(desk.window().root(), 1200, 900));
        stage.setX(0);
        stage.setY(0);
        stage.show();
    }

    @AfterEach
    void closeDesk(FxRobot robot) {
        robot.interact(desk::close);
        tasks.close();
    }

    @Test
    void aClientWhoseTimeWasTakenJoinsTheWaitlistAndIsBookedWhenAnotherDeskCancels(FxRobot robot) throws Exception {
        // Anna's day is full: 08:00–20:00, an hour each, booked by other desks
        List<Booking> day = new ArrayList<>();
        for (int h = 8; h < 20; h++) {
            day.add(f.booked(f.engine.book(f.cutWith(f.anna, at(h, 0)))));
        }
        waitFor(15, () -> entries(robot, "Iryna").size() == 12
                && robot.lookup("#connection-state").queryAs(Label.class).getText().equals("\u25CF live"));

        robot.clickOn("#new-booking");
        waitFor(10, () -> robot.lookup("#form-client-name").tryQuery().isPresent());
        robot.clickOn("#form-client-name").write("Olena Waits").type(javafx.scene.input.KeyCode.TAB);
        robot.clickOn("#form-client-phone").write("063 987 65 43");   // a new client (the fixture's Iryna is 067 111 22 33)
        choose(robot, "#form-service", "Cut");
        choose(robot, "#form-master", "Anna");
        robot.interact(() -> robot.lookup("#form-date").queryAs(DatePicker.class).setValue(EngineFixture.DAY));
        Typing.retype(robot, "#form-time", "11:00");
        robot.clickOn("#form-save");
        waitFor(20, () -> robot.lookup("#form-join-waitlist").tryQuery().isPresent());
        robot.clickOn("#form-join-waitlist");
        waitFor(10, () -> robot.lookup("#form-waitlist-answer").queryAs(Label.class).getText().startsWith("Olena Waits is on the waitlist"));
        MainWindowTest.screenshot(robot.lookup("#form-waitlist-answer").query().getScene(), "booking-form-waitlist.png");
        assertEquals(1, f.count("SELECT count(*) FROM waitlist_entries WHERE state = 'waiting'"));
        assertEquals(0, f.count("SELECT count(*) FROM bookings WHERE source = 'waitlist'"), "nothing was free: she waits");
        robot.type(javafx.scene.input.KeyCode.ESCAPE);   // the form goes; the client waits

        // another desk cancels the 11:00 booking in the way
        Booking inTheWay = day.get(3);
        BookingOutcome cancelled = f.engine.changeStatus(new StatusChange(f.tenant, inTheWay.id(), inTheWay.version(), f.anna,
                BookingStatus.CANCELLED, Source.FORM));
        assertTrue(cancelled instanceof BookingOutcome.Booked, cancelled.toString());

        waitFor(20, () -> entry(robot, "Olena Waits").isPresent());
        DayEntryView ev = entry(robot, "Olena Waits").orElseThrow();
        assertTrue(ev.getStyleClass().containsAll(List.of("booking-pending", "booking-waitlist")), ev.getStyleClass().toString());
        assertEquals("waitlist \u00b7 call to confirm", robot.from(ev).lookup(".online-badge").queryAs(Label.class).getText());
        assertEquals(1, f.count("SELECT count(*) FROM bookings b JOIN clients c ON c.id = b.client_id WHERE c.name = 'Olena Waits' "
                + "AND b.source = 'waitlist' AND b.status = 'pending' AND b.starts_at = '" + at(11, 0) + "'"));
        assertEquals(1, f.count("SELECT count(*) FROM waitlist_entries WHERE state = 'fulfilled'"));
        assertEquals(0, f.overlappingPairs());
        MainWindowTest.screenshot(ev.getScene(), "desk-waitlist-pending.png");

        // the Waitlist window: nobody waits any more for the day
        robot.clickOn("#more");
        robot.clickOn("#waitlist");
        waitFor(10, () -> robot.lookup("#waitlist-table").tryQuery().isPresent());
        TableView<?> table = robot.lookup("#waitlist-table").queryAs(TableView.class);
        waitFor(10, () -> table.getItems().isEmpty());
    }

    @Test
    void theWaitlistWindowListsWhoWaitsAndRemovesAnEntry(FxRobot robot) throws Exception {
        f.dsl.execute("DELETE FROM bookings");
        for (int h = 8; h < 20; h++) {
            f.booked(f.engine.book(f.cutWith(f.bohdan, at(h, 0))));
        }
        long entry = f.dsl.resultQuery("INSERT INTO waitlist_entries (tenant_id, client_id, service_id, master_id, date_from, date_to) "
                + "VALUES (" + f.tenant + ", " + f.client + ", " + f.cut + ", " + f.bohdan + ", '" + EngineFixture.DAY + "', '"
                + EngineFixture.DAY + "') RETURNING id").fetchOne(0, Long.class);
        robot.clickOn("#more");
        robot.clickOn("#waitlist");
        waitFor(10, () -> robot.lookup("#waitlist-table").tryQuery().isPresent());
        TableView<?> table = robot.lookup("#waitlist-table").queryAs(TableView.class);
        waitFor(10, () -> table.getItems().size() == 1);
        MainWindowTest.screenshot(table.getScene(), "waitlist-window.png");
        robot.interact(() -> table.getSelectionModel().select(0));
        // Change…: the afternoon only (Bohdan stays: his day is full, so the entry keeps waiting)
        robot.clickOn("#waitlist-edit");
        waitFor(10, () -> robot.lookup("#waitlist-edit-window").tryQuery().isPresent());
        robot.clickOn("#waitlist-edit-window").write("13:00-17:00");
        robot.clickOn("#waitlist-edit-save");
        waitFor(10, () -> f.count("SELECT count(*) FROM waitlist_entries WHERE id = " + entry
                + " AND window_from_min = 780 AND window_to_min = 1020 AND master_id = " + f.bohdan + " AND state = 'waiting'") == 1);
        waitFor(10, () -> table.getItems().size() == 1
                && "13:00-17:00".equals(((app.salondesk.gui.waitlist.WaitlistViewModel.Row) table.getItems().get(0)).window()));
        robot.interact(() -> table.getSelectionModel().select(0));
        robot.clickOn("#waitlist-remove");
        waitFor(10, () -> table.getItems().isEmpty());
        assertEquals("removed", f.dsl.resultQuery("SELECT state FROM waitlist_entries WHERE id = " + entry).fetchOne(0, String.class));
        robot.clickOn("#waitlist-close");

        // the calendar's menu on Anna's empty morning → the form → "Waitlist instead": Anna is free,
        // so the desk's worker books the client at once, pending
        DayEntryView tenOClock = entries(robot, "Iryna").stream()
                .filter(v -> v.getEntry().getStartAsZonedDateTime().toInstant().equals(at(10, 0))).findFirst().orElseThrow();
        javafx.geometry.Bounds row = tenOClock.localToScreen(tenOClock.getBoundsInLocal());
        Node anna = robot.lookup((Node n) -> n instanceof com.calendarfx.view.DayView d && d.getStyleClass().contains("day-view")
                && d.getCalendars().stream().anyMatch(c -> "Anna".equals(c.getName()))).query();
        javafx.geometry.Bounds column = anna.localToScreen(anna.getBoundsInLocal());
        robot.moveTo(new javafx.geometry.Point2D(column.getMinX() + column.getWidth() / 2, row.getMinY() + row.getHeight() / 2));
        robot.clickOn(javafx.scene.input.MouseButton.SECONDARY);
        waitFor(10, () -> robot.lookup("#menu-book-here").tryQuery().isPresent());
        robot.clickOn("#menu-book-here");
        waitFor(10, () -> robot.lookup("#form-client-name").tryQuery().isPresent());
        robot.clickOn("#form-client-name").write("Petra Later").type(javafx.scene.input.KeyCode.TAB);
        robot.clickOn("#form-client-phone").write("063 555 44 33");
        choose(robot, "#form-service", "Cut");
        robot.clickOn("#form-waitlist");
        waitFor(10, () -> robot.lookup("#form-waitlist-answer").queryAs(Label.class).getText().startsWith("Petra Later is on the waitlist with Anna"));
        waitFor(15, () -> f.count("SELECT count(*) FROM waitlist_entries e JOIN clients c ON c.id = e.client_id WHERE c.name = 'Petra Later' "
                + "AND e.master_id = " + f.anna + " AND e.state = 'fulfilled'") == 1);
        assertEquals(0, f.overlappingPairs());
        robot.type(javafx.scene.input.KeyCode.ESCAPE);
        f.dsl.execute("DELETE FROM bookings");
    }

    /**
     * Looked up on the FX thread: a live update replaces the day's entries while it is walked,
     * and a walk from the test's thread then trips over a child list that changed under it.
     */
    private static List<DayEntryView> entries(FxRobot robot, String client) {
        try {
            return WaitForAsyncUtils.asyncFx(() -> robot.lookup((Node n) -> n instanceof DayEntryView v
                    && v.getEntry().getTitle().startsWith(client + " \u2014") && v.isVisible())
                    .queryAllAs(DayEntryView.class).stream().toList()).get();
        } catch (InterruptedException | java.util.concurrent.ExecutionException e) {
            throw new IllegalStateException(e);
        }
    }

    private static Optional<DayEntryView> entry(FxRobot robot, String client) {
        return entries(robot, client).stream().findFirst();
    }

    private static void choose(FxRobot robot, String comboId, String text) {
        ComboBox<?> combo = robot.lookup(comboId).queryAs(ComboBox.class);
        robot.clickOn(combo);
        robot.clickOn((Node n) -> n instanceof javafx.scene.control.ListCell<?> c && c.getText() != null
                && c.getText().startsWith(text) && c.isVisible());
        WaitForAsyncUtils.waitForFxEvents();
    }

    private static void waitFor(int seconds, Callable<Boolean> condition) throws Exception {
        WaitForAsyncUtils.waitFor(seconds, TimeUnit.SECONDS, condition);
        WaitForAsyncUtils.waitForFxEvents();
    }
}
