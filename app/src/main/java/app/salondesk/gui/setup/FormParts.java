package app.salondesk.gui.setup;

import app.salondesk.i18n.Messages;
import javafx.beans.value.ObservableStringValue;
import javafx.scene.control.Label;
import javafx.scene.layout.ColumnConstraints;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;

import java.util.Objects;

/** Small pieces the setup screens share: error lines, labels, the stylesheet. */
final class FormParts {

    static final String STYLESHEET = Objects.requireNonNull(FormParts.class.getResource("setup.css")).toExternalForm();

    private FormParts() {
    }

    /** A red line under a field; it takes no room while there is nothing to say. */
    static Label error(ObservableStringValue text, String id) {
        Label l = new Label();
        if (id != null) {
            l.setId(id);
        }
        l.getStyleClass().add("field-error");
        l.setWrapText(true);
        l.textProperty().bind(text);
        l.visibleProperty().bind(l.textProperty().isNotEmpty());
        l.managedProperty().bind(l.visibleProperty());
        return l;
    }

    static Label label(Messages messages, String key) {
        Label l = new Label(messages.get(key));
        l.getStyleClass().add("form-label");
        l.setMinWidth(Region.USE_PREF_SIZE);   // the fields give way, never a label's words
        return l;
    }

    static Label hint(Messages messages, String key) {
        Label l = new Label(messages.get(key));
        l.getStyleClass().add("hint");
        l.setWrapText(true);
        return l;
    }

    static ColumnConstraints growing() {
        ColumnConstraints c = new ColumnConstraints();
        c.setHgrow(Priority.ALWAYS);
        c.setFillWidth(true);
        return c;
    }

    /** A column of labels: as wide as its widest label, in whichever language. */
    static ColumnConstraints labels() {
        ColumnConstraints c = new ColumnConstraints();
        c.setMinWidth(Region.USE_PREF_SIZE);
        c.setPrefWidth(Region.USE_COMPUTED_SIZE);
        return c;
    }
}
