package app.salondesk.gui.setup;

import app.salondesk.i18n.Messages;
import javafx.geometry.Pos;
import javafx.scene.Node;
import javafx.scene.control.CheckBox;
import javafx.scene.control.Label;
import javafx.scene.control.TextField;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.VBox;

/** The opening week: a row per weekday — open or not, from, to. */
public final class OpeningWeekView {

    private final VBox root = new VBox(10);

    public OpeningWeekView(OpeningWeekViewModel vm, Messages messages) {
        GridPane grid = new GridPane();
        grid.setHgap(10);
        grid.setVgap(6);
        int row = 0;
        for (OpeningWeekViewModel.Day d : vm.days()) {
            String day = d.day().name();
            CheckBox open = new CheckBox(d.name());
            open.setId("week-open-" + day);
            open.setMinWidth(150);
            open.selectedProperty().bindBidirectional(d.openProperty());
            TextField from = time("week-from-" + day, d.fromProperty());
            TextField to = time("week-to-" + day, d.toProperty());
            from.disableProperty().bind(d.openProperty().not());
            to.disableProperty().bind(d.openProperty().not());
            Label dash = new Label("\u2013");
            Label closed = new Label(messages.get("week.closed"));
            closed.getStyleClass().add("hint");
            closed.visibleProperty().bind(d.openProperty().not());
            grid.addRow(row, open, from, dash, to, closed);
            GridPane.setValignment(open, javafx.geometry.VPos.CENTER);
            grid.add(FormParts.error(d.errorProperty(), "week-error-" + day), 1, row + 1, 4, 1);
            row += 2;
        }
        grid.setAlignment(Pos.TOP_LEFT);
        root.getChildren().addAll(FormParts.hint(messages, "week.intro"), grid, FormParts.error(vm.weekErrorProperty(), "week-error"));
    }

    public Node node() {
        return root;
    }

    private static TextField time(String id, javafx.beans.property.StringProperty text) {
        TextField f = new TextField();
        f.setId(id);
        f.setPrefColumnCount(5);
        f.textProperty().bindBidirectional(text);
        return f;
    }
}
