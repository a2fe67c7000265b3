package app.salondesk.gui.print;

import app.salondesk.gui.common.SaveFolder;
import app.salondesk.i18n.Messages;
import app.salondesk.model.staff.Master;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.Scene;
import javafx.scene.control.Button;
import javafx.scene.control.CheckBox;
import javafx.scene.control.ComboBox;
import javafx.scene.control.DatePicker;
import javafx.scene.control.Label;
import javafx.scene.control.ListCell;
import javafx.scene.control.ProgressIndicator;
import javafx.scene.control.RadioButton;
import javafx.scene.control.ToggleGroup;
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
 * ☰ → Print day sheet… (Ctrl+P): all masters or one, the day or the week, cancelled ones or
 * not; Print (the default; Enter), Save as PDF…, Cancel (Esc). Where there is no printer it
 * says so and Save as PDF becomes the default.
 */
public final class PrintView {

    private final PrintViewModel vm;
    private final Messages messages;
    private BiFunction<Window, String, File> chooseFile = this::askForFile;

    public PrintView(PrintViewModel vm, Messages messages) {
        this.vm = vm;
        this.messages = messages;
    }

    /** Tests choose the PDF's file themselves (no system file dialog). */
    public void setFileChooser(BiFunction<Window, String, File> chooseFile) {
        this.chooseFile = chooseFile;
    }

    public Stage show(Window owner) {
        ComboBox<Master> master = new ComboBox<>();
        master.setId("print-master");
        master.getItems().add(null);
        master.getItems().addAll(vm.masters());
        master.valueProperty().bindBidirectional(vm.masterProperty());
        StringConverter<Master> names = new StringConverter<>() {
            @Override
            public String toString(Master m) {
                return m == null ? messages.get("toolbar.allMasters") : m.name();
            }

            @Override
            public Master fromString(String s) {
                return null;
            }
        };
        master.setConverter(names);
        master.setButtonCell(new ListCell<>() {
            @Override
            protected void updateItem(Master m, boolean empty) {
                super.updateItem(m, empty);
                setText(empty ? null : names.toString(m));
            }
        });
        ToggleGroup period = new ToggleGroup();
        RadioButton day = new RadioButton(messages.get("print.day"));
        day.setId("print-period-day");
        RadioButton week = new RadioButton(messages.get("print.week"));
        week.setId("print-period-week");
        day.setToggleGroup(period);
        week.setToggleGroup(period);
        (vm.weekProperty().get() ? week : day).setSelected(true);
        week.selectedProperty().bindBidirectional(vm.weekProperty());
        DatePicker date = new DatePicker();
        date.setId("print-day");
        date.valueProperty().bindBidirectional(vm.dayProperty());
        CheckBox cancelled = new CheckBox(messages.get("print.includeCancelled"));
        cancelled.setId("print-cancelled");
        cancelled.selectedProperty().bindBidirectional(vm.includeCancelledProperty());

        GridPane grid = new GridPane();
        grid.setHgap(10);
        grid.setVgap(8);
        grid.addRow(0, new Label(messages.get("print.masters")), master);
        grid.addRow(1, new Label(messages.get("print.period")), new HBox(12, day, week));
        grid.addRow(2, new Label(messages.get("print.from")), date);
        grid.add(cancelled, 1, 3);

        Label message = new Label();
        message.setId("print-message");
        message.setWrapText(true);
        message.textProperty().bind(vm.messageProperty());
        ProgressIndicator busy = new ProgressIndicator();
        busy.setPrefSize(18, 18);
        busy.visibleProperty().bind(vm.busyProperty());

        Stage stage = new Stage();
        Button cancel = new Button(messages.get("form.cancel"));
        cancel.setId("print-cancel");
        cancel.setCancelButton(true);
        cancel.setOnAction(e -> stage.close());
        Button pdf = new Button(messages.get("print.savePdf"));
        pdf.setId("print-pdf");
        pdf.disableProperty().bind(vm.busyProperty());
        pdf.defaultButtonProperty().bind(vm.noPrinterProperty());
        pdf.setOnAction(e -> {
            File file = chooseFile.apply(stage, vm.suggestedFileName());
            if (file != null) {
                vm.savePdf(file.toPath());
            }
        });
        Button print = new Button(messages.get("print.print"));
        print.setId("print-print");
        print.disableProperty().bind(vm.busyProperty().or(vm.noPrinterProperty()));
        print.defaultButtonProperty().bind(vm.noPrinterProperty().not());
        print.setOnAction(e -> vm.print());
        Region gap = new Region();
        HBox.setHgrow(gap, Priority.ALWAYS);
        HBox buttons = new HBox(8, busy, gap, cancel, pdf, print);
        buttons.setAlignment(Pos.CENTER_RIGHT);

        VBox root = new VBox(12, grid, message, buttons);
        root.setPadding(new Insets(16));
        root.setPrefWidth(520);
        vm.setOnPrinted(stage::close);
        stage.initOwner(owner);
        stage.setTitle(messages.get("print.title"));
        stage.setScene(new Scene(root));
        app.salondesk.gui.common.DeskWindows.showModal(stage);
        (vm.noPrinterProperty().get() ? pdf : print).requestFocus();
        return stage;
    }

    private File askForFile(Window owner, String name) {
        // the last folder saved into, else Documents: never the application's own folder
        FileChooser chooser = SaveFolder.shared().chooser();
        chooser.setInitialFileName(name);
        chooser.getExtensionFilters().add(new FileChooser.ExtensionFilter(messages.get("print.fileFilter"), "*.pdf"));
        return SaveFolder.shared().remember(chooser.showSaveDialog(owner));
    }
}
