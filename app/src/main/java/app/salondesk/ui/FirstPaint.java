package app.salondesk.ui;

import app.salondesk.calendar.DaySchedule;
import app.salondesk.calendar.DayScheduleViewModel;
import javafx.beans.value.ChangeListener;
import javafx.scene.Scene;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.lang.management.ManagementFactory;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Writes one line to the log when the first day is on screen: how long after the JVM started
 * (embedded server, migrations, first query and layout all included). It is
 * what a person waits for after a double-click, and the start-up benchmark reads it from the log.
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

    static void logWhenPainted(Scene scene, DayScheduleViewModel schedule) {
        if (logged.get()) {
            return;
        }
        long windowBuilt = System.currentTimeMillis();
        ChangeListener<DaySchedule> loaded = new ChangeListener<>() {
            @Override
            public void changed(javafx.beans.value.ObservableValue<? extends DaySchedule> obs, DaySchedule old, DaySchedule now) {
                if (now == null) {
                    return;
                }
                schedule.scheduleProperty().removeListener(this);
                scene.addPostLayoutPulseListener(new Runnable() {
                    @Override
                    public void run() {
                        scene.removePostLayoutPulseListener(this);
                        if (logged.compareAndSet(false, true)) {
                            long painted = System.currentTimeMillis();
                            // the JVM's own start time: millisecond-exact, unlike the process's
                            // start as Linux reports it (to the second of its boot-time base)
                            long jvmStarted = ManagementFactory.getRuntimeMXBean().getStartTime();
                            log.info("first day painted {} ms after the JVM started ({} ms after the main window was built)",
                                    painted - jvmStarted, painted - windowBuilt);
                        }
                    }
                });
            }
        };
        schedule.scheduleProperty().addListener(loaded);
    }
}
