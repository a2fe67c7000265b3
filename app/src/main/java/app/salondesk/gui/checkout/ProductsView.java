package app.salondesk.gui.checkout;

import app.salondesk.gui.common.WindowButtons;
import app.salondesk.i18n.Messages;
import app.salondesk.model.checkout.Product;
import javafx.beans.binding.Bindings;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.Scene;
import javafx.scene.control.Button;
import javafx.scene.control.CheckBox;
import javafx.scene.control.Label;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import javafx.scene.control.TextField;
import javafx.scene.layout.HBox;
import javafx.scene.layout.VBox;
import javafx.stage.Stage;
import javafx.stage.Window;

/** Products and stock (issue 34): the list, the low-stock list, a new product, stock received or corrected. */
public final class ProductsView {

    private ProductsView() {
    }

    public static Stage show(Window owner, ProductsViewModel vm, Messages messages) {
        Stage stage = new Stage();
        stage.initOwner(owner);
        stage.setTitle(messages.get("products.window"));
        TableView<Product> table = new TableView<>(vm.products());
        table.setId("products-table");
        table.getColumns().add(column(messages.get("products.col.name"), Product::name, 220));
        table.getColumns().add(column(messages.get("products.col.category"), Product::category, 140));
        table.getColumns().add(column(messages.get("products.col.price"), p -> vm.money(p.priceMinor()), 110));
        table.getColumns().add(column(messages.get("products.col.stock"), p -> Integer.toString(p.stock()) + (p.low() ? " \u26a0" : ""), 90));
        table.getColumns().add(column(messages.get("products.col.low"), p -> Integer.toString(p.lowStock()), 90));
        CheckBox low = new CheckBox(messages.get("products.lowOnly"));
        low.setId("products-low");
        low.selectedProperty().bindBidirectional(vm.lowOnly);

        TextField count = field("products-count", vm.count, messages.get("products.countPrompt"), 90);
        TextField reason = field("products-reason", vm.reason, messages.get("checkout.reasonPrompt"), 220);
        Button received = new Button(messages.get("products.received"));
        received.setId("products-received");
        received.disableProperty().bind(table.getSelectionModel().selectedItemProperty().isNull());
        received.setOnAction(e -> vm.move(table.getSelectionModel().getSelectedItem(), false));
        Button adjust = new Button(messages.get("products.adjust"));
        adjust.setId("products-adjust");
        adjust.disableProperty().bind(table.getSelectionModel().selectedItemProperty().isNull());
        adjust.setOnAction(e -> vm.move(table.getSelectionModel().getSelectedItem(), true));
        adjust.setVisible(vm.admin());
        HBox stock = new HBox(8, new Label(messages.get("products.stock")), count, reason, received, adjust);
        stock.setAlignment(Pos.CENTER_LEFT);

        TextField name = field("products-name", vm.name, messages.get("products.col.name"), 200);
        TextField category = field("products-category", vm.category, messages.get("products.col.category"), 130);
        TextField price = field("products-price", vm.price, messages.get("products.col.price"), 100);
        TextField lowStock = field("products-low-stock", vm.lowStock, messages.get("products.col.low"), 70);
        Button add = new Button(messages.get("products.add"));
        add.setId("products-add");
        add.setOnAction(e -> vm.add());
        HBox adding = new HBox(8, new Label(messages.get("products.new")), name, category, price, lowStock, add);
        adding.setAlignment(Pos.CENTER_LEFT);
        adding.setVisible(vm.admin());
        adding.setManaged(vm.admin());

        Label status = new Label();
        status.setId("products-status");
        status.textProperty().bind(vm.statusProperty());
        HBox buttons = new HBox(8, status, WindowButtons.close(messages, stage, false));
        buttons.setAlignment(Pos.CENTER_RIGHT);
        VBox root = new VBox(10, low, table, stock, adding, buttons);
        root.setPadding(new Insets(12));
        stage.setScene(new Scene(root, 860, 520));
        stage.show();
        vm.load();
        return stage;
    }

    private static TextField field(String id, javafx.beans.property.StringProperty bound, String prompt, double width) {
        TextField f = new TextField();
        f.setId(id);
        f.setPromptText(prompt);
        f.setPrefWidth(width);
        f.textProperty().bindBidirectional(bound);
        return f;
    }

    private static TableColumn<Product, String> column(String title, java.util.function.Function<Product, String> value, double width) {
        TableColumn<Product, String> c = new TableColumn<>(title);
        c.setCellValueFactory(d -> Bindings.createStringBinding(() -> value.apply(d.getValue())));
        c.setPrefWidth(width);
        return c;
    }
}
