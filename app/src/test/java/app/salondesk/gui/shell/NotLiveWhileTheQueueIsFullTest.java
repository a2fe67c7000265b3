package app.salondesk.gui.shell;

import app.salondesk.db.EmbeddedServer;
import app.salondesk.gui.common.BackgroundTasks;
import app.salondesk.i18n.Messages;
import app.salondesk.logic.demo.DemoSalon;
import app.salondesk.model.booking.BookingStatus;
import app.salondesk.model.booking.ScheduledBooking;
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

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Clock;
import java.util.Locale;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * PostgreSQL's queue of notifications is full — a session listens and reads nothing, another
 * fills it (issue 29, migration 24) — while a desk is open: the desk says it is not live, because
 * the server overloaded, keeps saving, and shows what another desk changes by reloading the day;
 * when the session holding the queue back is gone it is live again. The holder here is the
 * server's superuser, whom SalonDesk never ends, so the desk stays in that state until the test
 * ends it. A server of the test's own, whose queue is a setting of PostgreSQL 17: 64 pages.
 */
@ExtendWith(ApplicationExtension.class)
class NotLiveWhileTheQueueIsFullTest {

    private static Path dir;
    private static EmbeddedServer server;
    private static Backend backend;
    private static Salon salon;
    private final BackgroundTasks tasks = new BackgroundTasks();
    private FrontDesk desk;

    @BeforeAll
    static void ownServer() throws Exception {
        dir = Files.createTempDirectory("salondesk-queue");
        server = EmbeddedServer.start(dir, EmbeddedServer.sharedBinaryCache(), EmbeddedServer.Durability.THROWAWAY);
        try (Connection c = connect(); Statement st = c.createStatement()) {
            st.execute("ALTER SYSTEM SET max_notify_queue_pages = 64");
        }
        server.restart();
        backend = Backend.connect(server.settings(), 4);
        salon = new DemoSalon(backend.dsl(), Clock.systemUTC()).seed();
    }

    @AfterAll
    static void stop() throws Exception {
        backend.close();
        server.close();
        EmbeddedServer.deleteTree(dir);
    }

    private static Connection connect() throws SQLException {
        var s = server.settings();
        return DriverManager.getConnection(s.url(), s.user(), s.password());
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
    void whileTheQueueIsFullTheDeskSaysItIsNotLiveKeepsSavingAndReloadsThenIsLiveAgain(FxRobot robot) throws Exception {
        Label state = robot.lookup("#connection-state").queryAs(Label.class);
        Button newBooking = robot.lookup("#new-booking").queryAs(Button.class);
        WaitForAsyncUtils.waitFor(20, TimeUnit.SECONDS, () -> "● live".equals(state.getText()));
        WaitForAsyncUtils.waitFor(15, TimeUnit.SECONDS, () -> desk.schedule().scheduleProperty().get() != null
                && !desk.schedule().scheduleProperty().get().bookings().isEmpty());
        ScheduledBooking changing = desk.schedule().scheduleProperty().get().bookings().stream()
                .filter(b -> b.status() != BookingStatus.CANCELLED).findFirst().orElseThrow();

        try (Connection holder = connect(); Statement h = holder.createStatement();
             Connection filler = connect(); Statement f = filler.createStatement()) {
            h.execute("LISTEN reads_nothing");
            h.execute("BEGIN");
            h.execute("SELECT 1");
            boolean full = false;
            for (int round = 0; round < 1_000 && !full; round++) {
                try {
                    f.execute("SELECT pg_notify('reads_nothing', repeat('x', 7900) || " + round + " || '-' || g) FROM generate_series(1, 8) g");
                } catch (SQLException e) {
                    full = e.getMessage().contains("too many notifications");
                }
            }
            assertTrue(full, "the queue filled");

            WaitForAsyncUtils.waitFor(20, TimeUnit.SECONDS,
                    () -> "● not live: the server is overloaded (the day reloads every 10 s)".equals(state.getText()));
            WaitForAsyncUtils.waitForFxEvents();
            assertFalse(robot.lookup("#offline-banner").queryAs(Label.class).isVisible(), "not offline: the server answers");
            assertFalse(newBooking.isDisabled(), "bookings go on: none fails on the queue");

            // another desk cancels a booking of the shown day: no notification, but the reload shows it
            f.execute("BEGIN");
            f.execute("SELECT set_config('salondesk.source', 'sql', true)");
            f.execute("UPDATE bookings SET status = 'cancelled' WHERE id = " + changing.id());
            f.execute("COMMIT");
            WaitForAsyncUtils.waitFor(25, TimeUnit.SECONDS, () -> desk.schedule().scheduleProperty().get().bookings().stream()
                    .noneMatch(b -> b.id() == changing.id() && b.status() != BookingStatus.CANCELLED));

            h.execute("ROLLBACK");
            h.execute("UNLISTEN *");
        }
        WaitForAsyncUtils.waitFor(20, TimeUnit.SECONDS, () -> "● live".equals(state.getText()));
        desk.close();
    }
}
