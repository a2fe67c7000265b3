package app.salondesk.gui.shell;

import app.salondesk.gui.common.BackgroundTasks;
import app.salondesk.gui.common.DiscardGuard;
import app.salondesk.i18n.Messages;
import app.salondesk.logic.booking.EngineFixture;
import app.salondesk.model.salon.Salon;
import javafx.scene.Scene;
import javafx.scene.control.DialogPane;
import javafx.scene.control.TextField;
import javafx.scene.input.KeyCode;
import javafx.stage.Stage;
import javafx.stage.Window;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Closing a form with something typed in it asks first (issue 31), in the real windows of the
 * desk against a real PostgreSQL: Esc on a half-filled booking form asks "Discard the booking for
 * Iryna at 15:00?", Enter keeps the form open with what was typed, Discard closes it and writes
 * nothing; an unchanged form just closes. The same for the setup windows; and Salon settings lead to
 * the masters' working hours, which are the salon's opening hours.
 */
@ExtendWith(ApplicationExtension.class)
class DiscardChangesTest {

    private static EngineFixture f;
    private static Salon salon;
    private final BackgroundTasks tasks = new BackgroundTasks();
    private FrontDesk desk;
    private Stage stage;

    @BeforeAll
    static void salon() {
        f = new EngineFixture("discard", 4);
        salon = new Salon(f.tenant, "Fixture salon", EngineFixture.ZONE);
    }

    @AfterAll
    static void close() {
        f.close();
    }

    @Start
    void start(Stage stage) {
        this.stage = stage;
        TestDesks.offFx(() -> f.dsl.execute("DELETE FROM bookings"));
        desk = TestDesks.frontDesk(stage, f.dsl, salon, tasks, new Messages(Locale.ENGLISH),
                Clock.fixed(Instant.parse("2029-12-01T09:00:00Z"), ZoneOffset.UTC), "desk1", "Database: test",
                f.backend.database().settings());
        desk.schedule().dateProperty().set(EngineFixture.DAY);
        stage.setScene(new Scene(desk.window().root(), 1200, 900));
        stage.setX(0);
        stage.setY(0);
        stage.show();
    }

    @AfterEach
    void closeAll(FxRobot robot) {
        robot.interact(() -> {
            TestDesks.closeOwnedWindows();
            desk.close();
        });
    }

    @Test
    void escOnAHalfFilledBookingFormAsksAndEnterKeepsWhatWasTyped(FxRobot robot) throws Exception {
        Stage form = openForm(robot);
        robot.clickOn("#form-client-name").write("Iryna").type(KeyCode.TAB);   // leaves the search list
        Typing.retype(robot, "#form-time", "15:00");
        robot.type(KeyCode.ESCAPE);

        DialogPane question = question(robot);
        assertEquals("Discard the booking for Iryna at 15:00?", question.getContentText());
        assertTrue(form.isShowing(), "the form waits for the answer");
        MainWindowTest.screenshot(question.getScene(), "discard-booking.png");
        robot.type(KeyCode.ENTER);   // the default: keep editing
        waitFor(() -> lookupQuestion().isEmpty());
        assertTrue(form.isShowing(), "Enter keeps the form open");
        assertEquals("Iryna", robot.lookup("#form-client-name").queryAs(TextField.class).getText());
        assertEquals("15:00", robot.lookup("#form-time").queryAs(TextField.class).getText());

        // Cancel asks too; Discard closes it and nothing is written
        robot.clickOn("#form-cancel");
        question(robot);
        robot.clickOn("#discard-discard");
        waitFor(() -> !form.isShowing());
        assertEquals(0, f.count("SELECT count(*) FROM bookings"));
    }

    @Test
    void anUnchangedBookingFormJustCloses(FxRobot robot) throws Exception {
        Stage form = openForm(robot);
        robot.clickOn("#form-note");
        robot.type(KeyCode.ESCAPE);
        waitFor(() -> !form.isShowing());
        assertTrue(lookupQuestion().isEmpty(), "nothing to ask about");
    }

    @Test
    void theWindowsCloseButtonAsksTooAndAFieldTypedBackAsItWasIsNoChange(FxRobot robot) throws Exception {
        Stage form = openForm(robot);
        TextField time = robot.lookup("#form-time").queryAs(TextField.class);
        String was = time.getText();
        Typing.retype(robot, "#form-time", "15:00");
        robot.interact(() -> DiscardGuard.requestClose(form));   // as the title bar's ✕
        DialogPane question = question(robot);
        assertEquals("Discard this booking?", question.getContentText());
        robot.clickOn("#discard-keep");
        waitFor(() -> lookupQuestion().isEmpty());
        Typing.retype(robot, "#form-time", was);
        robot.type(KeyCode.ESCAPE);
        waitFor(() -> !form.isShowing());
    }

    @Test
    void theServicesScreenAsksBeforeLosingWhatWasTypedAndEnterKeepsIt(FxRobot robot) throws Exception {
        Stage services = openFromMenu(robot, "setup-services", "#service-name");
        waitFor(() -> "Cut".equals(robot.lookup("#service-name").queryAs(TextField.class).getText()));
        robot.clickOn("#service-name").type(KeyCode.END).write(" and wash");
        robot.type(KeyCode.ESCAPE);
        DialogPane question = question(robot);
        assertEquals("Discard the changes to Cut?", question.getContentText());
        robot.type(KeyCode.ENTER);
        waitFor(() -> lookupQuestion().isEmpty());
        assertTrue(services.isShowing());
        assertEquals("Cut and wash", robot.lookup("#service-name").queryAs(TextField.class).getText());
        robot.targetWindow(services);
        robot.clickOn("#window-close");
        question(robot);
        robot.clickOn("#discard-discard");
        waitFor(() -> !services.isShowing());
        assertEquals(1, f.count("SELECT count(*) FROM services WHERE name = 'Cut'"), "nothing saved");
    }

    @Test
    void salonSettingsAskBeforeLosingWhatWasTypedAndUnchangedJustClose(FxRobot robot) throws Exception {
        Stage settings = openFromMenu(robot, "salon-settings", "#salon-name");
        waitFor(() -> !robot.lookup("#salon-name").queryAs(TextField.class).getText().isEmpty());
        robot.type(KeyCode.ESCAPE);   // nothing typed: it just closes
        waitFor(() -> !settings.isShowing());
        assertTrue(lookupQuestion().isEmpty());

        Stage again = openFromMenu(robot, "salon-settings", "#salon-name");
        waitFor(() -> !robot.lookup("#salon-name").queryAs(TextField.class).getText().isEmpty());
        String name = robot.lookup("#salon-name").queryAs(TextField.class).getText();
        robot.clickOn("#salon-name").type(KeyCode.END).write(" Two");
        robot.type(KeyCode.ESCAPE);
        DialogPane question = question(robot);
        assertEquals("Discard the changes to " + name + "?", question.getContentText());
        robot.type(KeyCode.ENTER);
        waitFor(() -> lookupQuestion().isEmpty());
        assertTrue(again.isShowing());
        assertEquals(name + " Two", robot.lookup("#salon-name").queryAs(TextField.class).getText());
    }

    @Test
    void salonSettingsLeadToTheMastersWorkingHoursAskingFirstWhenSomethingWasTyped(FxRobot robot) throws Exception {
        Stage settings = openFromMenu(robot, "salon-settings", "#salon-name");
        waitFor(() -> !robot.lookup("#salon-name").queryAs(TextField.class).getText().isEmpty());
        robot.clickOn("#salon-address").write(" 2");
        robot.clickOn("#settings-hours");
        DialogPane question = question(robot);
        robot.type(KeyCode.ENTER);   // keep editing: nothing else opens
        waitFor(() -> lookupQuestion().isEmpty());
        assertTrue(settings.isShowing());
        assertTrue(robot.lookup("#master-tabs").tryQuery().isEmpty());
        robot.targetWindow(settings);
        robot.clickOn("#settings-hours");
        question(robot);
        robot.clickOn("#discard-discard");
        waitFor(() -> robot.lookup("#master-tabs").tryQuery().isPresent());
        assertTrue(!settings.isShowing());
        javafx.scene.control.TabPane tabs = robot.lookup("#master-tabs").queryAs(javafx.scene.control.TabPane.class);
        assertEquals("tab-hours", tabs.getSelectionModel().getSelectedItem().getId(), "the working hours' tab");
    }

    @Test
    void everyOtherWindowThatEditsSomethingAsksToo(FxRobot robot) throws Exception {
        List<String> problems = new ArrayList<>();
        record Case(String item, String field, String question) {
        }
        for (Case c : List.of(new Case("setup-masters", "#master-new-name", "Discard the changes you made here?"),
                new Case("setup-masters", "#master-name", "Discard the changes to Anna?"),
                new Case("setup-resources", "#resource-name", "Discard the changes you made here?"),
                new Case("staff", "#staff-new-login", "Discard the changes you made here?"),
                new Case("online-booking", "#online-slug", "Discard the changes you made here?"))) {
            Stage window = openFromMenu(robot, c.item(), c.field());
            WaitForAsyncUtils.sleep(500, TimeUnit.MILLISECONDS);   // loaded
            WaitForAsyncUtils.waitForFxEvents();
            robot.clickOn(c.field()).type(KeyCode.END).write("x");
            robot.type(KeyCode.ESCAPE);
            try {
                DialogPane question = question(robot);
                if (!c.question().equals(question.getContentText())) {
                    problems.add(c.item() + " asked " + question.getContentText());
                }
                robot.type(KeyCode.ENTER);
                waitFor(() -> lookupQuestion().isEmpty());
                if (!window.isShowing() || !robot.lookup(c.field()).queryAs(TextField.class).getText().endsWith("x")) {
                    problems.add(c.item() + ": Enter did not keep what was typed");
                }
            } catch (java.util.concurrent.TimeoutException e) {
                problems.add(c.item() + ": closed without asking");
            }
            robot.interact(window::close);
        }
        // a visit with a service more, and a client's card with her name changed
        robot.targetWindow(stage);
        robot.clickOn("#more").clickOn("#new-visit");
        waitFor(() -> robot.lookup("#visit-add-part").tryQuery().isPresent());
        Stage visit = (Stage) robot.lookup("#visit-add-part").query().getScene().getWindow();
        robot.targetWindow(visit);
        robot.clickOn("#visit-add-part");
        robot.type(KeyCode.ESCAPE);
        assertEquals("Discard this visit?", question(robot).getContentText());
        robot.type(KeyCode.ENTER);
        waitFor(() -> lookupQuestion().isEmpty());
        assertTrue(visit.isShowing());
        robot.interact(visit::close);
        robot.interact(() -> desk.openClientCard(f.client));
        waitFor(() -> robot.lookup("#client-name").tryQuery().map(n -> !((TextField) n).getText().isEmpty()).orElse(false));
        Stage card = (Stage) robot.lookup("#client-name").query().getScene().getWindow();
        robot.targetWindow(card);
        String name = robot.lookup("#client-name").queryAs(TextField.class).getText();
        robot.clickOn("#client-name").type(KeyCode.END).write("a");
        robot.clickOn("#client-close");
        assertEquals("Discard the changes to " + name + "?", question(robot).getContentText());
        robot.clickOn("#discard-discard");
        waitFor(() -> !card.isShowing());
        assertEquals(List.of(), problems);
    }

    @Test
    void aRepeatChosenOnTheFormIsAChangeAndOneTickedAwayIsNot(FxRobot robot) throws Exception {
        Stage form = openForm(robot);
        robot.clickOn("#form-repeat");   // issue 31: the repeat's fields were not counted, Esc closed the form
        Typing.retype(robot, "#form-repeat-weeks", "2");
        robot.type(KeyCode.ESCAPE);
        assertEquals("Discard this booking?", question(robot).getContentText());
        robot.type(KeyCode.ENTER);
        waitFor(() -> lookupQuestion().isEmpty());
        assertTrue(form.isShowing());
        assertTrue(robot.lookup("#form-repeat").queryAs(javafx.scene.control.CheckBox.class).isSelected(), "kept as chosen");
        assertEquals("2", robot.lookup("#form-repeat-weeks").queryAs(TextField.class).getText());
        robot.targetWindow(form);
        robot.clickOn("#form-repeat");   // not repeated after all: nothing left to lose
        robot.type(KeyCode.ESCAPE);
        waitFor(() -> !form.isShowing());
        assertTrue(lookupQuestion().isEmpty());
    }

    @Test
    void theWaitlistsRulesAndAChangeOfAnEntryAskBeforeTheyAreLost(FxRobot robot) throws Exception {
        f.dsl.execute("DELETE FROM waitlist_entries");
        f.dsl.execute("INSERT INTO waitlist_entries (tenant_id, client_id, service_id, master_id, date_from, date_to) VALUES ("
                + f.tenant + ", " + f.client + ", " + f.cut + ", " + f.anna + ", '" + EngineFixture.DAY + "', '" + EngineFixture.DAY + "')");
        Stage waitlist = openFromMenu(robot, "waitlist", "#waitlist-table");
        javafx.scene.control.TableView<?> table = robot.lookup("#waitlist-table").queryAs(javafx.scene.control.TableView.class);
        waitFor(() -> table.getItems().size() == 1);
        robot.interact(() -> robot.lookup("#waitlist-rules").queryAs(javafx.scene.control.TitledPane.class).setExpanded(true));
        waitFor(() -> robot.lookup("#waitlist-enabled").query().isVisible());
        WaitForAsyncUtils.sleep(300, TimeUnit.MILLISECONDS);   // the rules read
        robot.clickOn("#waitlist-enabled");   // issue 31: the rules typed were lost to Esc without a word
        boolean typed = robot.lookup("#waitlist-enabled").queryAs(javafx.scene.control.CheckBox.class).isSelected();
        // another day: the entries are read again, the rules typed stay
        robot.interact(() -> robot.lookup("#waitlist-day").queryAs(javafx.scene.control.DatePicker.class).setValue(EngineFixture.DAY.plusDays(1)));
        WaitForAsyncUtils.sleep(500, TimeUnit.MILLISECONDS);
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(typed, robot.lookup("#waitlist-enabled").queryAs(javafx.scene.control.CheckBox.class).isSelected());
        robot.type(KeyCode.ESCAPE);
        assertEquals("Discard the changes to the waitlist's rules?", question(robot).getContentText());
        robot.type(KeyCode.ENTER);
        waitFor(() -> lookupQuestion().isEmpty());
        assertTrue(waitlist.isShowing());
        assertEquals(typed, robot.lookup("#waitlist-enabled").queryAs(javafx.scene.control.CheckBox.class).isSelected());

        // Change… of the entry: the part of the day typed, then Esc
        robot.interact(() -> robot.lookup("#waitlist-day").queryAs(javafx.scene.control.DatePicker.class).setValue(EngineFixture.DAY));
        waitFor(() -> table.getItems().size() == 1);
        robot.interact(() -> table.getSelectionModel().select(0));
        robot.targetWindow(waitlist);
        robot.clickOn("#waitlist-edit");
        waitFor(() -> robot.lookup("#waitlist-edit-window").tryQuery().isPresent());
        Stage change = (Stage) robot.lookup("#waitlist-edit-window").query().getScene().getWindow();
        robot.targetWindow(change);
        robot.clickOn("#waitlist-edit-window").write("13:00-17:00");
        robot.type(KeyCode.ESCAPE);
        assertEquals("Discard the changes to what Iryna waits for?", question(robot).getContentText());
        robot.type(KeyCode.ENTER);
        waitFor(() -> lookupQuestion().isEmpty());
        assertTrue(change.isShowing());
        assertEquals("13:00-17:00", robot.lookup("#waitlist-edit-window").queryAs(TextField.class).getText());
        robot.targetWindow(change);
        robot.clickOn("#waitlist-edit-cancel");
        question(robot);
        robot.clickOn("#discard-discard");
        waitFor(() -> !change.isShowing());
        assertEquals(1, f.count("SELECT count(*) FROM waitlist_entries WHERE window_from_min = 0"),
                "nothing changed");
        // the window itself: its rules are still typed
        robot.targetWindow(waitlist);
        robot.clickOn("#waitlist-close");
        question(robot);
        robot.clickOn("#discard-discard");
        waitFor(() -> !waitlist.isShowing());
    }

    // ---- helpers --------------------------------------------------------------------------

    private Stage openForm(FxRobot robot) throws Exception {
        waitFor(() -> desk.schedule().scheduleProperty().get() != null && !desk.schedule().loadingProperty().get());
        robot.clickOn("#new-booking");
        waitFor(() -> robot.lookup("#form-client-name").tryQuery().isPresent());
        Stage form = (Stage) robot.lookup("#form-client-name").query().getScene().getWindow();
        robot.targetWindow(form);
        return form;
    }

    private Stage openFromMenu(FxRobot robot, String item, String field) throws Exception {
        waitFor(() -> desk.schedule().scheduleProperty().get() != null && !desk.schedule().loadingProperty().get());
        robot.targetWindow(stage);
        robot.clickOn("#more").clickOn("#" + item);
        waitFor(() -> robot.lookup(field).tryQuery().isPresent());
        Stage window = (Stage) robot.lookup(field).query().getScene().getWindow();
        robot.targetWindow(window);
        return window;
    }

    static DialogPane question(FxRobot robot) throws Exception {
        waitFor(() -> lookupQuestion().isPresent());
        DialogPane pane = lookupQuestion().orElseThrow();
        robot.targetWindow(pane.getScene().getWindow());
        return pane;
    }

    static Optional<DialogPane> lookupQuestion() {
        return Window.getWindows().stream().filter(Window::isShowing).map(Window::getScene)
                .filter(s -> s != null).map(s -> s.getRoot().lookup("#" + DiscardGuard.QUESTION_ID))
                .filter(n -> n instanceof DialogPane).map(n -> (DialogPane) n).findFirst();
    }

    static void waitFor(Callable<Boolean> condition) throws Exception {
        WaitForAsyncUtils.waitFor(15, TimeUnit.SECONDS, condition);
        WaitForAsyncUtils.waitForFxEvents();
    }
}
