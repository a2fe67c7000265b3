package app.salondesk.gui.shell;

import app.salondesk.gui.calendar.DayScheduleView;
import app.salondesk.gui.calendar.DayScheduleViewModel;
import app.salondesk.gui.common.BackgroundTasks;
import app.salondesk.i18n.Messages;
import app.salondesk.logic.calendar.ScheduleSource;
import app.salondesk.model.booking.BookingStatus;
import app.salondesk.model.booking.ScheduledBooking;
import app.salondesk.model.calendar.DaySchedule;
import app.salondesk.model.salon.Salon;
import app.salondesk.model.staff.Master;
import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import javafx.scene.Scene;
import javafx.stage.Stage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.slf4j.LoggerFactory;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

import java.time.Clock;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneId;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The start-up benchmark reads one log line; it must come once, after a loaded day is laid out. */
@ExtendWith(ApplicationExtension.class)
class FirstPaintTest {

    private static final Salon SALON = new Salon(1, "Bloom", ZoneId.of("Europe/Kyiv"));
    private static final Pattern LINE = Pattern.compile("first day painted (\\d+) ms after the JVM started \\((\\d+) ms after");

    private final ListAppender<ILoggingEvent> logged = new ListAppender<>();
    private final Logger logger = (Logger) LoggerFactory.getLogger(FirstPaint.class);
    /** Holds the day's data back until the test lets it through. */
    private final CountDownLatch dataMayArrive = new CountDownLatch(1);
    private final BackgroundTasks tasks = new BackgroundTasks();
    /** What the start leaves until the first paint: run once, after the line. */
    private final java.util.concurrent.atomic.AtomicInteger afterwards = new java.util.concurrent.atomic.AtomicInteger();
    private DayScheduleViewModel vm;
    private Scene scene;

    @Start
    void start(Stage stage) {
        logger.setLevel(Level.INFO);
        logged.start();
        logger.addAppender(logged);
        ScheduleSource slow = (salon, masterIds, date, includeCancelled) -> {
            try {
                dataMayArrive.await(10, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            Instant start = date.atTime(10, 0).atZone(salon.zone()).toInstant();
            return new DaySchedule(date, List.of(new ScheduledBooking(1, 7, start, 60, BookingStatus.CONFIRMED, "Iryna", "Cut", 1)),
                    Map.of(), List.of());
        };
        Messages messages = new Messages(Locale.ENGLISH);
        vm = new DayScheduleViewModel(SALON, List.of(new Master(7, "Olena", "#8e24aa", 0)), slow, tasks, messages, Clock.systemUTC());
        vm.dateProperty().set(LocalDate.of(2030, 1, 7));
        scene = new Scene(new javafx.scene.layout.StackPane(new DayScheduleView(vm, messages).node()), 800, 600);
        FirstPaint.logWhenPainted(scene, vm, afterwards::incrementAndGet);
        stage.setScene(scene);
        stage.show();
    }

    @AfterEach
    void detach() {
        logger.detachAppender(logged);
        tasks.close();
    }

    @Test
    void oneLineOnceTheFirstLoadedDayIsLaidOutAndNeverAgain(FxRobot robot) throws Exception {
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(List.of(), messages(), "nothing while the window waits for its data");
        assertEquals(0, afterwards.get(), "nothing left for after the paint runs before it");

        dataMayArrive.countDown();
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> !messages().isEmpty());
        Matcher m = LINE.matcher(messages().get(0));
        assertTrue(m.find(), messages().get(0));
        long sinceJvm = Long.parseLong(m.group(1));
        long sinceWindow = Long.parseLong(m.group(2));
        assertTrue(sinceJvm >= sinceWindow, "the JVM started before the window was built: " + messages());
        // the phases of the start, in the same line: the window built, the day read, then painted
        String line = messages().get(0);
        assertTrue(line.contains("; phases, ms after the JVM started: "), line);
        long window = phase(line, "window");
        long read = phase(line, "day-read");
        long painted = phase(line, "painted");
        assertTrue(window <= read && read <= painted, line);
        assertEquals(sinceJvm, painted, 1.0, "painted is the moment of the line");
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(1, afterwards.get());

        // a window rebuilt later (another language) is not a start
        robot.interact(() -> FirstPaint.logWhenPainted(scene, vm));
        robot.interact(vm::reload);
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> !vm.loadingProperty().get());
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(1, messages().size(), messages().toString());
        assertEquals(1, afterwards.get(), "once");
    }

    private static long phase(String line, String name) {
        Matcher m = Pattern.compile("[ :]" + name + "=(\\d+)").matcher(line);
        assertTrue(m.find(), name + " in " + line);
        return Long.parseLong(m.group(1));
    }

    private List<String> messages() {
        return logged.list.stream().map(ILoggingEvent::getFormattedMessage).toList();
    }
}
