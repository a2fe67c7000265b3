package app.salondesk.gui.staff.setup;

import app.salondesk.i18n.Messages;
import app.salondesk.model.staff.TimeOffEntry;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.ComboBox;
import javafx.scene.control.DatePicker;
import javafx.scene.control.Label;
import javafx.scene.control.ListCell;
import javafx.scene.control.ListView;
import javafx.scene.control.TextField;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;

/** A master's time off from today on; adding a stretch with a reason; removing one. */
public final class TimeOffView {

    private TimeOffView() {
    }

    public static Node create(TimeOffViewModel vm, Messages messages) {
        ListView<TimeOffEntry> list = new ListView<>(vm.entries());
        list.setId("time-off-list");
        list.setPlaceholder(new Label(messages.get("timeOff.none")));
        list.setCellFactory(l -> new ListCell<>() {
            @Override
            protected void updateItem(TimeOffEntry t, boolean empty) {
                super.updateItem(t, empty);
                if (empty || t == null) {
                    setGraphic(null);
                    return;
                }
                Label when = new Label(vm.describe(t.start(), t.end()));
                Label why = new Label(t.reason());
                why.getStyleClass().add("setup-hint");
                Region gap = new Region();
                HBox.setHgrow(gap, Priority.ALWAYS);
                Button remove = new Button(messages.get("timeOff.remove"));
                remove.getStyleClass().add("time-off-remove");
                remove.setOnAction(e -> vm.remove(t));
                remove.visibleProperty().bind(vm.editableProperty());
                HBox line = new HBox(10, when, why, gap, remove);
                line.setAlignment(Pos.CENTER_LEFT);
                setGraphic(line);
            }
        });
        list.setPrefHeight(220);
        VBox.setVgrow(list, Priority.ALWAYS);

        DatePicker fromDate = date("time-off-from-date", vm.fromDateProperty());
        TextField fromTime = time("time-off-from-time", vm.fromTimeProperty(), messages.get("timeOff.fromTimePrompt"));
        DatePicker toDate = date("time-off-to-date", vm.toDateProperty());
        TextField toTime = time("time-off-to-time", vm.toTimeProperty(), messages.get("timeOff.toTimePrompt"));
        ComboBox<String> reason = new ComboBox<>();
        reason.setId("time-off-reason");
        reason.setEditable(true);
        reason.getItems().setAll(vm.suggestedReasons());
        reason.setPromptText(messages.get("timeOff.reasonPrompt"));
        reason.getEditor().textProperty().bindBidirectional(vm.reasonProperty());
        reason.setPrefWidth(340);
        GridPane fields = new GridPane();
        fields.setHgap(10);
        fields.setVgap(8);
        fields.addRow(0, new Label(messages.get("timeOff.from")), fromDate, fromTime);
        fields.addRow(1, new Label(messages.get("timeOff.to")), toDate, toTime);
        fields.addRow(2, new Label(messages.get("timeOff.reason")), reason);
        GridPane.setColumnSpan(reason, 2);
        Label hint = new Label(messages.get("timeOff.hint"));
        hint.getStyleClass().add("setup-hint");
        hint.setWrapText(true);
        Button add = new Button(messages.get("timeOff.add"));
        add.setId("time-off-add");
        add.setOnAction(e -> vm.add());
        Label message = new Label();
        message.setId("time-off-message");
        message.getStyleClass().add("setup-message");
        message.setWrapText(true);
        message.textProperty().bind(vm.messageProperty());
        HBox bottom = new HBox(10, add, message);
        bottom.setAlignment(Pos.CENTER_LEFT);
        VBox editing = new VBox(10, fields, hint, bottom);
        editing.visibleProperty().bind(vm.editableProperty());
        editing.managedProperty().bind(editing.visibleProperty());

        VBox box = new VBox(10, list, editing);
        box.setPadding(new Insets(12));
        return box;
    }

    private static DatePicker date(String id, javafx.beans.property.ObjectProperty<java.time.LocalDate> value) {
        DatePicker d = new DatePicker();
        d.setId(id);
        d.setPrefWidth(150);
        d.valueProperty().bindBidirectional(value);
        return d;
    }

    private static TextField time(String id, javafx.beans.property.StringProperty value, String prompt) {
        TextField t = new TextField();
        t.setId(id);
        t.setPrefColumnCount(9);
        t.setPromptText(prompt);
        t.textProperty().bindBidirectional(value);
        return t;
    }
}
