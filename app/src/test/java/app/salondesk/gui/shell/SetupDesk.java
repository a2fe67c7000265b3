package app.salondesk.gui.shell;

import app.salondesk.gui.common.BackgroundTasks;
import app.salondesk.i18n.Messages;
import app.salondesk.logic.booking.EngineFixture;
import app.salondesk.logic.staff.StaffRepository;
import app.salondesk.model.booking.Booking;
import app.salondesk.model.salon.Salon;
import app.salondesk.model.staff.MasterDetails;
import app.salondesk.model.staff.StaffRole;
import com.zaxxer.hikari.HikariDataSource;
import javafx.scene.Node;
import javafx.scene.Scene;
import javafx.scene.control.Label;
import javafx.scene.control.ListCell;
import javafx.stage.Stage;
import org.jooq.DSLContext;
import org.jooq.SQLDialect;
import org.jooq.impl.DSL;
import org.testfx.api.FxRobot;
import org.testfx.util.WaitForAsyncUtils;

import java.time.Clock;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalTime;
import java.time.ZoneOffset;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;

/**
 * A salon for the setup screens' GUI tests, and a desk signed in as a real staff login of a
 * given role: its own PostgreSQL role, so every write meets the database's grants and
 * row-level security as at a real desk. The desk's clock stands on the Sunday before
 * {@link EngineFixture#DAY}, so "from now on" and "the next 90 days" reach the fixture's week.
 */
final class SetupDesk implements AutoCloseable {

    static final Clock CLOCK = Clock.fixed(Instant.parse("2030-01-06T08:00:00Z"), ZoneOffset.UTC);

    final EngineFixture f;
    final HikariDataSource pool;
    final String login;
    final DSLContext dsl;

    SetupDesk(String name, String role) {
        f = new EngineFixture(name, 3);
        login = role.substring(0, 3) + "_" + Long.toString(System.nanoTime(), 36);
        new StaffRepository(f.dsl).add(f.tenant, login, "Staff", role, "staff-password".toCharArray());
        pool = new HikariDataSource();
        pool.setJdbcUrl(f.backend.database().settings().url());
        pool.setUsername(login);
        pool.setPassword("staff-password");
        pool.setMaximumPoolSize(4);
        dsl = app.salondesk.runtime.Backend.dslOn(pool);
    }

    /** The desk in a window of its own (tests of one class may sign in with different roles). */
    FrontDesk show(Stage stage, Locale locale, StaffRole role) {
        FrontDesk desk = TestDesks.frontDesk(stage, dsl, new Salon(f.tenant, "Fixture", EngineFixture.ZONE), new BackgroundTasks(),
                new Messages(locale), CLOCK, login, "Database: test", null, role);
        stage.setScene(new Scene(desk.window().root(), 1300, 800));
        stage.setX(0);
        stage.setY(0);
        stage.show();
        return desk;
    }

    /** A master who works 08:00–20:00 every day and does the fixture's 60-minute cut. */
    long master(String name) {
        long id = f.id("INSERT INTO masters (tenant_id, name, colour, sort_order) VALUES (" + f.tenant + ", '" + name
                + "', '#7e57c2', (SELECT coalesce(max(sort_order), 0) + 1 FROM masters WHERE tenant_id = " + f.tenant + ")) RETURNING id");
        for (int day = 1; day <= 7; day++) {
            f.dsl.execute("INSERT INTO master_working_hours (tenant_id, master_id, weekday, starts_at, ends_at) VALUES ("
                    + f.tenant + ", " + id + ", " + day + ", '08:00', '20:00')");
        }
        f.dsl.execute("INSERT INTO master_services (tenant_id, master_id, service_id) VALUES (" + f.tenant + ", " + id + ", " + f.cut + ")");
        return id;
    }

    /** A cut with the master on a day at a salon wall-clock time, through the engine. */
    Booking cut(long master, LocalDate day, int hour) {
        return f.booked(f.engine.book(f.cutWith(master, day.atTime(LocalTime.of(hour, 0)).atZone(EngineFixture.ZONE).toInstant())));
    }

    /** Opens ☰ → Masters and picks a master in its list. */
    static void openMasters(FxRobot robot, String master) throws Exception {
        robot.clickOn("#more");
        robot.clickOn("#setup-masters");
        waitFor(() -> cellOf(robot, master) != null);
        robot.clickOn(cellOf(robot, master));
        waitFor(() -> robot.lookup("#master-title").queryAs(Label.class).getText().equals(master));
    }

    static ListCell<?> cellOf(FxRobot robot, String master) {
        return robot.lookup((Node n) -> n instanceof ListCell<?> c && c.getItem() instanceof MasterDetails m && m.name().equals(master))
                .tryQueryAs(ListCell.class).orElse(null);
    }

    /** The in-the-way row of a booking. */
    static Node rowOf(FxRobot robot, long bookingId) {
        return robot.lookup((Node n) -> n.getStyleClass().contains("in-the-way-row") && Long.valueOf(bookingId).equals(n.getUserData()))
                .tryQuery().orElse(null);
    }

    static String text(FxRobot robot, String query) {
        return robot.lookup(query).queryAs(Label.class).getText();
    }

    static void waitFor(Callable<Boolean> condition) throws Exception {
        WaitForAsyncUtils.waitFor(60, TimeUnit.SECONDS, condition);   // a wait, not a timing: it ends when the condition holds (15 s ran out under a load of 14)
        WaitForAsyncUtils.waitForFxEvents();
    }

    @Override
    public void close() {
        pool.close();
        f.close();
    }
}
