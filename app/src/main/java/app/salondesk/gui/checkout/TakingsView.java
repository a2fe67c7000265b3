package app.salondesk.gui.checkout;

import app.salondesk.gui.common.WindowButtons;
import app.salondesk.i18n.Messages;
import javafx.beans.binding.Bindings;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.Scene;
import javafx.scene.control.Button;
import javafx.scene.control.DatePicker;
import javafx.scene.control.Label;
import javafx.scene.control.Tab;
import javafx.scene.control.TabPane;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import javafx.scene.layout.HBox;
import javafx.scene.layout.VBox;
import javafx.stage.Stage;
import javafx.stage.Window;



/**
 * A period's takings (issue 34): by day, by method, by master, and the pay report for admins and
 * managers, with Save as CSV… and Save as PDF… of it (what to do with them is the shell's).
 */
public final class TakingsView {

    private TakingsView() {
    }

    public static Stage show(Window owner, TakingsViewModel vm, Messages messages, Runnable saveCsv, Runnable savePdf) {
        Stage stage = new Stage();
        stage.initOwner(owner);
        stage.setTitle(messages.get("takings.window"));
        DatePicker from = new DatePicker();
        from.setId("takings-from");
        from.valueProperty().bindBidirectional(vm.from);
        DatePicker to = new DatePicker();
        to.setId("takings-to");
        to.valueProperty().bindBidirectional(vm.to);
        Button show = new Button(messages.get("takings.show"));
        show.setId("takings-show");
        show.setDefaultButton(true);
        show.setOnAction(e -> vm.load());
        HBox period = new HBox(8, new Label(messages.get("takings.from")), from, new Label(messages.get("takings.to")), to, show);
        period.setAlignment(Pos.CENTER_LEFT);
        TabPane tabs = new TabPane(
                tab(messages.get("takings.byDay"), table("takings-days", vm.days(), messages, "takings.col.day", "takings.col.sales",
                        "takings.col.services", "takings.col.products", "takings.col.tips", "takings.col.refunds", "takings.col.discounts",
                        "takings.col.total")),
                tab(messages.get("takings.byMethod"), table("takings-methods", vm.methods(), messages, "takings.col.method", "takings.col.paid",
                        "takings.col.refunds", "takings.col.net")),
                tab(messages.get("takings.byMaster"), table("takings-masters", vm.masters(), messages, "takings.col.master",
                        "takings.col.services", "takings.col.products", "takings.col.tips", "takings.col.total")));
        if (vm.payReport()) {
            Button csv = new Button(messages.get("takings.saveCsv"));
            csv.setId("takings-csv");
            csv.setOnAction(e -> saveCsv.run());
            Button pdf = new Button(messages.get("print.savePdf"));
            pdf.setId("takings-pdf");
            pdf.setOnAction(e -> savePdf.run());
            VBox payBox = new VBox(8, table("takings-pay", vm.pay(), messages, "takings.col.master", "takings.col.services", "takings.col.products",
                    "takings.col.tips", "takings.col.commission", "takings.col.pay"), new HBox(8, csv, pdf));
            tabs.getTabs().add(tab(messages.get("takings.pay"), payBox));
        }
        Label status = new Label();
        status.setId("takings-status");
        status.textProperty().bind(vm.statusProperty());
        HBox buttons = new HBox(8, status, WindowButtons.close(messages, stage, false));
        buttons.setAlignment(Pos.CENTER_RIGHT);
        VBox root = new VBox(10, period, tabs, buttons);
        root.setPadding(new Insets(12));
        root.getStylesheets().add(CheckoutView.STYLES);
        stage.setScene(new Scene(root, 980, 560));
        stage.show();
        vm.load();
        return stage;
    }

    private static Tab tab(String title, javafx.scene.Node content) {
        Tab t = new Tab(title, content);
        t.setClosable(false);
        return t;
    }

    static TableView<TakingsViewModel.Row> table(String id, javafx.collections.ObservableList<TakingsViewModel.Row> rows, Messages messages,
                                                 String... heads) {
        TableView<TakingsViewModel.Row> table = new TableView<>(rows);
        table.setId(id);
        for (int i = 0; i < heads.length; i++) {
            int at = i;
            TableColumn<TakingsViewModel.Row, String> c = new TableColumn<>(messages.get(heads[i]));
            c.setCellValueFactory(d -> Bindings.createStringBinding(() -> at < d.getValue().cells().size() ? d.getValue().cells().get(at) : ""));
            c.setPrefWidth(i == 0 ? 160 : 110);
            table.getColumns().add(c);
        }
        table.setColumnResizePolicy(TableView.CONSTRAINED_RESIZE_POLICY);
        return table;
    }

}
