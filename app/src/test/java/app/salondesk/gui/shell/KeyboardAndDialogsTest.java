package app.salondesk.gui.shell;

import app.salondesk.gui.common.BackgroundTasks;
import app.salondesk.i18n.Messages;
import app.salondesk.logic.booking.EngineFixture;
import app.salondesk.model.salon.Salon;
import com.calendarfx.view.DayEntryView;
import javafx.scene.Node;
import javafx.scene.Parent;
import javafx.scene.Scene;
import javafx.scene.control.Button;
import javafx.scene.control.Labeled;
import javafx.scene.input.KeyCode;
import javafx.stage.PopupWindow;
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

import static app.salondesk.logic.booking.EngineFixture.at;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The desk without a mouse: a booking made, moved to another master (Move to ▸ from the
 * context-menu key) and its status changed with keys alone; and every window the desk opens
 * has a default button (Enter) and a cancel button (Esc), and Esc closes it.
 */
@ExtendWith(ApplicationExtension.class)
class KeyboardAndDialogsTest {

    private static EngineFixture f;
    private static Salon salon;
    private final BackgroundTasks tasks = new BackgroundTasks();
    private FrontDesk desk;
    private Stage stage;

    @BeforeAll
    static void salon() {
        f = new EngineFixture("keyboard", 4);
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
        Clock clock = Clock.fixed(Instant.parse("2029-12-01T09:00:00Z"), ZoneOffset.UTC);
        desk = TestDesks.frontDesk(stage, f.dsl, salon, tasks, new Messages(Locale.ENGLISH), clock, "desk1", "Database: test",
                f.backend.database().settings());
        desk.schedule().dateProperty().set(EngineFixture.DAY);
        stage.setScene(new Scene(desk.window().root(), 1300, 900));
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
    void aBookingIsMadeMovedAndItsStatusChangedWithKeysAlone(FxRobot robot) throws Exception {
        waitFor(() -> desk.schedule().scheduleProperty().get() != null && !desk.schedule().loadingProperty().get());
        robot.clickOn("#day-title");   // the window has the keyboard; from here on, keys only

        // made: Ctrl+N opens the form on Anna's first free time, the cursor in the client's name
        robot.press(KeyCode.CONTROL).type(KeyCode.N).release(KeyCode.CONTROL);
        try {
            waitFor(() -> focusedId(robot).equals("form-client-name"));
        } catch (java.util.concurrent.TimeoutException e) {
            throw new AssertionError("focus on " + focusedNode(robot) + "; windows " + Window.getWindows().stream()
                    .map(w -> w.getClass().getSimpleName() + ":" + w.isFocused() + ":" + (w.getScene() == null ? null : w.getScene().getFocusOwner()))
                    .toList());
        }
        // (TestFX writes into the window it last worked with: told which one; no mouse involved)
        robot.targetWindow(opened().orElseThrow());
        robot.write("Keyboard Kate");
        for (String next : List.of("form-client-phone", "form-service", "form-master", "form-date", "form-time", "form-duration")) {
            robot.type(KeyCode.TAB);
            try {
                waitFor(() -> focusedId(robot).equals(next) || focusedIn(robot, next));
            } catch (java.util.concurrent.TimeoutException e) {
                throw new AssertionError("Tab should reach " + next + ", the focus is on " + focusedNode(robot));
            }
        }
        robot.write("45").type(KeyCode.ENTER);
        try {
            waitFor(() -> f.count("SELECT count(*) FROM bookings") == 1);
        } catch (java.util.concurrent.TimeoutException e) {
            List<String> seen = new ArrayList<>();
            for (Window w : List.copyOf(Window.getWindows())) {
                if (w.getScene() != null) {
                    w.getScene().getRoot().lookupAll(".label").forEach(n -> seen.add(((Labeled) n).getText()));
                    w.getScene().getRoot().lookupAll(".text-field").forEach(n -> seen.add(n.getId() + "=" + ((javafx.scene.control.TextField) n).getText()));
                }
            }
            throw new AssertionError("not saved; focus " + focusedNode(robot) + "; on screen " + seen);
        }
        assertEquals(f.anna, f.count("SELECT master_id FROM bookings"));
        assertEquals(at(8, 0), f.dsl.resultQuery("SELECT starts_at FROM bookings").fetchOne(0, java.time.OffsetDateTime.class).toInstant());
        assertEquals(45, f.count("SELECT duration_min FROM bookings"));

        // moved: ↓ goes to the booking, Shift+F10 opens its menu, Move to ▸ Bohdan
        waitFor(() -> entry(robot).isPresent());
        robot.type(KeyCode.DOWN);
        waitFor(() -> focusedNode(robot) instanceof DayEntryView);
        robot.press(KeyCode.SHIFT).type(KeyCode.F10).release(KeyCode.SHIFT);
        choose(robot, "Move to");
        robot.type(KeyCode.RIGHT);
        choose(robot, "Bohdan");
        robot.type(KeyCode.ENTER);
        waitFor(() -> f.count("SELECT master_id FROM bookings") == f.bohdan);
        assertEquals(at(8, 0), f.dsl.resultQuery("SELECT starts_at FROM bookings").fetchOne(0, java.time.OffsetDateTime.class).toInstant(),
                "the same time, with the other master");

        // status: the context-menu key this time, then Arrived
        waitFor(() -> entry(robot).isPresent() && !desk.schedule().loadingProperty().get());
        robot.type(KeyCode.DOWN);
        waitFor(() -> focusedNode(robot) instanceof DayEntryView);
        robot.type(KeyCode.CONTEXT_MENU);
        choose(robot, "Arrived");
        robot.type(KeyCode.ENTER);
        waitFor(() -> "arrived".equals(f.dsl.resultQuery("SELECT status FROM bookings").fetchOne(0, String.class)));
    }

    @Test
    void everyWindowOfTheDeskHasADefaultAndACancelButtonAndEscClosesIt(FxRobot robot) throws Exception {
        waitFor(() -> desk.schedule().scheduleProperty().get() != null && !desk.schedule().loadingProperty().get());
        List<String> problems = new ArrayList<>();
        for (String item : List.of("new-visit", "utilisation", "waitlist", "export", "setup-masters", "setup-services", "setup-resources",
                "staff", "salon-settings", "online-booking", "consent-forms")) {
            walk(robot, item, () -> robot.clickOn("#more").clickOn("#" + item), problems);
        }
        walk(robot, "day sheet (Ctrl+P)", () -> robot.press(KeyCode.CONTROL).type(KeyCode.P).release(KeyCode.CONTROL), problems);
        walk(robot, "booking form (Ctrl+N)", () -> robot.press(KeyCode.CONTROL).type(KeyCode.N).release(KeyCode.CONTROL), problems);
        walk(robot, "client card", () -> robot.interact(() -> desk.openClientCard(f.client)), problems);
        // (☰ → Settings is the shell's, not the desk's: WindowAndTextSizeTest closes it with Esc)
        assertEquals(List.of(), problems);
    }

    /** Opens a window, checks its buttons, presses Esc and checks it closed. */
    private void walk(FxRobot robot, String name, Runnable open, List<String> problems) throws Exception {
        robot.clickOn("#day-title");
        open.run();
        try {
            WaitForAsyncUtils.waitFor(15, TimeUnit.SECONDS, () -> opened().isPresent());
        } catch (java.util.concurrent.TimeoutException e) {
            throw new AssertionError(name + ": no window opened; windows: " + Window.getWindows().stream()
                    .map(w -> w.getClass().getSimpleName() + (w instanceof Stage st ? "[" + st.getTitle() + ", owner " + st.getOwner() + "]" : ""))
                    .toList() + ", main " + stage);
        }
        WaitForAsyncUtils.waitForFxEvents();
        Stage window = opened().orElseThrow();
        List<Button> buttons = new ArrayList<>();
        collectButtons(window.getScene().getRoot(), buttons);
        if (buttons.stream().noneMatch(b -> b.isDefaultButton() && b.isVisible())) {
            problems.add(name + ": no default button among " + texts(buttons));
        }
        if (buttons.stream().noneMatch(b -> b.isCancelButton() && b.isVisible())) {
            problems.add(name + ": no cancel button among " + texts(buttons));
        }
        robot.interact(window::requestFocus);
        robot.type(KeyCode.ESCAPE);
        try {
            WaitForAsyncUtils.waitFor(5, TimeUnit.SECONDS, () -> !window.isShowing());
        } catch (java.util.concurrent.TimeoutException e) {
            problems.add(name + ": Esc did not close it");
            robot.interact(window::close);
        }
    }

    private Optional<Stage> opened() {
        return Window.getWindows().stream().filter(w -> w instanceof Stage s && s.getOwner() == stage && s.isShowing())
                .map(w -> (Stage) w).findFirst();
    }

    private static void collectButtons(Node n, List<Button> out) {
        if (n instanceof Button b) {
            out.add(b);
        }
        if (n instanceof Parent p) {
            p.getChildrenUnmodifiable().forEach(c -> collectButtons(c, out));
        }
    }

    private static List<String> texts(List<Button> buttons) {
        return buttons.stream().map(Labeled::getText).toList();
    }

    /** Presses ↓ in the open menu until the item named is the focused one. */
    private static void choose(FxRobot robot, String item) throws Exception {
        waitFor(() -> robot.lookup(".context-menu").tryQuery().isPresent());
        for (int i = 0; i < 14 && !item.equals(focusedMenuItem(robot)); i++) {
            robot.type(KeyCode.DOWN);
            WaitForAsyncUtils.waitForFxEvents();
        }
        assertEquals(item, focusedMenuItem(robot));
    }

    private static String focusedMenuItem(FxRobot robot) {
        List<Window> windows = new ArrayList<>(Window.getWindows());
        java.util.Collections.reverse(windows);   // a submenu opened last: its item is the one the keys move
        for (Window w : windows) {
            if (w instanceof PopupWindow && w.isShowing() && w.getScene() != null) {
                for (Node n : w.getScene().getRoot().lookupAll(".menu-item")) {
                    if (n.isFocused()) {
                        Node label = n.lookup(".label");
                        return label instanceof Labeled l ? l.getText() : "";
                    }
                }
            }
        }
        return "";
    }

    private Optional<DayEntryView> entry(FxRobot robot) {
        return robot.lookup((Node n) -> n instanceof DayEntryView d && d.isVisible() && d.getEntry().getTitle().startsWith("Keyboard Kate"))
                .tryQueryAs(DayEntryView.class);
    }

    private Node focusedNode(FxRobot robot) {
        // the headless screen calls every shown window focused: the one opened last has the keys
        return Window.getWindows().stream().filter(w -> w.isFocused() && w instanceof Stage).reduce((a, b) -> b)
                .map(w -> w.getScene().getFocusOwner()).orElse(null);
    }

    private String focusedId(FxRobot robot) {
        Node n = focusedNode(robot);
        return n == null || n.getId() == null ? "" : n.getId();
    }

    /** The focus is inside the node of that id (a date picker's editor, a combo box's). */
    private boolean focusedIn(FxRobot robot, String id) {
        for (Node n = focusedNode(robot); n != null; n = n.getParent()) {
            if (id.equals(n.getId())) {
                return true;
            }
        }
        return false;
    }

    private static void waitFor(Callable<Boolean> condition) throws Exception {
        WaitForAsyncUtils.waitFor(15, TimeUnit.SECONDS, condition);
        WaitForAsyncUtils.waitForFxEvents();
    }
}
