package app.salondesk.gui.catalog;

import app.salondesk.i18n.Messages;
import app.salondesk.model.catalog.ServiceDetails;
import javafx.beans.binding.Bindings;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.Node;
import javafx.scene.Scene;
import javafx.scene.control.Button;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.control.Separator;
import javafx.scene.control.SplitPane;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableRow;
import javafx.scene.control.TableView;
import javafx.scene.control.TextField;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.VBox;
import javafx.stage.Stage;
import javafx.stage.Window;

import java.util.function.Function;

/**
 * ☰ → Services: the salon's services in a table, the picked one's fields beside it with its
 * phases and cleanup ({@link PhasesView}), and the masters who do it. Read only for anyone but an
 * admin. Closing with the picked service's changes not saved asks first.
 */
public final class ServicesView {

    private ServicesView() {
    }

    public static Stage show(Window owner, ServicesViewModel vm, Messages messages, String styles) {
        TableView<ServiceDetails> table = new TableView<>(vm.services());
        table.setId("services-table");
        table.setColumnResizePolicy(TableView.CONSTRAINED_RESIZE_POLICY);   // every column in view, none cut off
        table.getColumns().add(column(messages.get("services.name"), ServiceDetails::name, 190));
        table.getColumns().add(column(messages.get("services.category"), ServiceDetails::category, 120));
        TableColumn<ServiceDetails, Integer> minutes = new TableColumn<>(messages.get("services.minutes"));
        minutes.setCellValueFactory(c -> new ReadOnlyObjectWrapper<>(c.getValue().durationMin()));
        minutes.setPrefWidth(70);
        minutes.setStyle("-fx-alignment: CENTER-RIGHT;");
        table.getColumns().add(minutes);
        TableColumn<ServiceDetails, String> price = column(messages.get("services.price"), vm::price, 110);
        price.setStyle("-fx-alignment: CENTER-RIGHT;");
        table.getColumns().add(price);
        table.getColumns().add(column(messages.get("services.state"),
                s -> messages.get(s.active() ? "services.sold" : "services.notSold"), 110));
        table.setRowFactory(t -> new TableRow<>() {
            @Override
            protected void updateItem(ServiceDetails s, boolean empty) {
                super.updateItem(s, empty);
                pseudoClassStateChanged(javafx.css.PseudoClass.getPseudoClass("inactive"), !empty && s != null && !s.active());
            }
        });
        table.getSelectionModel().selectedItemProperty().addListener((obs, was, now) -> {
            if (now != null && now != vm.selectedProperty().get()) {
                vm.select(now);
            }
        });
        vm.selectedProperty().addListener((obs, was, now) -> {
            if (now == null) {
                table.getSelectionModel().clearSelection();
            } else if (table.getSelectionModel().getSelectedItem() != now) {
                table.getSelectionModel().select(now);
            }
        });
        Button startNew = new Button(messages.get("services.new"));
        startNew.setId("service-new");
        startNew.setOnAction(e -> vm.startNew());
        editOnly(vm, startNew);
        VBox.setVgrow(table, Priority.ALWAYS);
        VBox left = new VBox(8, table, startNew);

        Label title = new Label();
        title.getStyleClass().add("setup-title");
        title.textProperty().bind(Bindings.createStringBinding(() -> vm.selectedProperty().get() == null
                ? messages.get("services.newTitle") : vm.selectedProperty().get().name(), vm.selectedProperty()));
        TextField name = field("service-name", vm.nameProperty(), vm);
        ComboBox<String> category = new ComboBox<>(vm.categories());
        category.setId("service-category");
        category.setEditable(true);
        category.setPromptText(messages.get("services.categoryPrompt"));
        category.setMaxWidth(Double.MAX_VALUE);
        category.getEditor().textProperty().bindBidirectional(vm.categoryProperty());
        category.disableProperty().bind(vm.editableProperty().not());
        TextField length = field("service-minutes", vm.minutesProperty(), vm);
        // a service of phases lasts their sum: its length is theirs, not typed
        length.editableProperty().unbind();
        length.editableProperty().bind(Bindings.createBooleanBinding(() -> vm.editableProperty().get() && vm.phases().steps().isEmpty(),
                vm.editableProperty(), vm.phases().steps()));
        TextField amount = field("service-price", vm.priceProperty(), vm);
        amount.promptTextProperty().bind(Bindings.createStringBinding(() -> vm.moneyProperty().get() == null ? ""
                : vm.moneyProperty().get().format(new java.math.BigDecimal("1500")), vm.moneyProperty()));
        GridPane fields = new GridPane();
        fields.setHgap(10);
        fields.setVgap(8);
        fields.addRow(0, new Label(messages.get("services.name")), name);
        fields.addRow(1, new Label(messages.get("services.category")), category);
        fields.addRow(2, new Label(messages.get("services.minutes")), length);
        fields.addRow(3, new Label(messages.get("services.price")), amount);
        GridPane.setHgrow(name, Priority.ALWAYS);

        Button save = new Button(messages.get("services.save"));
        save.setId("service-save");
        save.setDefaultButton(true);
        save.setOnAction(e -> vm.save());
        Button stop = new Button(messages.get("services.deactivate"));
        stop.setId("service-deactivate");
        stop.setOnAction(e -> vm.setActive(false));
        stop.visibleProperty().bind(Bindings.createBooleanBinding(() -> vm.editableProperty().get()
                && vm.selectedProperty().get() != null && vm.selectedProperty().get().active(), vm.selectedProperty(), vm.editableProperty()));
        Button again = new Button(messages.get("services.reactivate"));
        again.setId("service-reactivate");
        again.setOnAction(e -> vm.setActive(true));
        again.visibleProperty().bind(Bindings.createBooleanBinding(() -> vm.editableProperty().get()
                && vm.selectedProperty().get() != null && !vm.selectedProperty().get().active(), vm.selectedProperty(), vm.editableProperty()));
        editOnly(vm, save);
        for (Button b : new Button[]{stop, again}) {
            b.managedProperty().bind(b.visibleProperty());
        }
        HBox actions = new HBox(8, save, stop, again);
        Label message = new Label();
        message.setId("services-message");
        message.getStyleClass().add("setup-message");
        message.setWrapText(true);
        message.textProperty().bind(vm.messageProperty());

        Label who = new Label(messages.get("services.whoDoesIt"));
        who.getStyleClass().add("setup-title");
        Node offers = OffersView.create(vm.offers(), messages, messages.get("offers.master"));
        VBox.setVgrow(offers, Priority.ALWAYS);
        Node shape = PhasesView.create(vm.phases(), messages, vm.minutesProperty(), vm::addPhase, vm.editableProperty());
        VBox right = new VBox(10, title, fields, shape, actions, message, new Separator(), who, offers);
        right.setPadding(new Insets(0, 0, 0, 8));

        Label readOnly = new Label(messages.get("setup.readOnly"));
        readOnly.setId("setup-read-only");
        readOnly.getStyleClass().add("setup-read-only");
        readOnly.setMaxWidth(Double.MAX_VALUE);
        readOnly.visibleProperty().bind(vm.editableProperty().not());
        readOnly.managedProperty().bind(readOnly.visibleProperty());

        SplitPane split = new SplitPane(left, right);
        split.setDividerPositions(0.44);
        VBox.setVgrow(split, Priority.ALWAYS);
        Stage stage = new Stage();
        javafx.scene.layout.HBox bottom = new javafx.scene.layout.HBox(app.salondesk.gui.common.WindowButtons.close(messages, stage, false));
        // closing with the picked service's changes not saved asks first (issue 31)
        app.salondesk.gui.common.DiscardGuard.install(stage, vm.changedProperty(), vm::discardQuestion, messages);
        bottom.setAlignment(javafx.geometry.Pos.CENTER_RIGHT);
        VBox box = new VBox(8, readOnly, split, bottom);
        box.setPadding(new Insets(12));
        box.getStyleClass().add("setup-window");
        stage.initOwner(owner);
        stage.setTitle(messages.get("services.title"));
        Scene scene = new Scene(box, 1240, 760);
        scene.getStylesheets().add(styles);
        stage.setScene(scene);
        stage.show();
        vm.load();
        return stage;
    }

    private static TextField field(String id, javafx.beans.property.StringProperty value, ServicesViewModel vm) {
        TextField f = new TextField();
        f.setId(id);
        f.textProperty().bindBidirectional(value);
        f.editableProperty().bind(vm.editableProperty());
        return f;
    }

    /** Setup actions are not shown to those who may not use them. */
    private static void editOnly(ServicesViewModel vm, Node n) {
        n.visibleProperty().bind(vm.editableProperty());
        n.managedProperty().bind(n.visibleProperty());
    }

    private static TableColumn<ServiceDetails, String> column(String title, Function<ServiceDetails, String> value, double width) {
        TableColumn<ServiceDetails, String> c = new TableColumn<>(title);
        c.setCellValueFactory(cell -> new ReadOnlyStringWrapper(value.apply(cell.getValue())));
        c.setPrefWidth(width);
        return c;
    }
}
