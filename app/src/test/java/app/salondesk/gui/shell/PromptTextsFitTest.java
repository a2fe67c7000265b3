package app.salondesk.gui.shell;

import app.salondesk.gui.common.BackgroundTasks;
import app.salondesk.gui.setup.SetupWizardView;
import app.salondesk.gui.setup.SetupWizardViewModel;
import app.salondesk.i18n.Messages;
import app.salondesk.logic.booking.EngineFixture;
import app.salondesk.model.salon.Salon;
import javafx.geometry.Insets;
import javafx.scene.Node;
import javafx.scene.Parent;
import javafx.scene.Scene;
import javafx.scene.control.TextInputControl;
import javafx.scene.text.Text;
import javafx.stage.Stage;
import javafx.stage.Window;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.testfx.api.FxRobot;
import org.testfx.api.FxToolkit;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.util.WaitForAsyncUtils;

import java.time.Clock;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Issue 31: "cut placeholders in Ukrainian ('Пошук клієнта: ім'я або')". In English, Ukrainian
 * and Russian, every hint written inside a field — the desk's toolbar at 1280×800, the booking
 * form, each step of the set-up wizard — fits the field: its text, measured in the field's own
 * font, is no wider than the room inside the field's padding.
 */
@ExtendWith(ApplicationExtension.class)
class PromptTextsFitTest {

    private static EngineFixture f;

    @BeforeAll
    static void salon() {
        f = new EngineFixture("prompt-fit", 3);
    }

    @AfterAll
    static void close() {
        f.close();
    }

    @ParameterizedTest
    @ValueSource(strings = {"en", "uk", "ru"})
    void theDesksAndTheBookingFormsHintsFit(String language, FxRobot robot) throws Exception {
        Locale before = Locale.getDefault();
        Locale locale = Locale.forLanguageTag(language);
        AtomicReference<FrontDesk> desk = new AtomicReference<>();
        BackgroundTasks tasks = new BackgroundTasks();
        try {
            WaitForAsyncUtils.asyncFx(() -> {
                Locale.setDefault(locale);
                Stage stage = new Stage();
                FrontDesk d = TestDesks.frontDesk(stage, f.dsl, new Salon(f.tenant, "Lotus", EngineFixture.ZONE), tasks,
                        new Messages(locale), Clock.fixed(Instant.parse("2029-12-01T09:00:00Z"), ZoneOffset.UTC),
                        "olena", "Database: test", null);
                d.schedule().dateProperty().set(EngineFixture.DAY);
                stage.setScene(new Scene(d.window().root(), 1280, 800));
                stage.show();
                desk.set(d);
            }).get(20, TimeUnit.SECONDS);
            WaitForAsyncUtils.waitFor(20, TimeUnit.SECONDS, () -> desk.get().schedule().scheduleProperty().get() != null);
            WaitForAsyncUtils.waitForFxEvents();
            List<String> cut = new ArrayList<>(cutHints(robot));
            robot.clickOn("#new-booking");
            WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> robot.lookup("#form-client-name").tryQuery().isPresent());
            WaitForAsyncUtils.waitForFxEvents();
            cut.addAll(cutHints(robot));
            assertEquals(List.of(), cut, language);
        } finally {
            robot.interact(() -> {
                TestDesks.closeOwnedWindows();
                desk.get().close();
                Locale.setDefault(before);
            });
            FxToolkit.cleanupStages();
            tasks.close();
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"en", "uk", "ru"})
    void theWizardsHintsFitOnEveryStep(String language, FxRobot robot) throws Exception {
        Locale locale = Locale.forLanguageTag(language);
        AtomicReference<SetupWizardViewModel> wizard = new AtomicReference<>();
        BackgroundTasks tasks = new BackgroundTasks();
        try {
            WaitForAsyncUtils.asyncFx(() -> {
                SetupWizardViewModel vm = new SetupWizardViewModel(new Messages(locale), tasks, "", ZoneId.of("UTC"), plan -> {
                    throw new AssertionError("nothing is made here");
                });
                Stage stage = new Stage();
                stage.setScene(new Scene(new SetupWizardView(vm, new Messages(locale)).root(), 900, 680));
                stage.show();
                wizard.set(vm);
            }).get(20, TimeUnit.SECONDS);
            List<String> cut = new ArrayList<>(cutHints(robot).stream().map(c -> "no country yet: " + c).toList());
            robot.interact(() -> wizard.get().salon().countryProperty().set("UA"));
            for (SetupWizardViewModel.Step step : SetupWizardViewModel.Step.values()) {
                robot.interact(() -> wizard.get().stepProperty().set(step));
                WaitForAsyncUtils.waitForFxEvents();
                cut.addAll(cutHints(robot).stream().map(c -> step + ": " + c).toList());
            }
            assertEquals(List.of(), cut, language);
        } finally {
            FxToolkit.cleanupStages();
            tasks.close();
        }
    }

    /** Each shown field's hint that is wider than the room inside the field, with both widths. */
    static List<String> cutHints(FxRobot robot) {
        List<String> cut = new ArrayList<>();
        robot.interact(() -> {
            for (Window w : List.copyOf(Window.getWindows())) {
                if (w.isShowing() && w.getScene() != null) {
                    collect(w.getScene().getRoot(), cut);
                }
            }
        });
        return cut;
    }

    private static void collect(Node n, List<String> cut) {
        if (!n.isVisible()) {
            return;
        }
        if (n instanceof TextInputControl field && field.getPromptText() != null && !field.getPromptText().isEmpty()
                && field.getWidth() > 0) {
            Text measured = new Text(field.getPromptText());
            measured.setFont(field.getFont());
            double text = measured.getLayoutBounds().getWidth();
            Insets in = field.getInsets();
            double room = field.getWidth() - in.getLeft() - in.getRight();
            if (text > room + 0.5) {
                cut.add("\"" + field.getPromptText() + "\" " + Math.round(text) + " px in " + Math.round(room) + " px"
                        + (field.getId() == null ? "" : " (#" + field.getId() + ")"));
            }
        }
        if (n instanceof Parent p) {
            p.getChildrenUnmodifiable().forEach(c -> collect(c, cut));
        }
    }
}
