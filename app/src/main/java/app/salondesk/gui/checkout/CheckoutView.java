package app.salondesk.gui.checkout;

import app.salondesk.gui.common.DiscardGuard;
import app.salondesk.gui.common.WindowButtons;
import app.salondesk.i18n.Messages;
import app.salondesk.model.catalog.Service;
import app.salondesk.model.checkout.Product;
import app.salondesk.model.staff.Master;
import javafx.collections.ListChangeListener;
import javafx.geometry.HPos;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.Scene;
import javafx.scene.control.Button;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.control.ScrollPane;
import javafx.scene.control.Separator;
import javafx.scene.control.Spinner;
import javafx.scene.control.TextField;
import javafx.scene.layout.ColumnConstraints;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import javafx.stage.Stage;
import javafx.stage.Window;
import javafx.util.StringConverter;

import java.util.List;
import java.util.Objects;

/**
 * The checkout window (issue 34): builds the controls and binds them to {@link CheckoutViewModel};
 * no arithmetic and no database here. Lines as done with their price, quantity, discount ("10%" or
 * an amount) and reason; products and extra services to add; a discount on the whole; tips per
 * master; card, transfer, other and cash given; the totals, what is due or the change; Pay.
 */
public final class CheckoutView {

    public static final String STYLES = Objects.requireNonNull(CheckoutView.class.getResource("checkout.css")).toExternalForm();

    private final CheckoutViewModel vm;
    private final Messages messages;
    private final GridPane lines = new GridPane();
    private final VBox tipRows = new VBox(4);

    private CheckoutView(CheckoutViewModel vm, Messages messages) {
        this.vm = vm;
        this.messages = messages;
    }

    /** The window, over {@code owner}; its Pay is the default button, Esc asks before it drops what was typed. */
    public static Stage show(Window owner, CheckoutViewModel vm, Messages messages, List<Service> services) {
        return new CheckoutView(vm, messages).build(owner, services);
    }

    private Stage build(Window owner, List<Service> services) {
        Stage stage = new Stage();
        stage.initOwner(owner);
        stage.titleProperty().bind(javafx.beans.binding.Bindings.createStringBinding(
                () -> vm.clientProperty().get().isBlank() ? messages.get("checkout.window")
                        : messages.format("checkout.windowOf", vm.clientProperty().get()), vm.clientProperty()));

        lines.setId("checkout-lines");
        lines.setHgap(8);
        lines.setVgap(4);
        for (double w : new double[]{200, 110, 60, 100, 90, 170, 100, 30}) {
            ColumnConstraints c = new ColumnConstraints();
            c.setPrefWidth(w);
            lines.getColumnConstraints().add(c);
        }
        vm.rows().addListener((ListChangeListener<CheckoutViewModel.Row>) c -> drawLines());
        drawLines();

        // products and extra services
        ComboBox<Product> product = new ComboBox<>(vm.products());
        product.setId("checkout-product");
        product.setPromptText(messages.get("checkout.product"));
        product.setConverter(named(Product::name));
        product.setButtonCell(prompting(messages.get("checkout.product"), Product::name));
        Spinner<Integer> qty = new Spinner<>(1, 999, 1);
        qty.setId("checkout-product-qty");
        qty.setPrefWidth(70);
        qty.setEditable(true);
        Button addProduct = new Button(messages.get("checkout.addProduct"));
        addProduct.setId("checkout-add-product");
        addProduct.disableProperty().bind(product.valueProperty().isNull());
        addProduct.setOnAction(e -> {
            vm.addProduct(product.getValue(), qty.getValue());
            product.setValue(null);
        });
        ComboBox<Service> service = new ComboBox<>(javafx.collections.FXCollections.observableArrayList(services));
        service.setId("checkout-service");
        service.setPromptText(messages.get("checkout.extraService"));
        service.setConverter(named(Service::name));
        service.setButtonCell(prompting(messages.get("checkout.extraService"), Service::name));
        ComboBox<Master> by = masters("checkout-service-master");
        Button addService = new Button(messages.get("checkout.addService"));
        addService.setId("checkout-add-service");
        addService.disableProperty().bind(service.valueProperty().isNull().or(by.valueProperty().isNull()));
        addService.setOnAction(e -> {
            vm.addService(service.getValue().id(), service.getValue().name(), by.getValue());
            service.setValue(null);
        });
        HBox adding = new HBox(8, product, qty, addProduct, new Separator(javafx.geometry.Orientation.VERTICAL), service, by, addService);
        adding.setAlignment(Pos.CENTER_LEFT);

        // the whole sale's discount
        TextField discount = field("checkout-discount", messages.get("checkout.discountPrompt"), 110);
        discount.textProperty().bindBidirectional(vm.wholeDiscount);
        TextField discountReason = field("checkout-discount-reason", messages.get("checkout.reasonPrompt"), 260);
        discountReason.textProperty().bindBidirectional(vm.wholeReason);
        HBox whole = new HBox(8, new Label(messages.get("checkout.discountWhole")), discount, discountReason);
        whole.setAlignment(Pos.CENTER_LEFT);

        // tips
        ComboBox<Master> tipMaster = masters("checkout-tip-master");
        Button addTip = new Button(messages.get("checkout.addTip"));
        addTip.setId("checkout-add-tip");
        addTip.disableProperty().bind(tipMaster.valueProperty().isNull());
        addTip.setOnAction(e -> vm.addTip(tipMaster.getValue()));
        vm.tips().addListener((ListChangeListener<CheckoutViewModel.TipRow>) c -> drawTips());
        HBox tipAdd = new HBox(8, new Label(messages.get("checkout.tips")), tipMaster, addTip);
        tipAdd.setAlignment(Pos.CENTER_LEFT);

        // payments
        TextField card = money("checkout-card", vm.card);
        TextField transfer = money("checkout-transfer", vm.transfer);
        TextField other = money("checkout-other", vm.other);
        TextField otherNote = field("checkout-other-note", messages.get("checkout.otherNote"), 140);
        otherNote.textProperty().bindBidirectional(vm.otherNote);
        TextField cash = money("checkout-cash", vm.cash);
        Button exact = new Button(messages.get("checkout.cashExact"));
        exact.setId("checkout-cash-exact");
        exact.setOnAction(e -> vm.cashExact());
        GridPane pay = new GridPane();
        pay.setHgap(8);
        pay.setVgap(4);
        pay.addRow(0, heading(messages, "checkout.method.card"), card, heading(messages, "checkout.method.transfer"), transfer);
        pay.addRow(1, heading(messages, "checkout.method.other"), other, otherNote);
        pay.addRow(2, heading(messages, "checkout.cashGiven"), cash, exact);

        // totals
        GridPane totals = new GridPane();
        totals.setId("checkout-totals");
        totals.setHgap(12);
        totals.setVgap(2);
        totals.addRow(0, new Label(messages.get("checkout.sold")), value("checkout-sold", vm.soldProperty()));
        totals.addRow(1, new Label(messages.get("checkout.discounts")), value("checkout-discounts", vm.discountsProperty()));
        totals.addRow(2, new Label(messages.get("checkout.tipsTotal")), value("checkout-tips-total", vm.tipsTotalProperty()));
        Label roundingLabel = new Label(messages.get("checkout.rounding"));
        Label rounding = value("checkout-rounding", vm.roundingProperty());
        roundingLabel.visibleProperty().bind(vm.roundingProperty().isNotEmpty());
        totals.addRow(3, roundingLabel, rounding);
        Label totalLabel = new Label(messages.get("checkout.total"));
        totalLabel.getStyleClass().add("checkout-total");
        Label total = value("checkout-total", vm.totalProperty());
        total.getStyleClass().add("checkout-total");
        totals.addRow(4, totalLabel, total);
        Label dueLabel = new Label(messages.get("checkout.due"));
        dueLabel.visibleProperty().bind(vm.dueProperty().isNotEmpty());
        totals.addRow(5, dueLabel, value("checkout-due", vm.dueProperty()));
        totals.addRow(6, new Label(messages.get("checkout.change")), value("checkout-change", vm.changeProperty()));
        for (var n : totals.getChildren()) {
            if (GridPane.getColumnIndex(n) == 1) {
                GridPane.setHalignment(n, HPos.RIGHT);
            }
        }

        Label problem = new Label();
        problem.setId("checkout-problem");
        problem.getStyleClass().add("checkout-problem");
        problem.textProperty().bind(vm.problemProperty());
        problem.setWrapText(true);
        Label status = new Label();
        status.setId("checkout-status");
        status.textProperty().bind(vm.statusProperty());
        status.setWrapText(true);

        Button payButton = new Button(messages.get("checkout.pay"));
        payButton.setId("checkout-pay");
        payButton.setDefaultButton(true);
        payButton.disableProperty().bind(vm.payableProperty().not().or(vm.busyProperty()));
        payButton.setOnAction(e -> vm.pay());
        Button cancel = WindowButtons.cancel(messages, stage);
        Region grow = new Region();
        HBox.setHgrow(grow, Priority.ALWAYS);
        HBox buttons = new HBox(8, status, grow, cancel, payButton);
        buttons.setAlignment(Pos.CENTER_RIGHT);

        Label client = new Label();
        client.setId("checkout-client");
        client.getStyleClass().add("checkout-client");
        client.textProperty().bind(vm.clientProperty());
        Label alerts = new Label();
        alerts.setId("checkout-alerts");
        alerts.getStyleClass().add("client-alerts");
        alerts.setWrapText(true);
        alerts.textProperty().bind(vm.alertsProperty());
        alerts.visibleProperty().bind(vm.alertsProperty().isNotEmpty());
        alerts.managedProperty().bind(alerts.visibleProperty());
        VBox left = new VBox(10, client, alerts, lines, adding, whole, tipAdd, tipRows);
        VBox right = new VBox(10, new Label(messages.get("checkout.payments")), pay, new Separator(), totals, problem);
        right.setPrefWidth(420);
        HBox body = new HBox(16, new ScrollPane(left) {{
            setFitToWidth(true);
            setPrefViewportWidth(900);
            setPrefViewportHeight(420);
        }}, right);
        VBox root = new VBox(12, body, buttons);
        root.setPadding(new Insets(14));
        root.getStylesheets().add(STYLES);
        stage.setScene(new Scene(root));
        DiscardGuard.install(stage, vm.editedProperty(), () -> messages.format("checkout.discard", vm.clientProperty().get()), messages);
        stage.show();
        return stage;
    }

    private void drawLines() {
        lines.getChildren().clear();
        String[] heads = {"checkout.col.line", "checkout.col.master", "checkout.col.qty", "checkout.col.price", "checkout.col.discount",
                "checkout.col.reason", "checkout.col.amount"};
        for (int c = 0; c < heads.length; c++) {
            Label h = new Label(messages.get(heads[c]));
            h.getStyleClass().add("checkout-head");
            lines.add(h, c, 0);
        }
        int i = 0;
        for (CheckoutViewModel.Row r : vm.rows()) {
            int row = i + 1;
            Label what = new Label(r.description);
            what.setId("checkout-line-" + i);
            lines.add(what, 0, row);
            lines.add(new Label(r.master), 1, row);
            if (r.product()) {
                Spinner<Integer> q = new Spinner<>(1, 999, r.quantity.get());
                q.setId("checkout-line-qty-" + i);
                q.setEditable(true);
                q.setPrefWidth(60);
                q.valueProperty().addListener((o, was, now) -> r.quantity.set(now));
                lines.add(q, 2, row);
            } else {
                lines.add(new Label(Integer.toString(r.quantity.get())), 2, row);
            }
            TextField price = new TextField();
            price.setId("checkout-line-price-" + i);
            price.textProperty().bindBidirectional(r.price);
            lines.add(price, 3, row);
            TextField discount = new TextField();
            discount.setId("checkout-line-discount-" + i);
            discount.setPromptText(messages.get("checkout.discountPrompt"));
            discount.textProperty().bindBidirectional(r.discount);
            lines.add(discount, 4, row);
            TextField reason = new TextField();
            reason.setId("checkout-line-reason-" + i);
            reason.setPromptText(messages.get("checkout.reasonPrompt"));
            reason.textProperty().bindBidirectional(r.reason);
            lines.add(reason, 5, row);
            Label amount = new Label();
            amount.setId("checkout-line-amount-" + i);
            amount.textProperty().bind(r.amountProperty());
            GridPane.setHalignment(amount, HPos.RIGHT);
            lines.add(amount, 6, row);
            if (r.extra) {
                Button remove = new Button("\u2715");
                remove.setId("checkout-line-remove-" + i);
                remove.setOnAction(e -> vm.remove(r));
                lines.add(remove, 7, row);
            }
            i++;
        }
    }

    private void drawTips() {
        tipRows.getChildren().clear();
        int i = 0;
        for (CheckoutViewModel.TipRow t : vm.tips()) {
            TextField amount = new TextField();
            amount.setId("checkout-tip-" + i);
            amount.setPrefWidth(110);
            amount.textProperty().bindBidirectional(t.amount);
            Button remove = new Button("\u2715");
            remove.setOnAction(e -> vm.removeTip(t));
            Label who = new Label(messages.format("checkout.tipFor", t.master.name()));
            who.setMinWidth(200);
            HBox line = new HBox(8, who, amount, remove);
            line.setAlignment(Pos.CENTER_LEFT);
            tipRows.getChildren().add(line);
            i++;
            javafx.application.Platform.runLater(amount::requestFocus);
        }
    }

    /** A field's label: whole, with a capital (the methods' words are written for sentences). */
    private static Label heading(Messages messages, String key) {
        String text = messages.get(key);
        Label l = new Label(text.isEmpty() ? text : text.substring(0, 1).toUpperCase(messages.locale()) + text.substring(1));
        l.setMinWidth(Region.USE_PREF_SIZE);
        return l;
    }

    private ComboBox<Master> masters(String id) {
        ComboBox<Master> box = new ComboBox<>(javafx.collections.FXCollections.observableArrayList(vm.masters()));
        box.setId(id);
        box.setConverter(named(Master::name));
        vm.loadedProperty().addListener((o, was, now) -> vm.defaultMaster().ifPresent(box::setValue));
        vm.defaultMaster().ifPresent(box::setValue);
        return box;
    }

    private TextField money(String id, javafx.beans.property.StringProperty bound) {
        TextField f = field(id, "0", 110);
        f.textProperty().bindBidirectional(bound);
        return f;
    }

    private static TextField field(String id, String prompt, double width) {
        TextField f = new TextField();
        f.setId(id);
        f.setPromptText(prompt);
        f.setPrefWidth(width);
        return f;
    }

    private static Label value(String id, javafx.beans.value.ObservableValue<String> text) {
        Label l = new Label();
        l.setId(id);
        l.textProperty().bind(text);
        return l;
    }

    /** A combo box's button that shows its prompt again once the value is cleared (JavaFX forgets it). */
    private static <T> javafx.scene.control.ListCell<T> prompting(String prompt, java.util.function.Function<T, String> name) {
        return new javafx.scene.control.ListCell<>() {
            @Override
            protected void updateItem(T item, boolean empty) {
                super.updateItem(item, empty);
                setText(empty || item == null ? prompt : name.apply(item));
            }
        };
    }

    private static <T> StringConverter<T> named(java.util.function.Function<T, String> name) {
        return new StringConverter<>() {
            @Override
            public String toString(T t) {
                return t == null ? "" : name.apply(t);
            }

            @Override
            public T fromString(String s) {
                return null;
            }
        };
    }
}
