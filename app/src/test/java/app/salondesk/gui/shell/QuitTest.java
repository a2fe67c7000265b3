package app.salondesk.gui.shell;

import app.salondesk.gui.common.BackgroundTasks;
import app.salondesk.i18n.Messages;
import app.salondesk.logic.booking.BookingEngine;
import app.salondesk.logic.booking.EngineFixture;
import app.salondesk.model.booking.BookingOutcome;
import app.salondesk.model.booking.NewBooking;
import app.salondesk.model.salon.Salon;
import javafx.scene.Scene;
import javafx.scene.control.MenuButton;
import javafx.scene.control.MenuItem;
import javafx.scene.input.KeyCode;
import javafx.scene.input.KeyCodeCombination;
import javafx.scene.input.KeyCombination;
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
import java.sql.Statement;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;

import static app.salondesk.logic.booking.EngineFixture.at;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Issue 31: "there is no Quit in ☰". ☰ → Quit and Ctrl+Q close the desk the way its window's
 * close button does: at once when nothing is being saved, and after a save in flight is answered
 * (saying so meanwhile), as {@link SavesOnClose} guards the close button.
 */
@ExtendWith(ApplicationExtension.class)
class QuitTest {

    private static EngineFixture f;
    private final Messages messages = new Messages(Locale.ENGLISH);
    private final BackgroundTasks tasks = new BackgroundTasks();
    private Stage stage;
    private FrontDesk desk;

    @BeforeAll
    static void salon() {
        f = new EngineFixture("quit", 4);
    }

    @AfterAll
    static void close() {
        f.close();
    }

    @Start
    void start(Stage stage) {
        this.stage = stage;
        SavesOnClose.install(stage, tasks, messages);
        desk = TestDesks.frontDesk(stage, f.dsl, new Salon(f.tenant, "Fixture", EngineFixture.ZONE), tasks, messages,
                Clock.fixed(Instant.parse("2029-12-01T09:00:00Z"), ZoneOffset.UTC), "desk1", "Database: test", null);
        stage.setScene(new Scene(desk.window().root(), 1200, 800));
        stage.setX(0);
        stage.setY(0);
        stage.show();
    }

    @AfterEach
    void closeDesk(FxRobot robot) {
        robot.interact(() -> {
            TestDesks.closeOwnedWindows();
            desk.close();
        });
        tasks.close();
    }

    @Test
    void quitIsTheMenusLastItemOnCtrlQAndClosesTheWindow(FxRobot robot) throws Exception {
        List<MenuItem> items = robot.lookup("#more").queryAs(MenuButton.class).getItems();
        MenuItem quit = items.get(items.size() - 1);
        assertEquals("quit", quit.getId());
        assertEquals("Quit", quit.getText());
        assertEquals(new KeyCodeCombination(KeyCode.Q, KeyCombination.SHORTCUT_DOWN), quit.getAccelerator());
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> desk.schedule().scheduleProperty().get() != null);
        robot.press(KeyCode.CONTROL, KeyCode.Q).release(KeyCode.Q, KeyCode.CONTROL);
        WaitForAsyncUtils.waitFor(5, TimeUnit.SECONDS, () -> !stage.isShowing());
    }

    @Test
    void quitWaitsForASaveInFlightAsTheCloseButtonDoes(FxRobot robot) throws Exception {
        var s = f.backend.database().settings();
        try (Connection holder = DriverManager.getConnection(s.url(), s.user(), s.password())) {
            holder.setAutoCommit(false);
            try (Statement st = holder.createStatement()) {
                st.execute(BookingEngine.lockStatement(f.tenant, f.anna));
            }
            NewBooking cmd = f.cutWith(f.anna, at(10, 0));
            AtomicReference<BookingOutcome> answer = new AtomicReference<>();
            tasks.save("Iryna, 07.01.2030 10:00 with Anna", () -> f.engine.book(cmd), answer::set, t -> { });
            robot.clickOn("#more");
            robot.clickOn("#quit");
            WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> robot.lookup("#close-waiting-text").tryQuery().isPresent());
            assertTrue(stage.isShowing(), "the desk stays while the save is in flight");
            holder.rollback();   // the other session lets go: the save goes through, then the desk closes
            WaitForAsyncUtils.waitFor(15, TimeUnit.SECONDS, () -> !stage.isShowing());
            assertEquals(1, f.count("SELECT count(*) FROM bookings WHERE request_id = '" + cmd.requestId() + "'"));
        }
    }
}
