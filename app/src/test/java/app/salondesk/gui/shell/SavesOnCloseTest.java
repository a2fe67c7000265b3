package app.salondesk.gui.shell;

import app.salondesk.gui.common.BackgroundTasks;
import app.salondesk.i18n.Messages;
import app.salondesk.logic.booking.BookingEngine;
import app.salondesk.logic.booking.EngineFixture;
import app.salondesk.model.booking.BookingOutcome;
import app.salondesk.model.booking.NewBooking;
import javafx.application.Platform;
import javafx.scene.Node;
import javafx.scene.Scene;
import javafx.scene.control.Label;
import javafx.scene.layout.StackPane;
import javafx.stage.Stage;
import javafx.stage.WindowEvent;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.util.WaitForAsyncUtils;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;

import static app.salondesk.logic.booking.EngineFixture.at;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Issue 15: the window closed right after a Save (Alt+F4). The save is a real booking through the
 * engine, kept waiting by another session holding the master's named lock; the window says what
 * it is finishing, closes once the save is answered (and the booking is there), or — on "Close
 * now" — names the change that had no answer.
 */
@ExtendWith(ApplicationExtension.class)
class SavesOnCloseTest {

    private static EngineFixture f;
    private final Messages messages = new Messages(Locale.ENGLISH);
    private BackgroundTasks tasks;
    private Stage window;
    private Connection holder;

    @BeforeAll
    static void salon() {
        f = new EngineFixture("closing", 4);
    }

    @AfterAll
    static void close() {
        f.close();
    }

    @BeforeEach
    void aDeskWindow() throws Exception {
        f.clearSchedule();
        tasks = new BackgroundTasks();
        AtomicReference<Stage> made = new AtomicReference<>();
        WaitForAsyncUtils.asyncFx(() -> {
            Stage s = new Stage();
            s.setScene(new Scene(new StackPane(new Label("desk")), 400, 300));
            SavesOnClose.install(s, tasks, messages);
            s.show();
            made.set(s);
        }).get(10, TimeUnit.SECONDS);
        window = made.get();
        var s = f.backend.database().settings();
        holder = DriverManager.getConnection(s.url(), s.user(), s.password());
        holder.setAutoCommit(false);
    }

    @AfterEach
    void cleanUp() throws Exception {
        holder.rollback();
        holder.close();
        tasks.close();
        Platform.runLater(() -> window.close());
        WaitForAsyncUtils.waitForFxEvents();
    }

    /** Another session holds Anna's named lock: a booking for her waits (up to the 5 s lock timeout). */
    private void holdAnnasLock() throws Exception {
        try (Statement st = holder.createStatement()) {
            st.execute(BookingEngine.lockStatement(f.tenant, f.anna));
        }
    }

    private NewBooking saveInFlight(AtomicReference<BookingOutcome> answer) {
        NewBooking cmd = f.cutWith(f.anna, at(10, 0));
        tasks.save("Iryna, 07.01.2030 10:00 with Anna", () -> f.engine.book(cmd), answer::set, t -> { });
        return cmd;
    }

    private void askToClose() {
        Platform.runLater(() -> window.fireEvent(new WindowEvent(window, WindowEvent.WINDOW_CLOSE_REQUEST)));
    }

    /** The node in a window on screen now (an earlier test's waiting window may linger, hidden). */
    private static java.util.Optional<Node> showing(FxRobot robot, String query) {
        return robot.lookup(query).queryAll().stream()
                .filter(n -> n.getScene() != null && n.getScene().getWindow() != null && n.getScene().getWindow().isShowing())
                .findFirst();
    }

    @Test
    void closingWaitsForTheSaveInFlightSaysSoAndClosesWhenItIsAnswered(FxRobot robot) throws Exception {
        holdAnnasLock();
        AtomicReference<BookingOutcome> answer = new AtomicReference<>();
        NewBooking cmd = saveInFlight(answer);
        askToClose();
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> robot.lookup("#close-waiting-text").tryQuery().isPresent());
        String text = robot.lookup("#close-waiting-text").queryAs(Label.class).getText();
        assertTrue(text.contains("Iryna, 07.01.2030 10:00 with Anna"), text);
        assertTrue(window.isShowing(), "the window stays while the save is in flight");
        holder.rollback();   // the other session lets go: the save goes through
        WaitForAsyncUtils.waitFor(15, TimeUnit.SECONDS, () -> !window.isShowing());
        assertTrue(robot.lookup("#close-unfinished").tryQuery().isEmpty(), "nothing to report");
        assertEquals(1, f.count("SELECT count(*) FROM bookings WHERE request_id = '" + cmd.requestId() + "'"));
    }

    @Test
    void closeNowNamesTheChangeThatHadNoAnswer(FxRobot robot) throws Exception {
        holdAnnasLock();
        saveInFlight(new AtomicReference<>());
        askToClose();
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> showing(robot, "#close-now").isPresent());
        robot.clickOn(showing(robot, "#close-now").orElseThrow());
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> robot.lookup("#close-unfinished").tryQuery().isPresent());
        Node pane = robot.lookup("#close-unfinished").query();
        String said = ((javafx.scene.control.DialogPane) pane).getContentText();
        assertTrue(said.contains("Iryna, 07.01.2030 10:00 with Anna") && said.contains("may not have been saved"), said);
        assertTrue(window.isShowing(), "closes once the person has read it");
        robot.clickOn("OK");
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> !window.isShowing());
    }

    @Test
    void escTakesTheCloseBackAndTheSaveIsStillAnsweredInTheDesk(FxRobot robot) throws Exception {
        holdAnnasLock();
        AtomicReference<BookingOutcome> answer = new AtomicReference<>();
        NewBooking cmd = saveInFlight(answer);
        askToClose();
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> showing(robot, "#close-now").isPresent());
        javafx.scene.control.Button now = (javafx.scene.control.Button) showing(robot, "#close-now").orElseThrow();
        javafx.scene.control.Button back = (javafx.scene.control.Button) showing(robot, "#close-back").orElseThrow();
        assertTrue(now.isDefaultButton() && back.isCancelButton(), "Enter closes now, Esc keeps the desk");
        robot.interact(() -> now.getScene().getWindow().requestFocus());
        robot.type(javafx.scene.input.KeyCode.ESCAPE);
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> !now.getScene().getWindow().isShowing());
        holder.rollback();   // the save goes through after all
        WaitForAsyncUtils.waitFor(15, TimeUnit.SECONDS, () -> answer.get() != null);
        WaitForAsyncUtils.waitForFxEvents();
        assertTrue(window.isShowing(), "the desk stays open: the close was taken back");
        assertEquals(1, f.count("SELECT count(*) FROM bookings WHERE request_id = '" + cmd.requestId() + "'"));
        askToClose();   // nothing in flight now: a new close closes at once
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> !window.isShowing());
    }

    @Test
    void withNothingInFlightTheWindowClosesAtOnce() throws Exception {
        askToClose();
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> !window.isShowing());
        assertFalse(window.isShowing());
    }
}
