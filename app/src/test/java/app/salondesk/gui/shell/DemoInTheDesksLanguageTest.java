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
import java.time.LocalDate;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The demo salon as a Ukrainian desk sees it: its masters, services and clients in Ukrainian, on screen. */
@ExtendWith(ApplicationExtension.class)
class DemoInTheDesksLanguageTest {

    private static final Locale UK = Locale.forLanguageTag("uk");
    private static Backend backend;
    private static Salon salon;
    private static Locale saved;
    private final BackgroundTasks tasks = new BackgroundTasks();
    private FrontDesk desk;

    @BeforeAll
    static void ukrainianDemo() {
        saved = Locale.getDefault();
        Locale.setDefault(UK);   // CalendarFX reads it when its views are made
        backend = Backend.connect(TestPostgres.freshDatabase("demodesk"));
        salon = new DemoSalon(backend.dsl(), Clock.systemUTC(), new Messages(UK)).seed();
    }

    @AfterAll
    static void close() {
        backend.close();
        Locale.setDefault(saved);
    }

    @Start
    void start(Stage stage) {
        desk = TestDesks.frontDesk(stage, backend.dsl(), salon, tasks, new Messages(UK), Clock.systemUTC(), "salondesk",
                new Messages(UK).get("status.embedded"), null);
        // a weekday: every master but one works, and the day is full
        LocalDate day = LocalDate.now(salon.zone());
        while (day.getDayOfWeek().getValue() > 5 || day.getDayOfWeek() == java.time.DayOfWeek.MONDAY) {
            day = day.plusDays(1);
        }
        desk.schedule().dateProperty().set(day);
        stage.setScene(new Scene(desk.window().root(), 1280, 800));
        stage.setX(0);
        stage.setY(0);
        stage.show();
    }

    @AfterEach
    void closeDesk(FxRobot robot) {
        robot.interact(desk::close);
    }

    @Test
    void theDemoSalonsMastersServicesAndClientsAreInUkrainian(FxRobot robot) throws Exception {
        WaitForAsyncUtils.waitFor(20, TimeUnit.SECONDS, () -> robot.lookup((Node n) -> n instanceof DayEntryView d && d.isVisible())
                .queryAll().size() > 10);
        WaitForAsyncUtils.waitForFxEvents();
        List<String> masters = robot.lookup(".master-header").queryAllAs(Label.class).stream().map(Label::getText).toList();
        assertEquals(List.of("Олена Коваленко", "Марта Шевченко", "Ірина Бондар", "Софія Мельник", "Андрій Ткаченко"), masters);
        List<String> titles = robot.lookup((Node n) -> n instanceof DayEntryView d && d.isVisible()).queryAllAs(DayEntryView.class)
                .stream().map(d -> d.getEntry().getTitle()).toList();
        assertTrue(titles.stream().noneMatch(t -> t.matches(".*[A-Za-z]{3,}.*")), "client — service, in Cyrillic: " + titles);
        assertTrue(robot.lookup("#demo-marker-text").queryAs(Label.class).getText().length() > 0);
        MainWindowTest.screenshot(desk.window().root().getScene(), "demo-uk.png");
    }
}
