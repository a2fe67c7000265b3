package app.salondesk.gui.shell;

import app.salondesk.logic.clients.ClientsFixture;
import app.salondesk.model.staff.StaffRole;
import com.calendarfx.view.DayEntryView;
import javafx.scene.Node;
import javafx.scene.control.Label;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;

import java.util.Locale;
import java.util.concurrent.Callable;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The salon's confirmation of a booking waiting for it — an online one, as the page leaves them pending — carries
 * the client's alerts (issue 36): right-click → Confirm on her entry, and the desk's notification says the alert
 * beside "Confirmed", through the real window and a real receptionist's login.
 */
@ExtendWith(ApplicationExtension.class)
class ConfirmAlertOnDeskTest {

    @RegisterExtension
    static final ClientsOnDesk salon = new ClientsOnDesk("confirm_alert");
    private static ClientsFixture fx;
    private static String receptionist;
    private static long pending;
    /** Tomorrow, so the booking is in the future for the database as for the desk. */
    private static final java.time.LocalDate DAY = java.time.LocalDate.now(ClientsFixture.ZONE).plusDays(1);
    private static final java.time.Clock CLOCK = java.time.Clock.fixed(DAY.atTime(9, 0).atZone(ClientsFixture.ZONE).toInstant(),
            ClientsFixture.ZONE);

    @BeforeAll
    static void data() {
        fx = salon.fx();
        receptionist = salon.login("rec", StaffRole.RECEPTIONIST);
        fx.dsl.execute("INSERT INTO client_notes (tenant_id, client_id, body, alert) VALUES (" + fx.tenant + ", " + fx.kiryl
                + ", 'Allergic to latex', true)");
        pending = fx.dsl.resultQuery("INSERT INTO bookings (tenant_id, master_id, client_id, service_id, starts_at, duration_min, status) VALUES ("
                + fx.tenant + ", " + fx.olena + ", " + fx.kiryl + ", " + fx.haircut + ", '" + DAY.atTime(15, 0).atZone(ClientsFixture.ZONE).toInstant()
                + "', 60, 'pending') RETURNING id").fetchOne(0, Long.class);
    }

    @Test
    void confirmingHerPendingBookingSaysHerAlert(FxRobot robot) throws Exception {
        salon.open(robot, receptionist, Locale.ENGLISH, CLOCK);
        waitFor(() -> entry(robot) != null);
        FrontDeskTest.openContextMenu(robot, entry(robot));
        robot.clickOn("#menu-confirm");
        // the notification says either what was done (and her alert) or why the confirmation was refused
        waitFor(() -> robot.lookup("#notification").queryAs(Label.class).getText().startsWith("Marked")
                || "pending".equals(fx.dsl.resultQuery("SELECT status FROM bookings WHERE id = " + pending).fetchOne(0, String.class))
                && robot.lookup("#notification").queryAs(Label.class).getText().length() > 0
                && !robot.lookup("#notification").queryAs(Label.class).getText().startsWith("Saving"));
        assertEquals("Marked Kiryl Bondar as \u201cConfirmed\u201d \u00b7 \u26a0 Allergic to latex",
                robot.lookup("#notification").queryAs(Label.class).getText());
        assertTrue(robot.lookup("#notification-undo").queryAs(javafx.scene.control.Hyperlink.class).isVisible(), "the confirmation can still be undone");
        assertEquals("confirmed", fx.dsl.resultQuery("SELECT status FROM bookings WHERE id = " + pending).fetchOne(0, String.class));
    }

    private static DayEntryView entry(FxRobot robot) {
        return robot.lookup((Node n) -> n instanceof DayEntryView d && d.isVisible() && d.getEntry().getTitle().startsWith("Kiryl"))
                .tryQueryAs(DayEntryView.class).orElse(null);
    }

    private static void waitFor(Callable<Boolean> condition) throws Exception {
        ClientsOnDesk.waitFor(condition);
    }
}
