package app.salondesk.gui.shell;

import app.salondesk.logic.clients.ClientsFixture;
import app.salondesk.model.staff.StaffRole;
import javafx.scene.control.Button;
import javafx.scene.control.DialogPane;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.util.WaitForAsyncUtils;

import java.util.concurrent.Callable;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The client card's "Forget this client…" through the real windows (issue 15): an admin signed in
 * as their own login is asked, in a confirmation naming the client and saying what is kept, and
 * the database then holds the marker; Cancel forgets nothing. A receptionist's card has no such
 * buttons (and the database would refuse them anyway: ForgetClientAttackTest).
 */
@ExtendWith(ApplicationExtension.class)
class ForgetClientOnDeskTest {

    @RegisterExtension
    static final ClientsOnDesk salon = new ClientsOnDesk("forget_on_desk");
    private static ClientsFixture fx;
    private static String admin;
    private static String receptionist;

    @BeforeAll
    static void data() {
        fx = salon.fx();
        admin = salon.login("adm", StaffRole.ADMIN);
        receptionist = salon.login("rcp", StaffRole.RECEPTIONIST);
    }

    private FrontDesk desk(FxRobot robot, String login) {
        return salon.open(robot, login);
    }

    @Test
    void anAdminForgetsAClientAfterAConfirmationThatNamesThemAndSaysWhatIsKept(FxRobot robot) throws Exception {
        FrontDesk desk = desk(robot, admin);
        robot.interact(() -> desk.openClientCard(fx.kiryl));
        waitFor(() -> robot.lookup("#client-name").tryQuery().isPresent()
                && "Kiryl Bondar".equals(robot.lookup("#client-name").queryTextInputControl().getText()));
        waitFor(() -> !robot.lookup("#client-forget").queryAs(Button.class).isDisabled());

        // Cancel: nothing happens
        robot.clickOn("#client-forget");
        waitFor(() -> robot.lookup("#client-forget-dialog").tryQuery().isPresent());
        DialogPane dialog = robot.lookup("#client-forget-dialog").queryAs(DialogPane.class);
        assertEquals("Forget Kiryl Bondar?", dialog.getHeaderText());
        assertTrue(dialog.getContentText().contains("The name, phone and notes of Kiryl Bondar"), dialog.getContentText());
        assertTrue(dialog.getContentText().contains("Forgotten client #" + fx.kiryl), dialog.getContentText());
        assertTrue(dialog.getContentText().contains("Kept for the salon's statistics: the times, masters, services"), dialog.getContentText());
        robot.clickOn("#client-forget-cancel");
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals("Kiryl Bondar", fx.nameOf(fx.kiryl));

        // Forget: the database holds the marker, the card shows it
        robot.clickOn("#client-forget");
        waitFor(() -> robot.lookup("#client-forget-confirm").tryQuery().isPresent());
        robot.clickOn("#client-forget-confirm");
        waitFor(() -> ("Forgotten client #" + fx.kiryl).equals(fx.nameOf(fx.kiryl)));
        assertNull(fx.phoneOf(fx.kiryl));
        waitFor(() -> ("Forgotten client #" + fx.kiryl).equals(robot.lookup("#client-name").queryTextInputControl().getText()));
        assertEquals("Forgotten: the personal data is gone, the bookings are kept.", robot.lookup("#client-data-message").queryLabeled().getText());
        assertTrue(robot.lookup("#client-forget").queryAs(Button.class).isDisabled(), "nothing more to forget");
        assertEquals(admin, fx.dsl.resultQuery("SELECT forgotten_by FROM forgotten_clients WHERE client_id = " + fx.kiryl)
                .fetchOne(0, String.class));
    }

    @Test
    void aReceptionistsCardHasNoDataButtons(FxRobot robot) throws Exception {
        FrontDesk desk = desk(robot, receptionist);
        robot.interact(() -> desk.openClientCard(fx.zoia));
        waitFor(() -> robot.lookup("#client-name").tryQuery().isPresent()
                && "Zoia Lys".equals(robot.lookup("#client-name").queryTextInputControl().getText()));
        assertTrue(robot.lookup("#client-history").tryQuery().isPresent(), "the card is there, with its other actions");
        assertTrue(robot.lookup("#client-forget").tryQuery().isEmpty());
        assertTrue(robot.lookup("#client-export-data").tryQuery().isEmpty());
    }

    private static void waitFor(Callable<Boolean> condition) throws Exception {
        ClientsOnDesk.waitFor(condition);
    }
}
