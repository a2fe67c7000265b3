package app.salondesk.gui.shell;

import app.salondesk.model.staff.StaffRole;
import javafx.scene.Node;
import javafx.scene.Parent;
import javafx.scene.control.Button;
import javafx.scene.control.ListCell;
import javafx.scene.input.KeyCode;
import javafx.stage.Stage;
import javafx.stage.Window;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import static app.salondesk.gui.shell.SetupDesk.text;
import static app.salondesk.gui.shell.SetupDesk.waitFor;
import static app.salondesk.logic.booking.EngineFixture.at;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * ☰ → Rooms and equipment, by a salon admin signed in as their own login: a room renamed and given
 * another count by typing in the window; a count its future bookings cannot live with, or switching
 * it off, refused in a sentence saying how many bookings hold it, nothing written; Enter saves the
 * room being edited, Add is the window's default and Esc closes it.
 */
@ExtendWith(ApplicationExtension.class)
class ResourcesSetupTest {

    private static SetupDesk s;
    private static long wash;

    @BeforeAll
    static void salon() {
        s = new SetupDesk("resourcessetup", "admin");
        wash = s.f.phasedService("Wash", "{30}", 0, s.f.anna, s.f.bohdan);
    }

    @AfterAll
    static void close() {
        s.close();
    }

    @Start
    void start(Stage stage) {
        // a window of rooms left open by the test before
        Window.getWindows().stream().filter(w -> w instanceof Stage st && "Rooms and equipment".equals(st.getTitle())).toList()
                .forEach(w -> ((Stage) w).close());
        TestDesks.offFx(() -> {
            s.f.dsl.execute("DELETE FROM bookings");
            s.f.dsl.execute("DELETE FROM service_resources");
            s.f.dsl.execute("DELETE FROM resources");
            long stations = s.f.id("INSERT INTO resources (tenant_id, name, capacity) VALUES (" + s.f.tenant + ", 'Washing station', 2) RETURNING id");
            s.f.dsl.execute("INSERT INTO service_resources (tenant_id, service_id, resource_id) VALUES (" + s.f.tenant + ", " + wash + ", "
                    + stations + ")");
        });
        s.show(stage, Locale.ENGLISH, StaffRole.ADMIN);
    }

    private static void openAndPick(FxRobot robot, String room) throws Exception {
        robot.clickOn("#more");
        robot.clickOn("#setup-resources");
        waitFor(() -> cell(robot, room) != null);
        robot.clickOn(cell(robot, room));
        waitFor(() -> robot.lookup("#resource-edit-name").tryQuery().isPresent());
    }

    private static ListCell<?> cell(FxRobot robot, String startsWith) {
        return robot.lookup((Node n) -> n instanceof ListCell<?> c && c.getText() != null && c.getText().startsWith(startsWith))
                .tryQueryAs(ListCell.class).orElse(null);
    }


    private static String room() {
        return s.f.dsl.resultQuery("SELECT name || '/' || capacity || '/' || active FROM resources").fetchOne(0, String.class);
    }

    private static Stage window() {
        return Window.getWindows().stream().filter(w -> w instanceof Stage st && st.isShowing() && "Rooms and equipment".equals(st.getTitle()))
                .map(w -> (Stage) w).findFirst().orElseThrow();
    }

    @Test
    void anAdminRenamesARoomAndGivesItAnotherCountByTypingInTheWindow(FxRobot robot) throws Exception {
        openAndPick(robot, "Washing station");
        Typing.retype(robot, "#resource-edit-name", "Basin");
        Typing.retype(robot, "#resource-edit-capacity", "3");
        robot.clickOn("#resource-change");
        waitFor(() -> "Basin/3/true".equals(room()));
        waitFor(() -> text(robot, "#resources-message").equals("Basin was saved."));
        waitFor(() -> cell(robot, "Basin \u00b7 3 at once") != null);
        // Enter in the room's own fields saves it (and not Add, the window's default)
        Typing.retype(robot, "#resource-edit-capacity", "4");
        robot.type(KeyCode.ENTER);
        waitFor(() -> "Basin/4/true".equals(room()));
        assertEquals(1, s.f.count("SELECT count(*) FROM resources"), "nothing was added");
    }

    @Test
    void aCountOrASwitchOffThatWouldTakeUnitsFromFutureBookingsIsRefusedWithHowMany(FxRobot robot) throws Exception {
        s.f.booked(s.f.engine.book(s.f.serviceWith(s.f.anna, wash, at(10, 0))));
        s.f.booked(s.f.engine.book(s.f.serviceWith(s.f.bohdan, wash, at(10, 15))));
        openAndPick(robot, "Washing station");
        Typing.retype(robot, "#resource-edit-capacity", "1");
        robot.clickOn("#resource-change");
        waitFor(() -> text(robot, "#resources-message").equals(
                "Washing station cannot go down to 1: then one future booking would have none of it. Move or cancel it first."));
        Typing.retype(robot, "#resource-edit-capacity", "2");
        robot.clickOn("#resource-edit-active");
        robot.clickOn("#resource-change");
        waitFor(() -> text(robot, "#resources-message").equals(
                "Washing station cannot be switched off: 2 future bookings hold it. Move or cancel them first."));
        assertEquals("Washing station/2/true", room(), "nothing of either was written");
        assertEquals(2, s.f.count("SELECT count(DISTINCT unit) FROM booking_resources"));
    }

    @Test
    void theWindowHasADefaultAndACancelButtonAndEscClosesIt(FxRobot robot) throws Exception {
        openAndPick(robot, "Washing station");
        Stage window = window();
        List<Button> buttons = new ArrayList<>();
        collect(window.getScene().getRoot(), buttons);
        assertTrue(buttons.stream().anyMatch(b -> b.isDefaultButton() && "resource-add".equals(b.getId())), "Add is the default");
        assertTrue(buttons.stream().anyMatch(b -> b.isCancelButton() && b.isVisible()), "a cancel button");
        robot.interact(window::requestFocus);
        robot.type(KeyCode.ESCAPE);
        waitFor(() -> !window.isShowing());
    }

    private static void collect(Node n, List<Button> out) {
        if (n instanceof Button b) {
            out.add(b);
        }
        if (n instanceof Parent p) {
            p.getChildrenUnmodifiable().forEach(c -> collect(c, out));
        }
    }
}
