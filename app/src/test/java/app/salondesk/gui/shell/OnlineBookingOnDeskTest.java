package app.salondesk.gui.shell;

import app.salondesk.gui.common.BackgroundTasks;
import app.salondesk.i18n.Messages;
import app.salondesk.logic.booking.EngineFixture;
import app.salondesk.logic.online.OnlineDeskService;
import app.salondesk.logic.staff.StaffRepository;
import app.salondesk.model.online.OnlineBooking;
import app.salondesk.model.online.OnlineOutcome;
import app.salondesk.model.online.OnlineRequest;
import app.salondesk.model.salon.Salon;
import com.calendarfx.view.DayEntryView;
import com.zaxxer.hikari.HikariDataSource;
import javafx.scene.Node;
import javafx.scene.Scene;
import javafx.scene.control.Label;
import javafx.scene.control.Tooltip;
import javafx.stage.Stage;
import org.jooq.SQLDialect;
import org.jooq.impl.DSL;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

import java.time.Clock;
import java.time.LocalDate;
import java.time.LocalTime;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.TimeUnit;

import static app.salondesk.logic.booking.EngineFixture.ZONE;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A client books on the salon's page — {@link OnlineDeskService} as a real {@code salondesk_online}
 * login, as {@code salondesk serve} does — and the open desk shows the booking within a couple of
 * seconds through its live updates, marked as online; a pending one reads "pending — confirm"
 * until the desk confirms it.
 */
@ExtendWith(ApplicationExtension.class)
class OnlineBookingOnDeskTest {

    private static final String PASSWORD = "online-pw-" + UUID.randomUUID();
    /** Two days ahead in the salon's zone: inside the default notice and days-ahead window whenever the test runs. */
    private static final LocalDate DAY = LocalDate.now(ZONE).plusDays(2);

    private static EngineFixture f;
    private static HikariDataSource pool;
    private static OnlineDeskService online;
    private final BackgroundTasks tasks = new BackgroundTasks();
    private FrontDesk desk;

    @BeforeAll
    static void salonOnlineAndTheServersLogin() {
        f = new EngineFixture("onlineondesk", 4);
        String suffix = Long.toString(System.nanoTime(), 36);
        String login = "web_" + suffix;
        new StaffRepository(f.dsl).addOnlineLogin(login, PASSWORD.toCharArray());
        pool = new HikariDataSource();
        pool.setJdbcUrl(f.backend.database().settings().url());
        pool.setUsername(login);
        pool.setPassword(PASSWORD);
        pool.setMaximumPoolSize(2);
        online = new OnlineDeskService(DSL.using(pool, SQLDialect.POSTGRES));
        // the salon takes online bookings, and they arrive pending until the desk confirms them
        f.dsl.execute("INSERT INTO online_settings (tenant_id, enabled, slug, arrive_confirmed) VALUES (" + f.tenant
                + ", true, 'fx-" + suffix + "', false)");
    }

    @AfterAll
    static void close() {
        pool.close();
        f.close();
    }

    @Start
    void start(Stage stage) {
        desk = TestDesks.frontDesk(stage, f.dsl, new Salon(f.tenant, "Fixture salon", ZONE), tasks, new Messages(Locale.ENGLISH),
                Clock.systemUTC(), "desk1", "Database: test", f.backend.database().settings());
        desk.schedule().dateProperty().set(DAY);
        stage.setScene(new Scene(desk.window().root(), 1200, 900));
        stage.setX(0);
        stage.setY(0);
        stage.show();
    }

    @AfterEach
    void closeDesk(FxRobot robot) {
        robot.interact(desk::close);
        tasks.close();
    }

    @Test
    void aBookingMadeOnThePageAppearsOnTheOpenDeskMarkedOnlineAndPendingUntilConfirmed(FxRobot robot) throws Exception {
        // the desk is open on the day and listening
        waitFor(15, () -> desk.schedule().scheduleProperty().get() != null && DAY.equals(desk.schedule().scheduleProperty().get().date())
                && robot.lookup("#connection-state").queryAs(Label.class).getText().equals("\u25CF live"));
        f.booked(f.engine.book(f.cutWith(f.bohdan, DAY.atTime(10, 0).atZone(ZONE).toInstant())));   // the desk's own, not marked
        waitFor(5, () -> entry(robot, "Iryna").isPresent());

        OnlineOutcome o = online.book(new OnlineRequest(f.tenant, f.cut, f.anna, DAY.atTime(LocalTime.of(11, 0)).atZone(ZONE).toInstant(),
                "Olha Online", "067 555 12 34", "", "", UUID.randomUUID()));
        OnlineBooking booked = assertInstanceOf(OnlineOutcome.Booked.class, o, o.toString()).booking();
        assertEquals("pending", booked.status());
        long t0 = System.nanoTime();
        waitFor(3, () -> entry(robot, "Olha Online").isPresent());
        long ms = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - t0);
        assertTrue(ms < 3_000, "on the desk within a couple of seconds: " + ms + " ms");

        DayEntryView ev = entry(robot, "Olha Online").orElseThrow();
        assertTrue(ev.getStyleClass().containsAll(List.of("booking-pending", "booking-online")), ev.getStyleClass().toString());
        assertEquals("online \u00b7 pending \u2014 confirm", badge(robot, ev));
        assertEquals("Olha Online \u2014 Cut\nBooked by the client on the salon's online page; it waits for the desk: right-click \u2192 Confirm.",
                tooltip(ev));
        assertEquals("Pending \u00b7 online", ev.getEntry().getLocation());
        DayEntryView desks = entry(robot, "Iryna").orElseThrow();
        assertTrue(robot.from(desks).lookup(".online-badge").queryAll().isEmpty(), "a booking made at the desk carries no mark");
        assertTrue(!desks.getStyleClass().contains("booking-online") && tooltip(desks) == null);
        MainWindowTest.screenshot(ev.getScene(), "desk-online-pending.png");

        // the desk confirms it: still online, no longer waiting
        FrontDeskTest.openContextMenu(robot, ev);
        robot.clickOn("#menu-confirm");
        waitFor(10, () -> entry(robot, "Olha Online").map(v -> v.getStyleClass().contains("booking-confirmed")).orElse(false));
        DayEntryView confirmed = entry(robot, "Olha Online").orElseThrow();
        assertEquals("online", badge(robot, confirmed));
        assertEquals("Olha Online \u2014 Cut\nBooked by the client on the salon's online page.", tooltip(confirmed));
        assertEquals(1, f.count("SELECT count(*) FROM bookings WHERE id = " + booked.bookingId() + " AND status = 'confirmed' AND source = 'online'"));
    }

    private static Optional<DayEntryView> entry(FxRobot robot, String client) {
        return robot.lookup((Node n) -> n instanceof DayEntryView d && d.isVisible() && d.getEntry().getTitle().startsWith(client))
                .tryQueryAs(DayEntryView.class);
    }

    private static String badge(FxRobot robot, DayEntryView ev) {
        return robot.from(ev).lookup(".online-badge").queryAs(Label.class).getText();
    }

    /** The tooltip installed on an entry's view (Tooltip.install keeps it in the node's properties). */
    private static String tooltip(DayEntryView ev) {
        return ev.getProperties().values().stream().filter(Tooltip.class::isInstance).map(t -> ((Tooltip) t).getText()).findFirst().orElse(null);
    }

    private static void waitFor(int seconds, java.util.concurrent.Callable<Boolean> condition) throws Exception {
        WaitForAsyncUtils.waitFor(seconds, TimeUnit.SECONDS, condition);
        WaitForAsyncUtils.waitForFxEvents();
    }
}
