package app.salondesk.gui.messages;

import app.salondesk.i18n.Messages;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.Scene;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.ProgressIndicator;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.stage.Stage;
import javafx.stage.Window;

import java.util.function.Function;

/** A booking's messages ({@link BookingMessagesViewModel}'s view): the table, Send now / Resend, Close. Not modal. */
public final class BookingMessagesView {

    private BookingMessagesView() {
    }

    public static Stage show(Window owner, BookingMessagesViewModel vm, Messages messages, String title) {
        Stage stage = new Stage();
        stage.initOwner(owner);
        stage.setTitle(title);
        TableView<BookingMessagesViewModel.Row> table = new TableView<>(vm.rows());
        table.setId("messages-table");
        table.setPlaceholder(new Label(messages.get("messages.none")));
        table.getColumns().add(column(messages.get("messages.col.what"), BookingMessagesViewModel.Row::what, 170));
        table.getColumns().add(column(messages.get("messages.col.channel"), BookingMessagesViewModel.Row::channel, 150));
        table.getColumns().add(column(messages.get("messages.col.when"), BookingMessagesViewModel.Row::when, 160));
        table.getColumns().add(column(messages.get("messages.col.state"), BookingMessagesViewModel.Row::state, 260));
        table.setColumnResizePolicy(TableView.CONSTRAINED_RESIZE_POLICY);
        table.setPrefHeight(220);

        Button send = new Button(messages.get("messages.sendNow"));
        send.setId("messages-send");
        table.getSelectionModel().selectedItemProperty().addListener((o, was, row) ->
                send.setText(messages.get(row == null || row.planned() ? "messages.sendNow" : "messages.resend")));
        send.disableProperty().bind(table.getSelectionModel().selectedItemProperty().isNull());
        send.setOnAction(e -> vm.sendNow(table.getSelectionModel().getSelectedItem()));
        Button close = new Button(messages.get("messages.close"));
        close.setId("messages-close");
        close.setCancelButton(true);
        close.setOnAction(e -> stage.close());
        ProgressIndicator busy = new ProgressIndicator();
        busy.setPrefSize(16, 16);
        busy.visibleProperty().bind(vm.loadingProperty());
        Label problem = new Label();
        problem.setId("messages-problem");
        problem.textProperty().bind(vm.problemProperty());
        Region gap = new Region();
        HBox.setHgrow(gap, Priority.ALWAYS);
        HBox buttons = new HBox(8, send, busy, problem, gap, close);
        buttons.setAlignment(Pos.CENTER_LEFT);
        BorderPane root = new BorderPane(table);
        root.setBottom(buttons);
        BorderPane.setMargin(buttons, new Insets(8, 0, 0, 0));
        root.setPadding(new Insets(12));
        stage.setScene(new Scene(root, 720, 320));
        vm.load();
        stage.show();
        return stage;
    }

    private static TableColumn<BookingMessagesViewModel.Row, String> column(String title, Function<BookingMessagesViewModel.Row, String> value,
                                                                           double width) {
        TableColumn<BookingMessagesViewModel.Row, String> c = new TableColumn<>(title);
        c.setCellValueFactory(d -> new ReadOnlyStringWrapper(value.apply(d.getValue())));
        c.setPrefWidth(width);
        return c;
    }
}
