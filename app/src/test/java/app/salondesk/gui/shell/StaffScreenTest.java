package app.salondesk.gui.shell;

import app.salondesk.gui.common.BackgroundTasks;
import app.salondesk.i18n.Messages;
import app.salondesk.logic.booking.EngineFixture;
import app.salondesk.logic.staff.StaffRepository;
import app.salondesk.model.salon.Salon;
import app.salondesk.model.staff.StaffRole;
import com.zaxxer.hikari.HikariDataSource;
import javafx.scene.Scene;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.TableView;
import javafx.stage.Stage;
import org.jooq.SQLDialect;
import org.jooq.impl.DSL;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

import java.sql.DriverManager;
import java.time.Clock;
import java.util.Locale;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

/** Admin → Staff, used by a salon admin signed in as their own login. */
@ExtendWith(ApplicationExtension.class)
class StaffScreenTest {

    private static EngineFixture f;
    private static HikariDataSource adminPool;
    private static String suffix;

    @BeforeAll
    static void salonWithAdmin() {
        f = new EngineFixture("staffscreen", 2);
        suffix = Long.toString(System.nanoTime(), 36);
        new StaffRepository(f.dsl).add(f.tenant, "adm_" + suffix, "Admin", "admin", "admin-password".toCharArray());
        adminPool = new HikariDataSource();
        adminPool.setJdbcUrl(f.backend.database().settings().url());
        adminPool.setUsername("adm_" + suffix);
        adminPool.setPassword("admin-password");
        adminPool.setMaximumPoolSize(3);
    }

    @AfterAll
    static void close() {
        adminPool.close();
        f.close();
    }

    @Start
    void start(Stage stage) {
        FrontDesk desk = TestDesks.frontDesk(stage, app.salondesk.runtime.Backend.dslOn(adminPool), new Salon(f.tenant, "Fixture", EngineFixture.ZONE),
                new BackgroundTasks(), new Messages(Locale.ENGLISH), Clock.systemUTC(), "admin", "Database: test", null, StaffRole.ADMIN);
        stage.setScene(new Scene(desk.window().root(), 1300, 800));
        stage.setX(0);
        stage.setY(0);
        stage.show();
    }

    @Test
    void anAdminAddsAReceptionistAndDisablesHer(FxRobot robot) throws Exception {
        robot.clickOn("#more");
        robot.clickOn("#staff");
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> robot.lookup("#staff-table").tryQuery().isPresent());
        robot.clickOn("#staff-new-login").write("anna_" + suffix);
        robot.clickOn("#staff-new-name").write("Anna");
        robot.clickOn("#staff-new-password").write("anna-password");
        robot.clickOn("#staff-add");
        WaitForAsyncUtils.waitFor(15, TimeUnit.SECONDS, () -> robot.lookup("#staff-message").queryAs(Label.class).getText()
                .equals("anna_" + suffix + " was added."));
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> robot.lookup("#staff-table").queryAs(TableView.class).getItems().size() == 2);
        DriverManager.getConnection(f.backend.database().settings().url(), "anna_" + suffix, "anna-password").close();

        javafx.scene.control.TableRow<?> annasRow = robot.lookup((javafx.scene.Node n) -> n instanceof javafx.scene.control.TableRow<?> r
                        && r.getItem() instanceof app.salondesk.model.staff.StaffMember m && m.login().equals("anna_" + suffix))
                .queryAs(javafx.scene.control.TableRow.class);
        robot.clickOn(robot.from(annasRow).lookup(".staff-disable").queryAs(Button.class));
        WaitForAsyncUtils.waitFor(15, TimeUnit.SECONDS, () -> robot.lookup("#staff-message").queryAs(Label.class).getText()
                .equals("anna_" + suffix + " can no longer sign in."));
        assertFalse(f.dsl.resultQuery("SELECT active FROM staff WHERE login = 'anna_" + suffix + "'").fetchOne(0, Boolean.class));
        assertEquals(1, f.count("SELECT count(*) FROM pg_roles WHERE rolname = 'anna_" + suffix + "' AND NOT rolcanlogin"));
    }
}
