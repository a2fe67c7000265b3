package app.salondesk.gui.shell;

import app.salondesk.db.ConnectionSettings;
import app.salondesk.i18n.Messages;
import app.salondesk.logic.booking.EngineFixture;
import app.salondesk.logic.staff.StaffRepository;
import app.salondesk.model.salon.Salon;
import app.salondesk.runtime.AppHome;
import app.salondesk.runtime.Backend;
import app.salondesk.runtime.DbOptions;
import javafx.scene.Scene;
import javafx.scene.control.Label;
import javafx.scene.control.MenuButton;
import javafx.scene.control.MenuItem;
import javafx.stage.Stage;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

import java.nio.file.Path;
import java.time.Clock;
import java.util.Locale;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A desk signed in as the database owner on a shared server says, for as long as it is open,
 * that this login is not for the desk; a staff login's desk does not, and neither does the
 * embedded single-PC desk, whose owner login is the application's by design.
 */
@ExtendWith(ApplicationExtension.class)
class OwnerWarningTest {

    private static EngineFixture f;
    private static String receptionist;
    private final CountingTasks tasks = new CountingTasks();
    private Stage stage;
    private FrontDesk desk;
    private Session ownSession;

    @BeforeAll
    static void sharedServer() {
        f = new EngineFixture("ownerwarning", 3);
        receptionist = "rec_" + Long.toString(System.nanoTime(), 36);
        new StaffRepository(f.dsl).add(f.tenant, receptionist, "Reception", "receptionist", "reception-pw".toCharArray());
    }

    @AfterAll
    static void close() {
        f.close();
    }

    @Start
    void start(Stage stage) {
        this.stage = stage;
    }

    @AfterEach
    void closeDesk(FxRobot robot) {
        if (desk != null) {
            robot.interact(desk::close);
        }
        tasks.close();
        if (ownSession != null) {
            ownSession.close();
        }
    }

    @Test
    void theOwnersDeskOnASharedServerWarnsAndOffersNoPasswordChange(FxRobot robot) throws Exception {
        // the fixture's backend is a shared-server connection (no embedded server of its own) as the owner
        assertFalse(f.backend.embedded());
        open(robot, new Session(f.backend, new Salon(f.tenant, "Fixture", EngineFixture.ZONE)));

        Label banner = robot.lookup("#owner-banner").queryAs(Label.class);
        WaitForAsyncUtils.waitFor(15, TimeUnit.SECONDS, banner::isVisible);
        assertTrue(banner.getText().startsWith("Signed in as " + f.backend.user() + ", the database owner's login."), banner.getText());
        assertTrue(banner.getText().contains("each person at the desk must sign in with their own login"), banner.getText());
        assertEquals("Signed in as " + f.backend.user(), signedIn(robot), "the owner's login on a server is no person's: named as the banner names it");
        assertTrue(banner.getWidth() > 0 && banner.getHeight() > 0, "laid out above the schedule");
        MainWindowTest.screenshot(stage.getScene(), "owner-warning.png");
        tasks.awaitIdle();
        assertFalse(changePassword(robot).isVisible(), "the owner is nobody's staff member");

        robot.interact(() -> desk.schedule().nextDay());
        tasks.awaitIdle();
        assertTrue(banner.isVisible(), "it stays");
    }

    @Test
    void aReceptionistsDeskOnASharedServerDoesNotWarnAndOffersHerPasswordChange(FxRobot robot) throws Exception {
        ownSession = new Session(Backend.connect(new ConnectionSettings(f.backend.location(), receptionist, "reception-pw"), 2),
                new Salon(f.tenant, "Fixture", EngineFixture.ZONE));
        open(robot, ownSession);

        WaitForAsyncUtils.waitFor(15, TimeUnit.SECONDS, () -> changePassword(robot).isVisible());
        tasks.awaitIdle();
        assertFalse(robot.lookup("#owner-banner").queryAs(Label.class).isVisible());
        assertEquals("Signed in as Reception", signedIn(robot), "her name at the salon, not her login " + receptionist);
    }

    @Test
    void theEmbeddedDeskDoesNotWarnThoughItIsTheOwner(FxRobot robot, @TempDir Path home) throws Exception {
        Opening empty = Session.start(new AppHome(home), DbOptions.embedded(), null);
        new app.salondesk.logic.demo.DemoSalon(empty.backend().dsl(), Clock.systemUTC()).seed();   // the welcome screen's demo choice
        ownSession = (Session) Session.choose(empty.backend(), null);
        assertTrue(ownSession.backend().embedded());
        assertTrue(new StaffRepository(ownSession.backend().dsl()).signedInAsOwner(), "the application is the owner by design");
        open(robot, ownSession);
        WaitForAsyncUtils.waitFor(15, TimeUnit.SECONDS, () -> desk.schedule().scheduleProperty().get() != null);
        // issue 31: "Signed in as postgres" on the embedded desk
        assertEquals("Signed in as the salon's admin", signedIn(robot), "a salon without an admin's name");
        robot.interact(desk::close);
        ownSession.backend().dsl().execute("INSERT INTO staff (tenant_id, login, display_name, role) VALUES (?, 'olena_admin', 'Olena Kovalenko', 'admin')",
                ownSession.salon().id());
        open(robot, ownSession);
        assertEquals("Signed in as Olena Kovalenko", signedIn(robot), "the salon's admin by her name");

        WaitForAsyncUtils.waitFor(15, TimeUnit.SECONDS, () -> desk.schedule().scheduleProperty().get() != null);
        tasks.awaitIdle();
        assertFalse(robot.lookup("#owner-banner").queryAs(Label.class).isVisible());
        assertFalse(changePassword(robot).isVisible(), "the embedded server's password is the application's");
    }

    /** Builds the desk as the application does for a session, and shows it. */
    private void open(FxRobot robot, Session session) {
        robot.interact(() -> {
            desk = TestDesks.forSession(stage, session, tasks, new Messages(Locale.ENGLISH), Clock.systemUTC());
            stage.setScene(new Scene(desk.window().root(), 1200, 800));
            stage.setX(0);
            stage.setY(0);
            stage.show();
        });
    }

    private static String signedIn(FxRobot robot) {
        return robot.lookup("#signed-in").queryAs(Label.class).getText();
    }

    private static MenuItem changePassword(FxRobot robot) {
        return robot.lookup("#more").queryAs(MenuButton.class).getItems().stream()
                .filter(i -> "change-password".equals(i.getId())).findFirst().orElseThrow();
    }
}
