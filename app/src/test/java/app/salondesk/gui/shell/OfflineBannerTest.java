package app.salondesk.gui.shell;

import app.salondesk.db.EmbeddedServer;
import app.salondesk.gui.common.BackgroundTasks;
import app.salondesk.i18n.Messages;
import app.salondesk.logic.demo.DemoSalon;
import app.salondesk.model.calendar.DaySchedule;
import app.salondesk.model.salon.Salon;
import app.salondesk.runtime.Backend;
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

import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.Locale;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The database goes away and comes back while a desk is open. */
@ExtendWith(ApplicationExtension.class)
class OfflineBannerTest {

    private static Path dir;
    private static int port;
    private static EmbeddedServer server;
    private static Backend backend;
    private static Salon salon;
    private final BackgroundTasks tasks = new BackgroundTasks();
    private FrontDesk desk;

    @BeforeAll
    static void ownServer() throws Exception {
        dir = Files.createTempDirectory("salondesk-offline");
        try (ServerSocket s = new ServerSocket(0)) {
            port = s.getLocalPort();
        }
        server = EmbeddedServer.start(dir, EmbeddedServer.sharedBinaryCache(), EmbeddedServer.Durability.THROWAWAY, port);
        backend = Backend.connect(server.settings(), 4);
        salon = new DemoSalon(backend.dsl(), Clock.systemUTC()).seed();
    }

    @AfterAll
    static void stop() throws Exception {
        backend.close();
        server.close();
        EmbeddedServer.deleteTree(dir);
    }

    @Start
    void start(Stage stage) {
        desk = TestDesks.frontDesk(stage, backend.dsl(), salon, tasks, new Messages(Locale.ENGLISH), Clock.systemUTC(),
                "desk1", "Database: test", backend.database().settings());
        stage.setScene(new Scene(desk.window().root(), 1200, 800));
        stage.setX(0);
        stage.setY(0);
        stage.show();
    }

    @Test
    void whileTheServerIsDownTheBannerShowsAndEditingStopsThenTheDayReloads(FxRobot robot) throws Exception {
        Label banner = robot.lookup("#offline-banner").queryAs(Label.class);
        Button newBooking = robot.lookup("#new-booking").queryAs(Button.class);
        WaitForAsyncUtils.waitFor(15, TimeUnit.SECONDS, () -> desk.schedule().scheduleProperty().get() != null);
        assertFalse(banner.isVisible());

        server.close();
        WaitForAsyncUtils.waitFor(20, TimeUnit.SECONDS, banner::isVisible);
        WaitForAsyncUtils.waitForFxEvents();
        assertTrue(newBooking.isDisabled(), "no new bookings while offline");
        assertFalse(desk.schedule().editableProperty().get(), "no drags or status changes while offline");
        DaySchedule before = desk.schedule().scheduleProperty().get();

        server = EmbeddedServer.start(dir, EmbeddedServer.sharedBinaryCache(), EmbeddedServer.Durability.THROWAWAY, port);
        WaitForAsyncUtils.waitFor(30, TimeUnit.SECONDS, () -> !banner.isVisible());
        WaitForAsyncUtils.waitFor(15, TimeUnit.SECONDS, () -> desk.schedule().scheduleProperty().get() != before);
        WaitForAsyncUtils.waitForFxEvents();
        assertFalse(newBooking.isDisabled());
        assertTrue(desk.schedule().editableProperty().get());
        desk.close();
    }
}
