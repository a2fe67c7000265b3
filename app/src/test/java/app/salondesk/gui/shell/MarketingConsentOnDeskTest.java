package app.salondesk.gui.shell;

import app.salondesk.logic.clients.ClientsFixture;
import app.salondesk.model.staff.StaffRole;
import javafx.scene.Node;
import javafx.scene.control.CheckBox;
import javafx.scene.control.Label;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;

import java.util.concurrent.Callable;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Marketing consent per channel on the Record… window (issue 36, item 6), through the real window and a receptionist's
 * real login: a client never asked says so; ticking e-mail and saving records it in the receptionist's name with the
 * time, which the window then shows; changing only her tags leaves who and when as they were.
 */
@ExtendWith(ApplicationExtension.class)
class MarketingConsentOnDeskTest {

    @RegisterExtension
    static final ClientsOnDesk salon = new ClientsOnDesk("marketing_on_desk");
    private static ClientsFixture fx;
    private static String receptionist;

    @BeforeAll
    static void data() {
        fx = salon.fx();
        receptionist = salon.login("rec", StaffRole.RECEPTIONIST);
    }

    @Test
    void aReceptionistRecordsMarketingConsentPerChannelAndTheWindowSaysWhoAndWhen(FxRobot robot) throws Exception {
        FrontDesk desk = salon.open(robot, receptionist);
        robot.interact(() -> desk.openClientCard(fx.zoia));
        waitFor(() -> robot.lookup("#client-record").tryQuery().map(n -> !n.isDisabled()).orElse(false));
        robot.clickOn("#client-record");
        waitFor(() -> "Never asked".equals(recorded(robot)));
        assertEquals(false, robot.lookup("#record-marketing-email").queryAs(CheckBox.class).isSelected());

        robot.interact(() -> robot.lookup("#record-marketing-email").queryAs(CheckBox.class).setSelected(true));
        robot.interact(() -> robot.lookup("#record-card-save").queryButton().fire());
        waitFor(() -> ("{email}|" + receptionist).equals(one("SELECT marketing_channels::text || '|' || marketing_by FROM clients WHERE id = " + fx.zoia)));
        waitFor(() -> recorded(robot).startsWith("Last changed by " + receptionist + ", "));
        String at = one("SELECT marketing_at::text FROM clients WHERE id = " + fx.zoia);
        assertEquals("form", one("SELECT marketing_how FROM clients WHERE id = " + fx.zoia));

        // only her tags change: who and when of the consent stay
        robot.interact(() -> robot.lookup("#record-tags").queryTextInputControl().setText("VIP"));
        robot.interact(() -> robot.lookup("#record-card-save").queryButton().fire());
        waitFor(() -> "VIP".equals(one("SELECT array_to_string(tags, ',') FROM clients WHERE id = " + fx.zoia)));
        assertEquals(at, one("SELECT marketing_at::text FROM clients WHERE id = " + fx.zoia));

        robot.interact(() -> {
            robot.lookup("#record-marketing-email").queryAs(CheckBox.class).setSelected(false);
            robot.lookup("#record-marketing-sms").queryAs(CheckBox.class).setSelected(true);
        });
        robot.interact(() -> robot.lookup("#record-card-save").queryButton().fire());
        waitFor(() -> "{sms}".equals(one("SELECT marketing_channels::text FROM clients WHERE id = " + fx.zoia)));
        assertTrue(robot.lookup("#record-marketing-sms").queryAs(CheckBox.class).isSelected());
        Node label = robot.lookup("#record-marketing-recorded").query();
        assertTrue(label.isVisible());
    }

    private static String recorded(FxRobot robot) {
        return robot.lookup("#record-marketing-recorded").tryQuery().map(n -> ((Label) n).getText()).orElse("");
    }

    private static String one(String sql) {
        return fx.dsl.resultQuery(sql).fetchOne(0, String.class);
    }

    private static void waitFor(Callable<Boolean> condition) throws Exception {
        ClientsOnDesk.waitFor(condition);
    }
}
