package app.salondesk.gui.shell;

import app.salondesk.db.ConnectionSettings;
import app.salondesk.db.PgBouncer;
import app.salondesk.db.TestPostgres;
import app.salondesk.gui.common.BackgroundTasks;
import app.salondesk.i18n.Messages;
import app.salondesk.logic.demo.DemoSalon;
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

import java.time.Clock;
import java.util.Locale;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * Issue 19 (ADR 23): a desk signed in to a PgBouncer, without SALONDESK_LIVE_URL, would LISTEN
 * through it and hear nothing while its status bar said "live". Now the status bar says "not
 * live" and a banner says why and what the administrator sets; saving stays open (the engine's
 * lock and constraint hold through the pooler). A real PgBouncer in front of the test server.
 */
@ExtendWith(ApplicationExtension.class)
class NotLiveThroughPoolerTest {

    private static PgBouncer bouncer;
    private static Backend backend;
    private static Salon salon;
    private final BackgroundTasks tasks = new BackgroundTasks();
    private FrontDesk desk;

    @BeforeAll
    static void aSalonBehindPgBouncer() {
        assumeTrue(PgBouncer.installed(), "Debian's pgbouncer is not installed (apt-get install pgbouncer)");
        ConnectionSettings db = TestPostgres.migratedDatabase("notlive");
        bouncer = PgBouncer.inFrontOf(TestPostgres.server()).start();
        backend = Backend.connect(bouncer.through(db), 4);
        salon = new DemoSalon(backend.dsl(), Clock.systemUTC()).seed();
    }

    @AfterAll
    static void stop() {
        if (backend != null) {
            backend.close();
        }
        if (bouncer != null) {
            bouncer.close();
        }
    }

    @Start
    void start(Stage stage) {
        desk = TestDesks.frontDesk(stage, backend.dsl(), salon, tasks, new Messages(Locale.ENGLISH), Clock.systemUTC(),
                "desk1", "Database: test", backend.database().settings());
        stage.setScene(new Scene(desk.window().root(), 1200, 800));
        stage.show();
    }

    @Test
    void theStatusBarSaysNotLiveAndTheBannerSaysWhatToSetWhileSavingStaysOpen(FxRobot robot) throws Exception {
        Label state = robot.lookup("#connection-state").queryAs(Label.class);
        WaitForAsyncUtils.waitFor(20, TimeUnit.SECONDS, () -> robot.lookup("#not-live-banner").tryQuery().isPresent());
        WaitForAsyncUtils.waitForFxEvents();
        Label banner = robot.lookup("#not-live-banner").queryAs(Label.class);
        assertTrue(banner.isVisible());
        assertTrue(banner.getText().contains("SALONDESK_LIVE_URL") && banner.getText().contains("PgBouncer"), banner.getText());
        assertEquals("\u25CF not live", state.getText());
        assertFalse(robot.lookup("#offline-banner").queryAs(Label.class).isVisible(), "the database itself is there");
        assertFalse(robot.lookup("#new-booking").queryAs(Button.class).isDisabled(), "bookings are still made");
        assertTrue(desk.schedule().editableProperty().get());
        desk.close();
    }
}
