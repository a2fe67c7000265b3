package app.salondesk.gui.shell;

import app.salondesk.db.ConnectionSettings;
import app.salondesk.i18n.Messages;
import app.salondesk.logic.booking.EngineFixture;
import app.salondesk.logic.staff.StaffRepository;
import app.salondesk.model.salon.Salon;
import app.salondesk.runtime.Backend;
import com.zaxxer.hikari.HikariDataSource;
import javafx.scene.Scene;
import javafx.scene.control.Label;
import javafx.scene.control.MenuButton;
import javafx.stage.Stage;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.time.Clock;
import java.util.Locale;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** ☰ → Change my password, by a receptionist signed in to a shared server as her own login. */
@ExtendWith(ApplicationExtension.class)
class ChangePasswordTest {

    private static EngineFixture f;
    private static String login;
    private static Session session;
    private final CountingTasks tasks = new CountingTasks();
    private FrontDesk desk;

    @BeforeAll
    static void receptionistSignedIn() {
        f = new EngineFixture("changepassword", 2);
        login = "rita_" + Long.toString(System.nanoTime(), 36);
        new StaffRepository(f.dsl).add(f.tenant, login, "Rita", "receptionist", "old-password".toCharArray());
        session = new Session(Backend.connect(new ConnectionSettings(f.backend.location(), login, "old-password"), 2),
                new Salon(f.tenant, "Fixture", EngineFixture.ZONE));
    }

    @AfterAll
    static void close() {
        session.close();
        f.close();
    }

    @Start
    void start(Stage stage) {
        desk = TestDesks.forSession(stage, session, tasks, new Messages(Locale.ENGLISH), Clock.systemUTC());
        stage.setScene(new Scene(desk.window().root(), 1200, 800));
        stage.setX(0);
        stage.setY(0);
        stage.show();
    }

    @Test
    void sheTypesTheNewPasswordTwiceAndOnlyTheNewOneSignsInFromThen(FxRobot robot) throws Exception {
        WaitForAsyncUtils.waitFor(15, TimeUnit.SECONDS, () -> robot.lookup("#more").queryAs(MenuButton.class).getItems().stream()
                .anyMatch(i -> "change-password".equals(i.getId()) && i.isVisible()));
        robot.clickOn("#more");
        robot.clickOn("#change-password");
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> robot.lookup("#password-new").tryQuery().isPresent());

        robot.clickOn("#password-new").write("short");
        robot.clickOn("#password-repeat").write("short");
        robot.clickOn("#password-save");
        assertEquals("The password must have at least 8 characters.", message(robot));

        Typing.retype(robot, "#password-new", "new-password-1");
        Typing.retype(robot, "#password-repeat", "new-password-2");
        robot.clickOn("#password-save");
        assertEquals("The two passwords are not the same.", message(robot));

        Typing.retype(robot, "#password-repeat", "new-password-1");
        robot.clickOn("#password-save");
        WaitForAsyncUtils.waitFor(15, TimeUnit.SECONDS,
                () -> message(robot).equals("Your password was changed. Use the new one the next time you sign in."));
        MainWindowTest.screenshot(robot.lookup("#password-message").query().getScene(), "password-changed.png");

        String url = f.backend.location();
        try (Connection c = DriverManager.getConnection(url, login, "new-password-1")) {
            assertEquals(login, session_user(c));
        }
        SQLException refused = assertThrows(SQLException.class, () -> DriverManager.getConnection(url, login, "old-password").close());
        assertEquals("28P01", refused.getSQLState(), "password authentication failed");

        // the desk's own pool opens its next connections with the new password (the old one would time out here)
        tasks.awaitIdle();
        session.backend().database().dataSource().unwrap(HikariDataSource.class).getHikariPoolMXBean().softEvictConnections();
        assertEquals(login, session.backend().dsl().fetchValue("SELECT session_user::text", String.class));
    }

    @Test
    void aPasswordTypedAndNotSetIsAskedAboutBeforeItIsLost(FxRobot robot) throws Exception {
        WaitForAsyncUtils.waitFor(15, TimeUnit.SECONDS, () -> robot.lookup("#more").queryAs(MenuButton.class).getItems().stream()
                .anyMatch(i -> "change-password".equals(i.getId()) && i.isVisible()));
        robot.clickOn("#more");
        robot.clickOn("#change-password");
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> robot.lookup("#password-new").tryQuery().isPresent());
        Stage window = (Stage) robot.lookup("#password-new").query().getScene().getWindow();
        robot.type(javafx.scene.input.KeyCode.ESCAPE);   // nothing typed: it just closes
        WaitForAsyncUtils.waitFor(5, TimeUnit.SECONDS, () -> !window.isShowing());
        assertTrue(DiscardChangesTest.lookupQuestion().isEmpty());

        robot.clickOn("#more");
        robot.clickOn("#change-password");
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> robot.lookup("#password-new").tryQuery().isPresent());
        Stage again = (Stage) robot.lookup("#password-new").query().getScene().getWindow();
        robot.clickOn("#password-new").write("half-typed-1");
        robot.type(javafx.scene.input.KeyCode.ESCAPE);   // issue 31: it closed without a word
        assertEquals("Discard the new password you typed?", DiscardChangesTest.question(robot).getContentText());
        robot.type(javafx.scene.input.KeyCode.ENTER);
        WaitForAsyncUtils.waitFor(5, TimeUnit.SECONDS, () -> DiscardChangesTest.lookupQuestion().isEmpty());
        assertTrue(again.isShowing());
        assertEquals("half-typed-1", robot.lookup("#password-new").queryAs(javafx.scene.control.PasswordField.class).getText());
        robot.targetWindow(again);
        robot.clickOn("#password-close");
        DiscardChangesTest.question(robot);
        robot.clickOn("#discard-discard");
        WaitForAsyncUtils.waitFor(5, TimeUnit.SECONDS, () -> !again.isShowing());
    }

    private static String session_user(Connection c) throws SQLException {
        try (var st = c.createStatement(); var rs = st.executeQuery("SELECT session_user")) {
            rs.next();
            return rs.getString(1);
        }
    }

    private static String message(FxRobot robot) {
        return robot.lookup("#password-message").queryAs(Label.class).getText();
    }
}
