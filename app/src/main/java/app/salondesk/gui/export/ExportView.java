package app.salondesk.gui.export;

import app.salondesk.gui.common.SaveFolder;
import app.salondesk.gui.common.TypeAhead;
import app.salondesk.i18n.Messages;
import app.salondesk.model.export.ExportRequest;
import app.salondesk.model.staff.Master;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.Scene;
import javafx.scene.control.Button;
import javafx.scene.control.ComboBox;
import javafx.scene.control.DatePicker;
import javafx.scene.control.Label;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import javafx.stage.FileChooser;
import javafx.stage.Stage;
import javafx.stage.Window;
import javafx.util.StringConverter;

import java.io.File;
import java.util.function.BiFunction;

/**
 * ☰ → Export…: what (bookings, clients, a master's schedule), which days, which master, and
 * "Save as…" (a save dialog). Only builds controls and binds them to {@link ExportViewModel}. Ids:
 * {@code #export-kind}, {@code #export-from}, {@code #export-to}, {@code #export-master},
 * {@code #export-problem}, {@code #export-message}, {@code #export-save}, {@code #export-close}.
 */
public final class ExportView {

    private final ExportViewModel vm;
    private final Messages messages;
    private final VBox root = new VBox(10);
    /** Where the file goes: a save dialog by default (tests answer it themselves). */
    private BiFunction<Window, ExportRequest, File> chooseFile = this::saveDialog;

    public ExportView(ExportViewModel vm, Messages messages) {
        this.vm = vm;
        this.messages = messages;

        ComboBox<ExportKind> kind = new ComboBox<>();
        kind.setId("export-kind");
        kind.getItems().addAll(ExportKind.values());
        kind.valueProperty().bindBidirectional(vm.kindProperty());
        kind.setConverter(new StringConverter<>() {
            @Override
            public String toString(ExportKind k) {
                return k == null ? "" : messages.get(k.messageKey());
            }

            @Override
            public ExportKind fromString(String s) {
                return null;
            }
        });
        DatePicker from = new DatePicker();
        from.setId("export-from");
        from.valueProperty().bindBidirectional(vm.fromProperty());
        DatePicker to = new DatePicker();
        to.setId("export-to");
        to.valueProperty().bindBidirectional(vm.toProperty());
        from.disableProperty().bind(javafx.beans.binding.Bindings.not(vm.datesNeeded()));
        to.disableProperty().bind(from.disableProperty());
        ComboBox<Master> master = new ComboBox<>();
        TypeAhead.install(master);
        master.setId("export-master");
        master.getItems().addAll(vm.masters());
        master.valueProperty().bindBidirectional(vm.masterProperty());
        master.setConverter(new StringConverter<>() {
            @Override
            public String toString(Master m) {
                return m == null ? "" : m.name();
            }

            @Override
            public Master fromString(String s) {
                return null;
            }
        });
        master.disableProperty().bind(javafx.beans.binding.Bindings.not(vm.masterNeeded()));

        GridPane form = new GridPane();
        form.setHgap(10);
        form.setVgap(8);
        form.addRow(0, new Label(messages.get("export.what")), kind);
        form.addRow(1, new Label(messages.get("export.from")), from);
        form.addRow(2, new Label(messages.get("export.to")), to);
        form.addRow(3, new Label(messages.get("export.master")), master);

        Label problem = new Label();
        problem.setId("export-problem");
        problem.getStyleClass().add("field-error");
        problem.textProperty().bind(vm.problemProperty());
        Label message = new Label();
        message.setId("export-message");
        message.setWrapText(true);
        message.textProperty().bind(vm.messageProperty());

        Button save = new Button(messages.get("export.save"));
        save.setId("export-save");
        save.setDefaultButton(true);
        save.disableProperty().bind(vm.canSaveProperty().not());
        save.setOnAction(e -> vm.request().ifPresent(request -> {
            File file = chooseFile.apply(root.getScene().getWindow(), request);
            if (file != null) {
                vm.export(file.toPath());
            }
        }));
        Button close = new Button(messages.get("export.close"));
        close.setId("export-close");
        close.setCancelButton(true);
        close.setOnAction(e -> root.getScene().getWindow().hide());
        Region gap = new Region();
        HBox.setHgrow(gap, Priority.ALWAYS);
        HBox buttons = new HBox(8, gap, save, close);
        buttons.setAlignment(Pos.CENTER_RIGHT);

        root.getChildren().addAll(form, problem, message, buttons);
        root.setPadding(new Insets(16));
    }

    /** Answers the save dialog instead of a person (tests). */
    public void setFileChooser(BiFunction<Window, ExportRequest, File> chooseFile) {
        this.chooseFile = chooseFile;
    }

    /** Opens the window over {@code owner} (not modal: the desk keeps working). */
    public Stage show(Window owner) {
        Stage stage = new Stage();
        stage.initOwner(owner);
        // not modal: the desk stays usable while a file is written
        stage.setTitle(messages.get("export.title"));
        stage.setScene(new Scene(root, 460, 300));
        stage.show();
        return stage;
    }

    private File saveDialog(Window owner, ExportRequest request) {
        // the last folder saved into, else Documents: never the application's own folder
        FileChooser chooser = SaveFolder.shared().chooser();
        chooser.setTitle(messages.get("export.title"));
        chooser.setInitialFileName(request.fileName());
        chooser.getExtensionFilters().add(request.csv()
                ? new FileChooser.ExtensionFilter(messages.get("export.fileFilter.csv"), "*.csv")
                : new FileChooser.ExtensionFilter(messages.get("export.fileFilter.ics"), "*.ics"));
        return SaveFolder.shared().remember(chooser.showSaveDialog(owner));
    }
}
