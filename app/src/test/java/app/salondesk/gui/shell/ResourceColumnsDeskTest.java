package app.salondesk.gui.shell;

import app.salondesk.gui.common.BackgroundTasks;
import app.salondesk.i18n.Messages;
import app.salondesk.logic.booking.EngineFixture;
import app.salondesk.model.booking.Booking;
import app.salondesk.model.booking.BookingStatus;
import app.salondesk.model.booking.NewBooking;
import app.salondesk.model.booking.Source;
import app.salondesk.model.booking.StatusChange;
import app.salondesk.model.salon.Salon;
import com.calendarfx.view.DayEntryView;
import javafx.geometry.Bounds;
import javafx.scene.Node;
import javafx.scene.Scene;
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
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;

import static app.salondesk.logic.booking.EngineFixture.at;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Issue 18's "the calendar can show resources as columns too": ☰ → Columns: rooms and equipment
 * shows the day with a column per unit of each resource, each booking in the column of the unit
 * the database gave it, for as long as it holds it (until its cleanup ends), with client, service
 * and master; a booking made, or cancelled, by another desk shows there by the live update alone;
 * back to masters, the masters' columns.
 */
@ExtendWith(ApplicationExtension.class)
class ResourceColumnsDeskTest {

    private static EngineFixture f;
    private static Salon salon;
    private static long pedicure;
    private static long chair;
    private static long oksana;
    private FrontDesk desk;
    private final BackgroundTasks tasks = new BackgroundTasks();

    @BeforeAll
    static void salon() {
        f = new EngineFixture("resource-columns", 8);
        // 60 minutes with the client, 10 of cleaning the chair after
        pedicure = f.phasedService("Pedicure", null, 10, f.anna, f.bohdan);
        f.dsl.execute("UPDATE services SET duration_min = 60 WHERE id = " + pedicure);
        chair = f.id("INSERT INTO resources (tenant_id, name, capacity) VALUES (" + f.tenant + ", 'Pedicure chair', 2) RETURNING id");
        f.dsl.execute("INSERT INTO service_resources (tenant_id, service_id, resource_id) VALUES (" + f.tenant + ", " + pedicure + ", " + chair + ")");
        f.id("INSERT INTO resources (tenant_id, name, capacity) VALUES (" + f.tenant + ", 'Laser', 1) RETURNING id");
        oksana = f.id("INSERT INTO clients (tenant_id, name) VALUES (" + f.tenant + ", 'Oksana') RETURNING id");
        salon = new Salon(f.tenant, "Fixture salon", EngineFixture.ZONE);
    }

    @AfterAll
    static void close() {
        f.close();
    }

    @Start
    void start(Stage stage) {
        TestDesks.offFx(() -> f.dsl.execute("DELETE FROM bookings"));
        Clock clock = Clock.fixed(Instant.parse("2029-12-01T09:00:00Z"), ZoneOffset.UTC);
        desk = TestDesks.frontDesk(stage, f.dsl, salon, tasks, new Messages(Locale.ENGLISH), clock, "desk1", "Database: test",
                f.backend.database().settings());
        desk.schedule().dateProperty().set(EngineFixture.DAY);
        stage.setScene(new Scene(desk.window().root(), 1200, 900));
        stage.setX(0);
        stage.setY(0);
        stage.show();
    }

    @Test
    void aBookingNeedingTheChairShowsInTheChairsColumnAndTheOtherUnitsBookingBesideIt(FxRobot robot) throws Exception {
        waitFor(() -> desk.schedule().scheduleProperty().get() != null && !desk.schedule().loadingProperty().get());
        Booking first = f.booked(f.engine.book(new NewBooking(f.tenant, f.anna, f.client, null, pedicure, at(10, 0), null, "",
                UUID.randomUUID(), Source.FORM, false)));
        f.booked(f.engine.book(f.newBooking(f.anna, at(12, 0), 60)));   // a cut needs no chair

        robot.clickOn("#more");
        robot.clickOn("#columns-resources");
        waitFor(() -> header(robot, "Pedicure chair 1").isPresent() && header(robot, "Pedicure chair 2").isPresent()
                && header(robot, "Laser").isPresent());
        waitFor(() -> entry(robot, "Iryna").isPresent());
        DayEntryView held = entry(robot, "Iryna").orElseThrow();
        assertEquals("Iryna \u2014 Pedicure \u00b7 Anna", held.getEntry().getTitle(), "client, service and master");
        // held from the start until the chair is cleaned: 10:00–11:10
        assertEquals(at(10, 0), held.getEntry().getStartAsZonedDateTime().toInstant());
        assertEquals(at(11, 10), held.getEntry().getEndAsZonedDateTime().toInstant());
        assertEquals("Pedicure chair 1", columnOf(robot, held));
        assertEquals(1, entries(robot).size(), "the cut holds no room and is not in these columns");
        assertFalse(robot.lookup(".master-header").queryAll().stream()
                .anyMatch(n -> n.isVisible() && n instanceof Label l && "Anna".equals(l.getText())), "no masters' columns now");

        // another desk books Bohdan into the same half hour: the second chair, shown by the live update alone
        Booking second = f.booked(f.engine.book(new NewBooking(f.tenant, f.bohdan, oksana, null, pedicure, at(10, 30), null, "",
                UUID.randomUUID(), Source.FORM, false)));
        assertEquals(2, f.count("SELECT unit FROM booking_resources WHERE booking_id = " + second.id()), "the database gave it the second chair");
        waitFor(() -> entry(robot, "Oksana").isPresent());
        DayEntryView beside = entry(robot, "Oksana").orElseThrow();
        assertEquals("Oksana \u2014 Pedicure \u00b7 Bohdan", beside.getEntry().getTitle());
        assertEquals("Pedicure chair 2", columnOf(robot, beside));
        Bounds a = bounds(entry(robot, "Iryna").orElseThrow());
        Bounds b = bounds(beside);
        assertTrue(b.getMinX() >= a.getMaxX() - 1, "beside it, to the right: " + a + " / " + b);
        assertTrue(b.getMinY() > a.getMinY() && b.getMinY() < a.getMaxY(), "at the same time of day");
        MainWindowTest.screenshot(robot.listTargetWindows().get(0).getScene(), "resource-columns.png");

        // a booking opens from here as from the masters' columns (Enter on the selected one: a
        // double-click's two clicks can arrive too far apart on a loaded test machine)
        robot.clickOn(entry(robot, "Oksana").orElseThrow()).type(javafx.scene.input.KeyCode.ENTER);
        waitFor(() -> robot.lookup("#form-client-name").tryQueryAs(javafx.scene.control.TextInputControl.class)
                .map(t -> t.getText().startsWith("Oksana")).orElse(false));
        robot.interact(() -> robot.lookup("#form-client-name").query().getScene().getWindow().hide());

        // cancelled at another desk: the chair is free again, and its column says so
        f.engine.changeStatus(new StatusChange(f.tenant, first.id(), first.version(), f.anna, BookingStatus.CANCELLED, Source.FORM));
        waitFor(() -> entry(robot, "Iryna").isEmpty());
        assertTrue(entry(robot, "Oksana").isPresent());

        // back to the masters: their columns, and the bookings in them
        robot.clickOn("#more");
        robot.clickOn("#columns-masters");
        waitFor(() -> header(robot, "Anna").isPresent() && header(robot, "Bohdan").isPresent() && header(robot, "Vira").isPresent());
        assertTrue(header(robot, "Pedicure chair 1").isEmpty());
        waitFor(() -> robot.lookup((Node n) -> n instanceof DayEntryView d && d.isVisible() && d.getEntry().getTitle().startsWith("Oksana"))
                .tryQuery().isPresent());
    }

    @Test
    void theWeekAndTheMasterFilterAreNotOfferedWhileRoomsAreShown(FxRobot robot) throws Exception {
        robot.clickOn("#mode-week");
        waitFor(() -> desk.schedule().numberOfDaysProperty().get() == 7);
        robot.clickOn("#more");
        robot.clickOn("#columns-resources");
        waitFor(() -> header(robot, "Laser").isPresent());
        assertEquals(1, desk.schedule().numberOfDaysProperty().get(), "one day by rooms");
        assertTrue(robot.lookup("#mode-week").query().isDisabled());
        assertTrue(robot.lookup("#master-filter").query().isDisabled());
        assertTrue(robot.lookup("#show-cancelled").query().isDisabled(), "a cancelled booking holds no room");
        robot.clickOn("#more");
        robot.clickOn("#columns-masters");
        waitFor(() -> !robot.lookup("#mode-week").query().isDisabled());
        assertFalse(desk.resourceDay().shownProperty().get());
    }

    /**
     * Issue 30: another desk's change of the salon's rooms (a laser more, a room renamed) shows in
     * this desk's room columns by the live update alone (migration 28's announcement), no click.
     */
    @Test
    void aRoomCountChangedAtAnotherDeskShowsInTheColumnsWithoutAnyClick(FxRobot robot) throws Exception {
        robot.clickOn("#more");
        robot.clickOn("#columns-resources");
        waitFor(() -> header(robot, "Laser").isPresent());
        try {
            TestDesks.offFx(() -> f.dsl.execute("UPDATE resources SET capacity = 2 WHERE tenant_id = " + f.tenant + " AND name = 'Laser'"));
            waitFor(() -> header(robot, "Laser 1").isPresent() && header(robot, "Laser 2").isPresent());
            TestDesks.offFx(() -> f.dsl.execute("UPDATE resources SET name = 'Diode laser' WHERE tenant_id = " + f.tenant
                    + " AND name = 'Laser'"));
            waitFor(() -> header(robot, "Diode laser 2").isPresent());
            assertTrue(header(robot, "Laser 1").isEmpty());
        } finally {
            TestDesks.offFx(() -> f.dsl.execute("UPDATE resources SET capacity = 1, name = 'Laser' WHERE tenant_id = " + f.tenant
                    + " AND name IN ('Laser', 'Diode laser')"));
        }
    }

    private static Optional<Node> header(FxRobot robot, String text) {
        return robot.lookup((Node n) -> n instanceof Label l && l.getStyleClass().contains("master-header") && l.isVisible()
                && l.getScene() != null && text.equals(l.getText()) && l.localToScreen(l.getBoundsInLocal()) != null).tryQuery();
    }

    /** The column whose header lies above the entry's middle. */
    private static String columnOf(FxRobot robot, DayEntryView ev) {
        Bounds e = bounds(ev);
        double x = e.getMinX() + e.getWidth() / 2;
        return robot.lookup(".resource-header").queryAll().stream()
                .filter(n -> n.isVisible() && bounds(n).getMinX() <= x && x <= bounds(n).getMaxX())
                .map(n -> ((Label) n).getText()).findFirst().orElse("none");
    }

    private static List<DayEntryView> entries(FxRobot robot) {
        return robot.lookup((Node n) -> n instanceof DayEntryView d && d.isVisible() && d.getScene() != null
                && robot.lookup("#resource-columns").tryQuery().map(r -> isInside(d, r)).orElse(false))
                .queryAllAs(DayEntryView.class).stream().toList();
    }

    private static Optional<DayEntryView> entry(FxRobot robot, String client) {
        return entries(robot).stream().filter(d -> d.getEntry().getTitle().startsWith(client)).findFirst();
    }

    private static boolean isInside(Node n, Node ancestor) {
        for (Node p = n; p != null; p = p.getParent()) {
            if (p == ancestor) {
                return true;
            }
        }
        return false;
    }

    private static Bounds bounds(Node n) {
        return n.localToScreen(n.getBoundsInLocal());
    }

    private static void waitFor(Callable<Boolean> condition) throws Exception {
        WaitForAsyncUtils.waitFor(15, TimeUnit.SECONDS, condition);
        WaitForAsyncUtils.waitForFxEvents();
    }
}
