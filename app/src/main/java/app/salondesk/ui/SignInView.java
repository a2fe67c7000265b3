package app.salondesk.ui;

import app.salondesk.i18n.Messages;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.Parent;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.PasswordField;
import javafx.scene.control.ProgressIndicator;
import javafx.scene.control.TextField;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.VBox;

/** The sign-in form shown before the main window when the salon's database is a shared server. */
public final class SignInView {

    private final VBox root = new VBox(12);

    public SignInView(SignInViewModel vm, Messages messages) {
        Label title = new Label(messages.get("signin.title"));
        title.getStyleClass().add("day-title");
        TextField server = new TextField();
        server.setId("signin-server");
        server.setPromptText(messages.get("signin.serverExample"));
        server.textProperty().bindBidirectional(vm.serverProperty());
        TextField login = new TextField();
        login.setId("signin-login");
        login.textProperty().bindBidirectional(vm.loginProperty());
        PasswordField password = new PasswordField();
        password.setId("signin-password");
        password.textProperty().bindBidirectional(vm.passwordProperty());
        GridPane grid = new GridPane();
        grid.setHgap(10);
        grid.setVgap(8);
        grid.addRow(0, new Label(messages.get("signin.server")), server);
        grid.addRow(1, new Label(messages.get("signin.login")), login);
        grid.addRow(2, new Label(messages.get("signin.password")), password);
        server.setPrefColumnCount(28);
        Label error = new Label();
        error.setId("signin-error");
        error.getStyleClass().add("field-error");
        error.setWrapText(true);
        error.textProperty().bind(vm.errorProperty());
        ProgressIndicator busy = new ProgressIndicator();
        busy.setPrefSize(18, 18);
        busy.visibleProperty().bind(vm.busyProperty());
        Button signIn = new Button(messages.get("signin.button"));
        signIn.setId("signin-button");
        signIn.setDefaultButton(true);
        signIn.disableProperty().bind(vm.busyProperty());
        signIn.setOnAction(e -> vm.signIn());
        HBox buttons = new HBox(8, busy, signIn);
        buttons.setAlignment(Pos.CENTER_RIGHT);
        root.getChildren().addAll(title, grid, error, buttons);
        root.setPadding(new Insets(24));
        root.setMaxWidth(560);
        if (vm.loginProperty().get().isEmpty()) {
            login.requestFocus();
        } else {
            password.requestFocus();
        }
    }

    public Parent root() {
        return root;
    }
}
