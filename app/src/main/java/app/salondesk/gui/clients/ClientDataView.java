package app.salondesk.gui.clients;

import app.salondesk.gui.common.SaveFolder;
import app.salondesk.i18n.Messages;
import javafx.scene.Node;
import javafx.scene.control.Alert;
import javafx.scene.control.Button;
import javafx.scene.control.ButtonBar;
import javafx.scene.control.ButtonType;
import javafx.scene.control.Label;
import javafx.stage.FileChooser;
import javafx.stage.Window;

import java.io.File;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;

/**
 * The client card's admin buttons (issue 15): "Export this client's data…" (a save dialog, then
 * the file) and "Forget this client…" (a confirmation naming the client and saying what is kept).
 * Only builds controls and binds them to {@link ClientDataViewModel}. Ids: {@code #client-export-data},
 * {@code #client-forget}, {@code #client-data-message}; the confirmation's buttons
 * {@code #client-forget-confirm} and {@code #client-forget-cancel}.
 */
public final class ClientDataView {

    private final ClientDataViewModel vm;
    private final Messages messages;
    private final Button export;
    private final Button forget;
    private final Label message = new Label();
    /** Where the file goes: a save dialog by default (tests answer it themselves). */
    private Function<Window, File> chooseFile;

    public ClientDataView(ClientDataViewModel vm, Messages messages) {
        this.vm = vm;
        this.messages = messages;
        this.chooseFile = this::saveDialog;
        export = new Button(messages.get("client.exportData"));
        export.setId("client-export-data");
        export.disableProperty().bind(vm.busyProperty());
        export.setOnAction(e -> {
            File file = chooseFile.apply(window());
            if (file != null) {
                vm.exportTo(file.toPath());
            }
        });
        forget = new Button(messages.get("client.forget"));
        forget.setId("client-forget");
        forget.getStyleClass().add("danger");
        forget.disableProperty().bind(vm.busyProperty().or(vm.forgottenProperty()));
        forget.setOnAction(e -> {
            if (confirmed()) {
                vm.forget();
            }
        });
        message.setId("client-data-message");
        message.getStyleClass().add("client-message");
        message.textProperty().bind(vm.messageProperty());
    }

    /** The buttons and their message line, for the card's row of actions. */
    public List<Node> nodes() {
        return List.of(message, export, forget);
    }

    /** Answers the save dialog instead of a person (tests). */
    public void setFileChooser(Function<Window, File> chooseFile) {
        this.chooseFile = chooseFile;
    }

    private boolean confirmed() {
        ButtonType yes = new ButtonType(messages.get("client.forget.confirm"), ButtonBar.ButtonData.OK_DONE);
        ButtonType no = new ButtonType(messages.get("client.forget.cancel"), ButtonBar.ButtonData.CANCEL_CLOSE);
        Alert alert = new Alert(Alert.AlertType.CONFIRMATION, vm.forgetText(), yes, no);
        alert.initOwner(window());
        alert.setTitle(vm.forgetTitle());
        alert.setHeaderText(vm.forgetTitle());
        alert.getDialogPane().setId("client-forget-dialog");
        alert.getDialogPane().lookupButton(yes).setId("client-forget-confirm");
        alert.getDialogPane().lookupButton(no).setId("client-forget-cancel");
        // the safe answer is the default one: Enter must not forget a client
        ((Button) alert.getDialogPane().lookupButton(yes)).setDefaultButton(false);
        ((Button) alert.getDialogPane().lookupButton(no)).setDefaultButton(true);
        alert.getDialogPane().setMinWidth(520);
        Optional<ButtonType> answer = app.salondesk.gui.common.DeskWindows.showAndWait(alert);
        return answer.isPresent() && answer.get() == yes;
    }

    private File saveDialog(Window owner) {
        // the last folder saved into, else Documents: never the application's own folder
        FileChooser chooser = SaveFolder.shared().chooser();
        chooser.setTitle(messages.get("client.exportData"));
        chooser.setInitialFileName(vm.suggestedFileName());
        chooser.getExtensionFilters().add(new FileChooser.ExtensionFilter(messages.get("export.fileFilter.json"), "*.json"));
        return SaveFolder.shared().remember(chooser.showSaveDialog(owner));
    }

    private Window window() {
        return export.getScene() == null ? null : export.getScene().getWindow();
    }
}
