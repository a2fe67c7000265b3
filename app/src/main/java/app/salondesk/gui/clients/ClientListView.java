package app.salondesk.gui.clients;

import app.salondesk.gui.common.FxDebouncer;
import app.salondesk.i18n.Messages;
import app.salondesk.model.clients.ClientListRow;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.Node;
import javafx.scene.Scene;
import javafx.scene.control.Button;
import javafx.scene.control.CheckBox;
import javafx.scene.control.DatePicker;
import javafx.scene.control.Label;
import javafx.scene.control.TableCell;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableColumnBase;
import javafx.scene.control.TableRow;
import javafx.scene.control.TableView;
import javafx.scene.control.TextField;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.FlowPane;
import javafx.scene.layout.VBox;
import javafx.scene.control.skin.TableColumnHeader;
import javafx.scene.text.Text;
import javafx.stage.Stage;
import javafx.stage.Window;

import java.io.File;
import java.util.function.BiFunction;
import java.util.function.Consumer;
import java.util.function.Function;

/**
 * ☰ → Clients… (issue 36): the salon's clients in a table, searched and filtered as the fields change,
 * a double click opening her card, and Export CSV… of the whole filtered list. Only builds and binds
 * controls; {@link ClientListViewModel} holds the rest.
 */
public final class ClientListView {

    /** Room for the sort arrow a sorted column's header shows beside its words. */
    private static final double SORT_ARROW = 16;

    private final ClientListViewModel vm;
    private final Messages messages;

    private ClientListView(ClientListViewModel vm, Messages messages) {
        this.vm = vm;
        this.messages = messages;
    }

    /**
     * Opens the window over {@code owner}. {@code chooseFile} asks where to save (the window and a suggested
     * name; null: cancelled); {@code openCard} opens a client's card.
     */
    public static Stage show(Window owner, ClientListViewModel vm, Messages messages, BiFunction<Window, String, File> chooseFile,
                             Consumer<Long> openCard) {
        return new ClientListView(vm, messages).build(owner, chooseFile, openCard);
    }

    private Stage build(Window owner, BiFunction<Window, String, File> chooseFile, Consumer<Long> openCard) {
        Stage stage = new Stage();
        stage.initOwner(owner);
        stage.setTitle(messages.get("clients.list.window"));

        TextField search = new TextField();
        search.setId("clients-search");
        search.setPromptText(messages.get("client.search.prompt"));
        search.textProperty().bindBidirectional(vm.textProperty());
        TextField tag = new TextField();
        tag.setId("clients-tag");
        tag.setPromptText(messages.get("clients.list.tag"));
        tag.setPrefColumnCount(8);
        tag.textProperty().bindBidirectional(vm.tagProperty());
        DatePicker before = picker("clients-visit-before", "clients.list.visitBefore");
        before.valueProperty().bindBidirectional(vm.lastVisitBeforeProperty());
        DatePicker after = picker("clients-visit-after", "clients.list.visitAfter");
        after.valueProperty().bindBidirectional(vm.lastVisitAfterProperty());
        CheckBox noShows = new CheckBox(messages.get("clients.list.noShows"));
        noShows.setId("clients-no-shows");
        noShows.selectedProperty().bindBidirectional(vm.withNoShowsProperty());
        CheckBox birthday = new CheckBox(messages.get("clients.list.birthday"));
        birthday.setId("clients-birthday");
        birthday.selectedProperty().bindBidirectional(vm.birthdayThisMonthProperty());
        Button export = new Button(messages.get("clients.list.export"));
        export.setId("clients-export");
        export.setOnAction(e -> {
            File file = chooseFile.apply(stage, messages.get("clients.list.fileName"));
            if (file != null) {
                vm.export(file.toPath());
            }
        });
        FlowPane filters = new FlowPane(8, 8, search, tag, labelled("clients.list.visitBefore", before),
                labelled("clients.list.visitAfter", after), noShows, birthday, export);
        filters.setAlignment(Pos.CENTER_LEFT);

        TableView<ClientListRow> table = new TableView<>(vm.rows());
        table.setId("clients-table");
        table.setPlaceholder(new Label(messages.get("clients.list.none")));
        table.getColumns().add(column("clients.list.col.name", ClientListRow::name, 200));
        table.getColumns().add(column("clients.list.col.phone", vm::phone, 140));
        table.getColumns().add(column("clients.list.col.tags", r -> String.join(", ", r.tags()), 140));
        // a day and a count sort as a day and a number, shown as the desk shows them
        table.getColumns().add(column("clients.list.col.lastVisit", ClientListRow::lastVisit, vm::shownDay, 110));
        table.getColumns().add(column("clients.list.col.noShows", ClientListRow::noShows, n -> n == 0 ? "" : Integer.toString(n), 70));
        table.getColumns().add(column("clients.list.col.alert", r -> r.alert() ? "\u26a0" : "", 50));
        table.setRowFactory(t -> {
            TableRow<ClientListRow> row = new TableRow<>();
            row.setOnMouseClicked(e -> {
                if (e.getClickCount() == 2 && !row.isEmpty()) {
                    openCard.accept(row.getItem().id());
                }
            });
            return row;
        });

        Label status = new Label();
        status.setId("clients-status");
        status.textProperty().bind(vm.statusProperty());

        BorderPane root = new BorderPane(table, filters, null, status, null);
        BorderPane.setMargin(table, new Insets(8, 0, 8, 0));
        root.setPadding(new Insets(12));
        stage.setScene(new Scene(root, 900, 560));
        // what the words need, in whichever language: measured with the styles applied, before the window shows
        root.applyCss();
        fitPrompt(before);
        fitPrompt(after);

        // every change of a field asks again; typing is debounced as the toolbar's search is
        FxDebouncer typing = new FxDebouncer(ClientSearchView.DEBOUNCE);
        vm.textProperty().addListener(o -> typing.submit(vm::search));
        vm.tagProperty().addListener(o -> typing.submit(vm::search));
        vm.lastVisitBeforeProperty().addListener(o -> vm.search());
        vm.lastVisitAfterProperty().addListener(o -> vm.search());
        vm.withNoShowsProperty().addListener(o -> vm.search());
        vm.birthdayThisMonthProperty().addListener(o -> vm.search());
        stage.show();
        fitHeaders(table);
        vm.search();
        return stage;
    }

    private DatePicker picker(String id, String prompt) {
        DatePicker p = new DatePicker();
        p.setId(id);
        p.setPromptText(messages.get(prompt));
        return p;
    }

    /** Widens the picker's field to its prompt (a date is shorter), so "Last visit before" is not cut in any language. */
    private static void fitPrompt(DatePicker picker) {
        TextField editor = picker.getEditor();
        Text probe = new Text(picker.getPromptText());
        probe.setFont(editor.getFont());
        editor.setPrefWidth(Math.ceil(probe.getLayoutBounds().getWidth() + editor.snappedLeftInset() + editor.snappedRightInset()) + 4);
    }

    /** Widens each column to its header's words and a sort arrow, so no header is cut ("No-sh…") in any language. */
    private static void fitHeaders(TableView<?> table) {
        table.applyCss();
        table.layout();
        for (Node n : table.lookupAll(".column-header")) {
            if (n instanceof TableColumnHeader header && header.getTableColumn() != null) {
                Node label = header.lookup(".label");
                if (label == null) {
                    continue;
                }
                double needed = Math.ceil(label.prefWidth(-1) + header.snappedLeftInset() + header.snappedRightInset()) + SORT_ARROW;
                TableColumnBase<?, ?> column = header.getTableColumn();
                column.setPrefWidth(Math.max(column.getPrefWidth(), needed));
            }
        }
    }

    private VBox labelled(String key, DatePicker picker) {
        return new VBox(2, new Label(messages.get(key)), picker);
    }

    private TableColumn<ClientListRow, String> column(String key, Function<ClientListRow, String> value, double width) {
        TableColumn<ClientListRow, String> c = new TableColumn<>(messages.get(key));
        c.setCellValueFactory(cell -> new ReadOnlyStringWrapper(value.apply(cell.getValue())));
        c.setPrefWidth(width);
        return c;
    }

    /** A column that holds a value (sorted as such) and shows it as {@code shown} says. */
    private <T extends Comparable<T>> TableColumn<ClientListRow, T> column(String key, Function<ClientListRow, T> value,
                                                                          Function<T, String> shown, double width) {
        TableColumn<ClientListRow, T> c = new TableColumn<>(messages.get(key));
        c.setCellValueFactory(cell -> new ReadOnlyObjectWrapper<>(value.apply(cell.getValue())));
        c.setCellFactory(col -> new TableCell<>() {
            @Override
            protected void updateItem(T item, boolean empty) {
                super.updateItem(item, empty);
                setText(empty || item == null ? null : shown.apply(item));
            }
        });
        c.setPrefWidth(width);
        return c;
    }
}
