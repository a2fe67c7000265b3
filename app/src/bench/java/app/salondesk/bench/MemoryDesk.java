package app.salondesk.bench;

import app.salondesk.db.ConnectionSettings;
import app.salondesk.gui.common.BackgroundTasks;
import app.salondesk.gui.shell.FrontDesk;
import app.salondesk.gui.shell.TestDesks;
import app.salondesk.i18n.Messages;
import app.salondesk.logic.demo.DemoSalon;
import app.salondesk.model.calendar.DaySchedule;
import app.salondesk.model.salon.Salon;
import app.salondesk.runtime.Backend;
import com.calendarfx.view.DayEntryView;
import javafx.application.Platform;
import javafx.beans.value.ChangeListener;
import javafx.beans.value.ObservableValue;
import javafx.scene.Node;
import javafx.scene.Scene;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.control.TextField;
import javafx.scene.input.KeyCode;
import javafx.stage.Stage;
import org.slf4j.bridge.SLF4JBridgeHandler;
import org.testfx.api.FxRobot;
import org.testfx.api.FxToolkit;
import org.testfx.util.WaitForAsyncUtils;

import javax.management.ObjectName;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.LocalDate;
import java.util.Locale;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.BooleanSupplier;

/**
 * Issue 38's memory figure, the desk's side: the {@code main} of a JVM of its own, started by
 * {@link MemoryBench} with the JVM options the desk ships with. It builds the real front desk
 * (as {@link DesktopBench} does, headless on Monocle) on the demo salon, then lives a
 * receptionist's day twice: {@value #SWITCHES} day switches, one day forward at a time from 10
 * days back, and the booking form opened every fourth switch ({@value #FORMS} times), every
 * other time saved (a new client with her phone, the first service, the first free time the
 * form proposes), the rest typed into and cancelled (the discard question answered).
 *
 * <p>After each day it prints one line {@code MEMORY run=N key=value…} on stdout: VmRSS and VmHWM
 * from /proc/self/status (before any collection), then the heap used after a full GC, the RSS
 * after it, and from a class histogram (which is itself a full GC) the live instances of the
 * classes a leak of the calendar or the form would keep: CalendarFX entry views, booking forms,
 * stages. The histogram is written beside the process's output for whoever profiles.
 */
final class MemoryDesk {

    static final int SWITCHES = 200;
    static final int FORMS = 50;
    /** The walk: from 10 days back to 189 ahead, the year's bookings all the way. */
    private static final int DAYS_BACK = 10;

    private final Backend backend;
    private final ConnectionSettings settings;
    private final Salon salon;
    private final Path dir;
    private final int paceMs;
    private final BackgroundTasks tasks = new BackgroundTasks();
    private final FxRobot robot = new FxRobot();
    private Stage stage;
    private FrontDesk desk;
    private int saved;
    private int cancelled;
    private int failedSaves;

    private MemoryDesk(Backend backend, ConnectionSettings settings, Salon salon, Path dir, int paceMs) {
        this.backend = backend;
        this.settings = settings;
        this.salon = salon;
        this.dir = dir;
        this.paceMs = paceMs;
    }

    /** Arguments: JDBC URL, user, password, the demo salon's id, the folder for histograms, the pace in ms. */
    public static void main(String[] args) throws Exception {
        SLF4JBridgeHandler.removeHandlersForRootLogger();
        SLF4JBridgeHandler.install();
        ConnectionSettings s = new ConnectionSettings(args[0], args[1], args[2]);
        // the harness stopped (Ctrl+C, a kill): no desk left running behind it
        ProcessHandle.current().parent().ifPresent(h -> h.onExit().thenRun(() -> Runtime.getRuntime().halt(2)));
        int code = 0;
        try (Backend backend = Backend.connect(s)) {
            MemoryDesk run = new MemoryDesk(backend, s, new Salon(Long.parseLong(args[3]), DemoSalon.NAME, DemoSalon.ZONE),
                    Path.of(args[4]), Integer.parseInt(args[5]));
            run.live();
        } catch (Exception | Error e) {
            e.printStackTrace();
            code = 1;
        }
        // FX's non-daemon threads, the pool's: this JVM has said all it has to say
        System.out.flush();
        Runtime.getRuntime().halt(code);
    }

    private void live() throws Exception {
        stage = FxToolkit.registerPrimaryStage();
        DesktopBench.forgetFiredEvents();
        Files.createDirectories(dir);
        LocalDate today = LocalDate.now(DemoSalon.ZONE);
        CompletableFuture<Void> shown = new CompletableFuture<>();
        Platform.runLater(() -> {
            try {
                desk = TestDesks.frontDesk(stage, backend.dsl(), salon, tasks, new Messages(Locale.ENGLISH), Clock.systemUTC(),
                        "memory", "Database: benchmark", settings);
                stage.setScene(new Scene(desk.window().root(), 1580, 980));
                stage.setX(0);
                stage.setY(0);
                stage.show();
                shown.complete(null);
            } catch (RuntimeException e) {
                shown.completeExceptionally(e);
            }
        });
        shown.get(120, TimeUnit.SECONDS);
        measure(0, 0);
        for (int run = 1; run <= 2; run++) {
            long t0 = System.nanoTime();
            saved = 0;
            cancelled = 0;
            failedSaves = 0;
            LocalDate day = today.minusDays(DAYS_BACK);
            for (int i = 0; i < SWITCHES; i++) {
                Thread.sleep(paceMs);
                show(day.plusDays(i));
                if (i % (SWITCHES / FORMS) == SWITCHES / FORMS - 1) {
                    // Ctrl+N proposes a master and a free time only on a day still to come
                    form(run, i, !day.plusDays(i).isBefore(today));
                }
            }
            measure(run, (System.nanoTime() - t0) / 1e9);
        }
        Platform.runLater(desk::close);
        tasks.close();
    }

    /** Shows {@code day} and waits until the desk has taken its schedule. */
    private void show(LocalDate day) throws Exception {
        CompletableFuture<Void> taken = new CompletableFuture<>();
        Platform.runLater(() -> {
            ChangeListener<DaySchedule> l = new ChangeListener<>() {
                @Override
                public void changed(ObservableValue<? extends DaySchedule> o, DaySchedule old, DaySchedule s) {
                    if (s != null && day.equals(s.date())) {
                        o.removeListener(this);
                        taken.complete(null);
                    }
                }
            };
            desk.schedule().scheduleProperty().addListener(l);
            desk.schedule().dateProperty().set(day);
            DaySchedule now = desk.schedule().scheduleProperty().get();
            if (now != null && day.equals(now.date())) {
                desk.schedule().scheduleProperty().removeListener(l);
                taken.complete(null);
            }
        });
        taken.get(30, TimeUnit.SECONDS);
    }

    /**
     * The booking form, as a receptionist uses it: Ctrl+N (a master and the first free time of
     * the shown day), a new client's name and phone, a service; then Save, or Cancel and discard.
     */
    private void form(int run, int i, boolean ahead) throws Exception {
        robot.press(KeyCode.CONTROL, KeyCode.N).release(KeyCode.N, KeyCode.CONTROL);
        waitFor(() -> robot.lookup("#form-client-name").tryQuery().isPresent(), 10);
        // typed at once, not key by key: TestFX's typing waits for the FX thread after every key,
        // minutes of a loaded machine's time per day that say nothing about memory
        String name = "Memory " + run + "-" + i;
        String phone = String.format(Locale.ROOT, "+38050 7%d%02d %03d", run, i / 1000, i % 1000);
        robot.interact(() -> {
            robot.lookup("#form-client-name").queryAs(TextField.class).setText(name);
            robot.lookup("#form-client-phone").queryAs(TextField.class).setText(phone);
            // the first service (item 0 is "no service"); the master Ctrl+N chose may not offer it
            robot.lookup("#form-service").queryAs(ComboBox.class).getSelectionModel().select(1);
        });
        WaitForAsyncUtils.waitForFxEvents();
        // a service she does not offer leaves the master to choose: the first who offers it, and her first free time
        robot.interact(() -> {
            ComboBox<?> master = robot.lookup("#form-master").queryAs(ComboBox.class);
            if (master.getValue() == null) {
                master.getItems().stream().filter(java.util.Objects::nonNull).findFirst()
                        .ifPresent(m -> master.getSelectionModel().select(master.getItems().indexOf(m)));
            }
        });
        try {
            waitFor(() -> robot.lookup(".free-start").tryQuery().isPresent(), 5);
            robot.interact(() -> robot.lookup(".free-start").queryAs(javafx.scene.control.Button.class).fire());
        } catch (TimeoutException e) {
            // no free time that day: the save below is refused, and she cancels
        }
        WaitForAsyncUtils.waitForFxEvents();
        boolean save = ahead && (i / (SWITCHES / FORMS)) % 2 == 0;
        if (save) {
            robot.clickOn("#form-save");
            try {
                waitFor(() -> robot.lookup("#form-client-name").tryQuery().isEmpty(), 10);
                saved++;
                return;
            } catch (TimeoutException e) {
                failedSaves++;   // the day had no room, or the service is not hers: she cancels
                if (failedSaves <= 3) {
                    System.out.println("save refused: " + WaitForAsyncUtils.asyncFx(() -> robot.lookup((Node n) -> n instanceof Label l
                            && n.isVisible() && l.getText() != null && !l.getText().isBlank() && n.getScene() != null
                            && n.getScene().getWindow() != stage).queryAllAs(Label.class).stream().map(Label::getText).toList()).get());
                }
            }
        }
        robot.clickOn("#form-cancel");
        WaitForAsyncUtils.waitForFxEvents();
        if (robot.lookup("#discard-discard").tryQuery().isPresent()) {
            robot.clickOn("#discard-discard");
        }
        waitFor(() -> robot.lookup("#form-client-name").tryQuery().isEmpty(), 10);
        if (!save) {
            cancelled++;
        }
    }

    private static void waitFor(BooleanSupplier condition, int seconds) throws TimeoutException {
        WaitForAsyncUtils.waitFor(seconds, TimeUnit.SECONDS, () -> WaitForAsyncUtils.asyncFx(condition::getAsBoolean).get());
    }

    private void measure(int run, double seconds) throws Exception {
        WaitForAsyncUtils.waitForFxEvents();
        Thread.sleep(1000);   // the last reads ahead land
        long rss = status("VmRSS");
        long hwm = status("VmHWM");
        System.gc();
        long heap = ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed();
        long committed = ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getCommitted();
        String histogram = (String) ManagementFactory.getPlatformMBeanServer().invoke(new ObjectName("com.sun.management:type=DiagnosticCommand"),
                "gcClassHistogram", new Object[]{new String[0]}, new String[]{String[].class.getName()});
        Files.writeString(dir.resolve("histogram-run" + run + ".txt"), histogram);
        long rssAfter = status("VmRSS");
        int shownViews = WaitForAsyncUtils.asyncFx(() -> (int) stage.getScene().getRoot().lookupAll("*").stream()
                .filter(n -> n instanceof DayEntryView).count()).get();
        System.out.printf(Locale.ROOT, "MEMORY run=%d seconds=%.0f rssKb=%d hwmKb=%d heapAfterGcKb=%d heapCommittedKb=%d rssAfterGcKb=%d"
                        + " entryViewsLive=%d entryViewsShown=%d formsLive=%d stagesLive=%d saved=%d cancelled=%d failedSaves=%d%n",
                run, seconds, rss, hwm, heap / 1024, committed / 1024, rssAfter, live(histogram, "EntryView"), shownViews,
                live(histogram, "BookingFormView"), live(histogram, "javafx.stage.Stage"), saved, cancelled, failedSaves);
        System.out.flush();
    }

    /** kB from a line of /proc/self/status. */
    private static long status(String field) throws java.io.IOException {
        for (String line : Files.readAllLines(Path.of("/proc/self/status"))) {
            if (line.startsWith(field + ":")) {
                return Long.parseLong(line.substring(field.length() + 1).replace("kB", "").strip());
            }
        }
        throw new IllegalStateException(field + " is not in /proc/self/status");
    }

    /** Live instances of the classes whose name ends with {@code suffix}, from a class histogram. */
    static long live(String histogram, String suffix) {
        long n = 0;
        for (String line : histogram.split("\n")) {
            String[] w = line.strip().split("\\s+");
            if (w.length >= 4 && w[0].endsWith(":") && w[3].endsWith(suffix)) {
                n += Long.parseLong(w[1]);
            }
        }
        return n;
    }
}
