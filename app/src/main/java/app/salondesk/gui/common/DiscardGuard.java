package app.salondesk.gui.common;

import app.salondesk.i18n.Messages;
import javafx.application.Platform;
import javafx.beans.value.ObservableBooleanValue;
import javafx.event.Event;
import javafx.scene.control.Alert;
import javafx.scene.control.Button;
import javafx.scene.control.ButtonBar;
import javafx.scene.control.ButtonType;
import javafx.scene.control.Dialog;
import javafx.scene.control.DialogEvent;
import javafx.stage.Stage;
import javafx.stage.Window;
import javafx.stage.WindowEvent;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Optional;
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
 * never asked about. A {@link Dialog} closes through its own close request (its Cancel, Esc and ✕
 * alike): {@link #install(Dialog, ObservableBooleanValue, Supplier, Messages)} listens there. A
 * screen that is not a window of its own (the set-up wizard in the main window at first start)
 * asks through {@link #confirm}. Closing the main window (its ✕, ☰ → Quit) asks about every window
 * over it that has changes, one after another ({@link #guardWindowsOver(Stage)}).
 */
public final class DiscardGuard {

    /** The question's id, for tests and the keyboard walk. */
    public static final String QUESTION_ID = "discard-question";

    /** Where a window keeps its guard, so that closing its owner can ask about it. */
    private static final Object GUARD = new Object();
    private static final Object AFTER_CLOSED = new Object();

    private final ObservableBooleanValue changed;
    private final Supplier<String> question;
    private final Supplier<Messages> messages;
    private boolean asking;

    private DiscardGuard(ObservableBooleanValue changed, Supplier<String> question, Supplier<Messages> messages) {
        this.changed = changed;
        this.question = question;
        this.messages = messages;
    }

    /**
     * @param changed  the view model's "has changes"
     * @param question the question, read when it is asked (it names what would be lost)
     */
    public static void install(Stage stage, ObservableBooleanValue changed, Supplier<String> question, Messages messages) {
        install(stage, changed, question, () -> messages);
    }

    /** As {@link #install(Stage, ObservableBooleanValue, Supplier, Messages)}, in the words of the moment (the main window's language may change). */
    public static void install(Stage stage, ObservableBooleanValue changed, Supplier<String> question, Supplier<Messages> messages) {
        DiscardGuard guard = new DiscardGuard(changed, question, messages);
        stage.getProperties().put(GUARD, guard);
        stage.addEventHandler(WindowEvent.WINDOW_CLOSE_REQUEST, e -> {
            if (!changed.get()) {
                return;
            }
            e.consume();
            guard.ask(stage, () -> {
                Object after = stage.getProperties().remove(AFTER_CLOSED);
                stage.close();
                if (after instanceof Runnable r) {
                    r.run();
                }
            }, () -> stage.getProperties().remove(AFTER_CLOSED));
        });
    }

    /**
     * A dialog's Cancel, Esc and ✕ ask first while it has changes (its OK closes it as it did): a
     * {@link Dialog} closes through its own close request, which comes with no result (null) on
     * those roads.
     */
    public static void install(Dialog<?> dialog, ObservableBooleanValue changed, Supplier<String> question, Messages messages) {
        DiscardGuard guard = new DiscardGuard(changed, question, () -> messages);
        boolean[] discarded = {false};
        dialog.addEventHandler(DialogEvent.DIALOG_CLOSE_REQUEST, e -> {
            if (discarded[0] || dialog.getResult() != null || !changed.get()) {
                return;
            }
            e.consume();
            Stage window = (Stage) dialog.getDialogPane().getScene().getWindow();
            guard.ask(window, () -> {
                discarded[0] = true;
                Object after = dialog.getDialogPane().getProperties().remove(AFTER_CLOSED);
                dialog.setResult(null);
                dialog.close();
                if (after instanceof Runnable r) {
                    r.run();
                }
            }, () -> dialog.getDialogPane().getProperties().remove(AFTER_CLOSED));
        });
    }

    /**
     * What a screen that is not a window of its own does on Cancel or Esc: {@code discard} at once
     * when nothing was changed, else after the question's "Discard" (never after "Keep editing").
     *
     * @param owner the window the screen is shown in
     */
    public static void confirm(Stage owner, ObservableBooleanValue changed, Supplier<String> question, Messages messages, Runnable discard) {
        if (!changed.get()) {
            discard.run();
            return;
        }
        new DiscardGuard(changed, question, () -> messages).ask(owner, discard, () -> { });
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

    /** As {@link #requestClose(Stage, Runnable)} for a dialog: its Cancel, then {@code afterClosed} once it has closed. */
    public static void requestClose(Dialog<?> dialog, Runnable afterClosed) {
        dialog.getDialogPane().getProperties().put(AFTER_CLOSED, afterClosed);
        dialog.setResult(null);
        dialog.close();
        if (!dialog.isShowing()) {
            dialog.getDialogPane().getProperties().remove(AFTER_CLOSED);
            afterClosed.run();
        }
    }

    /**
     * Closing {@code main} (its ✕, ☰ → Quit, Ctrl+Q) first asks to close each window over it that
     * has changes, the newest first: "Keep editing" leaves everything open, "Discard" closes that
     * window and asks about the next, and once none is left the main window's close goes on as
     * before. Without this, Quit closed a half-filled visit or a master's week with the desk.
     */
    public static void guardWindowsOver(Stage main) {
        main.addEventFilter(WindowEvent.WINDOW_CLOSE_REQUEST, e -> {
            if (DeskWindows.blocked(main)) {
                return;   // a modal window is in front: the desk brings it forward, nothing closes
            }
            Optional<Stage> unsaved = unsavedOver(main);
            if (unsaved.isPresent()) {
                e.consume();
                // the main window's close again once that one has closed: the next one is asked about, or it closes
                requestClose(unsaved.get(), () -> Platform.runLater(() -> requestClose(main)));
            }
        });
    }

    /** The newest showing window over {@code main} (owned by it, or by one of its windows) whose guard says it has changes. */
    static Optional<Stage> unsavedOver(Window main) {
        List<Window> windows = new ArrayList<>(Window.getWindows());
        Collections.reverse(windows);
        for (Window w : windows) {
            if (w != main && w.isShowing() && w instanceof Stage s && ownedBy(s, main)
                    && s.getProperties().get(GUARD) instanceof DiscardGuard g && g.changed.get()) {
                return Optional.of(s);
            }
        }
        return Optional.empty();
    }

    private static boolean ownedBy(Stage stage, Window main) {
        for (Window at = stage.getOwner(); at != null; at = at instanceof Stage s ? s.getOwner() : null) {
            if (at == main) {
                return true;
            }
        }
        return false;
    }

    /**
     * @param discard what "Discard" does
     * @param keep    what "Keep editing" does besides keeping the window open
     */
    private void ask(Stage owner, Runnable discard, Runnable keep) {
        if (asking) {
            return;
        }
        asking = true;
        Messages words = messages.get();
        ButtonType keepType = new ButtonType(words.get("discard.keep"), ButtonBar.ButtonData.CANCEL_CLOSE);
        ButtonType discardType = new ButtonType(words.get("discard.discard"), ButtonBar.ButtonData.OTHER);
        Alert alert = new Alert(Alert.AlertType.CONFIRMATION, question.get(), keepType, discardType);
        alert.initOwner(owner);
        alert.setTitle(words.get("discard.title"));
        alert.setHeaderText(null);
        alert.getDialogPane().setId(QUESTION_ID);
        // Enter keeps editing: the default is the safe choice, Discard must be chosen on purpose
        Button keepButton = (Button) alert.getDialogPane().lookupButton(keepType);
        keepButton.setId("discard-keep");
        keepButton.setDefaultButton(true);
        Button discardButton = (Button) alert.getDialogPane().lookupButton(discardType);
        discardButton.setId("discard-discard");
        discardButton.setDefaultButton(false);
        alert.setOnHidden(e -> {
            asking = false;
            if (alert.getResult() == discardType) {
                discard.run();
            } else {
                keep.run();
            }
        });
        DeskWindows.show(alert);
        keepButton.requestFocus();
    }
}
