package app.salondesk.gui.messages;

import app.salondesk.i18n.Messages;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.Scene;
import javafx.scene.control.Button;
import javafx.scene.control.DatePicker;
import javafx.scene.control.Label;
import javafx.scene.control.ProgressIndicator;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.HBox;
import javafx.stage.Stage;
import javafx.stage.Window;

import java.util.function.Function;

/** ☰ → Tomorrow ({@link TomorrowViewModel}'s view): the day, the bookings to call about. Not modal. */
public final class TomorrowView {

    private TomorrowView() {
    }

    public static Stage show(Window owner, TomorrowViewModel vm, Messages messages) {
        Stage stage = new Stage();
        stage.initOwner(owner);
        stage.setTitle(messages.get("tomorrow.title"));
        DatePicker day = new DatePicker();
        day.setId("tomorrow-day");
        day.valueProperty().bindBidirectional(vm.dayProperty());
        Button refresh = new Button(messages.get("waitlist.refresh"));
        refresh.setId("tomorrow-refresh");
        refresh.setOnAction(e -> vm.load());
        ProgressIndicator busy = new ProgressIndicator();
        busy.setPrefSize(16, 16);
        busy.visibleProperty().bind(vm.loadingProperty());
        HBox top = new HBox(8, new Label(messages.get("waitlist.day")), day, refresh, busy);
        top.setAlignment(Pos.CENTER_LEFT);
        TableView<TomorrowViewModel.Row> table = new TableView<>(vm.rows());
        table.setId("tomorrow-table");
        table.setPlaceholder(new Label(messages.get("tomorrow.empty")));
        table.getColumns().add(column(messages.get("tomorrow.col.time"), TomorrowViewModel.Row::time, 70));
        table.getColumns().add(column(messages.get("tomorrow.col.client"), TomorrowViewModel.Row::client, 180));
        table.getColumns().add(column(messages.get("tomorrow.col.phone"), TomorrowViewModel.Row::phone, 150));
        table.getColumns().add(column(messages.get("tomorrow.col.state"), TomorrowViewModel.Row::state, 220));
        table.setColumnResizePolicy(TableView.CONSTRAINED_RESIZE_POLICY);
        Button close = new Button(messages.get("messages.close"));
        close.setCancelButton(true);
        close.setOnAction(e -> stage.close());
        HBox bottom = new HBox(close);
        bottom.setAlignment(Pos.CENTER_RIGHT);
        BorderPane root = new BorderPane(table);
        root.setTop(top);
        root.setBottom(bottom);
        BorderPane.setMargin(top, new Insets(0, 0, 8, 0));
        BorderPane.setMargin(bottom, new Insets(8, 0, 0, 0));
        root.setPadding(new Insets(12));
        stage.setScene(new Scene(root, 680, 420));
        vm.load();
        stage.show();
        return stage;
    }

    private static TableColumn<TomorrowViewModel.Row, String> column(String title, Function<TomorrowViewModel.Row, String> value, double width) {
        TableColumn<TomorrowViewModel.Row, String> c = new TableColumn<>(title);
        c.setCellValueFactory(d -> new ReadOnlyStringWrapper(value.apply(d.getValue())));
        c.setPrefWidth(width);
        return c;
    }
}
