package app.salondesk.gui.staff;

import app.salondesk.i18n.Messages;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleObjectProperty;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.Scene;
import javafx.scene.control.Alert;
import javafx.scene.control.Button;
import javafx.scene.control.ButtonBar;
import javafx.scene.control.ButtonType;
import javafx.scene.control.Label;
import javafx.scene.control.ProgressIndicator;
import javafx.scene.control.TableCell;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import javafx.stage.Stage;
import javafx.stage.Window;

import java.util.function.Function;

/** Who holds one of the salon's locks: a table, Refresh, and "End session" behind a confirmation. */
public final class SalonLocksView {

    private SalonLocksView() {
    }

    public static Stage show(Window owner, SalonLocksViewModel vm, Messages messages) {
        TableView<SalonLocksViewModel.Row> table = new TableView<>(vm.rows());
        table.setId("locks-table");
        table.setPlaceholder(new Label(messages.get("locks.none")));
        table.getColumns().add(text(messages.get("locks.what"), SalonLocksViewModel.Row::what));
        table.getColumns().add(text(messages.get("staff.login"), SalonLocksViewModel.Row::login));
        table.getColumns().add(text(messages.get("locks.state"), SalonLocksViewModel.Row::state));
        table.getColumns().add(text(messages.get("locks.for"), SalonLocksViewModel.Row::heldFor));
        TableColumn<SalonLocksViewModel.Row, SalonLocksViewModel.Row> actions = new TableColumn<>("");
        actions.setCellValueFactory(c -> new SimpleObjectProperty<>(c.getValue()));
        actions.setCellFactory(c -> new TableCell<>() {
            @Override
            protected void updateItem(SalonLocksViewModel.Row row, boolean empty) {
                super.updateItem(row, empty);
                if (empty || row == null) {
                    setGraphic(null);
                    return;
                }
                Button end = new Button(messages.get("locks.end"));
                end.getStyleClass().add("locks-end");
                end.setOnAction(e -> {
                    if (confirmed(table.getScene().getWindow(), row, messages)) {
                        vm.endSession(row);
                    }
                });
                setGraphic(end);
            }
        });
        actions.setPrefWidth(160);
        table.getColumns().add(actions);

        Label explain = new Label(messages.get("locks.explain"));
        explain.setWrapText(true);
        explain.setMinHeight(Region.USE_PREF_SIZE);
        Button refresh = new Button(messages.get("locks.refresh"));
        refresh.setId("locks-refresh");
        refresh.setOnAction(e -> vm.refresh());
        ProgressIndicator busy = new ProgressIndicator();
        busy.setPrefSize(16, 16);
        busy.visibleProperty().bind(vm.loadingProperty());
        Label message = new Label();
        message.setId("locks-message");
        message.setWrapText(true);
        message.setMinHeight(Region.USE_PREF_SIZE);
        message.textProperty().bind(vm.messageProperty());
        message.setMaxWidth(Double.MAX_VALUE);
        HBox.setHgrow(message, Priority.ALWAYS);
        Stage stage = new Stage();
        HBox bottom = new HBox(8, message, busy, refresh, app.salondesk.gui.common.WindowButtons.close(messages, stage, true));
        bottom.setAlignment(Pos.CENTER_LEFT);
        VBox box = new VBox(10, explain, table, bottom);
        VBox.setVgrow(table, Priority.ALWAYS);
        box.setPadding(new Insets(12));
        stage.initOwner(owner);
        stage.setTitle(messages.get("locks.title"));
        stage.setScene(new Scene(box, 760, 420));
        stage.show();
        vm.refresh();
        return stage;
    }

    private static boolean confirmed(Window owner, SalonLocksViewModel.Row row, Messages messages) {
        ButtonType yes = new ButtonType(messages.get("locks.end"), ButtonBar.ButtonData.OK_DONE);
        ButtonType no = new ButtonType(messages.get("locks.keep"), ButtonBar.ButtonData.CANCEL_CLOSE);
        Alert ask = new Alert(Alert.AlertType.CONFIRMATION, messages.format("locks.confirm", row.login(), row.what()), yes, no);
        ask.initOwner(owner);
        ask.setTitle(messages.get("locks.title"));
        ask.setHeaderText(null);
        ask.getDialogPane().setPrefWidth(480);
        ask.getDialogPane().lookupButton(yes).setId("locks-end-yes");
        ask.getDialogPane().lookupButton(no).setId("locks-end-no");
        return app.salondesk.gui.common.DeskWindows.showAndWait(ask).filter(b -> b == yes).isPresent();
    }

    private static TableColumn<SalonLocksViewModel.Row, String> text(String title, Function<SalonLocksViewModel.Row, String> value) {
        TableColumn<SalonLocksViewModel.Row, String> c = new TableColumn<>(title);
        c.setCellValueFactory(cell -> new ReadOnlyStringWrapper(value.apply(cell.getValue())));
        c.setPrefWidth(140);
        return c;
    }
}
