package app.salondesk.gui.common;

import app.salondesk.i18n.Messages;
import javafx.scene.control.Button;
import javafx.stage.Stage;

/**
 * The buttons every window of the desk has (issue 17: each has a default, Enter, and a cancel,
 * Esc): a Close that Esc presses, and that Enter presses too in a window with nothing to fill in.
 */
public final class WindowButtons {

    private WindowButtons() {
    }

    /** A list of a choice box or a date picker is open: Esc is for closing it, not the window. */
    private static boolean popupOpen(Stage stage) {
        return stage.getScene() != null && stage.getScene().getFocusOwner() instanceof javafx.scene.control.ComboBoxBase<?> c && c.isShowing();
    }

    /**
     * @param alsoDefault Enter presses it too (a window that only shows: a history, a chart);
     *                    false where Enter belongs to the window's own action
     */
    public static Button close(Messages messages, Stage stage, boolean alsoDefault) {
        Button close = new Button(messages.get("window.close"));
        close.setId("window-close");
        close.setCancelButton(true);
        close.setDefaultButton(alsoDefault);
        close.setOnAction(e -> DiscardGuard.requestClose(stage));
        escCloses(stage);
        return close;
    }

    /** A form's Cancel: Esc presses it, it closes the window and leaves what was typed unsaved. */
    public static Button cancel(Messages messages, Stage stage) {
        Button cancel = new Button(messages.get("form.cancel"));
        cancel.setCancelButton(true);
        cancel.setOnAction(e -> DiscardGuard.requestClose(stage));
        escCloses(stage);
        return cancel;
    }

    /** Esc closes the window wherever the focus is: a list or table keeps Esc for itself otherwise. */
    private static void escCloses(Stage stage) {
        stage.addEventFilter(javafx.scene.input.KeyEvent.KEY_PRESSED, e -> {
            if (e.getCode() == javafx.scene.input.KeyCode.ESCAPE && !popupOpen(stage)) {
                e.consume();
                DiscardGuard.requestClose(stage);   // as the window's ✕: a form with changes asks first
            }
        });
    }
}
