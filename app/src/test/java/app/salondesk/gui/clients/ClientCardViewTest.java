package app.salondesk.gui.clients;

import app.salondesk.gui.common.BackgroundTasks;
import app.salondesk.i18n.Messages;
import app.salondesk.logic.clients.ClientsFixture;
import javafx.embed.swing.SwingFXUtils;
import javafx.scene.Node;
import javafx.scene.Scene;
import javafx.scene.control.Labeled;
import javafx.scene.control.TableView;
import javafx.scene.image.WritableImage;
import javafx.scene.input.KeyCode;
import javafx.stage.Stage;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

import java.io.File;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import javax.imageio.ImageIO;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The real client card in a window, headless: edit, save, and the database has it. */
@ExtendWith(ApplicationExtension.class)
class ClientCardViewTest {

    private static ClientsFixture fx;

    private final BackgroundTasks tasks = new BackgroundTasks();
    private ClientCardViewModel vm;

    @BeforeAll
    static void salon() {
        fx = new ClientsFixture("client_card_gui");
    }

    @AfterAll
    static void close() {
        fx.close();
    }

    @AfterEach
    void stopWorkers() {
        tasks.close();
    }

    @Start
    void start(Stage stage) {
        Messages messages = new Messages(Locale.ENGLISH);
        vm = new ClientCardViewModel(fx.salon, fx.cardService(), tasks, messages, ClientsFixture.CLOCK);
        ClientCardView view = new ClientCardView(vm, messages);
        stage.setScene(new Scene(view.node(), 640, 560));
        stage.titleProperty().bind(vm.titleProperty());
        view.setOnClose(stage::close);
        stage.show();
        vm.load(fx.iryna);
    }

    @Test
    void editedNotesAreSavedToTheDatabaseAndTheVisitsAreListed(FxRobot robot) throws Exception {
        awaitLoaded();
        TableView<?> table = robot.lookup("#client-visits").queryAs(TableView.class);
        assertEquals(5, table.getItems().size());
        Set<Node> rows = robot.lookup(".visit-row").queryAll();
        assertEquals(5, rows.size(), "one row per booking on screen");
        assertEquals(1, robot.lookup(".visit-row.visit-upcoming").queryAll().size());
        assertEquals(2, robot.lookup(".visit-row.visit-no-show").queryAll().size());
        List<String> upcomingCells = robot.lookup(".visit-row.visit-upcoming").lookup(".table-cell").queryAllAs(Labeled.class)
                .stream().map(Labeled::getText).toList();
        assertTrue(upcomingCells.containsAll(List.of("Mar 20, 2026", "Marta Shevchenko", "Haircut", "Confirmed")), upcomingCells.toString());
        assertEquals("No-shows: 2", text(robot, "#client-no-shows"));
        assertTrue(robot.lookup("#client-save").queryButton().isDisabled(), "nothing to save yet");

        robot.clickOn("#client-notes");
        robot.press(KeyCode.CONTROL, KeyCode.A).release(KeyCode.A, KeyCode.CONTROL);
        robot.write("Allergic to latex");
        robot.clickOn("#client-save");

        WaitForAsyncUtils.waitFor(15, TimeUnit.SECONDS, () -> "Allergic to latex".equals(fx.notesOf(fx.iryna)));
        WaitForAsyncUtils.waitFor(5, TimeUnit.SECONDS, () -> "Saved.".equals(text(robot, "#client-message")));
        assertTrue(robot.lookup("#client-save").queryButton().isDisabled(), "saved: nothing left to save");
        screenshot(robot, "client-card.png");
    }

    @Test
    void aPhoneOfAnotherClientIsShownNextToThePhoneField(FxRobot robot) throws Exception {
        awaitLoaded();
        robot.clickOn("#client-phone");
        robot.press(KeyCode.CONTROL, KeyCode.A).release(KeyCode.A, KeyCode.CONTROL);
        robot.write("050 111 22 33");
        robot.clickOn("#client-save");

        WaitForAsyncUtils.waitFor(15, TimeUnit.SECONDS, () -> robot.lookup("#client-phone-error").queryLabeled().isVisible());
        assertEquals("This number already belongs to another client: Iryna Kovalenko", text(robot, "#client-phone-error"));
        assertEquals("+380671234567", fx.phoneOf(fx.iryna));
    }

    private void awaitLoaded() throws Exception {
        WaitForAsyncUtils.waitFor(15, TimeUnit.SECONDS, () -> vm.loadedProperty().get() && !vm.loadingProperty().get());
        WaitForAsyncUtils.waitForFxEvents();
    }

    private static String text(FxRobot robot, String query) {
        return robot.lookup(query).queryLabeled().getText();
    }

    private static void screenshot(FxRobot robot, String name) throws Exception {
        String dir = System.getProperty("salondesk.shots");
        if (dir == null) {
            return;
        }
        WritableImage image = WaitForAsyncUtils.asyncFx(() -> robot.listTargetWindows().get(0).getScene().snapshot(null)).get();
        File file = new File(dir, name);
        file.getParentFile().mkdirs();
        ImageIO.write(SwingFXUtils.fromFXImage(image, null), "png", file);
    }
}
