package app.salondesk.gui.shell;

import app.salondesk.gui.common.BackgroundTasks;
import app.salondesk.i18n.Messages;
import app.salondesk.logic.booking.EngineFixture;
import app.salondesk.model.salon.Salon;
import javafx.geometry.Bounds;
import javafx.scene.Node;
import javafx.scene.Scene;
import javafx.scene.control.Label;
import javafx.scene.layout.HBox;
import javafx.stage.Stage;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.util.WaitForAsyncUtils;

import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Issue 16: at 1280×800, in English, Ukrainian and Russian, every toolbar control and the status
 * bar's live/offline word lie wholly inside the window, the day title is not cut, and the ☰ menu
 * opens (in Ukrainian and Russian it used to fall off the right edge).
 */
@ExtendWith(ApplicationExtension.class)
class ToolbarFitTest {

    private static EngineFixture f;

    @BeforeAll
    static void salon() {
        f = new EngineFixture("toolbar-fit", 4);
    }

    @AfterAll
    static void close() {
        f.close();
    }

    @ParameterizedTest
    @ValueSource(strings = {"en", "uk", "ru"})
    void everythingFitsA1280PixelWindow(String language, FxRobot robot) throws Exception {
        Locale before = Locale.getDefault();
        Locale locale = Locale.forLanguageTag(language);
        AtomicReference<Stage> shown = new AtomicReference<>();
        AtomicReference<FrontDesk> desk = new AtomicReference<>();
        BackgroundTasks tasks = new BackgroundTasks();
        try {
            WaitForAsyncUtils.asyncFx(() -> {
                Locale.setDefault(locale);   // CalendarFX reads it when its views are made, as the app sets it
                Stage stage = new Stage();
                FrontDesk d = TestDesks.frontDesk(stage, f.dsl, new Salon(f.tenant, "Салон краси «Фікстура»", EngineFixture.ZONE), tasks,
                        new Messages(locale), Clock.fixed(Instant.parse("2029-12-01T09:00:00Z"), ZoneOffset.UTC),
                        "receptionist.olena", "Database: salondesk@db.salon.lan", f.backend.database().settings());
                d.schedule().dateProperty().set(java.time.LocalDate.of(2030, 9, 11));   // a long weekday name in every language
                stage.setScene(new Scene(d.window().root(), 1280, 800));
                stage.show();
                shown.set(stage);
                desk.set(d);
            }).get(20, TimeUnit.SECONDS);
            Stage stage = shown.get();
            WaitForAsyncUtils.waitFor(20, TimeUnit.SECONDS, () -> robot.lookup("#connection-state").queryAs(Label.class).getText() != null
                    && !robot.lookup("#connection-state").queryAs(Label.class).getText().isEmpty());
            WaitForAsyncUtils.waitForFxEvents();
            double width = stage.getScene().getWidth();
            HBox toolbar = robot.lookup(".main-toolbar").queryAs(HBox.class);
            for (Node n : toolbar.getChildren()) {
                if (n.isVisible() && n.isManaged() && n.getLayoutBounds().getWidth() > 0) {
                    Bounds b = n.localToScene(n.getLayoutBounds());
                    assertTrue(b.getMinX() >= 0 && b.getMaxX() <= width + 0.5, language + ": " + n + " at " + b + " in " + width);
                }
            }
            Label title = robot.lookup("#day-title").queryAs(Label.class);
            assertTrue(title.getWidth() + 0.5 >= title.prefWidth(-1), language + ": the day title is cut: " + title.getText());
            Label state = robot.lookup("#connection-state").queryAs(Label.class);
            Bounds s = state.localToScene(state.getLayoutBounds());
            assertTrue(s.getMaxX() <= width + 0.5 && state.getWidth() + 0.5 >= state.prefWidth(-1),
                    language + ": the live/offline word is cut: " + s);
            // each control that gave way is in the ☰ menu instead: reachable one way, never both or neither
            javafx.scene.control.MenuButton more = robot.lookup("#more").queryAs(javafx.scene.control.MenuButton.class);
            int moved = 0;
            for (String id : java.util.List.of("show-cancelled", "master-filter", "mode-day", "mode-week")) {
                Node control = robot.lookup("#" + id).query();
                javafx.scene.control.MenuItem item = more.getItems().stream().filter(i -> (id + "-item").equals(i.getId())).findFirst()
                        .orElseThrow(() -> new AssertionError("no ☰ item for " + id));
                assertTrue(control.isVisible() != item.isVisible(), language + ": " + id + " on the toolbar " + control.isVisible()
                        + ", in ☰ " + item.isVisible());
                moved += item.isVisible() ? 1 : 0;
            }
            if (!"en".equals(language)) {
                assertTrue(moved > 0, language + ": the longer words move something into ☰ at 1280 px");
            }
            MainWindowTest.screenshot(stage.getScene(), "toolbar-" + language + ".png");
            robot.clickOn("#more");
            WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> robot.lookup(".context-menu").tryQuery().isPresent());
            assertFalse(robot.lookup(".context-menu").queryAll().isEmpty(), "the ☰ menu opens");
            robot.type(javafx.scene.input.KeyCode.ESCAPE);
        } finally {
            WaitForAsyncUtils.asyncFx(() -> {
                if (desk.get() != null) {
                    desk.get().close();
                }
                if (shown.get() != null) {
                    shown.get().close();
                }
                Locale.setDefault(before);
            }).get(20, TimeUnit.SECONDS);
            tasks.close();
        }
    }
}
