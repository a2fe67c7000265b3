package app.salondesk.gui.shell;

import app.salondesk.gui.common.BackgroundTasks;
import app.salondesk.i18n.Messages;
import app.salondesk.logic.clients.ClientsFixture;
import app.salondesk.logic.clients.StaffLogins;
import app.salondesk.model.staff.StaffRole;
import javafx.scene.Scene;
import javafx.stage.Stage;
import javafx.stage.Window;
import org.jooq.DSLContext;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;
import javafx.scene.Node;
import org.testfx.api.FxRobot;
import org.testfx.api.FxToolkit;
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
 * ForgetClientOnDeskTest, MarketingConsentOnDeskTest, ConsentFormsWindowTest), as a JUnit extension beside TestFX's {@code ApplicationExtension}: the {@link ClientsFixture}
 * salon with real staff logins for the test class, the front desk opened in TestFX's stage as one of them with each
 * test's own background tasks, the windows a test left open closed after it, and the wait for what the desk shows.
 * A test class holds it in a static {@code @RegisterExtension} field and adds its logins and rows in its own
 * {@code @BeforeAll}, which runs after the salon is made.
 */
final class ClientsOnDesk implements BeforeAllCallback, BeforeEachCallback, AfterEachCallback, AfterAllCallback {

    private final String schema;
    private final Map<String, StaffRole> roles = new HashMap<>();
    private ClientsFixture fx;
    private StaffLogins logins;
    private BackgroundTasks tasks;
    private Stage stage;

    /** The salon is made in a schema of this name before the class's tests. */
    ClientsOnDesk(String schema) {
        this.schema = schema;
    }

    @Override
    public void beforeAll(ExtensionContext context) {
        fx = new ClientsFixture(schema);
        logins = new StaffLogins(fx.dsl, fx.backend.database().settings());
    }

    @Override
    public void beforeEach(ExtensionContext context) {
        tasks = new BackgroundTasks();
        stage = FxToolkit.toolkitContext().getRegisteredStage();
    }

    @Override
    public void afterEach(ExtensionContext context) {
        closeOtherWindows(new FxRobot());
        tasks.close();
    }

    @Override
    public void afterAll(ExtensionContext context) {
        logins.close();
        fx.close();
    }

    /** The salon, its clients, masters and services. */
    ClientsFixture fx() {
        return fx;
    }

    /** TestFX's stage, where the desk is shown. */
    Stage stage() {
        return stage;
    }

    /** The test's background tasks (stopped after it). */
    BackgroundTasks tasks() {
        return tasks;
    }

    /** A new real login of the salon with {@code role}; answers its name. */
    String login(String prefix, StaffRole role) {
        String login = logins.add(fx.tenant, prefix, role.name().toLowerCase(Locale.ROOT));
        roles.put(login, role);
        return login;
    }

    /** A pool signed in as {@code login}, for what a test does beside the desk. */
    DSLContext dsl(String login) {
        return logins.dsl(login);
    }

    /** The desk in English on the fixture's day ({@link ClientsFixture#CLOCK}), signed in as {@code login}. */
    FrontDesk open(FxRobot robot, String login) {
        return open(robot, login, Locale.ENGLISH, ClientsFixture.CLOCK);
    }

    /** The desk in {@code language} at {@code clock}, signed in as {@code login}. */
    FrontDesk open(FxRobot robot, String login, Locale language, Clock clock) {
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
    void closeOtherWindows(FxRobot robot) {
        robot.interact(() -> new ArrayList<>(Window.getWindows()).stream().filter(w -> w != stage).forEach(Window::hide));
    }

    /** Waits (20 s at most) until the desk shows what {@code condition} asks, then for the FX events it set off. */
    static void waitFor(Callable<Boolean> condition) throws Exception {
        WaitForAsyncUtils.waitFor(20, TimeUnit.SECONDS, condition);
        WaitForAsyncUtils.waitForFxEvents();
    }

    /** Scrolls the record window's pane so the node {@code query} finds is in view (40 px below its top). */
    static void scrollTo(FxRobot robot, String query) {
        Node node = robot.lookup(query).query();
        robot.interact(() -> {
            Node p = node;
            while (p != null && !(p instanceof javafx.scene.control.ScrollPane)) {
                p = p.getParent();
            }
            javafx.scene.control.ScrollPane pane = (javafx.scene.control.ScrollPane) p;
            double y = pane.getContent().sceneToLocal(node.localToScene(0, 0)).getY();
            double room = pane.getContent().getBoundsInLocal().getHeight() - pane.getViewportBounds().getHeight();
            pane.setVvalue(room <= 0 ? 0 : Math.min(1, Math.max(0, (y - 40) / room)));
        });
        WaitForAsyncUtils.waitForFxEvents();
    }
}
