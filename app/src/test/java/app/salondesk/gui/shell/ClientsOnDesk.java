package app.salondesk.gui.shell;

import app.salondesk.gui.common.BackgroundTasks;
import app.salondesk.i18n.Messages;
import app.salondesk.logic.clients.ClientsFixture;
import app.salondesk.logic.clients.StaffLogins;
import app.salondesk.model.staff.StaffRole;
import javafx.scene.Scene;
import javafx.stage.Stage;
import javafx.stage.Window;
import org.testfx.api.FxRobot;
import org.testfx.util.WaitForAsyncUtils;

import java.time.Clock;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;

/**
 * The set-up the desk's client tests share (ClientListWindowTest, ClientRecordOnDeskTest, ConfirmAlertOnDeskTest,
 * ForgetClientOnDeskTest): the {@link ClientsFixture} salon with real staff logins, the front desk opened in the
 * TestFX stage as one of them, the windows a test left open closed after it, and the wait for what the desk shows.
 * One per test class, made in {@code @BeforeAll} and closed in {@code @AfterAll}; the stage and the background
 * tasks stay each test's own.
 */
final class ClientsOnDesk implements AutoCloseable {

    /** The salon, its clients, masters and services. */
    final ClientsFixture fx;
    private final StaffLogins logins;
    private final Map<String, StaffRole> roles = new HashMap<>();

    ClientsOnDesk(String schema) {
        fx = new ClientsFixture(schema);
        logins = new StaffLogins(fx.dsl, fx.backend.database().settings());
    }

    /** A new real login of the salon with {@code role}; answers its name. */
    String login(String prefix, StaffRole role) {
        String login = logins.add(fx.tenant, prefix, role.name().toLowerCase(Locale.ROOT));
        roles.put(login, role);
        return login;
    }

    /** The desk in English on the fixture's day ({@link ClientsFixture#CLOCK}), signed in as {@code login}, shown in {@code stage}. */
    FrontDesk open(FxRobot robot, Stage stage, BackgroundTasks tasks, String login) {
        return open(robot, stage, tasks, login, Locale.ENGLISH, ClientsFixture.CLOCK);
    }

    /** The desk in {@code language} at {@code clock}, signed in as {@code login}, shown in {@code stage}. */
    FrontDesk open(FxRobot robot, Stage stage, BackgroundTasks tasks, String login, Locale language, Clock clock) {
        FrontDesk[] desk = new FrontDesk[1];
        robot.interact(() -> {
            desk[0] = TestDesks.frontDesk(stage, logins.dsl(login), fx.salon, tasks, new Messages(language), clock, login,
                    "Database: test", null, roles.get(login));
            stage.setScene(new Scene(desk[0].window().root(), 1100, 700));
            stage.show();
        });
        return desk[0];
    }

    /** Hides every window but the test's stage: the card and record windows of one test are not the next test's. */
    static void closeOtherWindows(FxRobot robot, Stage stage) {
        robot.interact(() -> new ArrayList<>(Window.getWindows()).stream().filter(w -> w != stage).forEach(Window::hide));
    }

    /** Waits (20 s at most) until the desk shows what {@code condition} asks, then for the FX events it set off. */
    static void waitFor(Callable<Boolean> condition) throws Exception {
        WaitForAsyncUtils.waitFor(20, TimeUnit.SECONDS, condition);
        WaitForAsyncUtils.waitForFxEvents();
    }

    @Override
    public void close() {
        logins.close();
        fx.close();
    }
}
