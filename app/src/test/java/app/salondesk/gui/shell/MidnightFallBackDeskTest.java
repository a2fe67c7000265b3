package app.salondesk.gui.shell;

import app.salondesk.gui.common.BackgroundTasks;
import app.salondesk.i18n.Messages;
import app.salondesk.logic.booking.BookingEngine;
import app.salondesk.logic.booking.EngineFixture;
import app.salondesk.model.booking.Booking;
import app.salondesk.model.booking.BookingOutcome;
import app.salondesk.model.booking.NewBooking;
import app.salondesk.model.booking.Source;
import app.salondesk.model.salon.Salon;
import com.calendarfx.view.DayEntryView;
import com.calendarfx.view.DayView;
import com.calendarfx.view.DayViewBase;
import com.calendarfx.view.ResourcesView;
import javafx.geometry.Bounds;
import javafx.geometry.Point2D;
import javafx.scene.Node;
import javafx.scene.Scene;
import javafx.scene.control.DatePicker;
import javafx.scene.control.Label;
import javafx.scene.control.TextField;
import javafx.scene.input.KeyCode;
import javafx.scene.input.MouseButton;
import javafx.stage.Stage;
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
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalTime;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.Locale;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The desk on a night whose clocks go back at midnight (issue 30, defect 7): Cairo, Thursday 31
 * October 2030, where 23:00–23:59 happens twice — first at +03 (summer time), then at +02. Noor's
 * day's own hours end at 23:30: the second one, as the database reads them (21:30Z), 2½ hours after
 * 21:00 rather than 1½. Through the real window, headless, against a real PostgreSQL.
 */
@ExtendWith(ApplicationExtension.class)
class MidnightFallBackDeskTest {

    private static final ZoneId CAIRO = ZoneId.of("Africa/Cairo");
    private static final LocalDate NIGHT = LocalDate.of(2030, 10, 31);
    private static EngineFixture f;
    private static long tenant;
    private static long noor;
    private static long client;
    private static Salon salon;
    private FrontDesk desk;
    private final BackgroundTasks tasks = new BackgroundTasks();

    @BeforeAll
    static void salon() {
        f = new EngineFixture("midnightdst", 6);
        tenant = f.id("INSERT INTO tenants (name, time_zone) VALUES ('Nile salon', 'Africa/Cairo') RETURNING id");
        noor = f.id("INSERT INTO masters (tenant_id, name, sort_order) VALUES (" + tenant + ", 'Noor', 1) RETURNING id");
        client = f.id("INSERT INTO clients (tenant_id, name, phone) VALUES (" + tenant + ", 'Mona', '+201001234567') RETURNING id");
        salon = new Salon(tenant, "Nile salon", CAIRO);
    }

    @AfterAll
    static void close() {
        f.close();
    }

    @AfterEach
    void emptyNight() {
        f.dsl.execute("DELETE FROM bookings WHERE tenant_id = " + tenant);
    }

    @Start
    void start(Stage stage) {
        Clock clock = Clock.fixed(Instant.parse("2029-12-01T09:00:00Z"), ZoneOffset.UTC);
        desk = TestDesks.frontDesk(stage, f.dsl, salon, tasks, new Messages(Locale.ENGLISH), clock, "desk1", "Database: test",
                f.backend.database().settings());
        desk.schedule().dateProperty().set(NIGHT);
        stage.setScene(new Scene(desk.window().root(), 1000, 900));
        stage.show();
    }

    private static void hours(int fromHour) {
        TestDesks.offFx(() -> f.dsl.execute("SELECT salondesk_set_day(?, ?, ?, CAST(? AS time[]), CAST(? AS time[]), '')", tenant, noor, NIGHT,
                new LocalTime[]{LocalTime.of(fromHour, 0)}, new LocalTime[]{LocalTime.of(23, 30)}));
    }

    private static Booking book(Instant start, int minutes) {
        BookingOutcome o = TestDesks.offFx(() -> new BookingEngine(f.dsl).book(new NewBooking(tenant, noor, client, null, null, start, minutes, "",
                UUID.randomUUID(), Source.FORM, false)));
        return f.booked(o);
    }

    /**
     * Noor works 22:00 to the second 23:30 and is booked from 22:00 until the first 23:30 (20:30Z): an
     * hour is left, and Ctrl+N offers its start, the first 23:30. The desk used to read the loaded
     * day's hours in plain Java — ending at the first 23:30 — and found nothing.
     */
    @Test
    void ctrlNOffersTheHourThatHappensTwice(FxRobot robot) throws Exception {
        hours(22);
        book(NIGHT.atTime(22, 0).atZone(CAIRO).toInstant(), 90);
        reloadAndAwait(robot, 1);
        robot.press(KeyCode.CONTROL).type(KeyCode.N).release(KeyCode.CONTROL);
        waitFor(() -> robot.lookup("#form-client-name").tryQuery().isPresent());
        assertEquals(NIGHT, robot.lookup("#form-date").queryAs(DatePicker.class).getValue());
        assertEquals("23:30", robot.lookup("#form-time").queryAs(TextField.class).getText());
        // the form names which of the two it is: the first, summer time's
        waitFor(() -> robot.lookup("#form-start-note").queryAs(Label.class).getText().contains("summer time"));
    }

    /**
     * Booked 90 minutes from 22:30 summer time, until 23:00 winter time — "22:30–23:00" on the clock,
     * which is all CalendarFX's entry holds — and dragged an hour earlier on the clock: it lands at
     * 21:30 and keeps its 90 minutes. The drag used to send the entry's wall-clock length, 30 minutes.
     */
    @Test
    void aBookingAcrossTheRepeatedHourKeepsItsLengthWhenDragged(FxRobot robot) throws Exception {
        hours(18);
        Booking b = book(Instant.parse("2030-10-31T19:30:00Z"), 90);
        reloadAndAwait(robot, 1);
        // the evening on screen, at an hour's height of its own (the desk shows 08:00-20:00 otherwise)
        robot.interact(() -> robot.lookup((Node n) -> n instanceof ResourcesView<?>).queryAs(ResourcesView.class).setStartTime(LocalTime.of(17, 0)));
        robot.interact(() -> {
            ResourcesView<?> v = robot.lookup((Node n) -> n instanceof ResourcesView<?>).queryAs(ResourcesView.class);
            v.setEndTime(LocalTime.of(23, 59));
            v.setEarlyLateHoursStrategy(DayViewBase.EarlyLateHoursStrategy.HIDE);
            v.setVisibleHours(7);
        });
        WaitForAsyncUtils.waitForFxEvents();
        DayEntryView ev = entry(robot).orElseThrow();
        DayView column = onFx(() -> (DayView) ancestor(ev, DayView.class));
        double hour = onFx(() -> com.calendarfx.util.ViewHelper.getTimeLocation(column, LocalTime.of(22, 30))
                - com.calendarfx.util.ViewHelper.getTimeLocation(column, LocalTime.of(21, 30)));
        assertTrue(hour > 30, "an hour has room: " + hour);
        Bounds box = onFx(() -> ev.localToScreen(ev.getBoundsInLocal()));
        Point2D from = new Point2D(box.getMinX() + box.getWidth() / 2, box.getMinY() + box.getHeight() / 2);
        robot.drag(from, MouseButton.PRIMARY).moveBy(0, -hour / 2).moveBy(0, -hour / 2);
        Label preview = robot.lookup("#drop-preview").queryAs(Label.class);
        waitFor(() -> preview.isVisible() && preview.getText().startsWith(time(21, 30)));
        assertEquals(time(21, 30) + "\u2013" + time(23, 0) + " \u00b7 Noor", preview.getText(), "its real 90 minutes, to the first 23:00");
        robot.drop();
        waitFor(() -> f.engine.find(tenant, b.id()).orElseThrow().version() == b.version() + 1);
        Booking moved = f.engine.find(tenant, b.id()).orElseThrow();
        assertEquals(NIGHT.atTime(21, 30).atZone(CAIRO).toInstant(), moved.start());
        assertEquals(90, moved.durationMin(), "the booking's length, not the entry's 30 wall-clock minutes");
        assertEquals(Duration.ofMinutes(90), Duration.between(moved.start(), moved.start().plus(Duration.ofMinutes(moved.durationMin()))));
    }

    private static String time(int hour, int minute) {
        return LocalTime.of(hour, minute).format(java.time.format.DateTimeFormatter.ofLocalizedTime(java.time.format.FormatStyle.SHORT)
                .withLocale(Locale.ENGLISH));
    }

    private void reloadAndAwait(FxRobot robot, int bookings) throws Exception {
        waitFor(() -> desk.schedule().scheduleProperty().get() != null && NIGHT.equals(desk.schedule().scheduleProperty().get().date()));
        robot.interact(() -> desk.schedule().reload());
        waitFor(() -> desk.schedule().scheduleProperty().get() != null && desk.schedule().scheduleProperty().get().bookings().size() == bookings
                && !desk.schedule().loadingProperty().get());
        waitFor(() -> entry(robot).isPresent() || bookings == 0);
    }

    private static Optional<DayEntryView> entry(FxRobot robot) {
        return onFx(() -> robot.lookup((Node n) -> n instanceof DayEntryView d && d.isVisible() && d.getEntry().getTitle().startsWith("Mona"))
                .tryQueryAs(DayEntryView.class));
    }

    private static Node ancestor(Node n, Class<?> type) {
        for (Node x = n; x != null; x = x.getParent()) {
            if (type.isInstance(x)) {
                return x;
            }
        }
        return null;
    }

    private static <T> T onFx(Callable<T> walk) {
        try {
            return WaitForAsyncUtils.asyncFx(walk).get(15, TimeUnit.SECONDS);
        } catch (Exception e) {
            throw new IllegalStateException("the scene graph could not be read on the FX thread", e);
        }
    }

    private static void waitFor(Callable<Boolean> condition) throws Exception {
        WaitForAsyncUtils.waitFor(15, TimeUnit.SECONDS, condition);
        WaitForAsyncUtils.waitForFxEvents();
    }
}
