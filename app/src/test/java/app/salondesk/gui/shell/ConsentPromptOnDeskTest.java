package app.salondesk.gui.shell;

import app.salondesk.gui.common.BackgroundTasks;
import app.salondesk.i18n.Messages;
import app.salondesk.logic.clients.ClientsFixture;
import app.salondesk.logic.clients.StaffLogins;
import app.salondesk.model.clients.ConsentTemplate;
import app.salondesk.model.staff.StaffRole;
import javafx.scene.Node;
import javafx.scene.Scene;
import javafx.scene.control.ComboBox;
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

import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

/**
 * The booking form prompts for a consent form (issue 36, item 5), through the real windows and a real
 * receptionist's login: a service with a form the chosen client never signed says "Needs a signed
 * consent: <title>" with "Sign now…", which opens her record with that form chosen (not the salon's first
 * one); once she has signed and the record is closed, the prompt is gone. A service without a form, or a
 * form she signed, says nothing.
 */
@ExtendWith(ApplicationExtension.class)
class ConsentPromptOnDeskTest {

    private static ClientsFixture fx;
    private static StaffLogins logins;
    private static String receptionist;
    private static long lashes;
    private static long lashForm;

    private final BackgroundTasks tasks = new BackgroundTasks();
    private Stage stage;

    @BeforeAll
    static void salon() {
        fx = new ClientsFixture("consent_prompt_on_desk");
        logins = new StaffLogins(fx.dsl, fx.backend.database().settings());
        receptionist = logins.add(fx.tenant, "rec", "receptionist");
        lashes = fx.dsl.resultQuery("INSERT INTO services (tenant_id, name, duration_min, price) VALUES (" + fx.tenant
                + ", 'Lash lift', 60, 600) RETURNING id").fetchOne(0, Long.class);
        // a salon-wide form comes first in the record's list: "Sign now…" must choose the service's own
        fx.dsl.execute("INSERT INTO consent_templates (tenant_id, title_en, body_en) VALUES (" + fx.tenant
                + ", 'Photo consent', 'Photos may be taken.')");
        lashForm = fx.dsl.resultQuery("INSERT INTO consent_templates (tenant_id, service_id, title_en, body_en) VALUES (" + fx.tenant + ", "
                + lashes + ", 'Lash lift consent', 'The glue may irritate the eyes.') RETURNING id").fetchOne(0, Long.class);
    }

    @AfterAll
    static void close() {
        logins.close();
        fx.close();
    }

    @AfterEach
    void stopWorkers(FxRobot robot) {
        robot.interact(() -> new java.util.ArrayList<>(javafx.stage.Window.getWindows()).stream().filter(w -> w != stage)
                .forEach(javafx.stage.Window::hide));
        tasks.close();
    }

    @Start
    void start(Stage stage) {
        this.stage = stage;
    }

    @Test
    void aServiceWithAFormSheNeverSignedIsPromptedAndSignedFromTheBookingForm(FxRobot robot) throws Exception {
        FrontDesk[] desk = new FrontDesk[1];
        robot.interact(() -> {
            desk[0] = TestDesks.frontDesk(stage, logins.dsl(receptionist), fx.salon, tasks, new Messages(Locale.ENGLISH), ClientsFixture.CLOCK,
                    receptionist, "Database: test", null, StaffRole.RECEPTIONIST);
            stage.setScene(new Scene(desk[0].window().root(), 1100, 700));
            stage.show();
        });
        robot.interact(() -> desk[0].openClientCard(fx.kovalenko));
        waitFor(() -> robot.lookup("#client-name").tryQuery().isPresent()
                && "Iryna Kovalenko".equals(robot.lookup("#client-name").queryTextInputControl().getText()));
        robot.clickOn("#client-book");
        waitFor(() -> robot.lookup("#form-service").tryQuery().isPresent());

        choose(robot, "#form-service", "Haircut");
        WaitForAsyncUtils.sleep(500, TimeUnit.MILLISECONDS);
        assertFalse(visible(robot, "#form-consent"), "a service without a form asks for nothing");

        choose(robot, "#form-service", "Lash lift");
        waitFor(() -> visible(robot, "#form-consent"));
        assertEquals("Needs a signed consent: Lash lift consent", robot.lookup("#form-consent").queryAs(Label.class).getText());
        assertFalse(robot.lookup("#form-save").query().isDisabled(), "booking stays allowed: the salon may collect it at the visit");

        robot.clickOn("#form-consent-sign");
        waitFor(() -> robot.lookup("#record-consent-text").tryQuery().isPresent()
                && "The glue may irritate the eyes.".equals(robot.lookup("#record-consent-text").queryTextInputControl().getText()));
        @SuppressWarnings("unchecked") ComboBox<ConsentTemplate> form = robot.lookup("#record-consent-form").queryAs(ComboBox.class);
        assertEquals(lashForm, form.getValue().id(), "the service's form is the one offered");
        scrollTo(robot, "#record-consent-name");
        robot.clickOn("#record-consent-name").write("Iryna Kovalenko");
        robot.clickOn("#record-consent-agree");
        robot.clickOn("#record-consent-sign");
        waitFor(() -> fx.dsl.fetchCount(fx.dsl.selectFrom("consent_signatures").where("client_id = " + fx.kovalenko
                + " AND template_id = " + lashForm)) == 1);
        assertEquals("Iryna Kovalenko|Lash lift consent|" + receptionist, fx.dsl.resultQuery("SELECT typed_name || '|' || title || '|' "
                + "|| created_by FROM consent_signatures WHERE client_id = " + fx.kovalenko).fetchOne(0, String.class));

        javafx.stage.Window record = robot.lookup("#record-consent-text").query().getScene().getWindow();
        robot.interact(record::hide);
        waitFor(() -> !visible(robot, "#form-consent"));
        // and the same service again: she has signed it, nothing to ask
        // (picked through the combo's model: the form's window is no longer the focused one)
        select(robot, "#form-service", "Haircut");
        select(robot, "#form-service", "Lash lift");
        WaitForAsyncUtils.sleep(500, TimeUnit.MILLISECONDS);
        WaitForAsyncUtils.waitForFxEvents();
        assertFalse(visible(robot, "#form-consent"), "signed once: not asked again");
    }

    private static boolean visible(FxRobot robot, String query) {
        return robot.lookup(query).tryQuery().map(n -> n.getParent() != null && n.getParent().isVisible() && !((Label) n).getText().isEmpty())
                .orElse(false);
    }

    private static void choose(FxRobot robot, String comboId, String text) {
        ComboBox<?> combo = robot.lookup(comboId).queryAs(ComboBox.class);
        robot.clickOn(combo);
        robot.clickOn((Node n) -> n instanceof javafx.scene.control.ListCell<?> c && c.getText() != null
                && c.getText().startsWith(text) && c.isVisible());
        WaitForAsyncUtils.waitForFxEvents();
    }

    @SuppressWarnings({"rawtypes", "unchecked"})
    private static void select(FxRobot robot, String comboId, String text) {
        ComboBox combo = robot.lookup(comboId).queryAs(ComboBox.class);
        robot.interact(() -> {
            for (Object item : combo.getItems()) {
                if (combo.getConverter().toString(item).startsWith(text)) {
                    combo.getSelectionModel().select(item);
                    return;
                }
            }
            throw new AssertionError("no " + text + " in " + comboId);
        });
        WaitForAsyncUtils.waitForFxEvents();
    }

    private static void scrollTo(FxRobot robot, String query) {
        ClientsOnDesk.scrollTo(robot, query);
    }

    private static void waitFor(Callable<Boolean> condition) throws Exception {
        WaitForAsyncUtils.waitFor(20, TimeUnit.SECONDS, condition);
        WaitForAsyncUtils.waitForFxEvents();
    }
}
