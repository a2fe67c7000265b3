package app.salondesk.gui.shell;

import app.salondesk.db.ConnectionSettings;
import app.salondesk.gui.common.BackgroundTasks;
import app.salondesk.i18n.Messages;
import app.salondesk.logic.booking.EngineFixture;
import app.salondesk.runtime.Backend;
import app.salondesk.runtime.SettingsFile;
import app.salondesk.runtime.WindowSettings;
import javafx.geometry.Rectangle2D;
import javafx.scene.Node;
import javafx.scene.Scene;
import javafx.scene.control.Button;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.input.KeyCode;
import javafx.stage.Screen;
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

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The desk's window and text size as a person leaves them are how they find them next time:
 * two starts of the desk on one SalonDesk folder, each signed in as its login on the server.
 */
@ExtendWith(ApplicationExtension.class)
class WindowAndTextSizeTest {

    private static EngineFixture f;
    private static String marta;
    private final BackgroundTasks tasks = new BackgroundTasks();
    private final List<Shell> shells = new ArrayList<>();
    private Path home;

    @BeforeAll
    static void server() {
        f = new EngineFixture("windowstate", 2);
        marta = "marta_" + Long.toString(System.nanoTime(), 36);
        f.dsl.execute("CREATE ROLE " + marta + " LOGIN PASSWORD 'marta-password' IN ROLE salondesk_receptionist");
        f.dsl.execute("INSERT INTO staff (tenant_id, login, display_name, role) VALUES (" + f.tenant + ", '" + marta + "', 'Marta', 'receptionist')");
    }

    @AfterAll
    static void close() {
        f.close();
    }

    @Start
    void start(Stage stage) throws Exception {
        home = Files.createTempDirectory("salondesk-window");
        stage.setScene(new Scene(new Label(), 200, 100));
    }

    @AfterEach
    void closeShells(FxRobot robot) {
        robot.interact(() -> {
            TestDesks.closeOwnedWindows();
            shells.forEach(Shell::close);
        });
        tasks.close();
    }

    /** One start of the desk: a new window, signed in as the login, showing the salon's day. */
    private Stage startDesk(FxRobot robot, ConnectionSettings login) throws Exception {
        Session session = TestDesks.offFx(() -> (Session) Session.choose(Backend.connect(login, 2), f.tenant));
        AtomicReference<Stage> stage = new AtomicReference<>();
        robot.interact(() -> {
            Stage window = new Stage();
            Shell shell = new Shell(window, tasks, new Messages(Locale.ENGLISH), Clock.systemUTC(), home);
            shells.add(shell);
            shell.show(session);
            window.show();
            stage.set(window);
        });
        WaitForAsyncUtils.waitFor(20, TimeUnit.SECONDS, () -> stage.get().getScene() != null
                && stage.get().getScene().lookup("#new-booking") != null);
        WaitForAsyncUtils.waitForFxEvents();
        return stage.get();
    }

    /** The desk closes as the application closes it: the shell first (it keeps the window's place), then the window. */
    private void quit(FxRobot robot, Stage stage) {
        robot.interact(() -> {
            shells.remove(shells.size() - 1).close();
            stage.hide();
        });
    }

    private static double textOf(Stage stage) {
        return ((Button) stage.getScene().lookup("#new-booking")).getFont().getSize();
    }

    private ConnectionSettings owner() {
        return f.backend.database().settings();
    }

    @Test
    void windowStateAndTextSizeSurviveARestart(FxRobot robot) throws Exception {
        Stage first = startDesk(robot, owner());
        assertEquals(WindowSettings.NORMAL_TEXT, textOf(first), 0.01, "a new desk: the normal size");
        robot.interact(() -> {
            first.setX(120);
            first.setY(90);
            first.setWidth(1100);
            first.setHeight(720);
        });
        // Ctrl + twice, from the calendar (not from a text field)
        robot.clickOn("#day-title");
        robot.press(KeyCode.CONTROL).type(KeyCode.EQUALS).type(KeyCode.EQUALS).release(KeyCode.CONTROL);
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(15, textOf(first), 0.01, "two steps up");
        Label title = robot.lookup("#day-title").queryAs(Label.class);
        assertTrue(title.getFont().getSize() > 15 * 1.1, "the day's title grows with it: " + title.getFont().getSize());
        // a window the desk opens takes the size too
        robot.clickOn("#more").clickOn("#settings");
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> robot.lookup("#settings-text-size").tryQuery().isPresent());
        ComboBox<?> sizes = robot.lookup("#settings-text-size").queryAs(ComboBox.class);
        assertEquals(15, sizes.getValue());
        assertEquals(15, robot.lookup("#settings-apply").queryAs(Button.class).getFont().getSize(), 0.01);
        robot.type(KeyCode.ESCAPE);
        WaitForAsyncUtils.waitFor(5, TimeUnit.SECONDS, () -> robot.lookup("#settings-text-size").tryQuery().isEmpty());
        WaitForAsyncUtils.waitFor(5, TimeUnit.SECONDS, () -> new WindowSettings(home, user(owner())).textSize() == 15);
        quit(robot, first);

        Stage second = startDesk(robot, owner());
        assertEquals(120, second.getX(), 0.5);
        assertEquals(90, second.getY(), 0.5);
        assertEquals(1100, second.getWidth(), 0.5);
        assertEquals(720, second.getHeight(), 0.5);
        assertFalse(second.isMaximized());
        assertEquals(15, textOf(second), 0.01, "the text size chosen last time");

        // Settings sets the size too; Ctrl 0 is back to normal
        robot.clickOn("#more").clickOn("#settings");
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> robot.lookup("#settings-text-size").tryQuery().isPresent());
        robot.interact(() -> robot.lookup("#settings-text-size").queryAs(ComboBox.class).getSelectionModel().select(Integer.valueOf(18)));
        robot.clickOn("#settings-apply");
        WaitForAsyncUtils.waitFor(5, TimeUnit.SECONDS, () -> textOf(second) == 18);
        robot.clickOn("#day-title");
        robot.press(KeyCode.CONTROL).type(KeyCode.DIGIT0).release(KeyCode.CONTROL);
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(WindowSettings.NORMAL_TEXT, textOf(second), 0.01);
        robot.press(KeyCode.CONTROL).type(KeyCode.MINUS).release(KeyCode.CONTROL);
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(12, textOf(second), 0.01);
        // maximised: the next start is maximised, and un-maximising gives back the size it had
        robot.interact(() -> second.setMaximized(true));
        WaitForAsyncUtils.waitForFxEvents();
        quit(robot, second);

        Stage third = startDesk(robot, owner());
        assertTrue(third.isMaximized(), "maximised, as it was left");
        assertEquals(12, textOf(third), 0.01);
        robot.interact(() -> third.setMaximized(false));
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(1100, third.getWidth(), 0.5, "the size it goes back to");
        quit(robot, third);

        // another person on this PC has a window and text size of their own
        Stage martas = startDesk(robot, new ConnectionSettings(owner().url(), marta, "marta-password"));
        assertEquals(WindowSettings.NORMAL_TEXT, textOf(martas), 0.01);
        assertFalse(martas.isMaximized());
        assertEquals(1280, martas.getScene().getWidth(), 0.5, "a new desk's size");
        quit(robot, martas);
    }

    @Test
    void aWindowLeftOnAScreenThatIsGoneComesBackOntoTheScreen(FxRobot robot) throws Exception {
        // as if it had been on a second monitor to the right, unplugged since
        String prefix = "desk." + user(owner()) + ".";
        new SettingsFile(home).put(Map.of(prefix + "x", "4200", prefix + "y", "300", prefix + "width", "1000",
                prefix + "height", "700", prefix + "maximized", "false"));
        Stage stage = startDesk(robot, owner());
        Rectangle2D screen = Screen.getPrimary().getVisualBounds();
        assertTrue(screen.contains(stage.getX(), stage.getY()) && screen.contains(stage.getX() + stage.getWidth() - 1, stage.getY() + 40),
                "on the screen: " + stage.getX() + "," + stage.getY() + " in " + screen);
        assertEquals(1000, stage.getWidth(), 0.5, "as large as it was, since it fits");
        Node newBooking = stage.getScene().lookup("#new-booking");
        robot.clickOn(newBooking);   // reachable: the robot clicks on the screen
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> robot.lookup("#form-save").tryQuery().isPresent());
        quit(robot, stage);
    }

    private static String user(ConnectionSettings login) {
        return WindowSettings.user(login.user(), login.url());
    }
}
