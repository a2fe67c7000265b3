package app.salondesk.gui.staff;

import app.salondesk.i18n.Messages;
import app.salondesk.model.staff.StaffMember;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.Scene;
import javafx.scene.control.Button;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.control.PasswordField;
import javafx.scene.control.TableCell;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import javafx.scene.control.TextField;
import javafx.scene.layout.HBox;
import javafx.scene.layout.VBox;
import javafx.stage.Stage;
import javafx.stage.Window;

/**
 * Admin → Staff: a table of the salon's logins (role, a new password, disable), a line to add
 * one, and the way to who holds the masters' locks.
 */
public final class StaffView {

    private StaffView() {
    }

    /** The windows the staff window asks its opener for, to be shown over it. */
    public interface Actions {
        void setPassword(Window over, StaffMember member);

        /** Who holds the masters' locks. */
        void showLocks(Window over);
    }

    public static Stage show(Window owner, StaffViewModel vm, Messages messages, Actions opener) {
        TableView<StaffMember> table = new TableView<>(vm.members());
        table.setId("staff-table");
        table.getColumns().add(text(messages.get("staff.login"), StaffMember::login));
        table.getColumns().add(text(messages.get("staff.name"), StaffMember::displayName));
        table.getColumns().add(text(messages.get("staff.role"), m -> messages.get("staff.role." + m.role())));
        table.getColumns().add(text(messages.get("staff.state"), m -> messages.get(m.active() ? "staff.active" : "staff.inactive")));
        TableColumn<StaffMember, StaffMember> actions = new TableColumn<>("");
        actions.setCellValueFactory(c -> new javafx.beans.property.SimpleObjectProperty<>(c.getValue()));
        actions.setCellFactory(c -> new TableCell<>() {
            @Override
            protected void updateItem(StaffMember m, boolean empty) {
                super.updateItem(m, empty);
                if (empty || m == null || !m.active()) {
                    setGraphic(null);
                    return;
                }
                ComboBox<String> role = roles(messages);
                role.setValue(m.role());
                role.setOnAction(e -> {
                    if (!role.getValue().equals(m.role())) {
                        vm.setRole(m, role.getValue());
                    }
                });
                Button password = new Button(messages.get("staff.setPassword"));
                password.getStyleClass().add("staff-password");
                password.setOnAction(e -> opener.setPassword(getScene().getWindow(), m));
                Button disable = new Button(messages.get("staff.disable"));
                disable.getStyleClass().add("staff-disable");
                disable.setOnAction(e -> vm.disable(m));
                setGraphic(new HBox(6, role, password, disable));
            }
        });
        actions.setPrefWidth(380);
        table.getColumns().add(actions);

        TextField login = new TextField();
        login.setId("staff-new-login");
        login.setPromptText(messages.get("staff.login"));
        login.textProperty().bindBidirectional(vm.newLoginProperty());
        TextField name = new TextField();
        name.setId("staff-new-name");
        name.setPromptText(messages.get("staff.name"));
        name.textProperty().bindBidirectional(vm.newNameProperty());
        ComboBox<String> role = roles(messages);
        role.setId("staff-new-role");
        role.valueProperty().bindBidirectional(vm.newRoleProperty());
        PasswordField password = new PasswordField();
        password.setId("staff-new-password");
        password.setPromptText(messages.get("signin.password"));
        password.textProperty().bindBidirectional(vm.newPasswordProperty());
        Button add = new Button(messages.get("staff.add"));
        add.setId("staff-add");
        add.setOnAction(e -> vm.add());
        add.setDefaultButton(true);   // Enter in the new login's fields adds it
        HBox addLine = new HBox(8, login, name, role, password, add);
        addLine.setAlignment(Pos.CENTER_LEFT);
        Label message = new Label();
        message.setId("staff-message");
        message.textProperty().bind(vm.messageProperty());
        Button locks = new Button(messages.get("staff.locks"));
        locks.setId("staff-locks");
        locks.setOnAction(e -> opener.showLocks(locks.getScene().getWindow()));
        javafx.scene.layout.Region gap = new javafx.scene.layout.Region();
        HBox.setHgrow(gap, javafx.scene.layout.Priority.ALWAYS);
        Stage stage = new Stage();
        HBox bottom = new HBox(8, message, gap, locks, app.salondesk.gui.common.WindowButtons.close(messages, stage, false));
        app.salondesk.gui.common.DiscardGuard.install(stage, vm.changedProperty(), () -> messages.get("discard.changes"), messages);
        bottom.setAlignment(Pos.CENTER_LEFT);
        VBox box = new VBox(10, table, new Label(messages.get("staff.addTitle")), addLine, bottom);
        box.setPadding(new Insets(12));
        stage.initOwner(owner);
        stage.setTitle(messages.get("staff.title"));
        stage.setScene(new Scene(box, 1000, 520));
        stage.show();
        vm.load();
        return stage;
    }

    private static ComboBox<String> roles(Messages messages) {
        ComboBox<String> c = new ComboBox<>();
        c.getItems().addAll(StaffViewModel.ROLES);
        c.setConverter(new javafx.util.StringConverter<>() {
            @Override
            public String toString(String r) {
                return r == null ? "" : messages.get("staff.role." + r);
            }

            @Override
            public String fromString(String s) {
                return s;
            }
        });
        return c;
    }

    private static TableColumn<StaffMember, String> text(String title, java.util.function.Function<StaffMember, String> value) {
        TableColumn<StaffMember, String> c = new TableColumn<>(title);
        c.setCellValueFactory(cell -> new ReadOnlyStringWrapper(value.apply(cell.getValue())));
        c.setPrefWidth(140);
        return c;
    }
}
