package app.salondesk.gui.history;

import app.salondesk.i18n.Messages;
import app.salondesk.logic.history.HistoryText;
import app.salondesk.model.booking.HistoryEntry;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.geometry.Insets;
import javafx.scene.Scene;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import javafx.scene.layout.VBox;
import javafx.stage.Stage;
import javafx.stage.Window;

import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.time.format.FormatStyle;
import java.util.List;
import java.util.Map;

/** A booking's changes as the database recorded them: when, who, what, through which path. */
public final class HistoryView {

    private final Messages messages;
    private final ZoneId zone;
    private final DateTimeFormatter when;
    private final HistoryText text;

    public HistoryView(Messages messages, ZoneId zone, Map<Long, String> masterNames) {
        this.messages = messages;
        this.when = DateTimeFormatter.ofLocalizedDateTime(FormatStyle.SHORT).withLocale(messages.locale());
        this.zone = zone;
        this.text = new HistoryText(messages, zone, masterNames, when);
    }

    public Stage show(Window owner, String title, List<HistoryEntry> entries) {
        TableView<HistoryEntry> table = new TableView<>();
        table.setId("history-table");
        table.getColumns().add(column("history.when", e -> e.at().atZone(zone).format(when), 130));
        table.getColumns().add(column("history.who", text::who, 130));
        table.getColumns().add(column("history.what", text::describe, 420));
        table.getColumns().add(column("history.how", text::how, 110));
        table.getItems().setAll(entries);
        table.setColumnResizePolicy(TableView.CONSTRAINED_RESIZE_POLICY_FLEX_LAST_COLUMN);
        Stage stage = new Stage();
        javafx.scene.layout.HBox buttons = new javafx.scene.layout.HBox(app.salondesk.gui.common.WindowButtons.close(messages, stage, true));
        buttons.setAlignment(javafx.geometry.Pos.CENTER_RIGHT);
        VBox box = new VBox(8, table, buttons);
        VBox.setVgrow(table, javafx.scene.layout.Priority.ALWAYS);
        box.setPadding(new Insets(12));
        stage.initOwner(owner);
        stage.setTitle(title);
        stage.setScene(new Scene(box, 820, 380));
        stage.show();
        return stage;
    }

    private TableColumn<HistoryEntry, String> column(String key, java.util.function.Function<HistoryEntry, String> text, double width) {
        TableColumn<HistoryEntry, String> c = new TableColumn<>(messages.get(key));
        c.setCellValueFactory(cell -> new ReadOnlyStringWrapper(text.apply(cell.getValue())));
        c.setPrefWidth(width);
        return c;
    }
}
