package app.salondesk.bench;

import com.calendarfx.model.Calendar;
import com.calendarfx.model.CalendarSource;
import com.calendarfx.model.Entry;
import com.calendarfx.model.Resource;
import com.calendarfx.view.DateControl;
import com.calendarfx.view.DayEntryView;
import com.calendarfx.view.DayView;
import com.calendarfx.view.DayViewBase;
import com.calendarfx.view.ResourcesView;
import javafx.application.Platform;
import javafx.scene.Node;
import javafx.scene.Parent;
import javafx.scene.Scene;
import javafx.stage.Stage;
import org.HdrHistogram.Histogram;
import org.jooq.DSLContext;
import org.jooq.Record3;

import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalTime;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Figure 6's anchor (issue 38): CalendarFX alone, with no database and none of the desk's own
 * code — the same 30 masters' bookings of the measured day and the next (read from the
 * calendar salon once, before any switch, as CalendarFX entries in 30 calendars) — switched
 * between the two days the way the desk is, and timed the same way: from setting the date to
 * the end of the first pulse that has laid out the new day's entry views. Two shapes: the bare
 * {@code DayView} with the 30 calendars (the anchor: all entries in one day column),
 * and a bare {@code ResourcesView} of 30 resources (the control the desk is built on, one
 * column a master). Each in a window of its own, the desk's size, beside the desk's.
 */
final class CalendarAnchor {

    /** One bare view, its window and its samples. */
    static final class Subject {
        final String name;
        final DateControl view;
        final Stage stage;
        final int expected;
        final Histogram wall = Latency.histogram();
        final Histogram cpu = Latency.histogram();

        Subject(String name, DateControl view, Stage stage, int expected) {
            this.name = name;
            this.view = view;
            this.stage = stage;
            this.expected = expected;
        }

        Latency wall() {
            return Latency.of(wall);
        }

        Latency cpu() {
            return Latency.of(cpu);
        }
    }

    private static final java.lang.management.ThreadMXBean FX_CPU = java.lang.management.ManagementFactory.getThreadMXBean();

    final Subject dayView;
    final Subject resources;

    private CalendarAnchor(Subject dayView, Subject resources) {
        this.dayView = dayView;
        this.resources = resources;
    }

    /** Reads the two days' bookings (the desk shows all but the cancelled), then builds both views on the FX thread. */
    static CalendarAnchor build(DSLContext dsl, long tenant, List<Long> masters, LocalDate day, ZoneId zone) throws Exception {
        Instant from = day.atStartOfDay(zone).toInstant();
        Instant to = day.plusDays(2).atStartOfDay(zone).toInstant();
        List<Record3<Long, java.time.OffsetDateTime, Integer>> rows = dsl.resultQuery(
                "SELECT master_id, starts_at, duration_min FROM bookings WHERE tenant_id = ? AND starts_at >= CAST(? AS timestamptz) AND starts_at < CAST(? AS timestamptz) "
                        + "AND status <> 'cancelled' ORDER BY master_id, starts_at",
                tenant, from.toString(), to.toString())
                .coerce(org.jooq.impl.DSL.field("master_id", Long.class), org.jooq.impl.DSL.field("starts_at", java.time.OffsetDateTime.class),
                        org.jooq.impl.DSL.field("duration_min", Integer.class))
                .fetch();
        int onDay = (int) rows.stream().filter(r -> r.value2().toInstant().isBefore(day.plusDays(1).atStartOfDay(zone).toInstant())).count();
        CompletableFuture<CalendarAnchor> built = new CompletableFuture<>();
        Platform.runLater(() -> {
            try {
                // the bare DayView: 30 calendars in one source, every booking in the one day column
                DayView dv = new DayView();
                CalendarSource source = new CalendarSource("masters");
                Map<Long, Calendar<?>> byMaster = new LinkedHashMap<>();
                for (Long m : masters) {
                    Calendar<?> c = new Calendar<>("master " + m);
                    byMaster.put(m, c);
                    source.getCalendars().add(c);
                }
                dv.getCalendarSources().setAll(source);
                // a bare ResourcesView: a resource a master, her bookings in its calendar
                ResourcesView<Resource<Long>> rv = new ResourcesView<>();
                rv.setType(ResourcesView.Type.RESOURCES_OVER_DATES);
                rv.setAdjustToFirstDayOfWeek(false);
                rv.setShowAllDayView(false);
                Map<Long, Calendar<?>> byResource = new LinkedHashMap<>();
                List<Resource<Long>> res = new ArrayList<>();
                for (Long m : masters) {
                    Resource<Long> r = new Resource<>(m);
                    byResource.put(m, r.getCalendars().get(0));
                    res.add(r);
                }
                rv.getResources().setAll(res);
                for (Record3<Long, java.time.OffsetDateTime, Integer> r : rows) {
                    for (Map<Long, Calendar<?>> cals : List.of(byMaster, byResource)) {
                        Entry<String> e = new Entry<>("booking");
                        e.setInterval(new com.calendarfx.model.Interval(r.value2().toInstant(), r.value2().toInstant().plus(Duration.ofMinutes(r.value3())), zone));
                        e.setCalendar(cals.get(r.value1()));
                    }
                }
                for (DateControl v : List.of(dv, rv)) {
                    v.setZoneId(zone);
                    v.setDate(day);
                }
                // the hours the desk shows, so the same entries are laid out on the same height
                for (DayViewBase v : List.<DayViewBase>of(dv, rv)) {
                    v.setStartTime(LocalTime.of(8, 0));
                    v.setEndTime(LocalTime.of(20, 0));
                    v.setScrollingEnabled(false);
                    v.setEarlyLateHoursStrategy(DayViewBase.EarlyLateHoursStrategy.SHOW_COMPRESSED);
                    v.setHoursLayoutStrategy(DayViewBase.HoursLayoutStrategy.FIXED_HOUR_COUNT);
                    v.setVisibleHours(13);
                }
                built.complete(new CalendarAnchor(new Subject("DayView", dv, window(dv, "CalendarFX DayView alone"), onDay),
                        new Subject("ResourcesView", rv, window(rv, "CalendarFX ResourcesView alone"), onDay)));
            } catch (RuntimeException e) {
                built.completeExceptionally(e);
            }
        });
        CalendarAnchor a = built.get(60, TimeUnit.SECONDS);
        // both have shown the measured day once (entries made, CSS applied) before the first timed switch
        for (Subject s : List.of(a.dayView, a.resources)) {
            a.switchTo(s, day.plusDays(1));
            a.switchTo(s, day);
        }
        return a;
    }

    private static Stage window(Parent view, String title) {
        Stage s = new Stage();
        s.setTitle(title);
        s.setScene(new Scene(view, 1580, 980));
        s.setX(0);
        s.setY(0);
        s.show();
        return s;
    }

    /**
     * Sets the view's date and waits for the end of the first pulse whose layout shows the new
     * day's entries (all of them): {wall ns, FX-thread CPU ns}.
     */
    long[] switchTo(Subject s, LocalDate target) throws Exception {
        CompletableFuture<long[]> painted = new CompletableFuture<>();
        Platform.runLater(() -> {
            long t0 = System.nanoTime();
            long c0 = FX_CPU.getCurrentThreadCpuTime();
            Scene scene = s.stage.getScene();
            AtomicBoolean done = new AtomicBoolean();
            Runnable[] pulse = new Runnable[1];
            pulse[0] = () -> {
                long t = System.nanoTime();
                long c = FX_CPU.getCurrentThreadCpuTime();
                if (!done.get() && shown(s.view, target) >= s.expected && done.compareAndSet(false, true)) {
                    painted.complete(new long[]{t - t0, c - c0});
                    Platform.runLater(() -> scene.removePostLayoutPulseListener(pulse[0]));
                } else if (!done.get()) {
                    Platform.requestNextPulse();
                }
            };
            scene.addPostLayoutPulseListener(pulse[0]);
            s.view.setDate(target);
            Platform.requestNextPulse();
        });
        return painted.get(30, TimeUnit.SECONDS);
    }

    /** Entry views of that day in the view's tree, laid out (a height). */
    private static int shown(Node n, LocalDate day) {
        if (n instanceof DayEntryView v) {
            return v.getEntry().getStartDate().equals(day) && v.isVisible() && v.getHeight() > 0 ? 1 : 0;
        }
        int count = 0;
        if (n instanceof Parent p) {
            for (Node c : p.getChildrenUnmodifiable()) {
                count += shown(c, day);
            }
        }
        return count;
    }

    /** {@code day switch<what>: p95 N ms, CalendarFX alone p95 M ms, ratio R}: one line to grep for. */
    static String line(Latency desk, Latency alone, String what) {
        return String.format(java.util.Locale.ROOT, "day switch%s: p95 %.1f ms, CalendarFX alone p95 %.1f ms, ratio %.2f",
                what, desk.p95(), alone.p95(), desk.p95() / alone.p95());
    }

    /** The desk's switch beside CalendarFX's alone, wall-clock and the FX thread's CPU, and the lines to grep for. */
    void report(Markdown md, Latency desk, Latency deskCpu, int paceMs) {
        md.para("Issue 38's anchor: each switch of the desk is followed (" + paceMs + " ms later each) by one of CalendarFX's bare "
                + "`DayView` (30 calendars, every booking in the one day column) and one of its bare `ResourcesView` (30 resources, "
                + "the control the desk is built on), with the same " + dayView.expected + " bookings of each day as CalendarFX entries and "
                + "no database, each in a window of its own of the desk's size, to the same day; timed from setting the date to the end "
                + "of the first pulse that has laid out all of the new day's entries. Goal: p95 ≤ 120 ms and ≤ 1.3× the bare `DayView`'s.");
        List<List<String>> rows = new ArrayList<>();
        rows.add(row("the desk (figure 6's switch above)", desk, deskCpu));
        rows.add(row("CalendarFX's bare `DayView` alone", dayView.wall(), dayView.cpu()));
        rows.add(row("CalendarFX's bare `ResourcesView` alone", resources.wall(), resources.cpu()));
        md.table(List.of("day switch, read-ahead day", "samples", "p50 ms", "p95 ms", "p99 ms", "FX thread CPU p50 ms", "CPU p95 ms"), rows);
        md.para("`" + line(desk, dayView.wall(), "") + "`  \n`" + line(desk, resources.wall(), " (against ResourcesView)") + "`  \n`"
                + line(deskCpu, dayView.cpu(), " (FX thread CPU)") + "`");
    }

    private static List<String> row(String what, Latency wall, Latency cpu) {
        return List.of(what, Long.toString(wall.count()), Markdown.ms(wall.p50()), Markdown.ms(wall.p95()), Markdown.ms(wall.p99()),
                Markdown.ms(cpu.p50()), Markdown.ms(cpu.p95()));
    }

    void record(Subject s, long[] t) {
        s.wall.recordValue(t[0]);
        s.cpu.recordValue(t[1]);
    }

    void close() {
        Platform.runLater(() -> {
            dayView.stage.close();
            resources.stage.close();
        });
    }
}
