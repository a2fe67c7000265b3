package app.salondesk.gui.shell;

import app.salondesk.gui.clients.ConsentFormsViewModel;
import app.salondesk.logic.clients.ClientRecordRepository;
import app.salondesk.logic.clients.ClientsFixture;
import app.salondesk.model.booking.Source;
import app.salondesk.model.clients.RecordOutcome;
import app.salondesk.model.staff.StaffRole;
import javafx.scene.control.Button;
import javafx.scene.control.ComboBox;
import javafx.scene.control.ListView;
import javafx.scene.control.MenuButton;
import javafx.scene.control.MenuItem;
import javafx.scene.control.TextArea;
import javafx.scene.control.TextField;
import javafx.stage.Stage;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;

import java.util.List;
import java.util.concurrent.Callable;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * ☰ → Consent forms… (issue 36) through the real window and real logins: an admin writes a form for a service,
 * a client signs it, the admin rewrites it — the signature keeps the words she signed — and retires it; a form
 * without a title and text in one language is refused; a receptionist's desk does not offer the window and,
 * opened anyway, writes nothing.
 */
@ExtendWith(ApplicationExtension.class)
class ConsentFormsWindowTest {

    @RegisterExtension
    static final ClientsOnDesk salon = new ClientsOnDesk("consent_forms_window");
    private static ClientsFixture fx;
    private static String admin;
    private static String receptionist;

    @BeforeAll
    static void data() {
        fx = salon.fx();
        admin = salon.login("adm", StaffRole.ADMIN);
        receptionist = salon.login("rec", StaffRole.RECEPTIONIST);
    }

    @Test
    void anAdminWritesAFormRewritesItAndRetiresItAndASignatureKeepsItsWords(FxRobot robot) throws Exception {
        FrontDesk desk = salon.open(robot, admin);
        assertTrue(menuItem(robot, "consent-forms").isVisible(), "an admin's ☰ offers Consent forms…");
        robot.interact(() -> menuItem(robot, "consent-forms").fire());
        waitFor(() -> robot.lookup("#consents-service").tryQuery().isPresent()
                && robot.lookup("#consents-service").queryAs(ComboBox.class).getItems().size() == 2);

        robot.clickOn("#consents-new");
        robot.interact(() -> {
            @SuppressWarnings("unchecked")
            ComboBox<app.salondesk.logic.clients.ConsentForms.ServiceChoice> service = robot.lookup("#consents-service").queryAs(ComboBox.class);
            service.setValue(service.getItems().stream().filter(s -> s.id() == fx.haircut).findFirst().orElseThrow());
            robot.lookup("#consent-title-en").queryAs(TextField.class).setText("Title only");
        });
        robot.clickOn("#consents-save");
        waitFor(() -> message(robot).equals("Write a title and its text in at least one language."));
        assertEquals("0", one("SELECT count(*) FROM consent_templates WHERE tenant_id = " + fx.tenant));

        robot.interact(() -> {
            robot.lookup("#consent-title-en").queryAs(TextField.class).setText("Colour consent");
            robot.lookup("#consent-body-en").queryAs(TextArea.class).setText("I agree to the colour and its risks.");
            robot.lookup("#consent-title-uk").queryAs(TextField.class).setText("Згода на фарбування");
            robot.lookup("#consent-body-uk").queryAs(TextArea.class).setText("Я згодна на фарбування.");
        });
        robot.clickOn("#consents-save");
        waitFor(() -> message(robot).equals("Saved.") && rows(robot).equals(List.of("Colour consent \u00b7 Haircut")));
        long form = Long.parseLong(one("SELECT id FROM consent_templates WHERE tenant_id = " + fx.tenant));
        assertEquals("Haircut|Згода на фарбування||true", one("SELECT s.name || '|' || t.title_uk || '|' || t.title_ru || '|' || t.active"
                + " FROM consent_templates t JOIN services s ON s.id = t.service_id WHERE t.id = " + form));

        // a second form half-typed: picking the first in the list asks; Keep editing keeps what was typed
        robot.clickOn("#consents-new");
        robot.interact(() -> robot.lookup("#consent-title-en").queryAs(TextField.class).setText("Photos"));
        robot.interact(() -> robot.lookup("#consents-list").queryAs(ListView.class).getSelectionModel().select(0));
        DiscardChangesTest.question(robot);
        robot.clickOn("#discard-keep");
        waitFor(() -> DiscardChangesTest.lookupQuestion().isEmpty());
        assertEquals("Photos", robot.lookup("#consent-title-en").queryAs(TextField.class).getText());
        assertTrue(robot.lookup("#consents-list").queryAs(ListView.class).getSelectionModel().isEmpty(), "the list shows what is edited");
        robot.interact(() -> robot.lookup("#consents-list").queryAs(ListView.class).getSelectionModel().select(0));
        DiscardChangesTest.question(robot);
        robot.clickOn("#discard-discard");
        waitFor(() -> "Colour consent".equals(robot.lookup("#consent-title-en").queryAs(TextField.class).getText()));

        // she signs it at the desk, then the admin rewrites it
        RecordOutcome<?> signed = new ClientRecordRepository(salon.dsl(receptionist)).sign(fx.tenant, fx.iryna, form, null, "en",
                "Iryna Savchenko", true, Source.FORM);
        assertInstanceOf(RecordOutcome.Saved.class, signed);
        robot.interact(() -> robot.lookup("#consent-body-en").queryAs(TextArea.class)
                .setText("I agree to the colour, its risks and a patch test first."));
        robot.clickOn("#consents-save");
        waitFor(() -> "I agree to the colour, its risks and a patch test first.".equals(one("SELECT body_en FROM consent_templates WHERE id = " + form)));
        assertEquals("I agree to the colour and its risks.", one("SELECT signed_text FROM consent_signatures WHERE template_id = " + form),
                "what she signed stays as she signed it");

        robot.clickOn("#consents-retire");
        waitFor(() -> message(robot).startsWith("Retired") && rows(robot).equals(List.of("Colour consent \u00b7 Haircut \u00b7 retired")));
        assertEquals("false", one("SELECT active::text FROM consent_templates WHERE id = " + form));
        assertEquals("Offer again", robot.lookup("#consents-retire").queryAs(Button.class).getText());
        assertTrue(desk != null);

        // a title typed and not saved: Esc asks first, Discard closes and writes nothing
        Stage window = (Stage) robot.lookup("#consents-save").query().getScene().getWindow();
        robot.interact(() -> robot.lookup("#consent-title-en").queryAs(TextField.class).setText("Half-typed"));
        robot.interact(() -> robot.lookup("#consents-list").query().requestFocus());
        robot.targetWindow(window).type(javafx.scene.input.KeyCode.ESCAPE);
        DiscardChangesTest.question(robot);
        assertTrue(window.isShowing(), "the window waits for the answer");
        robot.clickOn("#discard-discard");
        waitFor(() -> !window.isShowing());
        assertEquals("Colour consent", one("SELECT title_en FROM consent_templates WHERE id = " + form));
    }

    @Test
    void aReceptionistsDeskDoesNotOfferTheWindowAndWritesNothing(FxRobot robot) throws Exception {
        FrontDesk desk = salon.open(robot, receptionist);
        assertFalse(menuItem(robot, "consent-forms").isVisible(), "a receptionist's ☰ has no Consent forms…");
        robot.interact(desk::openConsentForms);
        waitFor(() -> robot.lookup("#consents-save").tryQuery().isPresent());
        assertTrue(robot.lookup("#consents-save").queryAs(Button.class).isDisabled());
        assertTrue(robot.lookup("#consents-new").queryAs(Button.class).isDisabled());
        assertFalse(robot.lookup("#consent-title-en").queryAs(TextField.class).isEditable());
    }

    private static MenuItem menuItem(FxRobot robot, String id) {
        return robot.lookup("#more").queryAs(MenuButton.class).getItems().stream().filter(i -> id.equals(i.getId())).findFirst().orElseThrow();
    }

    private static String message(FxRobot robot) {
        return robot.lookup("#consents-message").queryLabeled().getText();
    }

    @SuppressWarnings("unchecked")
    private static List<String> rows(FxRobot robot) {
        ListView<ConsentFormsViewModel.Row> list = robot.lookup("#consents-list").queryAs(ListView.class);
        return List.copyOf(list.getItems()).stream().map(ConsentFormsViewModel.Row::text).toList();
    }

    private static String one(String sql) {
        return fx.dsl.resultQuery(sql).fetchOne(0, String.class);
    }

    private static void waitFor(Callable<Boolean> condition) throws Exception {
        ClientsOnDesk.waitFor(condition);
    }
}
