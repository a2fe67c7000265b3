package app.salondesk.gui.shell;

import app.salondesk.db.TestPostgres;
import app.salondesk.gui.common.BackgroundTasks;
import app.salondesk.i18n.Messages;
import app.salondesk.logic.salon.SalonRepository;
import app.salondesk.model.salon.SalonSettings;
import app.salondesk.runtime.Backend;
import javafx.scene.Node;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.control.ListCell;
import javafx.scene.control.TextField;
import javafx.scene.input.KeyCode;
import javafx.stage.Stage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

import java.nio.file.Files;
import java.time.Clock;
import java.time.ZoneId;
import java.util.Currency;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * ☰ → Salon settings through the real windows: what an admin changes is in the database
 * afterwards, and the desk shows times, prices and phones the new way at once, no restart.
 */
@ExtendWith(ApplicationExtension.class)
class SalonSettingsTest {

    private final BackgroundTasks tasks = new BackgroundTasks();
    private Backend backend;
    private long salonId;
    private Shell shell;
    private Stage stage;

    @Start
    void start(Stage stage) throws Exception {
        this.stage = stage;
        backend = Backend.connect(TestPostgres.migratedDatabase("salonsettings"), 3);
        salonId = TestDesks.lotusBeauty(backend);
        shell = new Shell(stage, tasks, new Messages(Locale.ENGLISH), Clock.systemUTC(), Files.createTempDirectory("salondesk-settings"));
        shell.show(TestDesks.offFx(() -> Session.choose(backend, null)));
        stage.setX(0);
        stage.setY(0);
        stage.show();
    }

    @AfterEach
    void close(FxRobot robot) {
        robot.interact(() -> {
            TestDesks.closeOwnedWindows();
            shell.close();
        });
        tasks.close();
    }

    @Test
    void changedSettingsAreKeptAndTheDeskFollowsThemWithoutARestart(FxRobot robot) throws Exception {
        waitFor(() -> shell.desk() != null && shell.desk().schedule().scheduleProperty().get() != null);
        FrontDesk before = shell.desk();
        openSettings(robot);
        assertEquals("044 123 4567", text(robot, "#salon-phone"), "the salon's number as Ukrainians write it");

        robot.clickOn("#salon-name").push(KeyCode.CONTROL, KeyCode.A).write("Lotus Nails");
        robot.clickOn("#salon-zone").push(KeyCode.CONTROL, KeyCode.A).write("warsaw");
        robot.clickOn((Node n) -> n instanceof ListCell<?> c && c.getText() != null && c.getText().startsWith("Europe/Warsaw"));
        chooseValue(robot, "#salon-currency", Currency.getInstance("PLN"));
        chooseValue(robot, "#salon-country", "PL");
        robot.clickOn("#salon-phone").push(KeyCode.CONTROL, KeyCode.A).write("22 123 45 67");
        MainWindowTest.screenshot(robot.lookup("#settings-save").query().getScene(), "salon-settings.png");
        robot.clickOn("#settings-save");

        SalonRepository salons = new SalonRepository(backend.dsl());
        waitFor(() -> salons.settings(salonId).orElseThrow().name().equals("Lotus Nails"));
        assertEquals(new SalonSettings("Lotus Nails", "Khreshchatyk 1", "+48221234567", ZoneId.of("Europe/Warsaw"),
                Currency.getInstance("PLN"), "PL"), salons.settings(salonId).orElseThrow());
        waitFor(() -> text(robot, "#settings-message").startsWith("Saved."));

        // the desk was built again for the new zone, currency and country
        waitFor(() -> shell.desk() != before && stage.getTitle().equals("SalonDesk \u2014 Lotus Nails"));
        robot.clickOn("#settings-close");
        robot.clickOn("#new-booking");
        waitFor(() -> robot.lookup("#form-service").tryQuery().isPresent());
        ComboBox<?> service = robot.lookup("#form-service").queryAs(ComboBox.class);
        robot.clickOn(service);
        robot.clickOn((Node n) -> n instanceof ListCell<?> c && c.getText() != null && c.getText().startsWith("Haircut"));
        assertEquals("PLN\u00a0120.00", robot.lookup("#form-price").queryAs(Label.class).getText());
        robot.clickOn("#form-client-phone").write("600 700 800");
        robot.clickOn("#form-note");
        assertTrue(robot.lookup((Node n) -> n instanceof Label l && l.getText() != null && l.getText().startsWith("this is not a phone number"))
                .tryQuery().isEmpty(), "a Polish mobile number, as Poles say it");
        robot.push(KeyCode.ESCAPE);
        // a phone typed: the form asks before it is lost (issue 31); nothing is to be booked here
        DiscardChangesTest.question(robot);
        robot.clickOn("#discard-discard");

        // and they are what the settings show when opened again
        openSettings(robot);
        assertEquals("Lotus Nails", text(robot, "#salon-name"));
        assertEquals("Europe/Warsaw", text(robot, "#salon-zone"));
        assertEquals("22 123 45 67", text(robot, "#salon-phone"), "written as Poles write it now");
    }

    @Test
    void theSettingsAskBeforeLosingATextSizeChosenAndNotApplied(FxRobot robot) throws Exception {
        waitFor(() -> shell.desk() != null && shell.desk().schedule().scheduleProperty().get() != null);
        int before = shell.textSize().get();
        robot.clickOn("#more");
        robot.clickOn("#settings");
        waitFor(() -> robot.lookup("#settings-text-size").tryQuery().isPresent());
        @SuppressWarnings("unchecked")
        ComboBox<Integer> size = robot.lookup("#settings-text-size").queryAs(ComboBox.class);
        Integer other = size.getItems().stream().filter(px -> px != before).findFirst().orElseThrow();
        robot.interact(() -> size.setValue(other));
        robot.type(KeyCode.ESCAPE);   // issue 31: it closed without a word
        assertEquals("Discard the changes to the settings?", DiscardChangesTest.question(robot).getContentText());
        robot.type(KeyCode.ENTER);
        waitFor(() -> DiscardChangesTest.lookupQuestion().isEmpty());
        assertTrue(size.getScene().getWindow().isShowing(), "Enter keeps the settings open");
        assertEquals(other, size.getValue());
        robot.targetWindow(size.getScene().getWindow());
        robot.clickOn("#settings-cancel");
        DiscardChangesTest.question(robot);
        robot.clickOn("#discard-discard");
        waitFor(() -> robot.lookup("#settings-text-size").tryQuery().isEmpty());
        assertEquals(before, shell.textSize().get(), "nothing applied");

        // chosen back as it was: nothing to lose, Esc just closes
        robot.targetWindow(stage);
        robot.clickOn("#more");
        robot.clickOn("#settings");
        waitFor(() -> robot.lookup("#settings-text-size").tryQuery().isPresent());
        @SuppressWarnings("unchecked")
        ComboBox<Integer> again = robot.lookup("#settings-text-size").queryAs(ComboBox.class);
        robot.interact(() -> again.setValue(other));
        robot.interact(() -> again.setValue(before));
        robot.type(KeyCode.ESCAPE);
        waitFor(() -> robot.lookup("#settings-text-size").tryQuery().isEmpty());
        assertTrue(DiscardChangesTest.lookupQuestion().isEmpty());
    }

    @Test
    void quitAsksAboutAWindowOverTheDeskWithChangesAndKeepsEverythingOnKeepEditing(FxRobot robot) throws Exception {
        waitFor(() -> shell.desk() != null && shell.desk().schedule().scheduleProperty().get() != null);
        robot.clickOn("#more");
        robot.clickOn("#setup-masters");
        waitFor(() -> robot.lookup("#master-new-name").tryQuery().isPresent());
        Stage masters = (Stage) robot.lookup("#master-new-name").query().getScene().getWindow();
        WaitForAsyncUtils.sleep(500, TimeUnit.MILLISECONDS);   // loaded
        robot.targetWindow(masters);
        robot.clickOn("#master-new-name").write("Zoryana");
        // ☰ → Quit on the desk behind it (issue 31: the desk closed, and Zoryana with it)
        robot.targetWindow(stage);
        robot.clickOn("#more");
        robot.clickOn("#quit");
        assertEquals("Discard the changes you made here?", DiscardChangesTest.question(robot).getContentText());
        robot.type(KeyCode.ENTER);   // keep editing: nothing closes
        waitFor(() -> DiscardChangesTest.lookupQuestion().isEmpty());
        assertTrue(stage.isShowing() && masters.isShowing());
        assertEquals("Zoryana", robot.lookup("#master-new-name").queryAs(TextField.class).getText());

        // Ctrl+Q, Discard: the masters' window closes, then the desk
        robot.targetWindow(stage);
        robot.interact(stage::requestFocus);   // the keys go to the desk's window, not the masters'
        robot.press(KeyCode.CONTROL, KeyCode.Q).release(KeyCode.Q, KeyCode.CONTROL);
        DiscardChangesTest.question(robot);
        robot.clickOn("#discard-discard");
        waitFor(() -> !masters.isShowing() && !stage.isShowing());
    }

    private static void openSettings(FxRobot robot) throws Exception {
        robot.clickOn("#more");
        robot.clickOn("#salon-settings");
        waitFor(() -> robot.lookup("#salon-name").tryQueryAs(TextField.class).map(f -> !f.getText().isEmpty()).orElse(false));
    }

    private static String text(FxRobot robot, String id) {
        Node n = robot.lookup(id).query();
        return n instanceof Label l ? l.getText() : ((TextField) n).getText();
    }

    private static <T> void chooseValue(FxRobot robot, String id, T value) {
        @SuppressWarnings("unchecked")
        ComboBox<T> combo = robot.lookup(id).queryAs(ComboBox.class);
        assertTrue(combo.getItems().contains(value));
        robot.interact(() -> combo.setValue(value));
    }

    private static void waitFor(Callable<Boolean> condition) throws Exception {
        WaitForAsyncUtils.waitFor(20, TimeUnit.SECONDS, condition);
        WaitForAsyncUtils.waitForFxEvents();
    }
}
