package app.salondesk.gui.common;

import app.salondesk.i18n.Messages;
import javafx.beans.value.ObservableBooleanValue;
import javafx.event.Event;
import javafx.scene.control.Alert;
import javafx.scene.control.Button;
import javafx.scene.control.ButtonBar;
import javafx.scene.control.ButtonType;
import javafx.stage.Stage;
import javafx.stage.WindowEvent;

import java.util.function.Supplier;

/**
 * Closing a window with changes not saved asks first (issue 31): Esc, Cancel, Close or the
 * window's ✕ on a form that has changes asks "Discard the booking for Iryna at 15:00?", and Enter
 * (the default button), Esc and "Keep editing" all keep the window open with what was typed — the
 * safe choice is the one a reflex presses. Only "Discard" closes. A window without changes just
 * closes.
 *
 * <p>The closing roads of the desk ({@link WindowButtons}, a form's own Esc) ask to close with
 * {@link #requestClose(Stage)}, which fires the window's close request as its ✕ does; the guard
 * listens for that request. A save's own closing ({@code stage.close()}) is not a request and is
 * never asked about.
 */
public final class DiscardGuard {

    /** The question's id, for tests and the keyboard walk. */
    public static final String QUESTION_ID = "discard-question";

    private boolean asking;

    private DiscardGuard() {
    }

    /**
     * @param changed  the view model's "has changes"
     * @param question the question, read when it is asked (it names what would be lost)
     */
    public static void install(Stage stage, ObservableBooleanValue changed, Supplier<String> question, Messages messages) {
        DiscardGuard guard = new DiscardGuard();
        stage.addEventHandler(WindowEvent.WINDOW_CLOSE_REQUEST, e -> {
            if (!changed.get()) {
                return;
            }
            e.consume();
            if (!guard.asking) {
                guard.ask(stage, question.get(), messages);
            }
        });
    }

    /** As the window's ✕: closes it, unless a guard asks first and the answer is to keep editing. */
    public static void requestClose(Stage stage) {
        Event.fireEvent(stage, new WindowEvent(stage, WindowEvent.WINDOW_CLOSE_REQUEST));
    }

    /**
     * As {@link #requestClose(Stage)}, then {@code afterClosed} once the window has closed — at once,
     * or after "Discard"; never after "Keep editing" (a button that leads to another window).
     */
    public static void requestClose(Stage stage, Runnable afterClosed) {
        stage.getProperties().put(AFTER_CLOSED, afterClosed);
        requestClose(stage);
        if (!stage.isShowing()) {
            stage.getProperties().remove(AFTER_CLOSED);
            afterClosed.run();
        }
    }

    private static final Object AFTER_CLOSED = new Object();

    private void ask(Stage stage, String question, Messages messages) {
        asking = true;
        ButtonType keep = new ButtonType(messages.get("discard.keep"), ButtonBar.ButtonData.CANCEL_CLOSE);
        ButtonType discard = new ButtonType(messages.get("discard.discard"), ButtonBar.ButtonData.OTHER);
        Alert alert = new Alert(Alert.AlertType.CONFIRMATION, question, keep, discard);
        alert.initOwner(stage);
        alert.setTitle(messages.get("discard.title"));
        alert.setHeaderText(null);
        alert.getDialogPane().setId(QUESTION_ID);
        // Enter keeps editing: the default is the safe choice, Discard must be chosen on purpose
        Button keepButton = (Button) alert.getDialogPane().lookupButton(keep);
        keepButton.setId("discard-keep");
        keepButton.setDefaultButton(true);
        Button discardButton = (Button) alert.getDialogPane().lookupButton(discard);
        discardButton.setId("discard-discard");
        discardButton.setDefaultButton(false);
        alert.setOnHidden(e -> {
            asking = false;
            Object after = stage.getProperties().remove(AFTER_CLOSED);
            if (alert.getResult() == discard) {
                stage.close();
                if (after instanceof Runnable r) {
                    r.run();
                }
            }
        });
        DeskWindows.show(alert);
        keepButton.requestFocus();
    }
}
