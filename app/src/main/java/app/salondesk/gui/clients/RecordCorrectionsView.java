package app.salondesk.gui.clients;

import app.salondesk.i18n.Messages;
import app.salondesk.logic.clients.ClientRecordRepository;
import app.salondesk.model.booking.PatchResult;
import app.salondesk.model.clients.ClientNote;
import app.salondesk.model.clients.Formula;
import app.salondesk.model.clients.FormulaLine;
import app.salondesk.model.clients.PatchTest;
import javafx.collections.FXCollections;
import javafx.scene.Node;
import javafx.scene.control.Alert;
import javafx.scene.control.Button;
import javafx.scene.control.ButtonBar;
import javafx.scene.control.ButtonType;
import javafx.scene.control.ComboBox;
import javafx.scene.control.DatePicker;
import javafx.scene.control.Dialog;
import javafx.scene.control.Label;
import javafx.scene.control.ListView;
import javafx.scene.control.TextArea;
import javafx.scene.control.TextField;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.VBox;
import javafx.util.StringConverter;

import java.util.Optional;
import java.util.function.IntFunction;
import java.util.function.Supplier;

/**
 * The Record… window's admin bar under the notes, formulas and patch tests (issue 36): Correct… opens the
 * selected line in a small dialog, Delete asks first. Only controls; {@link RecordCorrectionsViewModel} writes.
 */
final class RecordCorrectionsView {

    private final RecordCorrectionsViewModel vm;
    private final Messages messages;
    /** The Record… window the dialogs open over (read when a button is pressed). */
    private javafx.stage.Window owner;

    private RecordCorrectionsView(RecordCorrectionsViewModel vm, Messages messages) {
        this.vm = vm;
        this.messages = messages;
    }

    static void install(ListView<?> notes, ListView<?> formulas, ListView<?> tests, RecordCorrectionsViewModel vm, Messages messages) {
        RecordCorrectionsView v = new RecordCorrectionsView(vm, messages);
        ClientRecordViewModel r = vm.record();
        v.bar(notes, "note", r::noteAt, note -> v.editNote(note), note -> note.id(), ClientRecordRepository.Kind.NOTE);
        v.bar(formulas, "formula", r::formulaAt, v::editFormula, Formula::id, ClientRecordRepository.Kind.FORMULA);
        v.bar(tests, "test", r::testAt, v::editTest, PatchTest::id, ClientRecordRepository.Kind.PATCH_TEST);
    }

    private <T> void bar(ListView<?> list, String name, IntFunction<T> at, java.util.function.Consumer<T> edit,
                         java.util.function.ToLongFunction<T> id, ClientRecordRepository.Kind kind) {
        Supplier<T> selected = () -> at.apply(list.getSelectionModel().getSelectedIndex());
        Button correct = new Button(messages.get("record.correct"));
        correct.setId("record-" + name + "-correct");
        correct.disableProperty().bind(list.getSelectionModel().selectedIndexProperty().lessThan(0));
        correct.setOnAction(e -> {
            owner = list.getScene() == null ? null : list.getScene().getWindow();
            Optional.ofNullable(selected.get()).ifPresent(edit);
        });
        Button delete = new Button(messages.get("record.delete"));
        delete.setId("record-" + name + "-delete");
        delete.disableProperty().bind(correct.disableProperty());
        delete.setOnAction(e -> Optional.ofNullable(selected.get()).ifPresent(item -> {
            owner = list.getScene() == null ? null : list.getScene().getWindow();
            if (confirmDelete()) {
                vm.delete(kind, id.applyAsLong(item));
            }
        }));
        ((VBox) list.getParent()).getChildren().add(new HBox(8, correct, delete));
    }

    private void editNote(ClientNote note) {
        TextArea text = new TextArea(note.body());
        text.setId("correct-note-text");
        text.setPrefRowCount(4);
        text.setWrapText(true);
        if (ask("record.correct.note", text)) {
            vm.correctNote(note, text.getText());
        }
    }

    private void editFormula(Formula formula) {
        FormulaLine l = formula.line();
        TextField product = field("correct-formula-product", l.product());
        TextField shade = field("correct-formula-shade", l.shade());
        TextField developer = field("correct-formula-developer", l.developer());
        TextField ratio = field("correct-formula-ratio", l.ratio());
        TextField minutes = field("correct-formula-minutes", l.minutes() == null ? "" : l.minutes().toString());
        TextField zone = field("correct-formula-zone", l.zone());
        GridPane grid = grid(new String[]{"record.formula.product", "record.formula.shade", "record.formula.developer", "record.correct.ratio",
                "record.correct.minutes", "record.correct.zone"}, product, shade, developer, ratio, minutes, zone);
        if (ask("record.correct.formula", grid)) {
            Integer m;
            try {
                m = minutes.getText().isBlank() ? null : Integer.valueOf(minutes.getText().strip());
            } catch (NumberFormatException ex) {
                m = null;
            }
            vm.correctFormula(formula, new FormulaLine(product.getText(), shade.getText(), developer.getText(), ratio.getText(), m,
                    zone.getText(), l.note()));
        }
    }

    private void editTest(PatchTest test) {
        DatePicker day = new DatePicker(test.testedOn());
        day.setId("correct-test-day");
        ComboBox<PatchResult> result = new ComboBox<>(FXCollections.observableArrayList(PatchResult.values()));
        result.setId("correct-test-result");
        result.setValue(test.result());
        result.setConverter(new StringConverter<>() {
            @Override
            public String toString(PatchResult r) {
                return r == null ? "" : messages.get("patchTest.result." + r.dbValue());
            }

            @Override
            public PatchResult fromString(String s) {
                return null;
            }
        });
        TextField products = field("correct-test-products", test.products());
        GridPane grid = grid(new String[]{"record.correct.day", "record.correct.result", "record.correct.products"}, day, result, products);
        if (ask("record.correct.test", grid)) {
            vm.correctTest(test, day.getValue(), result.getValue() == null ? test.result() : result.getValue(), products.getText());
        }
    }

    private static TextField field(String id, String value) {
        TextField f = new TextField(value);
        f.setId(id);
        return f;
    }

    private GridPane grid(String[] labels, Node... fields) {
        GridPane grid = new GridPane();
        grid.setHgap(8);
        grid.setVgap(6);
        for (int i = 0; i < fields.length; i++) {
            grid.add(new Label(messages.get(labels[i])), 0, i);
            grid.add(fields[i], 1, i);
        }
        return grid;
    }

    /** A small dialog with {@code content}; true when Save was pressed. */
    private boolean ask(String titleKey, Node content) {
        Dialog<ButtonType> dialog = new Dialog<>();
        dialog.initOwner(owner);
        dialog.setTitle(messages.get(titleKey));
        ButtonType save = new ButtonType(messages.get("record.correct.save"), ButtonBar.ButtonData.OK_DONE);
        ButtonType cancel = new ButtonType(messages.get("record.correct.cancel"), ButtonBar.ButtonData.CANCEL_CLOSE);
        dialog.getDialogPane().getButtonTypes().addAll(save, cancel);
        dialog.getDialogPane().setContent(content);
        dialog.getDialogPane().lookupButton(save).setId("correct-save");
        dialog.getDialogPane().lookupButton(cancel).setId("correct-cancel");
        return app.salondesk.gui.common.DeskWindows.showAndWait(dialog).filter(save::equals).isPresent();
    }

    private boolean confirmDelete() {
        ButtonType yes = new ButtonType(messages.get("record.delete"), ButtonBar.ButtonData.OK_DONE);
        ButtonType no = new ButtonType(messages.get("confirm.no"), ButtonBar.ButtonData.CANCEL_CLOSE);
        Alert ask = new Alert(Alert.AlertType.CONFIRMATION, messages.get("record.delete.question"), yes, no);
        ask.initOwner(owner);
        ask.setTitle(messages.get("record.delete"));
        ask.setHeaderText(null);
        ask.getDialogPane().lookupButton(yes).setId("delete-yes");
        ask.getDialogPane().lookupButton(no).setId("delete-no");
        return app.salondesk.gui.common.DeskWindows.showAndWait(ask).filter(yes::equals).isPresent();
    }
}
