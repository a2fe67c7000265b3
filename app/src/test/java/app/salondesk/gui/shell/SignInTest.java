package app.salondesk.gui.shell;

import app.salondesk.gui.common.BackgroundTasks;
import app.salondesk.i18n.Messages;
import app.salondesk.logic.booking.EngineFixture;
import app.salondesk.runtime.AppHome;
import app.salondesk.runtime.SignInMemory;
import javafx.scene.Scene;
import javafx.scene.control.Label;
import javafx.stage.Stage;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Signing in to a shared server as one's own login. */
@ExtendWith(ApplicationExtension.class)
class SignInTest {

    private static EngineFixture f;
    private static String login;
    private static String gone;
    private static String lost;
    private static Path home;
    private final AtomicReference<Opening> signedIn = new AtomicReference<>();

    @BeforeAll
    static void serverWithStaff() throws Exception {
        f = new EngineFixture("signin", 2);
        String suffix = Long.toString(System.nanoTime(), 36);
        login = "desk_" + suffix;
        gone = "gone_" + suffix;
        lost = "lost_" + suffix;
        f.dsl.execute("CREATE ROLE " + login + " LOGIN PASSWORD 'right-password' IN ROLE salondesk_receptionist");
        f.dsl.execute("CREATE ROLE " + gone + " NOLOGIN PASSWORD 'right-password' IN ROLE salondesk_receptionist");
        // a login of the group that no admin has added to a salon yet
        f.dsl.execute("CREATE ROLE " + lost + " LOGIN PASSWORD 'right-password' IN ROLE salondesk_receptionist");
        f.dsl.execute("INSERT INTO staff (tenant_id, login, display_name, role) VALUES (" + f.tenant + ", '" + login + "', 'Desk', 'receptionist')");
        home = Files.createTempDirectory("salondesk-signin");
    }

    @AfterAll
    static void close() {
        f.close();
    }

    @Start
    void start(Stage stage) {
        SignInViewModel vm = new SignInViewModel(new SignInMemory(home), new BackgroundTasks(), new Messages(Locale.ENGLISH),
                f.backend.database().settings().url(), o -> Session.start(new AppHome(home), o, null));
        vm.setOnSignedIn(signedIn::set);
        stage.setScene(new Scene(new SignInView(vm, new Messages(Locale.ENGLISH)).root(), 640, 470));
        stage.show();
    }

    @Test
    void aWrongPasswordOrADisabledLoginIsOneSentenceAndTheRightOneSignsIn(FxRobot robot) throws Exception {
        robot.clickOn("#signin-login").write(login);
        robot.clickOn("#signin-password").write("wrong-password");
        robot.clickOn("#signin-button");
        WaitForAsyncUtils.waitFor(15, TimeUnit.SECONDS, () -> !error(robot).isEmpty());
        assertTrue(error(robot).endsWith("refused the user name or password."), error(robot));

        Typing.retype(robot, "#signin-login", gone);
        Typing.retype(robot, "#signin-password", "right-password");
        robot.clickOn("#signin-button");
        WaitForAsyncUtils.waitFor(15, TimeUnit.SECONDS, () -> error(robot).contains("does not let this login in"));

        Typing.retype(robot, "#signin-login", login);
        Typing.retype(robot, "#signin-password", "right-password");
        robot.clickOn("#signin-button");
        WaitForAsyncUtils.waitFor(15, TimeUnit.SECONDS, () -> signedIn.get() != null);
        assertEquals(f.tenant, ((Session) signedIn.get()).salon().id(), "the login's own salon");
        signedIn.get().close();

        SignInMemory remembered = new SignInMemory(home);
        assertEquals(login, remembered.login().orElseThrow());
        assertEquals(f.backend.database().settings().url(), remembered.server().orElseThrow());
        assertFalse(Files.readString(home.resolve("settings.properties")).contains("right-password"), "never the password");
    }

    @Test
    void aStaffLoginOfNoSalonIsToldSoInOneSentence(FxRobot robot) throws Exception {
        Typing.retype(robot, "#signin-login", lost);
        robot.clickOn("#signin-password").write("right-password");
        robot.clickOn("#signin-button");
        WaitForAsyncUtils.waitFor(15, TimeUnit.SECONDS, () -> !error(robot).isEmpty());
        assertEquals("There is no salon for " + lost + " on this server yet. A salon is set up by the database's owner "
                + "(SalonDesk started with the owner's login); then an admin adds your login under \u2630 \u2192 Staff.", error(robot));
        assertEquals(null, signedIn.get(), "no desk, no wizard: a staff login cannot make a salon");
    }

    private static String error(FxRobot robot) {
        return robot.lookup("#signin-error").queryAs(Label.class).getText();
    }
}
