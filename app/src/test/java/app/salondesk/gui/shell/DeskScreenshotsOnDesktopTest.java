package app.salondesk.gui.shell;

import app.salondesk.db.TestPostgres;
import app.salondesk.gui.common.BackgroundTasks;
import app.salondesk.i18n.Messages;
import app.salondesk.logic.demo.DemoSalon;
import app.salondesk.model.salon.Salon;
import app.salondesk.runtime.Backend;
import com.calendarfx.view.DayEntryView;
import javafx.scene.Node;
import javafx.scene.Scene;
import javafx.scene.control.Label;
import javafx.stage.Stage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.LocalDate;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;

import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The README's pictures of the desk (docs/screenshots/), taken on the desktop suite's real X
 * display under openbox: the demo salon's full day in a maximised window, title bar and status
 * bar included, as the embedded desk shows it (issue 31, item 5).
 */
@Tag("desktop")
@ExtendWith(ApplicationExtension.class)
class DeskScreenshotsOnDesktopTest {

    private final BackgroundTasks tasks = new BackgroundTasks();
    private FrontDesk desk;
    private Backend backend;
    private Stage window;
    private Locale saved;

    @Start
    void start(Stage stage) {
        saved = Locale.getDefault();
        stage.setScene(new Scene(new Label(), 100, 50));
    }

    @AfterEach
    void close(FxRobot robot) {
        robot.interact(() -> {
            if (desk != null) {
                desk.close();
            }
            if (window != null) {
                window.hide();
            }
        });
        tasks.close();
        if (backend != null) {
            backend.close();
        }
        Locale.setDefault(saved);
    }

    @Test
    void theDeskInEnglish(FxRobot robot) throws Exception {
        shoot(robot, Locale.ENGLISH, "desk-en.png");
    }

    @Test
    void theDeskInUkrainian(FxRobot robot) throws Exception {
        shoot(robot, Locale.forLanguageTag("uk"), "desk-uk.png");
    }

    private void shoot(FxRobot robot, Locale language, String name) throws Exception {
        Locale.setDefault(language);   // CalendarFX reads it when its views are made
        backend = Backend.connect(TestPostgres.freshDatabase("shots" + language.getLanguage()));
        Messages messages = new Messages(language);
        Salon salon = new DemoSalon(backend.dsl(), Clock.systemUTC(), messages).seed();
        AtomicReference<Stage> shown = new AtomicReference<>();
        DeskData data = TestDesks.offFx(() -> FrontDesk.deskData(new app.salondesk.logic.desk.DeskLogic(backend.dsl()), salon.id(), app.salondesk.model.staff.StaffRole.ADMIN));
        robot.interact(() -> {
            Stage stage = new Stage();
            window = stage;
            // named as the embedded desk names its owner's login (FrontDesk.forSession), not by the login
            desk = new FrontDesk(stage, new app.salondesk.logic.desk.DeskLogic(backend.dsl()), salon, tasks, messages, Clock.systemUTC(),
                    FrontDesk.signedIn(data, messages, "salondesk", true), messages.get("status.embedded"), null, data);
            LocalDate day = LocalDate.now(salon.zone());
            while (day.getDayOfWeek().getValue() > 5 || day.getDayOfWeek() == java.time.DayOfWeek.MONDAY) {
                day = day.plusDays(1);   // a weekday the demo's masters work, the day full
            }
            desk.schedule().dateProperty().set(day);
            stage.setTitle(messages.format("app.title", salon.name()));
            stage.setScene(new Scene(desk.window().root(), 1280, 800));
            stage.show();
            stage.setMaximized(true);
            shown.set(stage);
        });
        // walked on the FX thread: a live update may replace the day's entries while they are looked up
        WaitForAsyncUtils.waitFor(20, TimeUnit.SECONDS, () -> WaitForAsyncUtils.asyncFx(() -> robot.lookup((Node n) -> n instanceof DayEntryView d
                && d.isVisible()).queryAll().size() > 10).get());
        // maximised by the window manager, its frame drawn: as large as the screen, a title bar above the scene
        javafx.geometry.Rectangle2D area = WholeWindows.visible();
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> WaitForAsyncUtils.asyncFx(() -> shown.get().isMaximized()
                && shown.get().getWidth() >= area.getWidth() - 2 && shown.get().getHeight() >= area.getHeight() - 2
                && shown.get().getHeight() - shown.get().getScene().getHeight() >= 10).get());
        WaitForAsyncUtils.waitForFxEvents();
        Thread.sleep(500);   // the day painted at that size: painting has no event to wait for
        Path file = DesktopShots.ofScreen(name);
        assertTrue(Files.size(file) > 20_000, "a picture of the desk: " + file);
    }
}
