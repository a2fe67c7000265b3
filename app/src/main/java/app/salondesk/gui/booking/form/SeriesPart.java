package app.salondesk.gui.booking.form;

import app.salondesk.i18n.Messages;
import app.salondesk.model.booking.FreeSlot;
import javafx.geometry.Pos;
import javafx.scene.Node;
import javafx.scene.control.Alert;
import javafx.scene.control.Button;
import javafx.scene.control.ButtonBar;
import javafx.scene.control.ButtonType;
import javafx.scene.control.CheckBox;
import javafx.scene.control.DatePicker;
import javafx.scene.control.Label;
import javafx.scene.control.RadioButton;
import javafx.scene.control.ScrollPane;
import javafx.scene.control.TextField;
import javafx.scene.control.ToggleGroup;
import javafx.scene.layout.FlowPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.VBox;

/**
 * The booking form's controls for recurring bookings (issue 17), bound to {@link FormRepeat}: for
 * a new booking "Repeat every [3] weeks, (•) [6] times ( ) until [day]"; for an occurrence of a
 * series, "change the later ones too" and "Cancel this and the later ones…"; and the answer, one
 * line per occurrence, a taken one with its nearest free times as buttons.
 */
final class SeriesPart {

    private final BookingFormViewModel vm;
    private final FormRepeat repeat;
    private final Messages messages;
    private final VBox rows = new VBox(4);

    SeriesPart(BookingFormViewModel vm, Messages messages) {
        this.vm = vm;
        this.repeat = vm.repeat();
        this.messages = messages;
    }

    /** The repeat (a new booking) or the series' choices (an occurrence being edited); nothing otherwise. */
    Node controls() {
        if (vm.inSeries()) {
            return ofSeries();
        }
        if (vm.editing()) {
            return new VBox();
        }
        CheckBox on = new CheckBox(messages.get("form.repeat"));
        on.setId("form-repeat");
        on.selectedProperty().bindBidirectional(repeat.onProperty());
        TextField weeks = field("form-repeat-weeks", 2);
        weeks.textProperty().bindBidirectional(repeat.everyWeeksProperty());
        ToggleGroup ends = new ToggleGroup();
        RadioButton byCount = new RadioButton();
        byCount.setId("form-repeat-by-times");
        byCount.setToggleGroup(ends);
        TextField times = field("form-repeat-times", 2);
        times.textProperty().bindBidirectional(repeat.timesProperty());
        RadioButton byDay = new RadioButton(messages.get("form.repeatUntil"));
        byDay.setId("form-repeat-by-day");
        byDay.setToggleGroup(ends);
        DatePicker last = new DatePicker();
        last.setId("form-repeat-until");
        last.setPrefWidth(130);
        last.valueProperty().bindBidirectional(repeat.lastDayProperty());
        (repeat.modeProperty().get() == FormRepeat.Mode.TIMES ? byCount : byDay).setSelected(true);
        ends.selectedToggleProperty().addListener((obs, old, now) -> {
            if (now == null) {
                old.setSelected(true);
            } else {
                repeat.modeProperty().set(now == byDay ? FormRepeat.Mode.UNTIL : FormRepeat.Mode.TIMES);
            }
        });
        Label weeksWord = new Label(messages.get("form.repeatWeeks"));
        Label timesWord = new Label(messages.get("form.repeatTimes"));
        for (javafx.scene.layout.Region r : java.util.List.of(on, weeksWord, byCount, timesWord, byDay)) {
            r.setMinWidth(javafx.scene.layout.Region.USE_PREF_SIZE);   // words are never cut short
        }
        HBox every = new HBox(6, on, weeks, weeksWord);
        every.setAlignment(Pos.CENTER_LEFT);
        HBox ending = new HBox(6, byCount, times, timesWord, new javafx.scene.layout.Region(), byDay, last);
        ending.setAlignment(Pos.CENTER_LEFT);
        ending.setPadding(new javafx.geometry.Insets(0, 0, 0, 24));
        weeks.disableProperty().bind(repeat.onProperty().not());
        ending.disableProperty().bind(repeat.onProperty().not());
        times.disableProperty().bind(byCount.selectedProperty().not());
        last.disableProperty().bind(byDay.selectedProperty().not());
        VBox line = new VBox(4, every, ending);
        Label error = new Label();
        error.setId("form-repeat-error");
        error.getStyleClass().add("field-error");
        error.setWrapText(true);
        error.textProperty().bind(repeat.errorProperty());
        error.visibleProperty().bind(repeat.errorProperty().isNotEmpty());
        error.managedProperty().bind(error.visibleProperty());
        return new VBox(2, line, error);
    }

    private Node ofSeries() {
        Label part = new Label(messages.get("form.series.part"));
        part.getStyleClass().add("hint");
        CheckBox later = new CheckBox(messages.get("form.series.later"));
        later.setId("form-series-later");
        later.selectedProperty().bindBidirectional(repeat.laterProperty());
        Button cancel = new Button(messages.get("form.series.cancelFrom"));
        cancel.setId("form-series-cancel");
        cancel.setOnAction(e -> confirmCancel(cancel));
        return new VBox(4, part, later, cancel);
    }

    private void confirmCancel(Node from) {
        ButtonType yes = new ButtonType(messages.get("form.series.cancelYes"), ButtonBar.ButtonData.OK_DONE);
        ButtonType no = new ButtonType(messages.get("confirm.no"), ButtonBar.ButtonData.CANCEL_CLOSE);
        Alert ask = new Alert(Alert.AlertType.CONFIRMATION, messages.format("form.series.cancelText", vm.clientNameProperty().get()), yes, no);
        ask.setTitle(messages.get("form.series.cancelTitle"));
        ask.setHeaderText(null);
        if (from.getScene() != null) {
            ask.initOwner(from.getScene().getWindow());
        }
        ask.getDialogPane().lookupButton(yes).setId("confirm-series-yes");
        ask.getDialogPane().lookupButton(no).setId("confirm-series-no");
        app.salondesk.gui.common.DeskWindows.showAndWait(ask).filter(b -> b == yes).ifPresent(b -> vm.cancelSeriesFromHere());
    }

    /** The answer: "Done: 4 of 6", then a line per occurrence. */
    Node answer() {
        Label summary = new Label();
        summary.setId("form-series-summary");
        summary.getStyleClass().add("answer-title");
        summary.textProperty().bind(repeat.summaryProperty());
        rows.setId("form-series-rows");
        rows.setPadding(new javafx.geometry.Insets(4));
        repeat.rows().addListener((javafx.collections.ListChangeListener<FormRepeat.Row>) c -> fill());
        ScrollPane scroll = new ScrollPane(rows);
        scroll.setFitToWidth(true);
        scroll.setPrefViewportHeight(170);
        VBox box = new VBox(6, summary, scroll);
        box.setId("form-series-answer");
        box.visibleProperty().bind(repeat.summaryProperty().isNotEmpty());
        box.managedProperty().bind(box.visibleProperty());
        return box;
    }

    private void fill() {
        rows.getChildren().clear();
        for (FormRepeat.Row row : repeat.rows()) {
            Label text = new Label(row.text());
            text.getStyleClass().addAll("series-row", row.done() ? "series-row-done" : "series-row-open");
            text.setWrapText(true);
            rows.getChildren().add(text);
            if (!row.offers().isEmpty()) {
                FlowPane slots = new FlowPane(6, 6);
                for (FreeSlot slot : row.offers()) {
                    Button b = new Button(repeat.offerLabel(row, slot.start()) + (slot.sameMaster() ? "" : " \u00B7 " + slot.masterName()));
                    b.getStyleClass().add("series-slot");
                    b.setUserData(row.index());
                    b.disableProperty().bind(vm.savingProperty());
                    b.setOnAction(e -> repeat.pick(row, slot));
                    slots.getChildren().add(b);
                }
                rows.getChildren().add(slots);
            }
        }
    }

    private static TextField field(String id, int columns) {
        TextField f = new TextField();
        f.setId(id);
        f.setPrefColumnCount(columns);
        return f;
    }
}
