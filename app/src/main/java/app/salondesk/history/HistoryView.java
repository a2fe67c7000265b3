package app.salondesk.history;

import app.salondesk.booking.HistoryEntry;
import app.salondesk.i18n.Messages;
import com.fasterxml.jackson.jr.ob.JSON;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.geometry.Insets;
import javafx.scene.Scene;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import javafx.scene.layout.VBox;
import javafx.stage.Stage;
import javafx.stage.Window;

import java.io.IOException;
import java.time.OffsetDateTime;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.time.format.FormatStyle;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** A booking's changes as the database recorded them: when, who, what, through which path. */
public final class HistoryView {

    /** Columns that change with every write and say nothing to a person. */
    private static final List<String> QUIET = List.of("version", "updated_at", "updated_by", "created_at", "created_by",
            "request_id", "id", "tenant_id", "source");

    private final Messages messages;
    private final ZoneId zone;
    private final Map<Long, String> masterNames;
    private final DateTimeFormatter when;

    public HistoryView(Messages messages, ZoneId zone, Map<Long, String> masterNames) {
        this.messages = messages;
        this.zone = zone;
        this.masterNames = masterNames;
        this.when = DateTimeFormatter.ofLocalizedDateTime(FormatStyle.SHORT).withLocale(messages.locale());
    }

    public Stage show(Window owner, String title, List<HistoryEntry> entries) {
        TableView<HistoryEntry> table = new TableView<>();
        table.setId("history-table");
        table.getColumns().add(column("history.when", e -> e.at().atZone(zone).format(when), 130));
        table.getColumns().add(column("history.who", HistoryEntry::by, 110));
        table.getColumns().add(column("history.what", this::describe, 420));
        table.getColumns().add(column("history.how", e -> messages.get("history.source." + e.source()), 110));
        table.getItems().setAll(entries);
        table.setColumnResizePolicy(TableView.CONSTRAINED_RESIZE_POLICY_FLEX_LAST_COLUMN);
        Stage stage = new Stage();
        javafx.scene.layout.HBox buttons = new javafx.scene.layout.HBox(app.salondesk.ui.WindowButtons.close(messages, stage, true));
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

    /** "time: 30.11 10:00 → 11:00; status: confirmed → arrived" in the reader's words. */
    String describe(HistoryEntry e) {
        if (e.operation().equals("INSERT")) {
            return messages.get("history.created");
        }
        if (e.operation().equals("FORGET")) {
            return messages.get("history.forgotten");
        }
        if (e.operation().equals("DELETE")) {
            return messages.get("history.deleted");
        }
        Map<String, Object> changes;
        try {
            changes = JSON.std.mapFrom(e.changesJson());
        } catch (IOException ex) {
            return e.changesJson();
        }
        List<String> parts = new ArrayList<>();
        changes.forEach((field, pair) -> {
            if (QUIET.contains(field) || !(pair instanceof List<?> values) || values.size() != 2) {
                return;
            }
            parts.add(messages.get("history.field." + field) + ": " + value(field, values.get(0)) + " \u2192 " + value(field, values.get(1)));
        });
        return parts.isEmpty() ? messages.get("history.touched") : String.join("; ", parts);
    }

    private String value(String field, Object v) {
        if (v == null || "".equals(v)) {
            return "\u2014";   // nothing (an empty note)
        }
        return switch (field) {
            case "starts_at" -> OffsetDateTime.parse(v.toString()).atZoneSameInstant(zone).format(when);
            case "status" -> messages.get("booking.status." + v);
            case "master_id" -> masterNames.getOrDefault(((Number) v).longValue(), v.toString());
            case "outside_hours" -> messages.get(Boolean.TRUE.equals(v) ? "history.yes" : "history.no");
            default -> v.toString();
        };
    }
}
