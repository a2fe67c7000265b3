package app.salondesk.gui.shell;

import app.salondesk.gui.common.BackgroundTasks;
import app.salondesk.gui.staff.SalonLocksViewModel;
import app.salondesk.i18n.Messages;
import app.salondesk.logic.booking.EngineFixture;
import app.salondesk.logic.staff.StaffRepository;
import app.salondesk.model.salon.Salon;
import app.salondesk.model.staff.StaffMember;
import app.salondesk.model.staff.StaffRole;
import com.zaxxer.hikari.HikariDataSource;
import javafx.scene.Node;
import javafx.scene.Scene;
import javafx.scene.control.Button;
import javafx.scene.control.DatePicker;
import javafx.scene.control.Label;
import javafx.scene.control.ListCell;
import javafx.scene.control.TableRow;
import javafx.scene.control.TableView;
import javafx.scene.input.KeyCode;
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

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Clock;
import java.util.Locale;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/**
 * Admin → Staff, by a salon admin signed in as their own login: a colleague's new password,
 * and who holds a master's lock (and ending that session), also reached from the booking
 * form's "busy" answer.
 */
@ExtendWith(ApplicationExtension.class)
class StaffPasswordsAndLocksTest {

    private static EngineFixture f;
    private static HikariDataSource adminPool;
    private static String suffix;
    private static String url;

    @BeforeAll
    static void salonWithAdmin() {
        f = new EngineFixture("staffpasswordslocks", 2);
        suffix = Long.toString(System.nanoTime(), 36);
        url = f.backend.location();
        new StaffRepository(f.dsl).add(f.tenant, "adm_" + suffix, "Admin", "admin", "admin-password".toCharArray());
        adminPool = new HikariDataSource();
        adminPool.setJdbcUrl(url);
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
    void anAdminSetsAColleaguesPasswordAndOnlyTheNewOneSignsIn(FxRobot robot) throws Exception {
        String vika = "vika_" + suffix;
        new StaffRepository(f.dsl).add(f.tenant, vika, "Vika", "receptionist", "vika-old-pw".toCharArray());
        openStaff(robot);
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> rowOf(robot, vika) != null);
        MainWindowTest.screenshot(robot.lookup("#staff-table").query().getScene(), "staff-with-passwords-and-locks.png");
        robot.clickOn(robot.from(rowOf(robot, vika)).lookup(".staff-password").queryAs(Button.class));
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> robot.lookup("#password-new").tryQuery().isPresent());
        robot.clickOn("#password-new").write("vika-new-pw");
        robot.clickOn("#password-repeat").write("vika-new-pw");
        robot.clickOn("#password-save");
        WaitForAsyncUtils.waitFor(15, TimeUnit.SECONDS, () -> robot.lookup("#password-message").queryAs(Label.class).getText()
                .equals("The password of " + vika + " was changed."));

        DriverManager.getConnection(url, vika, "vika-new-pw").close();
        SQLException refused = assertThrows(SQLException.class, () -> DriverManager.getConnection(url, vika, "vika-old-pw").close());
        assertEquals("28P01", refused.getSQLState(), "password authentication failed");
    }

    @Test
    void anAdminSeesWhoHoldsAMastersLockAndEndsThatSession(FxRobot robot) throws Exception {
        String lena = "lena_" + suffix;
        new StaffRepository(f.dsl).add(f.tenant, lena, "Lena", "receptionist", "lena-password".toCharArray());
        // a colleague's program takes Anna's lock and sits on it, its transaction left open
        Connection holder = DriverManager.getConnection(url, lena, "lena-password");
        holder.setAutoCommit(false);
        try (Statement st = holder.createStatement()) {
            st.execute("SELECT salondesk_lock_master(" + f.tenant + ", " + f.anna + ")");
        }

        openStaff(robot);
        robot.clickOn("#staff-locks");
        WaitForAsyncUtils.waitFor(15, TimeUnit.SECONDS, () -> robot.lookup("#locks-table").tryQuery().isPresent()
                && locks(robot).getItems().size() == 1);
        SalonLocksViewModel.Row row = locks(robot).getItems().get(0);
        assertEquals("Anna", row.what());
        assertEquals(lena, row.login());
        assertEquals("holding", row.state());
        assertEquals("under a minute", row.heldFor());
        MainWindowTest.screenshot(locks(robot).getScene(), "master-locks.png");

        robot.clickOn(".locks-end");
        robot.clickOn("#locks-end-yes");
        WaitForAsyncUtils.waitFor(15, TimeUnit.SECONDS, () -> robot.lookup("#locks-message").queryAs(Label.class).getText()
                .equals("The session of " + lena + " was ended."));
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(0, locks(robot).getItems().size(), "nobody holds a lock any more");
        assertThrows(SQLException.class, () -> {
            try (Statement st = holder.createStatement()) {
                st.execute("SELECT 1");
            }
        }, "the server closed the holder's connection");
        holder.close();
        assertEquals(0, f.count("SELECT count(*) FROM pg_stat_activity WHERE usename = '" + lena + "'"));

        robot.clickOn("#locks-refresh");
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> robot.lookup("#locks-message").queryAs(Label.class).getText().isEmpty());
        assertEquals(0, locks(robot).getItems().size());
    }

    @Test
    void anAdminToldBusyByTheFormOpensTheLockListFromThere(FxRobot robot) throws Exception {
        String olga = "olga_" + suffix;
        new StaffRepository(f.dsl).add(f.tenant, olga, "Olga", "receptionist", "olga-password".toCharArray());
        try (Connection holder = DriverManager.getConnection(url, olga, "olga-password")) {
            holder.setAutoCommit(false);
            try (Statement st = holder.createStatement()) {
                st.execute("SELECT salondesk_lock_master(" + f.tenant + ", " + f.bohdan + ")");
            }
            robot.clickOn("#new-booking");
            WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> robot.lookup("#form-client-name").tryQuery().isPresent());
            robot.clickOn("#form-client-name").write("Walk In").type(KeyCode.TAB);
            choose(robot, "#form-service", "Cut");
            choose(robot, "#form-master", "Bohdan");
            robot.interact(() -> robot.lookup("#form-date").queryAs(DatePicker.class).setValue(EngineFixture.DAY));
            Typing.retype(robot, "#form-time", "12:00");
            robot.clickOn("#form-save");
            // the engine waits out its lock_timeout (5 s), then answers "busy"
            // the link is read on the FX thread's side of a layout pass: found, shown and in its window
            WaitForAsyncUtils.waitFor(20, TimeUnit.SECONDS, () -> robot.lookup("#form-who-holds")
                    .match((Node n) -> n.getScene() != null && n.isVisible()).tryQuery().isPresent());
            WaitForAsyncUtils.waitForFxEvents();
            MainWindowTest.screenshot(robot.lookup("#form-who-holds").query().getScene(), "booking-form-busy-who-holds.png");
            robot.clickOn("#form-who-holds");
            WaitForAsyncUtils.waitFor(15, TimeUnit.SECONDS, () -> robot.lookup("#locks-table").tryQuery().isPresent()
                    && locks(robot).getItems().size() == 1);
            assertEquals("Bohdan", locks(robot).getItems().get(0).what());
            assertEquals(olga, locks(robot).getItems().get(0).login());
        }
    }

    private static void choose(FxRobot robot, String comboId, String text) {
        robot.clickOn(comboId);
        robot.clickOn((Node n) -> n instanceof ListCell<?> c && c.getText() != null && c.getText().startsWith(text) && c.isVisible());
        WaitForAsyncUtils.waitForFxEvents();
    }

    private static void openStaff(FxRobot robot) throws Exception {
        robot.clickOn("#more");
        robot.clickOn("#staff");
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> robot.lookup("#staff-table").tryQuery().isPresent());
    }

    @SuppressWarnings("unchecked")
    private static TableView<SalonLocksViewModel.Row> locks(FxRobot robot) {
        return robot.lookup("#locks-table").queryAs(TableView.class);
    }

    private static TableRow<?> rowOf(FxRobot robot, String login) {
        return robot.lookup((Node n) -> n instanceof TableRow<?> r && r.getItem() instanceof StaffMember m && m.login().equals(login))
                .tryQueryAs(TableRow.class).orElse(null);
    }
}
