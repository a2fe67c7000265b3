package app.salondesk.gui.shell;

import app.salondesk.gui.common.BackgroundTasks;
import app.salondesk.i18n.Messages;
import app.salondesk.logic.booking.EngineFixture;
import app.salondesk.runtime.AppHome;
import app.salondesk.runtime.DbOptions;
import app.salondesk.runtime.ServerAddress;
import app.salondesk.runtime.SignInMemory;
import javafx.scene.Node;
import javafx.scene.Scene;
import javafx.scene.control.ComboBox;
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
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The sign-in as a receptionist meets it: a server's name (or a cluster's), a database already
 * filled in, the cursor where typing starts, and the servers of earlier sign-ins to choose from
 * after a restart. Signs in for real, as a staff login of a real server.
 */
@ExtendWith(ApplicationExtension.class)
class SignInFormTest {

    private static EngineFixture f;
    private static String login;
    /** localhost:port of the fixture's server, as a receptionist would type it. */
    private static String server;
    private static String database;
    private Stage stage;
    private final List<String> urlsTried = new CopyOnWriteArrayList<>();
    private final AtomicReference<Opening> signedIn = new AtomicReference<>();

    @BeforeAll
    static void serverWithStaff() {
        f = new EngineFixture("signinform", 2);
        login = "front_" + Long.toString(System.nanoTime(), 36);
        f.dsl.execute("CREATE ROLE " + login + " LOGIN PASSWORD 'right-password' IN ROLE salondesk_receptionist");
        f.dsl.execute("INSERT INTO staff (tenant_id, login, display_name, role) VALUES (" + f.tenant + ", '" + login + "', 'Front', 'receptionist')");
        ServerAddress.Entry entry = ServerAddress.entryOf(f.backend.database().settings().url()).orElseThrow();
        server = entry.server();
        database = entry.database();
    }

    @AfterAll
    static void close() {
        f.close();
    }

    @Start
    void start(Stage stage) {
        this.stage = stage;
        stage.setScene(new Scene(new Label(), 640, 470));
        stage.show();
    }

    /** The sign-in form of a desk on this home folder, as the application opens it. */
    private SignInViewModel open(FxRobot robot, Path home) {
        AtomicReference<SignInViewModel> vm = new AtomicReference<>();
        robot.interact(() -> {
            SignInViewModel form = new SignInViewModel(new SignInMemory(home), new BackgroundTasks(), new Messages(Locale.ENGLISH), null,
                    o -> {
                        urlsTried.add(o.url());
                        return Session.start(new AppHome(home), o, null);
                    });
            form.setOnSignedIn(signedIn::set);
            stage.setScene(new Scene(new SignInView(form, new Messages(Locale.ENGLISH)).root(), 640, 470));
            vm.set(form);
        });
        WaitForAsyncUtils.waitForFxEvents();
        return vm.get();
    }

    private Node focused() {
        return stage.getScene().getFocusOwner();
    }

    @Test
    void theCursorStartsInTheFirstEmptyField(FxRobot robot) throws Exception {
        Path fresh = Files.createTempDirectory("salondesk-signin-fresh");
        SignInViewModel first = open(robot, fresh);
        assertEquals("salondesk", first.databaseProperty().get(), "the database is filled in");
        assertSame(robot.lookup("#signin-server").query(), focused(), "nothing remembered: the server first");

        Path serverOnly = Files.createTempDirectory("salondesk-signin-server");
        new SignInMemory(serverOnly).remember("jdbc:postgresql://db.salon.lan:5432/salondesk", "");
        open(robot, serverOnly);
        assertSame(robot.lookup("#signin-login").query(), focused(), "a server remembered, no login: the login");

        Path both = Files.createTempDirectory("salondesk-signin-both");
        new SignInMemory(both).remember("jdbc:postgresql://db1:5432,db2:5433/salondesk?targetServerType=primary", "marta",
                "db1,db2:5433", "salondesk");
        SignInViewModel remembered = open(robot, both);
        assertSame(robot.lookup("#signin-password").query(), focused(), "server and login remembered: the password");
        assertEquals("db1,db2:5433", remembered.serverProperty().get(), "the cluster as it was typed, not its URL");
        assertEquals("marta", remembered.loginProperty().get());
        MainWindowTest.screenshot(stage.getScene(), "signin.png");
        robot.write("typed-at-once");
        assertEquals("typed-at-once", remembered.passwordProperty().get(), "typing goes straight into the password");
    }

    @Test
    void aBadServerIsOneSentenceAndNothingIsTried(FxRobot robot) throws Exception {
        open(robot, Files.createTempDirectory("salondesk-signin-bad"));
        robot.clickOn("#signin-server").write("db1,db2:70000");
        robot.clickOn("#signin-login").write(login);
        robot.clickOn("#signin-password").write("right-password");
        robot.clickOn("#signin-button");
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals("The port in \"db2:70000\" must be a number from 1 to 65535.", error(robot));
        assertEquals(List.of(), urlsTried, "no connection was tried");
        assertNull(signedIn.get());
    }

    @Test
    void aClusterSignsInToItsPrimaryAndTheServersSignedInToAreOfferedAfterARestart(FxRobot robot) throws Exception {
        Path home = Files.createTempDirectory("salondesk-signin-cluster");
        open(robot, home);
        // the fixture's server is the primary; a second host that answers nobody stands for the standby
        String cluster = server + ",localhost:1";
        robot.clickOn("#signin-server").write(cluster);
        Typing.retype(robot, "#signin-database", database);
        robot.clickOn("#signin-login").write(login);
        robot.clickOn("#signin-password").write("right-password");
        robot.clickOn("#signin-button");
        WaitForAsyncUtils.waitFor(20, TimeUnit.SECONDS, () -> signedIn.get() != null || !error(robot).isEmpty());
        assertEquals("", error(robot));
        assertEquals(List.of("jdbc:postgresql://" + server + ",localhost:1/" + database + "?targetServerType=primary"), urlsTried);
        assertEquals(f.tenant, ((Session) signedIn.get()).salon().id());
        signedIn.getAndSet(null).close();

        // a second sign-in, to one server, through the field
        open(robot, home);
        robot.interact(() -> robot.lookup("#signin-server").queryAs(ComboBox.class).getEditor().setText(server));
        robot.clickOn("#signin-password").write("right-password");
        robot.clickOn("#signin-button");
        WaitForAsyncUtils.waitFor(20, TimeUnit.SECONDS, () -> signedIn.get() != null || !error(robot).isEmpty());
        signedIn.getAndSet(null).close();

        // the restart: a new form on the same folder
        SignInViewModel again = open(robot, home);
        assertEquals(List.of(server, cluster), new SignInMemory(home).recentServers(), "the latest first, each once");
        assertEquals(List.of(server, cluster), robot.lookup("#signin-server").queryAs(ComboBox.class).getItems());
        assertEquals(server, again.serverProperty().get());
        assertEquals(database, again.databaseProperty().get());
        assertEquals(login, again.loginProperty().get());
        assertSame(robot.lookup("#signin-password").query(), focused());
        assertTrue(!Files.readString(home.resolve("settings.properties")).contains("right-password"), "never the password");

        // choosing the cluster from the list makes it the server again
        robot.interact(() -> robot.lookup("#signin-server").queryAs(ComboBox.class).getSelectionModel().select(cluster));
        assertEquals(cluster, again.serverProperty().get());
    }

    private static String error(FxRobot robot) {
        return robot.lookup("#signin-error").queryAs(Label.class).getText();
    }
}
