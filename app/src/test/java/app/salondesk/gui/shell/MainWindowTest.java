package app.salondesk.gui.shell;

import app.salondesk.db.TestPostgres;
import app.salondesk.gui.calendar.DayScheduleViewModel;
import app.salondesk.gui.common.BackgroundTasks;
import app.salondesk.i18n.Messages;
import app.salondesk.logic.booking.ScheduleRepository;
import app.salondesk.logic.calendar.ScheduleService;
import app.salondesk.logic.demo.DemoSalon;
import app.salondesk.logic.staff.MasterRepository;
import app.salondesk.model.salon.Salon;
import app.salondesk.model.staff.Master;
import app.salondesk.runtime.Backend;
import com.calendarfx.view.DayEntryView;
import javafx.embed.swing.SwingFXUtils;
import javafx.scene.Node;
import javafx.scene.Scene;
import javafx.scene.control.Label;
import javafx.scene.image.WritableImage;
import javafx.stage.Stage;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

import java.io.File;
import java.time.Clock;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import javax.imageio.ImageIO;

import static app.salondesk.jooq.Tables.BOOKINGS;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The real main window, headless: the demo salon's masters as columns and their bookings. */
@ExtendWith(ApplicationExtension.class)
class MainWindowTest {

    private static Backend backend;
    private static Salon salon;
    private static List<Master> masters;
    private static LocalDate busyDay;
    private static int busyDayBookings;

    private DayScheduleViewModel vm;
    private final BackgroundTasks tasks = new BackgroundTasks();

    @BeforeAll
    static void demoSalon() {
        backend = Backend.connect(TestPostgres.freshDatabase("gui"));
        salon = new DemoSalon(backend.dsl(), Clock.systemUTC()).seed();
        masters = new MasterRepository(backend.dsl()).findActive(salon.id());
        // the salon day (not the PC's) with the most active bookings, so the test knows what to expect
        var busiest = backend.dsl().resultQuery(
                "SELECT (starts_at AT TIME ZONE 'Europe/Kyiv')::date AS d, count(*) FROM bookings "
                        + "WHERE status <> 'cancelled' GROUP BY 1 ORDER BY 2 DESC, 1 LIMIT 1").fetchOne();
        busyDay = busiest.get(0, LocalDate.class);
        busyDayBookings = busiest.get(1, Integer.class);
    }

    @AfterAll
    static void close() {
        backend.close();
    }

    @Start
    void start(Stage stage) {
        Messages messages = new Messages(Locale.ENGLISH);
        MasterRepository masterRepo = new MasterRepository(backend.dsl());
        vm = new DayScheduleViewModel(salon, masters,
                new ScheduleService(new ScheduleRepository(backend.dsl()), masterRepo), tasks, messages, Clock.systemUTC());
        vm.dateProperty().set(busyDay);
        MainWindow window = new MainWindow(vm, messages, "postgres", messages.get("status.embedded"), new FrontDeskActions() {
            @Override
            public void newBooking(Master master, java.time.Instant at) {
            }

            @Override
            public void openBooking(app.salondesk.model.calendar.BookingRef ref) {
            }
        });
        stage.setScene(new Scene(window.root(), 1280, 800));
        stage.setTitle(messages.format("app.title", salon.name()));
        stage.show();
    }

    @Test
    void showsOneColumnPerActiveMasterAndTheDaysBookings(FxRobot robot) throws Exception {
        awaitLoaded();
        List<String> headers = robot.lookup(".master-header").queryAllAs(Label.class).stream().map(Label::getText).toList();
        assertEquals(masters.stream().map(Master::name).toList(), headers);

        Set<DayEntryView> entries = bookingEntries(robot);
        assertEquals(busyDayBookings, entries.size(), "every active booking of " + busyDay + " is on screen");
        Set<String> titles = entries.stream().map(e -> e.getEntry().getTitle()).collect(Collectors.toSet());
        assertTrue(titles.stream().allMatch(t -> t.contains(" \u2014 ")), "client — service: " + titles);
        String status = robot.lookup(".status-text").queryAs(Label.class).getText();
        assertTrue(status.startsWith(busyDayBookings + " bookings"), status);
        screenshot(robot, "main-window.png");
    }

    @Test
    void nextDayLoadsThatDayFromTheDatabase(FxRobot robot) throws Exception {
        awaitLoaded();
        LocalDate next = busyDay.plusDays(1);
        int expected = backend.dsl().fetchCount(BOOKINGS, BOOKINGS.STATUS.ne("cancelled")
                .and(BOOKINGS.STARTS_AT.ge(next.atStartOfDay(salon.zone()).toOffsetDateTime()))
                .and(BOOKINGS.STARTS_AT.lt(next.plusDays(1).atStartOfDay(salon.zone()).toOffsetDateTime())));
        robot.clickOn(".nav-next");
        WaitForAsyncUtils.waitFor(15, TimeUnit.SECONDS, () -> next.equals(vm.scheduleProperty().get().date()) && !vm.loadingProperty().get());
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(next, vm.dateProperty().get());
        assertEquals(expected, bookingEntries(robot).size());
        robot.clickOn(".nav-previous");
        WaitForAsyncUtils.waitFor(15, TimeUnit.SECONDS, () -> busyDay.equals(vm.scheduleProperty().get().date()) && !vm.loadingProperty().get());
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(busyDayBookings, bookingEntries(robot).size());
    }

    private void awaitLoaded() throws Exception {
        WaitForAsyncUtils.waitFor(15, TimeUnit.SECONDS,
                () -> vm.scheduleProperty().get() != null && busyDay.equals(vm.scheduleProperty().get().date()) && !vm.loadingProperty().get());
        WaitForAsyncUtils.waitForFxEvents();
    }

    private static Set<DayEntryView> bookingEntries(FxRobot robot) {
        return robot.lookup((Node n) -> n instanceof DayEntryView && n.isVisible()
                        && n.getStyleClass().stream().anyMatch(c -> c.startsWith("booking-")))
                .queryAllAs(DayEntryView.class);
    }

    private static void screenshot(FxRobot robot, String name) throws Exception {
        screenshot(robot.listTargetWindows().get(0).getScene(), name);
    }

    /** A PNG of a real window's scene in target/screenshots (for looking at what users see). */
    static void screenshot(Scene scene, String name) throws Exception {
        String dir = System.getProperty("salondesk.shots");
        if (dir == null) {
            return;
        }
        WritableImage image = WaitForAsyncUtils.asyncFx(() -> scene.snapshot(null)).get();
        File file = new File(dir, name);
        file.getParentFile().mkdirs();
        ImageIO.write(SwingFXUtils.fromFXImage(image, null), "png", file);
        assertFalse(file.length() == 0);
    }

    @SuppressWarnings("unused")
    private static ZoneOffset utc() {
        return ZoneOffset.UTC;
    }
}
