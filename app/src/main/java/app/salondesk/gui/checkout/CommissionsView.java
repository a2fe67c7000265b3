package app.salondesk.gui.checkout;

import app.salondesk.gui.common.WindowButtons;
import app.salondesk.i18n.Messages;
import app.salondesk.model.checkout.CommissionRate;
import app.salondesk.model.staff.Master;
import javafx.beans.binding.Bindings;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.Scene;
import javafx.scene.control.Button;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import javafx.scene.control.TextField;
import javafx.scene.layout.HBox;
import javafx.scene.layout.VBox;
import javafx.stage.Stage;
import javafx.stage.Window;
import javafx.util.StringConverter;

/** Masters' commission rates (issue 34): the list; for admins, a rate set or removed. The pay report is in Takings. */
public final class CommissionsView {

    private CommissionsView() {
    }

    public static Stage show(Window owner, CommissionsViewModel vm, Messages messages, Runnable openPayReport) {
        Stage stage = new Stage();
        stage.initOwner(owner);
        stage.setTitle(messages.get("commissions.window"));
        TableView<CommissionRate> table = new TableView<>(vm.rates());
        table.setId("commissions-table");
        table.getColumns().add(column(messages.get("commissions.col.master"), r -> vm.masterName(r.masterId()), 180));
        table.getColumns().add(column(messages.get("commissions.col.target"), vm::scopeText, 260));
        table.getColumns().add(column(messages.get("commissions.col.rate"), vm::rateText, 160));
        ComboBox<Master> master = new ComboBox<>(javafx.collections.FXCollections.observableArrayList(vm.masters()));
        master.setId("commissions-master");
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
        master.valueProperty().bindBidirectional(vm.master);
        ComboBox<CommissionsViewModel.Target> target = new ComboBox<>(vm.targets());
        target.setId("commissions-target");
        target.valueProperty().bindBidirectional(vm.target);
        TextField rate = new TextField();
        rate.setId("commissions-rate");
        rate.setPromptText(messages.get("commissions.ratePrompt"));
        rate.textProperty().bindBidirectional(vm.rate);
        Button set = new Button(messages.get("commissions.set"));
        set.setId("commissions-set");
        set.setOnAction(e -> vm.set());
        Button remove = new Button(messages.get("commissions.remove"));
        remove.setId("commissions-remove");
        remove.disableProperty().bind(table.getSelectionModel().selectedItemProperty().isNull());
        remove.setOnAction(e -> vm.remove(table.getSelectionModel().getSelectedItem()));
        HBox setting = new HBox(8, master, target, rate, set, remove);
        setting.setAlignment(Pos.CENTER_LEFT);
        setting.setVisible(vm.admin());
        setting.setManaged(vm.admin());
        Button pay = new Button(messages.get("commissions.payReport"));
        pay.setId("commissions-pay-report");
        pay.setOnAction(e -> openPayReport.run());
        Label status = new Label();
        status.setId("commissions-status");
        status.textProperty().bind(vm.statusProperty());
        HBox buttons = new HBox(8, status, pay, WindowButtons.close(messages, stage, false));
        buttons.setAlignment(Pos.CENTER_RIGHT);
        VBox root = new VBox(10, table, setting, buttons);
        root.setPadding(new Insets(12));
        stage.setScene(new Scene(root, 820, 480));
        stage.show();
        vm.load();
        return stage;
    }

    private static TableColumn<CommissionRate, String> column(String title, java.util.function.Function<CommissionRate, String> value, double width) {
        TableColumn<CommissionRate, String> c = new TableColumn<>(title);
        c.setCellValueFactory(d -> Bindings.createStringBinding(() -> value.apply(d.getValue())));
        c.setPrefWidth(width);
        return c;
    }
}
