package app.salondesk.gui.checkout;

import app.salondesk.gui.common.WindowButtons;
import app.salondesk.i18n.Messages;
import app.salondesk.model.checkout.Receipt;
import app.salondesk.model.checkout.SaleSummary;
import javafx.beans.binding.Bindings;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.Scene;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.ListView;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import javafx.scene.control.TextField;
import javafx.scene.control.TitledPane;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.VBox;
import javafx.stage.Stage;
import javafx.stage.Window;

import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.function.Consumer;

/**
 * The till and the day's window (issue 34): builds the controls and binds them to {@link TillViewModel}.
 * Left: the float, cash in and out, the cash the drawer should hold, and closing the day. Right: the
 * day's sales (a receipt, and for admins a refund or a void) and its takings.
 */
public final class TillView {

    private TillView() {
    }

    public static Stage show(Window owner, TillViewModel vm, Messages messages, ZoneId zone, Consumer<Receipt> showReceipt) {
        Stage stage = new Stage();
        stage.initOwner(owner);
        stage.titleProperty().bind(vm.titleProperty());

        // the float
        TextField floatInput = field("till-float", vm.floatInput);
        Button open = new Button(messages.get("till.open"));
        open.setId("till-open");
        open.setOnAction(e -> vm.openTill());
        Label floatShown = label("till-float-shown", vm.floatProperty());
        HBox opening = new HBox(8, floatInput, open);
        opening.visibleProperty().bind(vm.openedProperty().not().and(vm.closedProperty().not()));
        opening.managedProperty().bind(opening.visibleProperty());

        // cash in and out
        TextField amount = field("till-move-amount", vm.moveAmount);
        TextField reason = field("till-move-reason", vm.moveReason);
        reason.setPromptText(messages.get("checkout.reasonPrompt"));
        reason.setPrefWidth(200);
        Button in = new Button(messages.get("till.in"));
        in.setId("till-in");
        in.setOnAction(e -> vm.move(true));
        Button out = new Button(messages.get("till.out"));
        out.setId("till-out");
        out.setOnAction(e -> vm.move(false));
        HBox moving = new HBox(8, amount, reason, in, out);
        moving.disableProperty().bind(vm.closedProperty());
        ListView<String> moves = new ListView<>(vm.moves());
        moves.setId("till-moves");
        moves.setPrefHeight(90);

        GridPane cash = new GridPane();
        cash.setHgap(12);
        cash.setVgap(4);
        cash.addRow(0, new Label(messages.get("till.float")), floatShown);
        cash.addRow(1, new Label(messages.get("till.cashSales")), label("till-cash-sales", vm.cashSalesProperty()));
        cash.addRow(2, new Label(messages.get("till.cashRefunds")), label("till-cash-refunds", vm.cashRefundsProperty()));
        Label expected = label("till-expected", vm.expectedProperty());
        expected.getStyleClass().add("checkout-total");
        cash.addRow(3, new Label(messages.get("till.expected")), expected);

        // closing the day
        TextField counted = field("till-counted", vm.counted);
        counted.setPromptText(messages.get("till.countedPrompt"));
        TextField closeReason = field("till-close-reason", vm.closeReason);
        closeReason.setPromptText(messages.get("till.closeReasonPrompt"));
        closeReason.setPrefWidth(220);
        Label difference = label("till-difference", vm.differenceProperty());
        difference.getStyleClass().add("till-difference");
        Button close = new Button(messages.get("till.closeDay"));
        close.setId("till-close");
        close.setOnAction(e -> vm.closeDay());
        close.disableProperty().bind(vm.counted.isEmpty().or(vm.busyProperty()));
        VBox closing = new VBox(6, new HBox(8, new Label(messages.get("till.counted")), counted, closeReason, close), difference);
        closing.visibleProperty().bind(vm.closedProperty().not());
        closing.managedProperty().bind(closing.visibleProperty());
        Label closedText = label("till-closed", vm.closedTextProperty());
        closedText.setWrapText(true);
        closedText.visibleProperty().bind(vm.closedProperty());
        closedText.managedProperty().bind(closedText.visibleProperty());

        VBox left = new VBox(10, new TitledPane(messages.get("till.cash"), new VBox(8, opening, cash, moving, moves)) {{
            setCollapsible(false);
        }}, new TitledPane(messages.get("till.closing"), new VBox(8, closing, closedText)) {{
            setCollapsible(false);
        }});
        left.setPrefWidth(560);

        // the day's sales
        TableView<SaleSummary> sales = new TableView<>(vm.sales());
        sales.setId("till-sales");
        sales.setPrefHeight(240);
        DateTimeFormatter hm = DateTimeFormatter.ofPattern("HH:mm");
        sales.getColumns().add(column(messages.get("till.col.sale"), s -> "#" + s.id(), 60));
        sales.getColumns().add(column(messages.get("till.col.time"), s -> s.soldAt().atZone(zone).format(hm), 60));
        sales.getColumns().add(column(messages.get("till.col.client"), s -> s.clientName() == null ? "" : s.clientName(), 140));
        sales.getColumns().add(column(messages.get("till.col.total"), s -> vm.money(s.totalMinor()), 100));
        sales.getColumns().add(column(messages.get("till.col.state"), s -> s.voided() ? messages.get("till.state.void")
                : s.refundedMinor() > 0 ? messages.format("till.state.refunded", vm.money(s.refundedMinor())) : messages.get("till.state.paid"), 140));
        Button receipt = new Button(messages.get("till.receipt"));
        receipt.setId("till-receipt");
        receipt.disableProperty().bind(sales.getSelectionModel().selectedItemProperty().isNull());
        receipt.setOnAction(e -> vm.receipt(sales.getSelectionModel().getSelectedItem(), showReceipt));
        HBox saleButtons = new HBox(8, receipt);
        if (vm.admin()) {
            TextField corrAmount = field("till-correction-amount", vm.correctionAmount);
            corrAmount.setPromptText(messages.get("till.refundAll"));
            TextField corrReason = field("till-correction-reason", vm.correctionReason);
            corrReason.setPromptText(messages.get("checkout.reasonPrompt"));
            Button refund = new Button(messages.get("till.refund"));
            refund.setId("till-refund");
            refund.disableProperty().bind(sales.getSelectionModel().selectedItemProperty().isNull().or(vm.closedProperty()));
            refund.setOnAction(e -> vm.refund(sales.getSelectionModel().getSelectedItem()));
            Button voidIt = new Button(messages.get("till.void"));
            voidIt.setId("till-void");
            voidIt.disableProperty().bind(sales.getSelectionModel().selectedItemProperty().isNull().or(vm.closedProperty()));
            voidIt.setOnAction(e -> vm.voidSale(sales.getSelectionModel().getSelectedItem()));
            saleButtons.getChildren().addAll(corrAmount, corrReason, refund, voidIt);
        }
        saleButtons.setAlignment(Pos.CENTER_LEFT);
        ListView<String> takings = new ListView<>(vm.takings());
        takings.setId("till-takings");
        takings.setPrefHeight(160);
        VBox right = new VBox(8, new Label(messages.get("till.sales")), sales, saleButtons, new Label(messages.get("till.takings")), takings);
        right.setPrefWidth(560);

        Label status = label("till-status", vm.statusProperty());
        status.setWrapText(true);
        HBox buttons = new HBox(8, status, WindowButtons.close(messages, stage, false));
        buttons.setAlignment(Pos.CENTER_RIGHT);
        HBox.setHgrow(status, javafx.scene.layout.Priority.ALWAYS);
        status.setMaxWidth(Double.MAX_VALUE);
        Label title = label("till-title", vm.titleProperty());
        title.getStyleClass().add("checkout-client");
        VBox root = new VBox(12, title, new HBox(16, left, right), buttons);
        root.setPadding(new Insets(14));
        root.getStylesheets().add(CheckoutView.STYLES);
        stage.setScene(new Scene(root));
        stage.show();
        vm.load();
        return stage;
    }

    private static TextField field(String id, javafx.beans.property.StringProperty bound) {
        TextField f = new TextField();
        f.setId(id);
        f.setPrefWidth(110);
        f.textProperty().bindBidirectional(bound);
        return f;
    }

    private static Label label(String id, javafx.beans.value.ObservableValue<String> text) {
        Label l = new Label();
        l.setId(id);
        l.textProperty().bind(text);
        return l;
    }

    private static TableColumn<SaleSummary, String> column(String title, java.util.function.Function<SaleSummary, String> value, double width) {
        TableColumn<SaleSummary, String> c = new TableColumn<>(title);
        c.setCellValueFactory(d -> Bindings.createStringBinding(() -> value.apply(d.getValue())));
        c.setPrefWidth(width);
        return c;
    }
}
