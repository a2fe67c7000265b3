package app.salondesk.gui.shell;

import app.salondesk.i18n.Messages;
import javafx.application.Platform;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.Node;
import javafx.scene.Parent;
import javafx.scene.control.Button;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.control.PasswordField;
import javafx.scene.control.ProgressIndicator;
import javafx.scene.control.TextField;
import javafx.scene.control.TitledPane;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.VBox;

/**
 * The sign-in form shown before the main window when the salon's database is a shared server:
 * server (a choice of the recent ones, or typed), database, login, password, and the JDBC URL
 * folded away under "Advanced". The cursor starts in the first empty field.
 */
public final class SignInView {

    private final VBox root = new VBox(12);

    public SignInView(SignInViewModel vm, Messages messages) {
        Label title = new Label(messages.get("signin.title"));
        title.getStyleClass().add("day-title");
        ComboBox<String> server = new ComboBox<>(vm.recentServers());
        server.setId("signin-server");
        server.setEditable(true);
        server.setMaxWidth(Double.MAX_VALUE);
        server.setPromptText(messages.get("signin.serverExample"));
        server.getEditor().setId("signin-server-text");
        server.getEditor().textProperty().bindBidirectional(vm.serverProperty());
        // a recent server chosen from the list is the entry at once, not only when the field is left
        server.valueProperty().addListener((obs, old, now) -> {
            if (now != null) {
                vm.serverProperty().set(now);
            }
        });
        Label serverHint = new Label(messages.get("signin.serverHint"));
        serverHint.getStyleClass().add("field-hint");
        serverHint.setWrapText(true);
        TextField database = new TextField();
        database.setId("signin-database");
        database.textProperty().bindBidirectional(vm.databaseProperty());
        TextField login = new TextField();
        login.setId("signin-login");
        login.textProperty().bindBidirectional(vm.loginProperty());
        PasswordField password = new PasswordField();
        password.setId("signin-password");
        password.textProperty().bindBidirectional(vm.passwordProperty());
        GridPane grid = new GridPane();
        grid.setHgap(10);
        grid.setVgap(8);
        grid.addRow(0, fieldLabel(messages.get("signin.server")), server);
        grid.add(serverHint, 1, 1);
        grid.addRow(2, fieldLabel(messages.get("signin.database")), database);
        grid.addRow(3, fieldLabel(messages.get("signin.login")), login);
        grid.addRow(4, fieldLabel(messages.get("signin.password")), password);
        GridPane.setHgrow(server, Priority.ALWAYS);
        server.setPrefWidth(340);

        TextField url = new TextField();
        url.setId("signin-url");
        url.textProperty().bindBidirectional(vm.urlProperty());
        url.promptTextProperty().bind(vm.builtUrlProperty());
        Label urlHint = new Label(messages.get("signin.urlHint"));
        urlHint.setWrapText(true);
        urlHint.getStyleClass().add("field-hint");
        VBox advancedBox = new VBox(6, new Label(messages.get("signin.url")), url, urlHint);
        TitledPane advanced = new TitledPane(messages.get("signin.advanced"), advancedBox);
        advanced.setId("signin-advanced");
        advanced.expandedProperty().bindBidirectional(vm.advancedProperty());
        advanced.setAnimated(false);

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
        root.getChildren().addAll(title, grid, advanced, error, buttons);
        root.setPadding(new Insets(24));
        root.setMaxWidth(600);
        root.getStylesheets().add(MainWindow.class.getResource("/app/salondesk/gui/common/salondesk.css").toExternalForm());

        Node first = switch (vm.firstEmptyField()) {
            case SERVER -> server;
            case DATABASE -> database;
            case LOGIN -> login;
            case PASSWORD -> password;
        };
        // focus is given once the form is in its window (before, the scene would pick its first control)
        root.sceneProperty().addListener((obs, old, scene) -> {
            if (scene != null) {
                first.requestFocus();
                Platform.runLater(first::requestFocus);
            }
        });
    }

    public Parent root() {
        return root;
    }

    /** A field's name, read whole: the fields give way on a narrow window, never their names. */
    private static Label fieldLabel(String text) {
        Label l = new Label(text);
        l.setMinWidth(javafx.scene.layout.Region.USE_PREF_SIZE);
        return l;
    }
}
