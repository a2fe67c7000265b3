package app.salondesk.gui.waitlist;

import app.salondesk.gui.common.TypeAhead;
import app.salondesk.i18n.Messages;
import app.salondesk.model.staff.Master;
import app.salondesk.model.waitlist.DailyWindow;
import app.salondesk.model.waitlist.WaitlistEntry;
import app.salondesk.model.waitlist.WaitlistRules;
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
        TypeAhead.install(master, m -> m == null ? messages.get("waitlist.allMasters") : m.name());
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
        Button edit = new Button(messages.get("waitlist.edit"));
        edit.setId("waitlist-edit");
        edit.disableProperty().bind(table.getSelectionModel().selectedItemProperty().isNull());
        edit.setOnAction(e -> {
            WaitlistViewModel.Row row = table.getSelectionModel().getSelectedItem();
            if (row != null) {
                editDialog(stage, vm, messages, row);
            }
        });
        edit.setVisible(vm.mayEdit());
        Button add = new Button(messages.get("waitlist.add"));
        add.setId("waitlist-add");
        add.setOnAction(e -> vm.add());
        remove.setVisible(vm.mayEdit());
        bookNow.setVisible(vm.mayEdit());
        add.setVisible(vm.mayEdit());
        Label message = new Label();
        message.setId("waitlist-message");
        message.setWrapText(true);
        message.textProperty().bind(vm.messageProperty());
        message.setMaxWidth(Double.MAX_VALUE);
        HBox.setHgrow(message, Priority.ALWAYS);
        Button close = new Button(messages.get("waitlist.close"));
        close.setId("waitlist-close");
        close.setCancelButton(true);
        close.setDefaultButton(true);   // a list to read: Enter closes it as Esc does (the rules and entries have buttons of their own)
        // Close, Esc and the ✕ ask before losing rules typed and not saved (issue 31)
        close.setOnAction(e -> app.salondesk.gui.common.DiscardGuard.requestClose(stage));
        app.salondesk.gui.common.DiscardGuard.install(stage, vm.changedProperty(), vm::discardQuestion, messages);
        HBox actions = new HBox(8, add, bookNow, edit, remove, message, close);
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

    /** "Change…": master (or any), days, part of the day of one entry. */
    private static void editDialog(Stage owner, WaitlistViewModel vm, Messages messages, WaitlistViewModel.Row row) {
        Stage dialog = new Stage();
        dialog.initOwner(owner);
        dialog.setTitle(messages.get("waitlist.edit.title"));
        WaitlistViewModel.EntryChange change = vm.change(row);
        ComboBox<Master> master = new ComboBox<>();
        master.setId("waitlist-edit-master");
        master.getItems().add(null);
        master.getItems().addAll(vm.masters());
        master.setCellFactory(l -> masterCell(messages));
        master.setButtonCell(masterCell(messages));
        TypeAhead.install(master, m -> m == null ? messages.get("waitlist.allMasters") : m.name());
        master.valueProperty().bindBidirectional(change.masterProperty());
        DatePicker from = new DatePicker();
        from.setId("waitlist-edit-from");
        from.valueProperty().bindBidirectional(change.fromProperty());
        DatePicker to = new DatePicker();
        to.setId("waitlist-edit-to");
        to.valueProperty().bindBidirectional(change.toProperty());
        javafx.scene.control.TextField window = new javafx.scene.control.TextField();
        window.setId("waitlist-edit-window");
        window.textProperty().bindBidirectional(change.windowProperty());
        javafx.scene.layout.GridPane grid = new javafx.scene.layout.GridPane();
        grid.setHgap(10);
        grid.setVgap(8);
        grid.addRow(0, new Label(messages.get("waitlist.master")), master);
        grid.addRow(1, new Label(messages.get("waitlist.from")), from);
        grid.addRow(2, new Label(messages.get("waitlist.to")), to);
        grid.addRow(3, new Label(messages.get("waitlist.edit.window")), window);
        Button save = new Button(messages.get("waitlist.edit.save"));
        save.setId("waitlist-edit-save");
        save.setDefaultButton(true);
        save.setOnAction(x -> {
            change.save();
            dialog.close();   // a save's own closing: nothing to ask
        });
        Button cancel = new Button(messages.get("waitlist.close"));
        cancel.setId("waitlist-edit-cancel");
        cancel.setCancelButton(true);
        // Cancel, Esc and the ✕ ask before losing what was changed (issue 31)
        cancel.setOnAction(x -> app.salondesk.gui.common.DiscardGuard.requestClose(dialog));
        app.salondesk.gui.common.DiscardGuard.install(dialog, change.changedProperty(), change::discardQuestion, messages);
        HBox buttons = new HBox(8, save, cancel);
        buttons.setAlignment(Pos.CENTER_RIGHT);
        VBox box = new VBox(12, new Label(row.client() + " \u00b7 " + row.what()), grid, buttons);
        box.setPadding(new Insets(16));
        dialog.setScene(new Scene(box));
        app.salondesk.gui.common.DeskWindows.showModal(dialog);
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
