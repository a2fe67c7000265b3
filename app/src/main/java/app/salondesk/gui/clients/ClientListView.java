package app.salondesk.gui.clients;

import app.salondesk.gui.common.FxDebouncer;
import app.salondesk.i18n.Messages;
import app.salondesk.model.clients.ClientListRow;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.Scene;
import javafx.scene.control.Button;
import javafx.scene.control.CheckBox;
import javafx.scene.control.DatePicker;
import javafx.scene.control.Label;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableRow;
import javafx.scene.control.TableView;
import javafx.scene.control.TextField;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.FlowPane;
import javafx.scene.layout.VBox;
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
        table.getColumns().add(column("clients.list.col.lastVisit", r -> vm.day(r.lastVisit()), 100));
        table.getColumns().add(column("clients.list.col.noShows", r -> r.noShows() == 0 ? "" : Integer.toString(r.noShows()), 70));
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

        // every change of a field asks again; typing is debounced as the toolbar's search is
        FxDebouncer typing = new FxDebouncer(ClientSearchView.DEBOUNCE);
        vm.textProperty().addListener(o -> typing.submit(vm::search));
        vm.tagProperty().addListener(o -> typing.submit(vm::search));
        vm.lastVisitBeforeProperty().addListener(o -> vm.search());
        vm.lastVisitAfterProperty().addListener(o -> vm.search());
        vm.withNoShowsProperty().addListener(o -> vm.search());
        vm.birthdayThisMonthProperty().addListener(o -> vm.search());
        stage.show();
        vm.search();
        return stage;
    }

    private DatePicker picker(String id, String prompt) {
        DatePicker p = new DatePicker();
        p.setId(id);
        p.setPromptText(messages.get(prompt));
        p.setPrefWidth(130);
        return p;
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
}
