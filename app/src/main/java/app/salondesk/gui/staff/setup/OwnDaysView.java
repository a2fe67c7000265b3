package app.salondesk.gui.staff.setup;

import app.salondesk.i18n.Messages;
import app.salondesk.model.staff.OwnDay;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.Node;
import javafx.scene.control.Button;
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

/** Single days with hours of their own (or none: not working), listed ahead, set and removed. */
public final class OwnDaysView {

    private OwnDaysView() {
    }

    public static Node create(OwnDaysViewModel vm, Messages messages) {
        Label hint = new Label(messages.get("days.hint"));
        hint.getStyleClass().add("setup-hint");
        hint.setWrapText(true);
        ListView<OwnDay> list = new ListView<>(vm.days());
        list.setId("days-list");
        list.setPlaceholder(new Label(messages.get("days.none")));
        list.setCellFactory(l -> new ListCell<>() {
            @Override
            protected void updateItem(OwnDay d, boolean empty) {
                super.updateItem(d, empty);
                if (empty || d == null) {
                    setGraphic(null);
                    return;
                }
                Label what = new Label(vm.describe(d));
                Region gap = new Region();
                HBox.setHgrow(gap, Priority.ALWAYS);
                Button remove = new Button(messages.get("days.remove"));
                remove.getStyleClass().add("day-remove");
                remove.setOnAction(e -> vm.remove(d));
                remove.visibleProperty().bind(vm.editableProperty());
                HBox line = new HBox(8, what, gap, remove);
                line.setAlignment(Pos.CENTER_LEFT);
                setGraphic(line);
            }
        });
        list.getSelectionModel().selectedItemProperty().addListener((obs, was, now) -> vm.pick(now));
        list.setPrefHeight(220);
        VBox.setVgrow(list, Priority.ALWAYS);

        DatePicker day = new DatePicker();
        day.setId("day-date");
        day.valueProperty().bindBidirectional(vm.dayProperty());
        TextField hours = new TextField();
        hours.setId("day-hours");
        hours.setPromptText(messages.get("days.hoursPrompt"));
        hours.textProperty().bindBidirectional(vm.hoursProperty());
        TextField note = new TextField();
        note.setId("day-note");
        note.setPromptText(messages.get("days.notePrompt"));
        note.textProperty().bindBidirectional(vm.noteProperty());
        GridPane fields = new GridPane();
        fields.setHgap(10);
        fields.setVgap(8);
        fields.addRow(0, new Label(messages.get("days.date")), day);
        fields.addRow(1, new Label(messages.get("days.hours")), hours);
        fields.addRow(2, new Label(messages.get("days.note")), note);
        GridPane.setHgrow(hours, Priority.ALWAYS);
        Button save = new Button(messages.get("days.save"));
        save.setId("day-save");
        save.setOnAction(e -> vm.save());
        Label message = new Label();
        message.setId("days-message");
        message.getStyleClass().add("setup-message");
        message.setWrapText(true);
        message.textProperty().bind(vm.messageProperty());
        HBox bottom = new HBox(10, save, message);
        bottom.setAlignment(Pos.CENTER_LEFT);
        VBox editing = new VBox(10, fields, bottom);
        editing.visibleProperty().bind(vm.editableProperty());
        editing.managedProperty().bind(editing.visibleProperty());

        VBox box = new VBox(10, hint, list, editing);
        box.setPadding(new Insets(12));
        return box;
    }
}
