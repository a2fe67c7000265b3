package app.salondesk.gui.staff;

import app.salondesk.i18n.Messages;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.Scene;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.PasswordField;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import javafx.stage.Stage;
import javafx.stage.Window;

/** A small window: the new password twice, and what became of it. */
public final class PasswordView {

    private PasswordView() {
    }

    public static Stage show(Window owner, PasswordViewModel vm, Messages messages) {
        Label title = new Label(vm.title());
        title.setStyle("-fx-font-weight: bold; -fx-font-size: 1.077em;");
        Label hint = new Label(messages.format("password.hint", PasswordViewModel.MIN_LENGTH));
        hint.setWrapText(true);
        hint.setMinHeight(Region.USE_PREF_SIZE);
        PasswordField password = new PasswordField();
        password.setId("password-new");
        password.textProperty().bindBidirectional(vm.passwordProperty());
        PasswordField repeat = new PasswordField();
        repeat.setId("password-repeat");
        repeat.textProperty().bindBidirectional(vm.repeatProperty());
        GridPane fields = new GridPane();
        fields.setHgap(10);
        fields.setVgap(8);
        fields.addRow(0, new Label(messages.get("password.new")), password);
        fields.addRow(1, new Label(messages.get("password.repeat")), repeat);
        fields.disableProperty().bind(vm.busyProperty().or(vm.doneProperty()));

        Label message = new Label();
        message.setId("password-message");
        message.setWrapText(true);
        message.setMinHeight(Region.USE_PREF_SIZE);
        message.textProperty().bind(vm.messageProperty());
        Button save = new Button(messages.get("password.save"));
        save.setId("password-save");
        save.setDefaultButton(true);
        save.disableProperty().bind(vm.busyProperty().or(vm.doneProperty()));
        save.setOnAction(e -> vm.submit());
        Button close = new Button(messages.get("client.close"));
        close.setId("password-close");
        close.setCancelButton(true);
        HBox buttons = new HBox(8, save, close);
        buttons.setAlignment(Pos.CENTER_RIGHT);

        VBox box = new VBox(12, title, hint, fields, message, buttons);
        box.setPadding(new Insets(16));
        // the window's width, not the hint's on one line: a long hint (Russian, Ukrainian) wraps instead of
        // stretching the window across the screen, as the desktop suite's pictures showed
        box.setPrefWidth(480);
        Stage stage = new Stage();
        stage.initOwner(owner);
        stage.setTitle(vm.title());
        stage.setScene(new Scene(box));
        // Close, Esc and the ✕ ask before losing a password typed and not set (issue 31)
        close.setOnAction(e -> app.salondesk.gui.common.DiscardGuard.requestClose(stage));
        app.salondesk.gui.common.DiscardGuard.install(stage, vm.changedProperty(), vm::discardQuestion, messages);
        app.salondesk.gui.common.DeskWindows.showModal(stage);
        password.requestFocus();
        return stage;
    }
}
