package app.salondesk.bench;

import app.salondesk.gui.calendar.DayScheduleViewModel;
import app.salondesk.gui.common.BackgroundTasks;
import app.salondesk.gui.shell.FrontDesk;
import app.salondesk.gui.shell.TestDesks;
import app.salondesk.i18n.Messages;
import app.salondesk.model.booking.ScheduledBooking;
import app.salondesk.model.calendar.BookingRef;
import app.salondesk.model.calendar.DaySchedule;
import app.salondesk.model.salon.Salon;
import com.calendarfx.view.DayEntryView;
import javafx.application.Platform;
import javafx.beans.value.ChangeListener;
import javafx.geometry.Bounds;
import javafx.geometry.Point2D;
import javafx.scene.Node;
import javafx.scene.Scene;
import javafx.scene.input.MouseButton;
import javafx.scene.input.MouseEvent;
import javafx.stage.Stage;
import org.HdrHistogram.Histogram;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.testfx.api.FxRobot;
import org.testfx.api.FxToolkit;
import org.testfx.util.WaitForAsyncUtils;

import java.time.Clock;
import java.time.Instant;
import java.time.LocalDate;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Predicate;

/**
 * Figure 6, headless (Monocle, software rendering, as the GUI tests run): the real front desk
 * (FrontDesk: main window, calendar, live updates) on the calendar figures' salon, 30 masters
 * with 19 bookings each on the measured day.
 *
 * <p>"Painted" is the end of the first pulse that lays out the new schedule: a post-layout
 * pulse listener, registered once the view has taken the schedule; the software pipeline
 * renders that same pulse right after. Times are taken on the FX thread with nanoTime.
 *
 * <p>Issue 38: the day switches alternate with those of CalendarFX alone ({@link CalendarAnchor}),
 * and the report has the line {@code day switch: p95 N ms, CalendarFX alone p95 M ms, ratio R}.
 */
final class DesktopBench {

    private static final Logger log = LoggerFactory.getLogger(DesktopBench.class);
    private static final int WARM_STARTS = 5;
    private static final int DAY_SWITCHES = 20;
    private static final int DRAGS = 20;
    private static final int WARM_UP = 3;
    /** Between two changes of the shown day: a person's pace, not a robot's. */
    private static final int PACE_MS = 400;

    private final BenchDatabase db;
    private final CalendarBench calendar;
    private final BackgroundTasks tasks = new BackgroundTasks();
    private final Messages messages = new Messages(Locale.ENGLISH);
    private Stage stage;
    private FrontDesk desk;
    private volatile long releasedAt;

    double toolkitStartMs = Double.NaN;
    double coldWindowMs = Double.NaN;
    Latency warmWindow = Latency.NONE;
    Latency daySwitch = Latency.NONE;
    Latency dayApply = Latency.NONE;
    Latency daySwitchCpu = Latency.NONE;
    Latency dayJump = Latency.NONE;
    Latency drag = Latency.NONE;
    Latency dragReloaded = Latency.NONE;
    int dragFailures;
    String failure;
    /** Issue 38's anchor: CalendarFX alone, switched in the same loop; null until built. */
    CalendarAnchor anchor;

    private final StartupBench startup;

    DesktopBench(BenchDatabase db, CalendarBench calendar, BenchConfig cfg) {
        this.db = db;
        this.calendar = calendar;
        this.startup = new StartupBench(cfg);
    }

    StartupBench startup() {
        return startup;
    }

    void run() {
        try {
            measure();
        } catch (Exception | Error e) {
            // the other figures stand on their own: a desktop that cannot start here is reported, not fatal
            failure = e.toString();
            log.warn("figure 6 failed: {}", failure);
            log.debug("figure 6", e);
        } finally {
            tasks.close();
            if (desk != null) {
                FrontDesk d = desk;
                Platform.runLater(d::close);
            }
            Platform.exit();
        }
    }

    /**
     * TestFX's context keeps every event fired on the stage it registered, for as long as the
     * JVM runs (FiredEvents): in this run's thousands of events that list held every desk the
     * figure ever built — a heap dump found six desks and 200 MB live, which lengthened every
     * young collection — as a salon's desk never does. The figure reads none of them.
     */
    static void forgetFiredEvents() throws ReflectiveOperationException {
        java.lang.reflect.Field f = org.testfx.api.FxToolkitContext.class.getDeclaredField("firedEvents");
        f.setAccessible(true);
        org.testfx.service.support.FiredEvents fired = (org.testfx.service.support.FiredEvents) f.get(FxToolkit.toolkitContext());
        if (fired != null) {
            fired.stopStoringFiredEvents();
            fired.clearEvents();
        }
    }

    private static final java.lang.management.ThreadMXBean FX_CPU = java.lang.management.ManagementFactory.getThreadMXBean();

    private void measure() throws Exception {
        long t0 = System.nanoTime();
        stage = FxToolkit.registerPrimaryStage();
        toolkitStartMs = (System.nanoTime() - t0) / 1e6;
        forgetFiredEvents();
        Salon salon = new Salon(calendar.tenant(), "Benchmark: calendar", CalendarBench.ZONE);

        Histogram warm = Latency.histogram();
        for (int i = 0; i <= WARM_STARTS; i++) {
            long ns = openWindow(salon);
            if (i == 0) {
                coldWindowMs = ns / 1e6;
            } else {
                warm.recordValue(ns);
            }
        }
        warmWindow = Latency.of(warm);
        log.info("figure 6: window to first painted day: first {} ms, then p50 {} ms", Markdown.ms(coldWindowMs),
                Markdown.ms(warmWindow.p50()));

        // To the next day and back, at a person's pace: the days beside the shown one are read
        // ahead meanwhile (issue 16), as they are between a receptionist's clicks.
        // Issue 38: CalendarFX alone, switched in turn with the desk, switch by switch
        anchor = CalendarAnchor.build(db.dsl(), calendar.tenant(), calendar.masters(), CalendarBench.DAY, CalendarBench.ZONE);
        Histogram total = Latency.histogram();
        Histogram apply = Latency.histogram();
        Histogram cpu = Latency.histogram();
        for (int i = 0; i < WARM_UP + DAY_SWITCHES; i++) {
            LocalDate target = i % 2 == 0 ? CalendarBench.DAY.plusDays(1) : CalendarBench.DAY;
            Thread.sleep(PACE_MS);
            long[] t = switchDay(target);
            for (CalendarAnchor.Subject s : List.of(anchor.dayView, anchor.resources)) {
                Thread.sleep(PACE_MS);
                long[] a = anchor.switchTo(s, target);
                if (i >= WARM_UP) {
                    anchor.record(s, a);
                }
            }
            if (i >= WARM_UP) {
                cpu.recordValue(t[3]);
                total.recordValue(t[2] - t[0]);
                apply.recordValue(t[2] - t[1]);
            }
        }
        anchor.close();   // the drags below need the desk's window on top
        daySwitch = Latency.of(total);
        daySwitchCpu = Latency.of(cpu);
        dayApply = Latency.of(apply);
        log.info("figure 6: day switch p50 {} ms ({} ms after the data arrived)", Markdown.ms(daySwitch.p50()), Markdown.ms(dayApply.p50()));
        log.info(anchorLine());
        // A jump (the date picker) five days away and back: days nobody read ahead
        Histogram jumps = Latency.histogram();
        for (int i = 0; i < WARM_UP + DAY_SWITCHES; i++) {
            LocalDate target = i % 2 == 0 ? CalendarBench.DAY.plusDays(5) : CalendarBench.DAY.minusDays(5);
            Thread.sleep(PACE_MS);
            long[] t = switchDay(target);
            if (i >= WARM_UP) {
                jumps.recordValue(t[2] - t[0]);
            }
        }
        dayJump = Latency.of(jumps);
        log.info("figure 6: jump to a day not read ahead p50 {} ms", Markdown.ms(dayJump.p50()));

        drags();
    }

    /** A new front desk in the window, on the measured day: from constructing it to the painted day. */
    private long openWindow(Salon salon) throws Exception {
        CompletableFuture<long[]> painted = new CompletableFuture<>();
        long[] start = new long[1];
        Platform.runLater(() -> {
            try {
                if (desk != null) {
                    desk.close();
                }
                start[0] = System.nanoTime();
                FrontDesk d = TestDesks.frontDesk(stage, db.dsl(), salon, tasks, messages, Clock.systemUTC(), "bench",
                        "Database: benchmark", db.settings());
                desk = d;
                d.schedule().dateProperty().set(CalendarBench.DAY);
                whenPainted(d.schedule(), s -> CalendarBench.DAY.equals(s.date()), painted);
                stage.setScene(new Scene(d.window().root(), 1580, 980));
                stage.setX(0);
                stage.setY(0);
                stage.show();
            } catch (RuntimeException e) {
                painted.completeExceptionally(e);
            }
        });
        return painted.get(60, TimeUnit.SECONDS)[1] - start[0];
    }

    /**
     * {start, data applied, painted, the FX thread's CPU time in between} of one change of the
     * shown day. The CPU time is what the FX thread itself spent: on a machine busy with other
     * work it stays what the switch costs, where the wall-clock time also holds the waits for a core.
     */
    private long[] switchDay(LocalDate target) throws Exception {
        CompletableFuture<long[]> painted = new CompletableFuture<>();
        long[] start = new long[2];
        Platform.runLater(() -> {
            start[0] = System.nanoTime();
            start[1] = FX_CPU.getCurrentThreadCpuTime();
            whenPainted(desk.schedule(), s -> target.equals(s.date()), painted);
            desk.schedule().dateProperty().set(target);
        });
        long[] t = painted.get(30, TimeUnit.SECONDS);
        return new long[]{start[0], t[0], t[1], t[2] - start[1]};
    }

    /**
     * Drags one booking (master 1, 17:30, confirmed) an hour down and back up again, alternately,
     * with TestFX's robot: from the mouse release to the painted schedule that shows it moved.
     */
    private void drags() throws Exception {
        long master = calendar.masters().get(0);
        Instant original = CalendarBench.DAY.atTime(17, 30).atZone(CalendarBench.ZONE).toInstant();
        long bookingId = Sql.id(db.dsl(), "SELECT id FROM bookings WHERE tenant_id = ? AND master_id = ? AND starts_at = CAST(? AS timestamptz)",
                calendar.tenant(), master, original.toString());
        if (!CalendarBench.DAY.equals(desk.schedule().dateProperty().get())) {
            switchDay(CalendarBench.DAY);
        }
        FxRobot robot = new FxRobot();
        Scene scene = stage.getScene();
        robot.interact(() -> scene.addEventFilter(MouseEvent.MOUSE_RELEASED, e -> releasedAt = System.nanoTime()));
        Histogram h = Latency.histogram();
        Histogram shown = Latency.histogram();
        for (int i = 0; i < WARM_UP + DRAGS; i++) {
            boolean down = i % 2 == 0;
            // let the reloads of the last drag (its own and the live update's) land first: the
            // clock starts at the release, so waiting here costs the figure nothing
            Thread.sleep(300);
            WaitForAsyncUtils.waitForFxEvents();
            Instant before = startOf(desk.schedule().scheduleProperty().get(), bookingId).orElseThrow();
            Bounds b = entryBounds(robot, bookingId);
            CompletableFuture<long[]> painted = new CompletableFuture<>();
            robot.interact(() -> whenPainted(desk.schedule(), s -> startOf(s, bookingId).map(x -> !x.equals(before)).orElse(false), painted));
            double hour = b.getHeight() * 60.0 / 30;
            double step = (down ? hour : -hour) / 2;
            robot.drag(new Point2D(b.getMinX() + b.getWidth() / 2, b.getMinY() + b.getHeight() / 2), MouseButton.PRIMARY)
                    .moveBy(0, step).moveBy(0, step).drop();
            try {
                long[] t = painted.get(10, TimeUnit.SECONDS);
                if (i >= WARM_UP) {
                    h.recordValue(t[1] - releasedAt);
                    shown.recordValue(t[0] - releasedAt);
                }
            } catch (TimeoutException e) {
                dragFailures++;
                log.warn("figure 6: drag {} was not saved and shown within 10 s ({})", i, desk.schedule().notificationProperty().get());
                painted.cancel(false);
            }
        }
        drag = Latency.of(h);
        dragReloaded = Latency.of(shown);
        log.info("figure 6: drag release -> saved and painted p50 {} ms p95 {} ms ({} failed)", Markdown.ms(drag.p50()),
                Markdown.ms(drag.p95()), dragFailures);
    }

    /**
     * Where the booking's entry is on the screen, found and measured in one go on the FX
     * thread: a reload may replace the entry's node at any moment.
     */
    private static Bounds entryBounds(FxRobot robot, long bookingId) throws InterruptedException {
        for (int attempt = 0; attempt < 50; attempt++) {
            Bounds[] out = new Bounds[1];
            robot.interact(() -> robot.lookup((Node n) -> n instanceof DayEntryView d && d.isVisible() && d.getScene() != null
                            && d.getEntry().getUserObject() instanceof BookingRef ref && ref.bookingId() == bookingId)
                    .tryQueryAs(DayEntryView.class)
                    .map(ev -> ev.localToScreen(ev.getBoundsInLocal()))
                    .filter(b -> b.getHeight() > 0)
                    .ifPresent(b -> out[0] = b));
            if (out[0] != null) {
                return out[0];
            }
            Thread.sleep(100);
        }
        throw new IllegalStateException("the entry of booking " + bookingId + " is not on screen");
    }

    private static Optional<Instant> startOf(DaySchedule s, long bookingId) {
        return s == null ? Optional.empty()
                : s.bookings().stream().filter(b -> b.id() == bookingId).map(ScheduledBooking::start).findFirst();
    }

    /**
     * Completes {@code painted} with {applied, painted} nanoTimes: when the view model takes a
     * schedule that passes {@code done} (the view has drawn its entries by then: its listener
     * was registered first), and when the next pulse has laid it out. On the FX thread.
     */
    private void whenPainted(DayScheduleViewModel vm, Predicate<DaySchedule> done, CompletableFuture<long[]> painted) {
        ChangeListener<DaySchedule> listener = new ChangeListener<>() {
            @Override
            public void changed(javafx.beans.value.ObservableValue<? extends DaySchedule> obs, DaySchedule old, DaySchedule s) {
                if (painted.isDone()) {
                    vm.scheduleProperty().removeListener(this);
                    return;
                }
                if (s == null || !done.test(s)) {
                    return;
                }
                vm.scheduleProperty().removeListener(this);
                long applied = System.nanoTime();
                Scene scene = stage.getScene();
                AtomicBoolean once = new AtomicBoolean();
                Runnable[] pulse = new Runnable[1];
                pulse[0] = () -> {
                    if (once.compareAndSet(false, true)) {
                        painted.complete(new long[]{applied, System.nanoTime(), FX_CPU.getCurrentThreadCpuTime()});
                        // not from inside the pulse's own iteration over its listeners
                        Platform.runLater(() -> scene.removePostLayoutPulseListener(pulse[0]));
                    }
                };
                scene.addPostLayoutPulseListener(pulse[0]);
                Platform.requestNextPulse();
            }
        };
        vm.scheduleProperty().addListener(listener);
    }

    boolean dragMeasured() {
        return failure == null && drag.count() > 0;
    }

    Latency drag() {
        return drag;
    }

    void report(Markdown md) {
        md.heading(2, "6. Desktop (headless)");
        if (failure != null) {
            md.para("Could not run here: " + failure + " (details in target/bench/bench.log).");
            return;
        }
        md.para("JavaFX on Monocle's headless platform with software rendering (prism.order=sw), the same set-up as the GUI tests; "
                + "the real `FrontDesk` (main window, calendar, live updates) on the calendar salon: 30 masters, " + 19 * 30
                + " bookings on the measured day. *Painted* is the end of the first pulse that lays out the new schedule "
                + "(the software pipeline renders that pulse right after). Starting the JavaFX toolkit took "
                + Markdown.ms(toolkitStartMs) + " ms and is not included below.");
        md.table(List.of("measured", "samples", "p50 ms", "p95 ms", "p99 ms", "max ms"), List.of(
                List.of("window built → first painted day, first time in this JVM (classes, CSS, CalendarFX cold)", "1",
                        Markdown.ms(coldWindowMs), "", "", ""),
                row("window built again → first painted day (warm)", warmWindow),
                row("switch to the next or previous day (read ahead) → painted, " + PACE_MS + " ms apart", daySwitch),
                row("… of which: data arrived → painted", dayApply),
                row("… the FX thread's own CPU time in a switch (what it costs on a busy machine too)", daySwitchCpu),
                row("jump five days away (not read ahead) → painted (load + entries + layout), " + PACE_MS + " ms apart", dayJump),
                row("drag released → saved (engine) → reloaded → painted", drag),
                row("… of which: released → the reloaded day with the moved booking arrives", dragReloaded)));
        if (dragFailures > 0) {
            md.para(dragFailures + " drags were not saved and shown within 10 s.");
        }
        if (anchor != null) {
            anchor.report(md, daySwitch, daySwitchCpu, PACE_MS);
        }
        md.para("The application started as a process (its jar, `lib/` beside it, without arguments: its own JVM and "
                + "embedded PostgreSQL, the demo salon), headless in the same way, until its first day is painted. The application "
                + "logs that moment (`FirstPaint`: milliseconds since its JVM started, and the phases on the way); the harness also "
                + "times from just before the launch until it sees that line (polled every 10 ms), which adds creating the process and "
                + "starting the JVM. Then it stops the process (SIGTERM) and waits for it to end before the next start. "
                + "*Cold* is the desk's first start on a home that `salondesk demo` has just made (that command, timed on its own: "
                + "unpacking the PostgreSQL binaries, initdb, migrations, seeding the demo salon); *warm* starts the same home again. "
                + "The operating system's file cache is warm in both.");
        if (startup.failure != null) {
            md.para("Could not run here: " + startup.failure + " (details in target/bench/bench.log).");
        } else {
            StartupBench.Runs r = startup.main();
            double[] demo = r.demo.stream().mapToDouble(Double::doubleValue).toArray();
            md.table(StartupBench.HEADER, List.of(
                    StartupBench.row("cold: the desk's first start on a new home", r.cold),
                    StartupBench.row("warm: the same home again", r.warm),
                    List.of("`salondesk demo` on a new home (unpack, initdb, migrations, seed)", Integer.toString(demo.length),
                            Markdown.ms(Latency.median(demo)), Markdown.ms(java.util.Arrays.stream(demo).min().orElse(Double.NaN)),
                            Markdown.ms(java.util.Arrays.stream(demo).max().orElse(Double.NaN)), "", "", "")));
        }
    }

    /** Issue 38's greppable line: the desk's day switch against CalendarFX's bare DayView's. */
    String anchorLine() {
        return anchor == null ? "day switch: no anchor" : CalendarAnchor.line(daySwitch, anchor.dayView.wall(), "");
    }

    private static List<String> row(String what, Latency l) {
        return List.of(what, Long.toString(l.count()), Markdown.ms(l.p50()), Markdown.ms(l.p95()), Markdown.ms(l.p99()), Markdown.ms(l.max()));
    }
}
