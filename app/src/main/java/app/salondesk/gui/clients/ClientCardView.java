package app.salondesk.gui.clients;

import app.salondesk.i18n.Messages;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.css.PseudoClass;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.geometry.VPos;
import javafx.scene.Parent;
import javafx.scene.Scene;
import javafx.scene.control.Button;
import javafx.scene.control.Control;
import javafx.scene.control.Label;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableRow;
import javafx.scene.control.TableView;
import javafx.scene.control.TextArea;
import javafx.scene.control.TextField;
import javafx.scene.input.KeyCode;
import javafx.scene.input.KeyCodeCombination;
import javafx.scene.input.KeyCombination;
import javafx.scene.input.KeyEvent;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.ColumnConstraints;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import javafx.stage.Stage;
import javafx.stage.Window;

import java.util.Locale;
import java.util.Objects;
import java.util.function.Function;

/**
 * The client card: name, phone and notes to edit, Save and Close, and the client's visits
 * with the no-show count. Only builds controls and binds them to {@link ClientCardViewModel}.
 * Ids for tests and styling: {@code #client-name}, {@code #client-phone}, {@code #client-notes},
 * {@code #client-save}, {@code #client-close}, {@code #client-visits} (its rows are
 * {@code .visit-row}), {@code #client-no-shows}, {@code #client-message} and
 * {@code #client-<field>-error}.
 */
public final class ClientCardView {

    private final HBox extra = new HBox(8);

    private static final KeyCombination SAVE_KEY = new KeyCodeCombination(KeyCode.S, KeyCombination.SHORTCUT_DOWN);
    private static final PseudoClass SOME = PseudoClass.getPseudoClass("some");

    private final ClientCardViewModel vm;
    private final Messages messages;
    private final BorderPane root = new BorderPane();
    private final TextField name = new TextField();
    private Runnable onClose = () -> {
        Window w = root.getScene() != null ? root.getScene().getWindow() : null;
        if (w != null) {
            w.hide();
        }
    };

    public ClientCardView(ClientCardViewModel vm, Messages messages) {
        this.vm = vm;
        this.messages = messages;

        name.setId("client-name");
        name.textProperty().bindBidirectional(vm.nameProperty());
        TextField phone = new TextField();
        phone.setId("client-phone");
        phone.setPromptText(vm.phonePrompt());
        phone.textProperty().bindBidirectional(vm.phoneProperty());
        TextArea notes = new TextArea();
        notes.setId("client-notes");
        notes.setWrapText(true);
        notes.setPrefRowCount(4);
        notes.setMinHeight(Region.USE_PREF_SIZE);
        notes.textProperty().bindBidirectional(vm.notesProperty());

        GridPane form = new GridPane();
        form.getStyleClass().add("client-form");
        form.setHgap(10);
        form.setVgap(2);
        form.getColumnConstraints().addAll(new ColumnConstraints(), grow());
        addField(form, 0, "client.name", name, "client-name-error", vm.nameErrorProperty());
        addField(form, 2, "client.phone", phone, "client-phone-error", vm.phoneErrorProperty());
        addField(form, 4, "client.notes", notes, "client-notes-error", vm.notesErrorProperty());
        form.disableProperty().bind(vm.loadedProperty().not());

        Label visitsTitle = new Label(messages.get("client.visits"));
        visitsTitle.getStyleClass().add("client-section-title");
        Label noShows = new Label();
        noShows.setId("client-no-shows");
        noShows.getStyleClass().add("client-no-shows");
        noShows.textProperty().bind(vm.noShowsTextProperty());
        // worth noticing at the desk: a client who did not come before may be asked for a deposit
        vm.noShowsProperty().addListener((obs, old, n) -> noShows.pseudoClassStateChanged(
                SOME, n.intValue() > 0));
        Region gap = new Region();
        HBox.setHgrow(gap, Priority.ALWAYS);
        HBox visitsHeader = new HBox(8, visitsTitle, gap, noShows);
        visitsHeader.setAlignment(Pos.CENTER_LEFT);

        TableView<VisitRow> visits = visitsTable();
        VBox.setVgrow(visits, Priority.ALWAYS);
        VBox centre = new VBox(8, form, visitsHeader, visits);
        centre.setPadding(new Insets(12));

        Label message = new Label();
        message.setId("client-message");
        message.getStyleClass().add("client-message");
        message.textProperty().bind(vm.messageProperty());
        Button save = new Button(messages.get("client.save"));
        save.setId("client-save");
        save.setDefaultButton(true);
        save.disableProperty().bind(vm.canSaveProperty().not());
        save.setOnAction(e -> vm.save());
        Button close = new Button(messages.get("client.close"));
        close.setId("client-close");
        close.setCancelButton(true);
        close.setOnAction(e -> onClose.run());
        Region spacer = new Region();
        HBox.setHgrow(spacer, Priority.ALWAYS);
        HBox buttons = new HBox(8, message, spacer, extra, save, close);
        buttons.setAlignment(Pos.CENTER_LEFT);
        buttons.setPadding(new Insets(8, 12, 12, 12));

        root.setCenter(centre);
        root.setBottom(buttons);
        root.getStyleClass().add("client-card");
        root.getStylesheets().add(Objects.requireNonNull(ClientCardView.class.getResource("clients.css")).toExternalForm());
        root.addEventHandler(KeyEvent.KEY_PRESSED, e -> {
            if (SAVE_KEY.match(e)) {
                vm.save();
                e.consume();
            }
        });
    }

    /** The client's alerts (issue 36) on top of the card, in red; nothing while she has none. */
    public void showAlerts(ReadOnlyStringProperty alerts) {
        Label banner = new Label();
        banner.setId("client-alerts");
        banner.getStyleClass().add("client-alerts");
        banner.setWrapText(true);
        banner.setMaxWidth(Double.MAX_VALUE);
        banner.textProperty().bind(alerts);
        banner.visibleProperty().bind(alerts.isNotEmpty());
        banner.managedProperty().bind(banner.visibleProperty());
        BorderPane.setMargin(banner, new Insets(12, 12, 0, 12));
        root.setTop(banner);
    }

    /** Room for the window's own actions next to Save (e.g. the client's change history). */
    public void addAction(javafx.scene.Node action) {
        extra.getChildren().add(action);
    }

    public Parent node() {
        return root;
    }

    /** What Close (and Esc) does; by default it hides the window the card is in. */
    public void setOnClose(Runnable onClose) {
        this.onClose = Objects.requireNonNull(onClose);
    }

    /**
     * Shows the card in its own window over {@code owner} (not modal: the desk keeps working
     * with the schedule while a card is open). Load the client with the view model.
     */
    public Stage showInWindow(Window owner) {
        Stage stage = new Stage();
        if (owner != null) {
            stage.initOwner(owner);
        }
        // not modal: a client's card stays open beside the calendar
        stage.titleProperty().bind(vm.titleProperty());
        stage.setScene(new Scene(root, 740, 560));
        setOnClose(() -> app.salondesk.gui.common.DiscardGuard.requestClose(stage));
        app.salondesk.gui.common.DiscardGuard.install(stage, vm.changedProperty(), vm::discardQuestion, messages);
        stage.show();
        name.requestFocus();
        return stage;
    }

    private void addField(GridPane form, int row, String labelKey, Control input, String errorId,
                          ReadOnlyStringProperty error) {
        Label label = new Label(messages.get(labelKey));
        label.setLabelFor(input);
        label.getStyleClass().add("client-field-label");
        // level with the first line of text, also beside the several lines of the notes
        GridPane.setValignment(label, VPos.BASELINE);
        Label problem = new Label();
        problem.setId(errorId);
        problem.getStyleClass().add("field-error");
        problem.textProperty().bind(error);
        // an empty error takes no room, so the form does not jump while the user types
        problem.managedProperty().bind(error.isNotEmpty());
        problem.visibleProperty().bind(error.isNotEmpty());
        input.setMaxWidth(Double.MAX_VALUE);
        form.add(label, 0, row);
        form.add(input, 1, row);
        form.add(problem, 1, row + 1);
    }

    private TableView<VisitRow> visitsTable() {
        TableView<VisitRow> table = new TableView<>(vm.visits());
        table.setId("client-visits");
        table.setColumnResizePolicy(TableView.CONSTRAINED_RESIZE_POLICY_FLEX_LAST_COLUMN);
        table.setPlaceholder(new Label(messages.get("client.visits.none")));
        table.getColumns().add(column("client.visits.date", VisitRow::date, 105));
        table.getColumns().add(column("client.visits.time", VisitRow::time, 150));
        table.getColumns().add(column("client.visits.master", VisitRow::master, 145));
        table.getColumns().add(column("client.visits.service", VisitRow::service, 110));
        TableColumn<VisitRow, String> price = column("client.visits.price", VisitRow::price, 90);
        price.setStyle("-fx-alignment: CENTER-RIGHT;");
        table.getColumns().add(price);
        table.getColumns().add(column("client.visits.status", VisitRow::statusText, 90));
        table.setRowFactory(t -> new TableRow<>() {
            @Override
            protected void updateItem(VisitRow item, boolean empty) {
                super.updateItem(item, empty);
                getStyleClass().removeIf(c -> c.startsWith("visit-"));
                if (!empty && item != null) {
                    getStyleClass().addAll("visit-row", item.upcoming() ? "visit-upcoming" : "visit-past",
                            "visit-" + item.status().dbValue().replace('_', '-').toLowerCase(Locale.ROOT));
                }
            }
        });
        return table;
    }

    private TableColumn<VisitRow, String> column(String key, Function<VisitRow, String> value, double width) {
        TableColumn<VisitRow, String> c = new TableColumn<>(messages.get(key));
        c.setPrefWidth(width);
        c.setCellValueFactory(cell -> new ReadOnlyStringWrapper(value.apply(cell.getValue())));
        // rows come newest first; sorting formatted dates as text would scramble them
        c.setSortable(false);
        return c;
    }

    private static ColumnConstraints grow() {
        ColumnConstraints c = new ColumnConstraints();
        c.setHgrow(Priority.ALWAYS);
        c.setFillWidth(true);
        return c;
    }
}
