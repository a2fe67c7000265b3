package app.salondesk.gui.shell;

import app.salondesk.gui.common.BackgroundTasks;
import app.salondesk.i18n.Messages;
import app.salondesk.logic.demo.DemoSalon;
import app.salondesk.model.calendar.DaySchedule;
import app.salondesk.model.salon.Salon;
import app.salondesk.runtime.AppHome;
import app.salondesk.runtime.Backend;
import app.salondesk.runtime.DbOptions;
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

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.Locale;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Issue 15 on the desk itself: the embedded server's postmaster is killed with SIGKILL while the
 * window is open. The status bar says offline and the banner shows; with nobody doing anything,
 * the backend starts the server again, the status bar says live, and the day reloads.
 */
@ExtendWith(ApplicationExtension.class)
class EmbeddedServerKilledOnDeskFaultTest {

    private static Path dir;
    private static Backend backend;
    private static Salon salon;
    private final BackgroundTasks tasks = new BackgroundTasks();
    private FrontDesk desk;

    @BeforeAll
    static void embeddedBackend() throws Exception {
        dir = Files.createTempDirectory("salondesk-killed-desk");
        backend = Backend.open(new AppHome(dir), DbOptions.embedded());
        salon = new DemoSalon(backend.dsl(), Clock.systemUTC()).seed();
    }

    @AfterAll
    static void stop() throws Exception {
        backend.close();
        app.salondesk.db.EmbeddedServer.deleteTree(dir);
    }

    @Start
    void start(Stage stage) {
        desk = TestDesks.frontDesk(stage, backend.dsl(), salon, tasks, new Messages(Locale.ENGLISH), Clock.systemUTC(),
                "desk1", "Database: this computer", backend.database().settings());
        stage.setScene(new Scene(desk.window().root(), 1200, 800));
        stage.setX(0);
        stage.setY(0);
        stage.show();
    }

    @Test
    void theStatusBarGoesOfflineThenLiveAgainByItselfAndTheDayReloads(FxRobot robot) throws Exception {
        Label banner = robot.lookup("#offline-banner").queryAs(Label.class);
        Label connection = robot.lookup("#connection-state").queryAs(Label.class);
        Button newBooking = robot.lookup("#new-booking").queryAs(Button.class);
        WaitForAsyncUtils.waitFor(60, TimeUnit.SECONDS, () -> desk.schedule().scheduleProperty().get() != null);
        WaitForAsyncUtils.waitFor(60, TimeUnit.SECONDS, () -> "\u25CF live".equals(connection.getText()));
        DaySchedule before = desk.schedule().scheduleProperty().get();

        long postmaster = Long.parseLong(Files.readAllLines(dir.resolve("postgres/data/postmaster.pid")).get(0).strip());
        Process kill = new ProcessBuilder("kill", "-9", Long.toString(postmaster)).start();
        assertTrue(kill.waitFor(30, TimeUnit.SECONDS));
        assertEquals(0, kill.exitValue());

        WaitForAsyncUtils.waitFor(60, TimeUnit.SECONDS, () -> "\u25CF offline".equals(connection.getText()));
        WaitForAsyncUtils.waitFor(60, TimeUnit.SECONDS, banner::isVisible);

        // nobody does anything: the watchdog starts the server, the listener reconnects
        WaitForAsyncUtils.waitFor(120, TimeUnit.SECONDS, () -> "\u25CF live".equals(connection.getText()));
        WaitForAsyncUtils.waitFor(30, TimeUnit.SECONDS, () -> !banner.isVisible());
        WaitForAsyncUtils.waitFor(60, TimeUnit.SECONDS, () -> desk.schedule().scheduleProperty().get() != before);
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(1, backend.serverRestarts());
        assertFalse(newBooking.isDisabled(), "the desk books again");
        assertEquals(before.bookings().size(), desk.schedule().scheduleProperty().get().bookings().size(),
                "the reloaded day shows every booking it showed before the kill");
        desk.close();
    }
}
