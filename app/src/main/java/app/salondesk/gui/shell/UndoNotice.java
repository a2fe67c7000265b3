package app.salondesk.gui.shell;

import app.salondesk.gui.calendar.DayScheduleViewModel;
import app.salondesk.i18n.Messages;
import javafx.geometry.Pos;
import javafx.scene.Node;
import javafx.scene.Parent;
import javafx.scene.control.Hyperlink;
import javafx.scene.control.Label;
import javafx.scene.control.TextInputControl;
import javafx.scene.control.Tooltip;
import javafx.scene.input.KeyCode;
import javafx.scene.input.KeyEvent;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;

/**
 * The main window's way back (issue 17): an "Undo" link beside the notice of a change this desk
 * made ("Moved Iryna Savchenko to 15:00 with Olena · Undo"), and Ctrl+Z anywhere in the window
 * but a text field (where it undoes typing). What an undo does is {@link DayScheduleViewModel#undo()}'s.
 */
final class UndoNotice {

    private UndoNotice() {
    }

    /** The notice {@code note} with the link beside it; Ctrl+Z is listened for on {@code window}. */
    static Node around(Label note, DayScheduleViewModel vm, Messages messages, Parent window) {
        Label dot = new Label("\u00B7");
        Hyperlink undo = new Hyperlink(messages.get("undo.link"));
        undo.setId("notification-undo");
        undo.getStyleClass().add("notification-undo");
        undo.setTooltip(new Tooltip(messages.get("undo.link") + " (Ctrl+Z)"));
        undo.setMinWidth(Region.USE_PREF_SIZE);
        undo.setOnAction(e -> vm.undo());
        HBox offer = new HBox(4, dot, undo);
        offer.setAlignment(Pos.CENTER_LEFT);
        offer.visibleProperty().bind(vm.undoOfferedProperty());
        offer.managedProperty().bind(offer.visibleProperty());
        note.setMaxWidth(Region.USE_PREF_SIZE);
        note.setMinWidth(0);
        HBox bar = new HBox(4, note, offer);
        bar.setAlignment(Pos.CENTER_LEFT);
        bar.getStyleClass().add("notification-bar");
        HBox.setHgrow(note, Priority.SOMETIMES);
        bar.visibleProperty().bind(note.visibleProperty());
        bar.managedProperty().bind(bar.visibleProperty());
        window.addEventFilter(KeyEvent.KEY_PRESSED, e -> {
            if (e.getCode() == KeyCode.Z && e.isShortcutDown() && !e.isShiftDown() && !(e.getTarget() instanceof TextInputControl)) {
                vm.undo();
                e.consume();
            }
        });
        return bar;
    }
}
