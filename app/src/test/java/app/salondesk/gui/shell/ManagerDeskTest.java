package app.salondesk.gui.shell;

import app.salondesk.gui.common.BackgroundTasks;
import app.salondesk.i18n.Messages;
import app.salondesk.logic.booking.EngineFixture;
import app.salondesk.model.booking.Booking;
import app.salondesk.model.salon.Salon;
import app.salondesk.model.staff.StaffRole;
import com.calendarfx.view.DayEntryView;
import com.zaxxer.hikari.HikariDataSource;
import javafx.geometry.Bounds;
import javafx.geometry.Point2D;
import javafx.scene.Node;
import javafx.scene.Scene;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.TableView;
import javafx.scene.input.MouseButton;
import javafx.stage.Stage;
import org.jooq.SQLDialect;
import org.jooq.impl.DSL;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;

import static app.salondesk.logic.booking.EngineFixture.at;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A manager signed in as their own database role: the schedule to read, nothing to change. */
@ExtendWith(ApplicationExtension.class)
class ManagerDeskTest {

    private static EngineFixture f;
    private static HikariDataSource managerPool;
    private static Booking booking;
    private FrontDesk desk;

    @BeforeAll
    static void salonAndManager() {
        f = new EngineFixture("managerdesk", 4);
        String login = "mgr_" + Long.toString(System.nanoTime(), 36);
        f.dsl.execute("CREATE ROLE " + login + " LOGIN PASSWORD 'manager-pw' IN ROLE salondesk_manager");
        f.dsl.execute("INSERT INTO staff (tenant_id, login, display_name, role) VALUES (" + f.tenant + ", '" + login + "', 'Manager', 'manager')");
        managerPool = new HikariDataSource();
        managerPool.setJdbcUrl(f.backend.database().settings().url());
        managerPool.setUsername(login);
        managerPool.setPassword("manager-pw");
        managerPool.setMaximumPoolSize(3);
        booking = f.booked(f.engine.book(f.newBooking(f.anna, at(10, 0), 60)));
    }

    @AfterAll
    static void close() {
        managerPool.close();
        f.close();
    }

    @Start
    void start(Stage stage) {
        var dsl = app.salondesk.runtime.Backend.dslOn(managerPool);
        desk = TestDesks.frontDesk(stage, dsl, new Salon(f.tenant, "Fixture", EngineFixture.ZONE), new BackgroundTasks(),
                new Messages(Locale.ENGLISH), Clock.fixed(Instant.parse("2029-12-01T09:00:00Z"), ZoneOffset.UTC),
                "manager", "Database: test", null, StaffRole.MANAGER);
        desk.schedule().dateProperty().set(EngineFixture.DAY);
        stage.setScene(new Scene(desk.window().root(), 1200, 800));
        stage.setX(0);
        stage.setY(0);
        stage.show();
    }

    @Test
    void aManagerSeesTheScheduleButNoWayToChangeIt(FxRobot robot) throws Exception {
        waitFor(() -> entry(robot) != null);
        assertTrue(robot.lookup("#new-booking").queryAs(Button.class).isDisabled());
        FrontDeskTest.openContextMenu(robot, entry(robot));
        assertTrue(robot.lookup("#menu-history").tryQuery().isPresent());
        assertTrue(robot.lookup("#menu-open").tryQuery().isEmpty(), "no form");
        assertTrue(robot.lookup("#menu-arrived").tryQuery().isEmpty(), "no status changes");
        assertTrue(robot.lookup("#menu-cancel").tryQuery().isEmpty());
        robot.clickOn("#menu-history");
        waitFor(() -> robot.lookup("#history-table").tryQuery().isPresent());
        TableView<?> history = robot.lookup("#history-table").queryAs(TableView.class);
        assertEquals(1, history.getItems().size(), "booked, once");
    }

    @Test
    void aManagerSeesEachMastersWeekAsBookedAgainstWorkingHours(FxRobot robot) throws Exception {
        waitFor(() -> entry(robot) != null);
        robot.clickOn("#more");
        robot.clickOn("#utilisation");
        waitFor(() -> robot.lookup("#utilisation-chart").tryQuery().isPresent());
        javafx.scene.chart.BarChart<?, ?> chart = robot.lookup("#utilisation-chart").queryAs(javafx.scene.chart.BarChart.class);
        assertEquals(2, chart.getData().size(), "working and booked");
        assertEquals(3, chart.getData().get(0).getData().size(), "one bar per master");
        assertTrue(robot.lookup((Node n) -> n instanceof Label l && l.getText().startsWith("Anna: 1 of 84 h booked")).tryQuery().isPresent());
    }

    @Test
    void anEditForcedPastTheWindowIsRefusedByTheDatabaseWithThePermissionMessage(FxRobot robot) throws Exception {
        waitFor(() -> entry(robot) != null);
        // as if the window had let it through: the database still says no
        robot.interact(() -> desk.schedule().editableProperty().set(true));
        DayEntryView ev = entry(robot);
        Bounds b = ev.localToScreen(ev.getBoundsInLocal());
        Point2D centre = new Point2D(b.getMinX() + b.getWidth() / 2, b.getMinY() + b.getHeight() / 2);
        robot.drag(centre, MouseButton.PRIMARY).moveBy(0, b.getHeight() / 2).moveBy(0, b.getHeight() / 2).drop();
        waitFor(() -> robot.lookup("#notification").queryAs(Label.class).getText()
                .equals("Not saved: you don't have permission to do this"));
        assertEquals(at(10, 0), f.engine.find(f.tenant, booking.id()).orElseThrow().start(), "unchanged");
    }

    private static DayEntryView entry(FxRobot robot) {
        return robot.lookup((Node n) -> n instanceof DayEntryView d && d.isVisible()).tryQueryAs(DayEntryView.class).orElse(null);
    }

    private static void waitFor(Callable<Boolean> condition) throws Exception {
        WaitForAsyncUtils.waitFor(15, TimeUnit.SECONDS, condition);
        WaitForAsyncUtils.waitForFxEvents();
    }
}
