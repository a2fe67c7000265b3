package app.salondesk.gui.common;

import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.collections.FXCollections;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A view model's "has changes" (issue 31): compared with what the form showed as saved. */
class UnsavedEditsTest {

    @Test
    void typingMakesAChangeAndTypingItBackTakesItAway() {
        var name = new SimpleStringProperty("Cut");
        var edits = new UnsavedEdits(name);
        assertFalse(edits.changed());
        name.set("Cut and wash");
        assertTrue(edits.changed());
        name.set("Cut");
        assertFalse(edits.changed(), "typed back as it was");
        name.set("Cut ");
        assertFalse(edits.changed(), "a space at the end is no change");
    }

    @Test
    void aBlankTextIsNothingTypedAndMarkUnchangedTakesTheNewBaseline() {
        var note = new SimpleStringProperty(null);
        var edits = new UnsavedEdits(note);
        note.set("   ");
        assertFalse(edits.changed());
        note.set("call first");
        assertTrue(edits.changed());
        edits.markUnchanged();   // saved
        assertFalse(edits.changed());
    }

    @Test
    void eachItemsValueIsWatchedItemsAddedLaterToo() {
        var a = new SimpleBooleanProperty(true);
        var list = FXCollections.observableArrayList(a);
        var edits = new UnsavedEdits(list).watchEach(list, p -> p);
        edits.markUnchanged();
        a.set(false);
        assertTrue(edits.changed());
        a.set(true);
        assertFalse(edits.changed());
        var b = new SimpleBooleanProperty(false);
        list.add(b);
        assertTrue(edits.changed(), "an item more");
        edits.markUnchanged();
        b.set(true);
        assertTrue(edits.changed(), "an item added later is watched");
    }
}
