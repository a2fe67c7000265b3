package app.salondesk.gui.shell;

import app.salondesk.db.StartupTimeline;
import app.salondesk.gui.calendar.DayScheduleViewModel;
import app.salondesk.model.calendar.DaySchedule;
import javafx.beans.value.ChangeListener;
import javafx.scene.Scene;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.lang.management.ManagementFactory;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Writes one line to the log when the first day is on screen: how long after the JVM started
 * (embedded server, migrations, first query and layout all included), and when each phase of the
 * start ended ({@link StartupTimeline}). It is what a person waits for after a double-click, and
 * the start-up benchmark reads it from the log.
 *
 * <p>"On screen" is the end of the first pulse that lays out a loaded schedule; the renderer
 * draws that pulse right after it.
 */
final class FirstPaint {

    private static final Logger log = LoggerFactory.getLogger(FirstPaint.class);
    /** Once per process: a window rebuilt in another language is not a start. */
    private static final AtomicBoolean logged = new AtomicBoolean();

    private FirstPaint() {
    }

    /**
     * A truly first start opens on the welcome screen (no salon yet, so no day): one line when it
     * is on screen, in the same words, so that the start-up benchmark can time a new PC's first
     * start — unpacking PostgreSQL, initdb and every migration included (issue 16).
     */
    static void logWhenWelcomePainted(Scene scene) {
        if (logged.get()) {
            return;
        }
        afterNextLayout(scene, (painted, jvmStarted) ->
                log.info("first screen (welcome) painted {} ms after the JVM started; phases, ms after the JVM started: {}",
                        painted - jvmStarted, StartupTimeline.summary()));
    }

    /** What is logged at the paint: when it was, and when the JVM started (both epoch ms). */
    private interface Paint {
        void painted(long painted, long jvmStarted);
    }

    /**
     * Once the scene's next pulse has laid out what is on it, and only if no start was logged
     * yet in this process: marks "painted" and tells {@code paint}.
     */
    private static void afterNextLayout(Scene scene, Paint paint) {
        scene.addPostLayoutPulseListener(new Runnable() {
            @Override
            public void run() {
                scene.removePostLayoutPulseListener(this);
                if (logged.compareAndSet(false, true)) {
                    long painted = System.currentTimeMillis();
                    StartupTimeline.mark("painted");
                    // the JVM's own start time: millisecond-exact, unlike the process's
                    // start as Linux reports it (to the second of its boot-time base)
                    paint.painted(painted, ManagementFactory.getRuntimeMXBean().getStartTime());
                }
            }
        });
    }

    static void logWhenPainted(Scene scene, DayScheduleViewModel schedule) {
        logWhenPainted(scene, schedule, () -> { });
    }

    /**
     * As {@link #logWhenPainted(Scene, DayScheduleViewModel)}, then runs {@code afterwards} on the
     * FX thread: work the start leaves until the day is on screen (issue 16).
     */
    static void logWhenPainted(Scene scene, DayScheduleViewModel schedule, Runnable afterwards) {
        if (logged.get()) {
            return;
        }
        long windowBuilt = System.currentTimeMillis();
        StartupTimeline.mark("window");
        ChangeListener<DaySchedule> loaded = new ChangeListener<>() {
            @Override
            public void changed(javafx.beans.value.ObservableValue<? extends DaySchedule> obs, DaySchedule old, DaySchedule now) {
                if (now == null) {
                    return;
                }
                schedule.scheduleProperty().removeListener(this);
                StartupTimeline.mark("day-read");
                afterNextLayout(scene, (painted, jvmStarted) -> {
                    // one line: the start-up benchmark reads it, and the phases that led to it (issue 16)
                    log.info("first day painted {} ms after the JVM started ({} ms after the main window was built); "
                            + "phases, ms after the JVM started: {}", painted - jvmStarted, painted - windowBuilt,
                            StartupTimeline.summary());
                    afterwards.run();
                });
            }
        };
        schedule.scheduleProperty().addListener(loaded);
    }
}
