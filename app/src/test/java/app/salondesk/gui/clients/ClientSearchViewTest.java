package app.salondesk.gui.clients;

import app.salondesk.gui.common.BackgroundTasks;
import app.salondesk.i18n.Messages;
import app.salondesk.logic.clients.ClientsFixture;
import app.salondesk.model.clients.ClientSummary;
import javafx.scene.Node;
import javafx.scene.Scene;
import javafx.scene.control.TextField;
import javafx.scene.input.KeyCode;
import javafx.scene.layout.VBox;
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

import java.util.List;
import java.util.Locale;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The search field in a window, headless: type, see the matches under the field, pick one. */
@ExtendWith(ApplicationExtension.class)
class ClientSearchViewTest {

    private static ClientsFixture fx;

    private final BackgroundTasks tasks = new BackgroundTasks();
    private final List<ClientSummary> picked = new CopyOnWriteArrayList<>();
    private ClientSearchView view;

    @BeforeAll
    static void salon() {
        fx = new ClientsFixture("client_search_gui");
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
        view = ClientSearchView.create(fx.clients(), fx.salon, tasks, new Messages(Locale.ENGLISH), picked::add);
        VBox root = new VBox(12, view.node(), new TextField());
        stage.setScene(new Scene(root, 480, 400));
        stage.show();
    }

    @Test
    void typedTextListsTheMatchesAndEnterPicksTheHighlightedOne(FxRobot robot) throws Exception {
        robot.clickOn(".client-search").write("iry");
        awaitMatches(robot, 4);
        robot.type(KeyCode.DOWN, KeyCode.DOWN).type(KeyCode.ENTER);
        WaitForAsyncUtils.waitForFxEvents();

        assertEquals(List.of(new ClientSummary(fx.iryna, "Iryna Savchenko", "+380671234567")), picked);
        assertEquals("Iryna Savchenko", view.node().getText());
        assertTrue(robot.lookup(".client-search-results").tryQuery().map(n -> !n.getScene().getWindow().isShowing()).orElse(true),
                "the list closes after the pick");
    }

    @Test
    void aClickOnAMatchPicksIt(FxRobot robot) throws Exception {
        robot.clickOn(".client-search").write("067 12");
        awaitMatches(robot, 1);
        robot.clickOn(".client-search-result");
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(List.of(fx.iryna), picked.stream().map(ClientSummary::id).toList());
    }

    /** Waits out the typing pause, then for the answer to the whole text to be on screen. */
    private void awaitMatches(FxRobot robot, int count) throws Exception {
        WaitForAsyncUtils.sleep(ClientSearchView.DEBOUNCE.toMillis() + 150, TimeUnit.MILLISECONDS);
        WaitForAsyncUtils.waitFor(15, TimeUnit.SECONDS,
                () -> !view.viewModel().searchingProperty().get() && shownMatches(robot) == count);
        WaitForAsyncUtils.waitForFxEvents();
    }

    /**
     * Matches on screen: visible and laid out. The popup's cells get their text before the
     * next layout pulse gives them a size, and a click needs a place to land.
     */
    private static int shownMatches(FxRobot robot) {
        return robot.lookup(".client-search-result").match((Node n) -> n.isVisible() && n.getBoundsInLocal().getWidth() > 0)
                .queryAll().size();
    }
}
