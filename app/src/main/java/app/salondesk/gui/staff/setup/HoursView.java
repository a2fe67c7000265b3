package app.salondesk.gui.staff.setup;

import app.salondesk.i18n.Messages;
import app.salondesk.model.staff.Week;
import javafx.beans.binding.Bindings;
import javafx.collections.ListChangeListener;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.ComboBox;
import javafx.scene.control.DatePicker;
import javafx.scene.control.Label;
import javafx.scene.control.ListCell;
import javafx.scene.control.ScrollPane;
import javafx.scene.control.Separator;
import javafx.scene.control.TextField;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.VBox;
import javafx.util.StringConverter;

import java.time.DayOfWeek;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * A master's week as seven rows of intervals (typed: "09:00–13:00, 14:00–18:00"; empty: day
 * off), the weeks that start from later dates, and starting one.
 */
public final class HoursView {

    private HoursView() {
    }

    public static Node create(HoursViewModel vm, Messages messages) {
        ComboBox<LocalDate> weeks = new ComboBox<>();
        weeks.setId("hours-weeks");
        weeks.setConverter(new StringConverter<>() {
            @Override
            public String toString(LocalDate d) {
                return d == null ? "" : vm.weekName(d);
            }

            @Override
            public LocalDate fromString(String s) {
                return null;
            }
        });
        weeks.setButtonCell(new ListCell<>() {
            @Override
            protected void updateItem(LocalDate d, boolean empty) {
                super.updateItem(d, empty);
                setText(empty || d == null ? null : vm.weekName(d));
            }
        });
        boolean[] filling = {false};
        Runnable fillWeeks = () -> {
            filling[0] = true;
            List<LocalDate> starts = new ArrayList<>(vm.weeks().stream().map(Week::validFrom).toList());
            if (!starts.contains(Week.ALWAYS)) {
                starts.add(0, Week.ALWAYS);   // a master without hours yet still has a first week, empty
            }
            weeks.getItems().setAll(starts);
            weeks.setValue(vm.draftProperty().get() ? null : vm.shownProperty().get());
            filling[0] = false;
        };
        vm.weeks().addListener((ListChangeListener<Week>) c -> fillWeeks.run());
        vm.shownProperty().addListener((obs, was, now) -> fillWeeks.run());
        vm.draftProperty().addListener((obs, was, now) -> fillWeeks.run());
        weeks.valueProperty().addListener((obs, was, now) -> {
            if (!filling[0] && now != null) {
                vm.showWeek(now);
            }
        });
        Button remove = new Button(messages.get("hours.removeWeek"));
        remove.setId("hours-remove-week");
        remove.setOnAction(e -> {
            if (InTheWayView.confirmed(remove.getScene().getWindow(), messages,
                    messages.format("hours.removeWeekText", vm.weekName(vm.shownProperty().get())))) {
                vm.removeShownWeek();
            }
        });
        remove.visibleProperty().bind(vm.editableProperty().and(Bindings.createBooleanBinding(() -> vm.shownProperty().get() != null
                && !vm.shownProperty().get().equals(Week.ALWAYS), vm.shownProperty())));
        remove.managedProperty().bind(remove.visibleProperty());
        HBox weekLine = new HBox(8, new Label(messages.get("hours.week")), weeks, remove);
        weekLine.setAlignment(Pos.CENTER_LEFT);

        DatePicker from = new DatePicker();
        from.setId("hours-new-from");
        from.setPrefWidth(140);
        from.valueProperty().bindBidirectional(vm.newWeekFromProperty());
        Button start = new Button(messages.get("hours.startWeek"));
        start.setId("hours-new-week");
        start.setOnAction(e -> vm.startWeekFrom());
        HBox newWeek = new HBox(8, new Label(messages.get("hours.newWeekFrom")), from, start);
        newWeek.setAlignment(Pos.CENTER_LEFT);
        newWeek.visibleProperty().bind(vm.editableProperty());
        newWeek.managedProperty().bind(newWeek.visibleProperty());

        Label editing = new Label();
        editing.setId("hours-editing");
        editing.getStyleClass().add("setup-title");
        editing.textProperty().bind(Bindings.createStringBinding(() -> vm.shownProperty().get() == null ? ""
                : messages.format(vm.draftProperty().get() ? "hours.editingDraft" : "hours.editing", vm.weekName(vm.shownProperty().get())),
                vm.shownProperty(), vm.draftProperty()));

        GridPane grid = new GridPane();
        grid.setHgap(10);
        grid.setVgap(6);
        for (DayOfWeek d : DayOfWeek.values()) {
            TextField field = new TextField();
            field.setId("hours-" + d.name().toLowerCase(Locale.ROOT));
            field.setPromptText(messages.get("hours.dayOffPrompt"));
            field.setPrefColumnCount(22);
            field.textProperty().bindBidirectional(vm.textProperty(d));
            field.editableProperty().bind(vm.editableProperty());
            Label error = new Label();
            error.setId("hours-error-" + d.name().toLowerCase(Locale.ROOT));
            error.getStyleClass().add("setup-error");
            error.textProperty().bind(vm.errorProperty(d));
            grid.addRow(d.ordinal(), new Label(vm.dayName(d)), field, error);
        }
        Label hint = new Label(messages.get("hours.hint"));
        hint.getStyleClass().add("setup-hint");
        hint.setWrapText(true);

        Button save = new Button(messages.get("hours.save"));
        save.setId("hours-save");
        save.setOnAction(e -> vm.save());
        save.visibleProperty().bind(vm.editableProperty());
        save.managedProperty().bind(save.visibleProperty());
        Label message = new Label();
        message.setId("hours-message");
        message.getStyleClass().add("setup-message");
        message.setWrapText(true);
        message.textProperty().bind(vm.messageProperty());
        HBox bottom = new HBox(10, save, message);
        bottom.setAlignment(Pos.CENTER_LEFT);

        VBox box = new VBox(10, weekLine, newWeek, new Separator(), editing, grid, hint, bottom);
        box.setPadding(new Insets(12));
        ScrollPane scroll = new ScrollPane(box);
        scroll.setFitToWidth(true);
        VBox.setVgrow(scroll, Priority.ALWAYS);
        return scroll;
    }
}
