package app.salondesk.gui.shell;

import app.salondesk.gui.setup.OnlineBookingViewModel;
import app.salondesk.gui.staff.setup.Immediately;
import app.salondesk.i18n.Messages;
import app.salondesk.logic.online.OnlineSettingsRepository;
import app.salondesk.logic.setup.OnlineBookingService;
import app.salondesk.model.staff.StaffRole;
import javafx.scene.Node;
import javafx.scene.control.CheckBox;
import javafx.scene.control.MenuButton;
import javafx.scene.control.RadioButton;
import javafx.scene.control.Spinner;
import javafx.scene.control.TextField;
import javafx.scene.input.KeyCode;
import javafx.stage.Stage;
import javafx.stage.Window;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.api.FxToolkit;
import org.testfx.framework.junit5.ApplicationExtension;

import java.util.List;
import java.util.Locale;

import static app.salondesk.gui.shell.SetupDesk.text;
import static app.salondesk.gui.shell.SetupDesk.waitFor;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * ☰ → Online booking through the real window, as a real admin login of the salon on a real
 * PostgreSQL: what is set is in the database and in the window when it opens again; a taken or
 * malformed address is one sentence and changes nothing; a receptionist is not offered the window,
 * and the database refuses her a save all the same. The salon is {@link SetupDesk}'s: Anna and
 * Bohdan cut, Vira does nails.
 */
@ExtendWith(ApplicationExtension.class)
class OnlineBookingSetupTest {

    private static SetupDesk admin;
    private static SetupDesk receptionist;

    @BeforeAll
    static void salons() {
        admin = new SetupDesk("onlinesetupadmin", "admin");
        receptionist = new SetupDesk("onlinesetupreception", "receptionist");
    }

    @AfterAll
    static void close() {
        admin.close();
        receptionist.close();
    }

    @BeforeEach
    void offAndEverythingBookable() {
        for (SetupDesk d : List.of(admin, receptionist)) {
            d.f.dsl.execute("DELETE FROM online_settings");
            d.f.dsl.execute("UPDATE masters SET online_bookable = true");
            d.f.dsl.execute("UPDATE services SET online_bookable = true");
        }
    }

    @AfterEach
    void closeWindows() throws Exception {
        FxToolkit.cleanupStages();
    }

    @Test
    void anAdminSwitchesItOnAndFindsEverythingAsSavedWhenTheWindowOpensAgain(FxRobot robot) throws Exception {
        robot.interact(() -> admin.show(new Stage(), Locale.ENGLISH, StaffRole.ADMIN));
        open(robot);
        assertEquals("fixture", slug(robot).getText(), "a first address from the salon's name");
        assertFalse(robot.lookup("#online-enabled").queryAs(CheckBox.class).isSelected(), "off until an admin switches it on");
        assertEquals(List.of("Cut", "Nails"), names(robot, "online-service"));
        assertEquals(List.of("Anna", "Bohdan", "Vira"), names(robot, "online-master"));

        robot.clickOn("#online-enabled");
        robot.clickOn(slug(robot)).push(KeyCode.CONTROL, KeyCode.A).write("Lotus-Kyiv");
        assertTrue(text(robot, "#online-address").startsWith("Clients book at /lotus-kyiv on the address where"),
                text(robot, "#online-address"));
        robot.clickOn(tick(robot, "online-master", "Bohdan"));
        robot.clickOn(tick(robot, "online-service", "Nails"));
        type(robot, "#online-days-ahead", "14");
        type(robot, "#online-notice-hours", "2");
        type(robot, "#online-notice-minutes", "30");
        type(robot, "#online-cutoff-hours", "24");
        type(robot, "#online-cutoff-minutes", "0");
        robot.clickOn("#online-arrive-pending");
        type(robot, "#online-cap", "2");
        robot.clickOn("#online-save");

        waitFor(() -> text(robot, "#online-message").equals("Saved. Clients can book at /lotus-kyiv now."));
        assertEquals("lotus-kyiv", slug(robot).getText(), "the address as it was saved");
        MainWindowTest.screenshot(robot.lookup("#online-save").query().getScene(), "setup-online.png");
        assertEquals(1, admin.f.count("SELECT count(*) FROM online_settings WHERE tenant_id = " + admin.f.tenant
                + " AND enabled AND slug = 'lotus-kyiv' AND days_ahead = 14 AND min_notice_min = 150 AND cancel_cutoff_min = 1440"
                + " AND NOT arrive_confirmed AND max_open_per_phone = 2"));
        assertEquals(List.of("Anna", "Vira"), bookable("masters"));
        assertEquals(List.of("Cut"), bookable("services"));

        robot.clickOn("#online-close");
        open(robot);
        assertTrue(robot.lookup("#online-enabled").queryAs(CheckBox.class).isSelected());
        assertEquals("lotus-kyiv", slug(robot).getText());
        assertEquals(List.of(14, 2, 30, 24, 0, 2), List.of(value(robot, "#online-days-ahead"), value(robot, "#online-notice-hours"),
                value(robot, "#online-notice-minutes"), value(robot, "#online-cutoff-hours"), value(robot, "#online-cutoff-minutes"),
                value(robot, "#online-cap")));
        assertTrue(robot.lookup("#online-arrive-pending").queryAs(RadioButton.class).isSelected());
        assertFalse(tick(robot, "online-master", "Bohdan").isSelected());
        assertTrue(tick(robot, "online-master", "Anna").isSelected());
        assertFalse(tick(robot, "online-service", "Nails").isSelected());
        assertTrue(tick(robot, "online-service", "Cut").isSelected());
    }

    @Test
    void aTakenOrMalformedAddressIsOneSentenceAndChangesNothing(FxRobot robot) throws Exception {
        long other = admin.f.id("INSERT INTO tenants (name, time_zone) VALUES ('Rival salon', 'Europe/Kyiv') RETURNING id");
        admin.f.dsl.execute("INSERT INTO online_settings (tenant_id, enabled, slug) VALUES (" + other + ", true, 'rival')");
        robot.interact(() -> admin.show(new Stage(), Locale.ENGLISH, StaffRole.ADMIN));
        open(robot);
        robot.clickOn("#online-enabled");
        robot.clickOn(tick(robot, "online-master", "Vira"));

        robot.clickOn(slug(robot)).push(KeyCode.CONTROL, KeyCode.A).write("lotus beauty!");
        assertEquals("Lower-case Latin letters (a\u2013z), digits and single hyphens between them, 1 to 40 characters, e.g. lotus-beauty.",
                text(robot, "#online-slug-error"));
        robot.clickOn("#online-save");
        assertEquals("Not saved: the address may have only lower-case Latin letters (a\u2013z), digits and single hyphens between them,"
                + " 1 to 40 characters, e.g. lotus-beauty.", text(robot, "#online-message"));

        robot.clickOn(slug(robot)).push(KeyCode.CONTROL, KeyCode.A).write("rival");
        assertEquals("", text(robot, "#online-slug-error"));
        robot.clickOn("#online-save");
        waitFor(() -> text(robot, "#online-message").equals("Not saved: the address /rival is another salon's already \u2014 choose another."));
        assertEquals(0, admin.f.count("SELECT count(*) FROM online_settings WHERE tenant_id = " + admin.f.tenant));
        assertEquals(List.of("Anna", "Bohdan", "Vira"), bookable("masters"), "all or nothing: Vira's tick was not saved either");

        robot.clickOn(slug(robot)).push(KeyCode.CONTROL, KeyCode.A).write("lotus-beauty");
        robot.clickOn("#online-save");
        waitFor(() -> text(robot, "#online-message").equals("Saved. Clients can book at /lotus-beauty now."));
        assertEquals(List.of("Anna", "Bohdan"), bookable("masters"));
    }

    @Test
    void aUkrainianAdminReadsItInUkrainianAndEveryWordFits(FxRobot robot) throws Exception {
        robot.interact(() -> admin.show(new Stage(), Locale.forLanguageTag("uk"), StaffRole.ADMIN));
        open(robot);
        Stage window = (Stage) robot.lookup("#online-save").query().getScene().getWindow();
        assertEquals("\u041e\u043d\u043b\u0430\u0439\u043d-\u0437\u0430\u043f\u0438\u0441", window.getTitle());
        assertEquals("\u041f\u0440\u0438\u0439\u043c\u0430\u0442\u0438 \u0437\u0430\u043f\u0438\u0441\u0438 \u043e\u043d\u043b\u0430\u0439\u043d",
                robot.lookup("#online-enabled").queryAs(CheckBox.class).getText());
        for (String id : List.of("#online-save", "#online-close", "#online-cap", "#online-cutoff-minutes")) {
            Node n = robot.lookup(id).query();
            javafx.geometry.Bounds b = n.localToScene(n.getBoundsInLocal());
            assertTrue(b.getMaxX() <= window.getScene().getWidth() && b.getMaxY() <= window.getScene().getHeight(), id + " fits: " + b);
        }
        for (String id : List.of("#online-days-ahead", "#online-notice-hours", "#online-notice-minutes", "#online-cap")) {
            assertTrue(robot.lookup(id).queryAs(Spinner.class).getWidth() >= 80, id + " is not squeezed by the words beside it");
        }
        MainWindowTest.screenshot(window.getScene(), "setup-online-uk.png");
    }

    @Test
    void aReceptionistIsNotOfferedTheWindowAndTheDatabaseRefusesHerASave(FxRobot robot) throws Exception {
        robot.interact(() -> receptionist.show(new Stage(), Locale.ENGLISH, StaffRole.RECEPTIONIST));
        MenuButton more = robot.lookup("#more").queryAs(MenuButton.class);
        assertFalse(more.getItems().stream().filter(i -> "online-booking".equals(i.getId())).findFirst().orElseThrow().isVisible());
        robot.clickOn("#more");
        waitFor(() -> robot.lookup("#setup-masters").tryQuery().isPresent());
        assertTrue(robot.lookup("#online-booking").queryAll().stream().noneMatch(Node::isVisible), "no such item in her open menu");
        assertTrue(robot.lookup("#setup-masters").query().isVisible(), "while the setup she may look at is there");
        robot.push(KeyCode.ESCAPE);

        // as if the window had been offered: its view model over her own login, and PostgreSQL says no
        OnlineBookingViewModel vm = new OnlineBookingViewModel(
                new OnlineBookingService(new OnlineSettingsRepository(receptionist.dsl), receptionist.f.tenant),
                "Fixture", new Immediately(), new Messages(Locale.ENGLISH));
        vm.load();
        assertTrue(vm.loadedProperty().get(), "she may look");
        vm.enabledProperty().set(true);
        vm.slugProperty().set("front-desk");
        vm.masters().get(1).bookableProperty().set(false);
        vm.save();
        assertEquals("Not saved: only the salon's admins may change online booking.", vm.messageProperty().get());
        assertEquals(0, receptionist.f.count("SELECT count(*) FROM online_settings"));
        assertEquals(0, receptionist.f.count("SELECT count(*) FROM masters WHERE NOT online_bookable"));
    }

    private static void open(FxRobot robot) throws Exception {
        robot.clickOn(deskWindowNode(robot, "#more"));
        robot.clickOn("#online-booking");
        waitFor(() -> robot.lookup("#online-slug").tryQueryAs(TextField.class).map(f -> !f.getText().isEmpty()).orElse(false)
                && !robot.lookup("#online-save").query().isDisabled());
    }

    /** The desk's own node (an owned window may be open over it). */
    private static Node deskWindowNode(FxRobot robot, String query) {
        return robot.listTargetWindows().stream().filter(w -> w.getScene() != null && w.getScene().lookup(query) != null)
                .map(Window::getScene).findFirst().orElseThrow().lookup(query);
    }

    private static TextField slug(FxRobot robot) {
        return robot.lookup("#online-slug").queryAs(TextField.class);
    }

    private static CheckBox tick(FxRobot robot, String styleClass, String name) {
        return robot.lookup((Node n) -> n instanceof CheckBox c && c.getStyleClass().contains(styleClass) && name.equals(c.getText()))
                .queryAs(CheckBox.class);
    }

    private static List<String> names(FxRobot robot, String styleClass) {
        return robot.lookup("." + styleClass).queryAllAs(CheckBox.class).stream().map(CheckBox::getText).sorted().toList();
    }

    private static void type(FxRobot robot, String spinner, String number) {
        robot.clickOn(robot.lookup(spinner).queryAs(Spinner.class).getEditor()).push(KeyCode.CONTROL, KeyCode.A).write(number);
    }

    private static Integer value(FxRobot robot, String spinner) {
        return (Integer) robot.lookup(spinner).queryAs(Spinner.class).getValue();
    }

    private static List<String> bookable(String table) {
        return admin.f.dsl.resultQuery("SELECT name FROM " + table + " WHERE tenant_id = " + admin.f.tenant + " AND online_bookable ORDER BY name")
                .fetch(0, String.class);
    }
}
