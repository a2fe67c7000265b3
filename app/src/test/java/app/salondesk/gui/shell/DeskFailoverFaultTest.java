package app.salondesk.gui.shell;

import app.salondesk.db.ConnectionSettings;
import app.salondesk.db.StandbyPair;
import app.salondesk.db.TestPostgres;
import app.salondesk.gui.common.BackgroundTasks;
import app.salondesk.i18n.Messages;
import app.salondesk.logic.booking.BookingEngine;
import app.salondesk.logic.demo.DemoSalon;
import app.salondesk.model.booking.BookingOutcome;
import app.salondesk.model.booking.BookingStatus;
import app.salondesk.model.booking.NewBooking;
import app.salondesk.model.booking.Source;
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

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.LocalDate;
import java.time.LocalTime;
import java.util.Locale;
import java.util.UUID;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Issue 19 on the desk itself: a desk signed in to a primary and its synchronous standby by one
 * multi-host URL ({@link StandbyPair}, as Patroni keeps them). The primary is killed with
 * SIGKILL: the status bar says offline and the banner shows. The standby is promoted, and
 * another desk books on it meanwhile; with nobody touching this desk, its pool and its listener
 * find the new primary, the status bar says live, and the day reloads — with the booking made
 * while it was offline.
 */
@ExtendWith(ApplicationExtension.class)
class DeskFailoverFaultTest {

    private static Path dir;
    private static StandbyPair pair;
    private static Backend backend;
    private static Salon salon;
    private final BackgroundTasks tasks = new BackgroundTasks();
    private FrontDesk desk;

    @BeforeAll
    static void aDeskOnAPrimaryAndItsStandby() throws Exception {
        dir = Files.createTempDirectory("salondesk-desk-failover");
        pair = StandbyPair.start(dir, true);
        ConnectionSettings onPrimary = TestPostgres.freshDatabase(pair.primary, "deskfailover");
        String db = onPrimary.url().substring(onPrimary.url().lastIndexOf('/') + 1);
        backend = Backend.connect(pair.multiHostSettings(db), 4);
        salon = new DemoSalon(backend.dsl(), Clock.systemUTC()).seed();
    }

    @AfterAll
    static void stop() throws Exception {
        backend.close();
        pair.close();
        app.salondesk.db.EmbeddedServer.deleteTree(dir);
    }

    @Start
    void start(Stage stage) {
        desk = TestDesks.frontDesk(stage, backend.dsl(), salon, tasks, new Messages(Locale.ENGLISH), Clock.systemUTC(),
                "desk1", "Database: db1,db2", backend.database().settings());
        stage.setScene(new Scene(desk.window().root(), 1200, 800));
        stage.setX(0);
        stage.setY(0);
        stage.show();
    }

    @Test
    void theDeskGoesOfflineWhenThePrimaryDiesAndComesBackOnThePromotedStandbyWithItsChanges(FxRobot robot) throws Exception {
        Label banner = robot.lookup("#offline-banner").queryAs(Label.class);
        Label connection = robot.lookup("#connection-state").queryAs(Label.class);
        Button newBooking = robot.lookup("#new-booking").queryAs(Button.class);
        WaitForAsyncUtils.waitFor(60, TimeUnit.SECONDS, () -> desk.schedule().scheduleProperty().get() != null);
        WaitForAsyncUtils.waitFor(60, TimeUnit.SECONDS, () -> "\u25CF live".equals(connection.getText()));
        DaySchedule before = desk.schedule().scheduleProperty().get();

        pair.killPrimary();
        WaitForAsyncUtils.waitFor(60, TimeUnit.SECONDS, () -> "\u25CF offline".equals(connection.getText()));
        WaitForAsyncUtils.waitFor(30, TimeUnit.SECONDS, banner::isVisible);

        pair.promoteStandby();
        // another desk books on the new primary while this one is offline: before the salon opens,
        // so that it is free whatever the demo's bookings are
        long master = before.workingTime().keySet().iterator().next();
        LocalDate shown = before.date();
        NewBooking early = new NewBooking(salon.id(), master, null, new NewBooking.ClientDetails("Failover client", null), null,
                shown.atTime(LocalTime.of(6, 0)).atZone(salon.zone()).toInstant(), 30, "", UUID.randomUUID(), Source.FORM, true);
        BookingOutcome.Booked made = assertInstanceOf(BookingOutcome.Booked.class,
                new BookingEngine(backend.dsl()).record(early, BookingStatus.CONFIRMED));

        // nobody touches the desk: it finds the new primary by itself
        WaitForAsyncUtils.waitFor(120, TimeUnit.SECONDS, () -> "\u25CF live".equals(connection.getText()));
        WaitForAsyncUtils.waitFor(30, TimeUnit.SECONDS, () -> !banner.isVisible());
        WaitForAsyncUtils.waitFor(60, TimeUnit.SECONDS, () -> desk.schedule().scheduleProperty().get().bookings().stream()
                .anyMatch(b -> b.id() == made.booking().id()));
        WaitForAsyncUtils.waitForFxEvents();
        assertFalse(newBooking.isDisabled(), "the desk books again");
        assertTrue(desk.schedule().scheduleProperty().get().bookings().size() > before.bookings().size(),
                "the reloaded day shows what it showed before, and the booking made on the new primary");
        desk.close();
    }
}
