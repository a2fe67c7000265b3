package app.salondesk.waitlist;

import app.salondesk.i18n.Messages;
import app.salondesk.staff.Master;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.Scene;
import javafx.scene.control.Button;
import javafx.scene.control.CheckBox;
import javafx.scene.control.ComboBox;
import javafx.scene.control.DatePicker;
import javafx.scene.control.Label;
import javafx.scene.control.ListCell;
import javafx.scene.control.ProgressIndicator;
import javafx.scene.control.Spinner;
import javafx.scene.control.SpinnerValueFactory;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import javafx.scene.control.TitledPane;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import javafx.stage.Stage;
import javafx.stage.Window;

import java.util.function.Function;

/**
 * The Waitlist window ({@link WaitlistViewModel}'s view): a day and a master (or all) on top, the
 * entries of that day as a table, first come first, with Remove and Book now; for admins the
 * salon's waitlist rules below. Not modal: a receptionist keeps it open beside the calendar.
 */
public final class WaitlistView {

    private WaitlistView() {
    }

    public static Stage show(Window owner, WaitlistViewModel vm, Messages messages) {
        Stage stage = new Stage();
        stage.initOwner(owner);
        stage.setTitle(messages.get("waitlist.title"));

        DatePicker day = new DatePicker();
        day.setId("waitlist-day");
        day.valueProperty().bindBidirectional(vm.dayProperty());
        ComboBox<Master> master = new ComboBox<>();
        master.setId("waitlist-master");
        master.getItems().add(null);
        master.getItems().addAll(vm.masters());
        master.setCellFactory(l -> masterCell(messages));
        master.setButtonCell(masterCell(messages));
        master.valueProperty().bindBidirectional(vm.masterProperty());
        ProgressIndicator busy = new ProgressIndicator();
        busy.setPrefSize(16, 16);
        busy.visibleProperty().bind(vm.loadingProperty());
        Button refresh = new Button(messages.get("waitlist.refresh"));
        refresh.setId("waitlist-refresh");
        refresh.setOnAction(e -> vm.load());
        HBox top = new HBox(8, new Label(messages.get("waitlist.day")), day, new Label(messages.get("waitlist.master")), master,
                refresh, busy);
        top.setAlignment(Pos.CENTER_LEFT);

        TableView<WaitlistViewModel.Row> table = new TableView<>(vm.rows());
        table.setId("waitlist-table");
        table.setPlaceholder(new Label(messages.get("waitlist.empty")));
        table.getColumns().add(column(messages, "waitlist.col.since", WaitlistViewModel.Row::since, 130));
        table.getColumns().add(column(messages, "waitlist.col.client", WaitlistViewModel.Row::client, 150));
        table.getColumns().add(column(messages, "waitlist.col.phone", WaitlistViewModel.Row::phone, 130));
        table.getColumns().add(column(messages, "waitlist.col.what", WaitlistViewModel.Row::what, 140));
        table.getColumns().add(column(messages, "waitlist.col.master", WaitlistViewModel.Row::master, 120));
        table.getColumns().add(column(messages, "waitlist.col.days", WaitlistViewModel.Row::days, 170));
        table.getColumns().add(column(messages, "waitlist.col.window", WaitlistViewModel.Row::window, 100));
        table.getColumns().add(column(messages, "waitlist.col.state", WaitlistViewModel.Row::state, 160));
        table.setColumnResizePolicy(TableView.CONSTRAINED_RESIZE_POLICY);
        VBox.setVgrow(table, Priority.ALWAYS);

        Button remove = new Button(messages.get("waitlist.remove"));
        remove.setId("waitlist-remove");
        remove.disableProperty().bind(table.getSelectionModel().selectedItemProperty().isNull());
        remove.setOnAction(e -> vm.remove(table.getSelectionModel().getSelectedItem()));
        Button bookNow = new Button(messages.get("waitlist.bookNow"));
        bookNow.setId("waitlist-book-now");
        bookNow.disableProperty().bind(table.getSelectionModel().selectedItemProperty().isNull());
        bookNow.setOnAction(e -> vm.bookNow(table.getSelectionModel().getSelectedItem()));
        Label message = new Label();
        message.setId("waitlist-message");
        message.setWrapText(true);
        message.textProperty().bind(vm.messageProperty());
        message.setMaxWidth(Double.MAX_VALUE);
        HBox.setHgrow(message, Priority.ALWAYS);
        Button close = new Button(messages.get("waitlist.close"));
        close.setCancelButton(true);
        close.setOnAction(e -> stage.close());
        HBox actions = new HBox(8, remove, bookNow, message, close);
        actions.setAlignment(Pos.CENTER_LEFT);

        VBox content = new VBox(10, top, table, actions);
        if (vm.admin()) {
            content.getChildren().add(rules(vm, messages));
        }
        content.setPadding(new Insets(16));
        BorderPane root = new BorderPane(content);
        root.setPrefSize(1100, 560);
        stage.setScene(new Scene(root));
        stage.show();
        vm.load();
        return stage;
    }

    private static TitledPane rules(WaitlistViewModel vm, Messages messages) {
        CheckBox enabled = new CheckBox(messages.get("waitlist.rules.enabled"));
        enabled.setId("waitlist-enabled");
        enabled.selectedProperty().bindBidirectional(vm.enabledProperty());
        CheckBox autoBook = new CheckBox(messages.get("waitlist.rules.autoBook"));
        autoBook.setId("waitlist-auto-book");
        autoBook.selectedProperty().bindBidirectional(vm.autoBookProperty());
        autoBook.setWrapText(true);
        Spinner<Integer> life = spinner("waitlist-lifetime", WaitlistRules.MAX_LIFETIME_DAYS, vm.lifetimeDaysProperty());
        Spinner<Integer> max = spinner("waitlist-max", WaitlistRules.MAX_PER_CLIENT, vm.maxPerClientProperty());
        Button save = new Button(messages.get("waitlist.rules.save"));
        save.setId("waitlist-save-rules");
        save.setOnAction(e -> vm.saveRules());
        HBox numbers = new HBox(8, new Label(messages.get("waitlist.rules.lifetime")), life,
                new Label(messages.get("waitlist.rules.max")), max, save);
        numbers.setAlignment(Pos.CENTER_LEFT);
        TitledPane pane = new TitledPane(messages.get("waitlist.rules"), new VBox(8, enabled, autoBook, numbers));
        pane.setId("waitlist-rules");
        pane.setExpanded(false);
        return pane;
    }

    private static Spinner<Integer> spinner(String id, int max, ObjectProperty<Integer> value) {
        Spinner<Integer> s = new Spinner<>();
        SpinnerValueFactory.IntegerSpinnerValueFactory factory = new SpinnerValueFactory.IntegerSpinnerValueFactory(1, max, 1);
        s.setValueFactory(factory);
        s.setId(id);
        s.setEditable(true);
        s.setPrefWidth(80);
        s.setMinWidth(Region.USE_PREF_SIZE);
        factory.valueProperty().bindBidirectional(value);
        return s;
    }

    private static TableColumn<WaitlistViewModel.Row, String> column(Messages messages, String key,
                                                                   Function<WaitlistViewModel.Row, String> value, double width) {
        TableColumn<WaitlistViewModel.Row, String> c = new TableColumn<>(messages.get(key));
        c.setCellValueFactory(cell -> new ReadOnlyStringWrapper(value.apply(cell.getValue())));
        c.setPrefWidth(width);
        return c;
    }

    private static ListCell<Master> masterCell(Messages messages) {
        return new ListCell<>() {
            @Override
            protected void updateItem(Master m, boolean empty) {
                super.updateItem(m, empty);
                setText(empty ? null : m == null ? messages.get("waitlist.allMasters") : m.name());
            }
        };
    }
}
