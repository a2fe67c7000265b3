package app.salondesk.gui.shell;

import app.salondesk.gui.staff.setup.HoursViewModel;
import app.salondesk.gui.staff.setup.MastersViewModel;
import app.salondesk.i18n.Messages;
import app.salondesk.logic.booking.EngineFixture;
import app.salondesk.logic.booking.ScheduleRepository;
import app.salondesk.logic.staff.MasterRepository;
import app.salondesk.logic.staff.MasterSetupService;
import app.salondesk.model.catalog.ServiceDetails;
import app.salondesk.model.staff.StaffRole;
import javafx.scene.Node;
import javafx.scene.control.CheckBox;
import javafx.scene.control.TableView;
import javafx.scene.control.TextField;
import javafx.stage.Stage;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.api.FxToolkit;
import org.testfx.framework.junit5.ApplicationExtension;

import java.time.DayOfWeek;
import java.util.List;
import java.util.Locale;

import static app.salondesk.gui.shell.SetupDesk.waitFor;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A receptionist and a manager, each signed in as their own login, may look at the masters
 * and services but see no setup actions; a change forced past the window is refused by the
 * database, in one sentence.
 */
@ExtendWith(ApplicationExtension.class)
class SetupReadOnlyTest {

    private static SetupDesk receptionist;
    private static SetupDesk manager;

    @BeforeAll
    static void salons() {
        receptionist = new SetupDesk("setupreception", "receptionist");
        manager = new SetupDesk("setupmanager", "manager");
    }

    @AfterAll
    static void close() {
        receptionist.close();
        manager.close();
    }

    @AfterEach
    void closeWindows() throws Exception {
        FxToolkit.cleanupStages();
    }

    @Test
    void aReceptionistSeesTheSetupButNoWayToChangeIt(FxRobot robot) throws Exception {
        robot.interact(() -> receptionist.show(new Stage(), Locale.ENGLISH, StaffRole.RECEPTIONIST));
        looksButCannotChange(robot);
    }

    @Test
    void aManagerSeesTheSetupButNoWayToChangeIt(FxRobot robot) throws Exception {
        robot.interact(() -> manager.show(new Stage(), Locale.ENGLISH, StaffRole.MANAGER));
        looksButCannotChange(robot);
    }

    private static void looksButCannotChange(FxRobot robot) throws Exception {
        SetupDesk.openMasters(robot, "Anna");
        assertTrue(shown(robot.lookup("#setup-read-only").query()));
        for (String action : List.of("#master-add", "#master-new-name", "#master-up", "#master-save", "#master-deactivate")) {
            assertFalse(shown(robot.lookup(action).query()), action);
        }
        assertFalse(robot.lookup("#master-name").queryAs(TextField.class).isEditable());
        robot.clickOn("#tab-services");
        waitFor(() -> !robot.lookup(".offer-check").queryAll().isEmpty());
        assertTrue(robot.lookup(".offer-check").queryAllAs(CheckBox.class).stream().allMatch(Node::isDisabled));
        assertFalse(shown(robot.lookup("#offers-save").query()));
        robot.clickOn("#tab-hours");
        waitFor(() -> robot.lookup("#hours-monday").queryAs(TextField.class).getText().equals("08:00\u201320:00"));
        assertFalse(robot.lookup("#hours-monday").queryAs(TextField.class).isEditable());
        assertFalse(shown(robot.lookup("#hours-save").query()));
        assertFalse(shown(robot.lookup("#hours-new-week").query()));
        robot.clickOn("#tab-days");
        assertFalse(shown(robot.lookup("#day-save").query()));
        robot.clickOn("#tab-time-off");
        assertFalse(shown(robot.lookup("#time-off-add").query()));

        robot.clickOn(robot.listTargetWindows().stream().filter(w -> w.getScene().lookup("#more") != null).findFirst()
                .orElseThrow().getScene().lookup("#more"));
        robot.clickOn("#setup-services");
        waitFor(() -> robot.lookup("#services-table").queryAs(TableView.class).getItems().size() == 2);
        for (String action : List.of("#service-new", "#service-save", "#service-deactivate")) {
            assertFalse(shown(robot.lookup(action).query()), action);
        }
        assertFalse(robot.lookup("#service-name").queryAs(TextField.class).isEditable());
        assertEquals("Cut", ((ServiceDetails) robot.lookup("#services-table").queryAs(TableView.class).getItems().get(0)).name());
    }

    @Test
    void aChangeForcedPastTheWindowIsRefusedByTheDatabaseInOneSentence() {
        // as if the window had offered it: the view models themselves, over the receptionist's own connection
        MasterSetupService setup = new MasterSetupService(new MasterRepository(receptionist.dsl), new ScheduleRepository(receptionist.dsl),
                receptionist.f.tenant);
        Messages en = new Messages(Locale.ENGLISH);
        MastersViewModel masters = new MastersViewModel(setup, new app.salondesk.gui.staff.setup.Immediately(), en, SetupDesk.CLOCK);
        masters.load();
        masters.newNameProperty().set("Ghost");
        masters.add();
        assertEquals("Not changed: only the salon's admins may change its setup.", masters.messageProperty().get());
        masters.move(0, 1);
        assertEquals("Not changed: only the salon's admins may change its setup.", masters.messageProperty().get());
        assertEquals(List.of("Anna", "Bohdan", "Vira"), masters.masters().stream().map(m -> m.name()).toList(), "reloaded as it is");

        HoursViewModel hours = new HoursViewModel(setup, new app.salondesk.gui.staff.setup.Immediately(), en, SetupDesk.CLOCK, EngineFixture.ZONE);
        hours.show(receptionist.f.anna);
        hours.textProperty(DayOfWeek.MONDAY).set("10-12");
        hours.save();
        assertEquals("Not changed: only the salon's admins may change its setup.", hours.messageProperty().get());

        assertEquals(0, receptionist.f.count("SELECT count(*) FROM masters WHERE name = 'Ghost'"));
        assertEquals(1, receptionist.f.count("SELECT count(*) FROM master_working_hours WHERE master_id = " + receptionist.f.anna
                + " AND weekday = 1 AND starts_at = '08:00'"));
        assertEquals(1, receptionist.f.count("SELECT count(*) FROM masters WHERE id = " + receptionist.f.anna + " AND sort_order = 1"),
                "the order is as it was");
    }

    /** Shown on screen: it and every parent visible. */
    private static boolean shown(Node n) {
        for (Node x = n; x != null; x = x.getParent()) {
            if (!x.isVisible()) {
                return false;
            }
        }
        return true;
    }
}
