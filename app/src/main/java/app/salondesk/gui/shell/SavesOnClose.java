package app.salondesk.gui.shell;

import app.salondesk.gui.common.BackgroundTasks;
import app.salondesk.gui.common.DeskWindows;
import app.salondesk.i18n.Messages;
import javafx.application.Platform;
import javafx.geometry.Insets;
import javafx.scene.Scene;
import javafx.scene.control.Alert;
import javafx.scene.control.Button;
import javafx.scene.control.ButtonType;
import javafx.scene.control.Label;
import javafx.scene.control.ProgressIndicator;
import javafx.scene.layout.HBox;
import javafx.scene.layout.VBox;
import javafx.stage.Stage;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Closing the window right after a drag or a Save (issue 15): the window does not close under a
 * save in flight. It says which changes it is finishing, closes as soon as they are answered (at
 * most {@link #WAIT} later, or at once on "Close now"), and names any that had no answer — they
 * may not have been saved, and the person checks them when SalonDesk opens again. Without this
 * the workers were stopped and the pool closed at once, rolling back the save the person had just
 * seen without a word.
 */
public final class SavesOnClose {

    private static final Logger log = LoggerFactory.getLogger(SavesOnClose.class);

    /** A save waits at most 5 s for a lock; a lost connection is settled within the socket timeout and more. */
    static final Duration WAIT = Duration.ofSeconds(20);

    private final Stage stage;
    private final BackgroundTasks tasks;
    private final Messages messages;
    private final AtomicBoolean closing = new AtomicBoolean();

    private SavesOnClose(Stage stage, BackgroundTasks tasks, Messages messages) {
        this.stage = stage;
        this.tasks = tasks;
        this.messages = messages;
    }

    /** From now on a request to close {@code stage} waits for the saves in flight. */
    public static void install(Stage stage, BackgroundTasks tasks, Messages messages) {
        SavesOnClose guard = new SavesOnClose(stage, tasks, messages);
        stage.setOnCloseRequest(e -> {
            if (guard.closing.get() || tasks.savesInFlight().isEmpty()) {
                return;
            }
            e.consume();
            guard.finishThenClose();
        });
    }

    private void finishThenClose() {
        closing.set(true);
        Stage waiting = new Stage();
        waiting.initOwner(stage);
        waiting.setTitle(messages.get("close.waiting.title"));
        Label text = new Label(messages.format("close.waiting.text", String.join("\n", tasks.savesInFlight())));
        text.setId("close-waiting-text");
        text.setWrapText(true);
        // Enter closes now, as the person asked; Esc (or the window's ✕) takes the request back
        Button now = new Button(messages.get("close.now"));
        now.setId("close-now");
        now.setDefaultButton(true);
        Button back = new Button(messages.get("close.back"));
        back.setId("close-back");
        back.setCancelButton(true);
        HBox buttons = new HBox(8, back, now);
        buttons.setAlignment(javafx.geometry.Pos.CENTER_RIGHT);
        VBox box = new VBox(12, new HBox(12, new ProgressIndicator(), text), buttons);
        box.setPadding(new Insets(16));
        waiting.setScene(new Scene(box, 460, 180));
        AtomicBoolean done = new AtomicBoolean();
        Runnable finish = () -> {
            if (done.compareAndSet(false, true)) {
                waiting.hide();
                reportAndClose(tasks.savesInFlight());
            }
        };
        Runnable stay = () -> {
            if (done.compareAndSet(false, true)) {
                waiting.hide();
                closing.set(false);   // the desk goes on; a later close asks again
            }
        };
        now.setOnAction(e -> finish.run());
        back.setOnAction(e -> stay.run());
        waiting.setOnCloseRequest(e -> stay.run());
        Thread waiter = new Thread(() -> {
            try {
                tasks.awaitSaves(WAIT);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            Platform.runLater(finish);
        }, "salondesk-close-waiter");
        waiter.setDaemon(true);
        waiter.start();
        DeskWindows.showModal(waiting);
    }

    private void reportAndClose(List<String> unfinished) {
        if (!unfinished.isEmpty()) {
            log.warn("closing with {} save(s) that had no answer: {}", unfinished.size(), unfinished);
            Alert alert = new Alert(Alert.AlertType.WARNING, messages.format("close.unfinished.text", String.join("\n", unfinished)),
                    ButtonType.OK);
            alert.initOwner(stage);
            alert.setTitle(messages.get("close.unfinished.title"));
            alert.setHeaderText(messages.get("close.unfinished.title"));
            alert.getDialogPane().setId("close-unfinished");
            DeskWindows.showAndWait(alert);
        }
        stage.close();
    }
}
