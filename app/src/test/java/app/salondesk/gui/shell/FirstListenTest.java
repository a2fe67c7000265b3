package app.salondesk.gui.shell;

import app.salondesk.db.ConnectionSettings;
import app.salondesk.gui.common.BackgroundTasks;
import app.salondesk.i18n.Messages;
import app.salondesk.logic.booking.EngineFixture;
import app.salondesk.logic.booking.StallingProxy;
import app.salondesk.model.salon.Salon;
import javafx.scene.Scene;
import javafx.stage.Stage;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Locale;
import java.util.concurrent.TimeUnit;

import static app.salondesk.logic.booking.EngineFixture.at;

/**
 * Issue 16: a change made between the desk's first load and its listener's first LISTEN was
 * never shown (the desk reloaded on offline → online, not on the first online). The listener's
 * connection goes through a relay that holds it back until another desk has booked.
 */
@ExtendWith(ApplicationExtension.class)
class FirstListenTest {

    private static EngineFixture f;
    private static StallingProxy proxy;
    private final BackgroundTasks tasks = new BackgroundTasks();
    private FrontDesk desk;

    @BeforeAll
    static void salon() throws Exception {
        f = new EngineFixture("first-listen", 4);
        int port = Integer.parseInt(f.backend.database().settings().url().replaceAll("^jdbc:postgresql://[^:/]+:(\\d+)/.*$", "$1"));
        proxy = new StallingProxy(port);
    }

    @AfterAll
    static void close() throws Exception {
        proxy.close();
        f.close();
    }

    @Start
    void start(Stage stage) {
        proxy.stall();   // the listener's first connection waits until the test lets it through
        ConnectionSettings direct = f.backend.database().settings();
        ConnectionSettings listen = new ConnectionSettings(direct.url().replaceFirst("//[^/]+/", "//127.0.0.1:" + proxy.port() + "/"),
                direct.user(), direct.password());
        desk = TestDesks.frontDesk(stage, f.dsl, new Salon(f.tenant, "Fixture salon", EngineFixture.ZONE), tasks, new Messages(Locale.ENGLISH),
                Clock.fixed(Instant.parse("2029-12-01T09:00:00Z"), ZoneOffset.UTC), "desk1", "Database: test", listen);
        desk.schedule().dateProperty().set(EngineFixture.DAY);
        stage.setScene(new Scene(desk.window().root(), 1200, 800));
        stage.show();
    }

    @Test
    void aChangeMadeBeforeTheListenerFirstConnectedIsShownOnceItHas() throws Exception {
        WaitForAsyncUtils.waitFor(20, TimeUnit.SECONDS, () -> desk.schedule().scheduleProperty().get() != null
                && EngineFixture.DAY.equals(desk.schedule().scheduleProperty().get().date()) && !desk.schedule().loadingProperty().get());
        // another desk books after this desk's first load, before its listener is up: no NOTIFY reaches it
        f.booked(f.engine.book(f.newBooking(f.anna, at(10, 0), 60)));
        proxy.resume();
        WaitForAsyncUtils.waitFor(30, TimeUnit.SECONDS, () -> desk.schedule().scheduleProperty().get().bookings().size() == 1);
        desk.close();
        tasks.close();
    }
}
