package app.salondesk.gui.staff.setup;

import app.salondesk.gui.common.TypeAhead;
import app.salondesk.i18n.Messages;
import app.salondesk.model.staff.Master;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.Scene;
import javafx.scene.control.Alert;
import javafx.scene.control.Button;
import javafx.scene.control.ButtonBar;
import javafx.scene.control.ButtonType;
import javafx.scene.control.ComboBox;
import javafx.scene.control.DatePicker;
import javafx.scene.control.Label;
import javafx.scene.control.ListCell;
import javafx.scene.control.ScrollPane;
import javafx.scene.control.Separator;
import javafx.scene.control.TextField;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import javafx.stage.Stage;
import javafx.stage.Window;
import javafx.util.StringConverter;

/**
 * The bookings a setup change leaves in the way, each with its way out: move (master, date,
 * time) through the engine, cancel, or keep; the engine's answer shows under it. A master's
 * deactivation waits here for the admin's confirmation.
 */
public final class InTheWayView {

    /** The setup windows' looks (shared with the Services window). */
    public static final String STYLES = InTheWayView.class.getResource("/app/salondesk/gui/common/setup.css").toExternalForm();
    private static final javafx.css.PseudoClass SETTLED = javafx.css.PseudoClass.getPseudoClass("settled");

    private InTheWayView() {
    }

    public static Stage show(Window owner, InTheWayViewModel vm, Messages messages) {
        Label explanation = new Label(vm.explanation());
        explanation.setId("in-the-way-explanation");
        explanation.setWrapText(true);
        explanation.getStyleClass().add("setup-explanation");

        VBox list = new VBox(8);
        list.setId("in-the-way-list");
        list.setPadding(new Insets(4));
        vm.rows().forEach(r -> list.getChildren().add(row(vm, r, messages)));
        vm.rows().addListener((javafx.collections.ListChangeListener<InTheWayRowViewModel>) change -> {
            while (change.next()) {
                change.getAddedSubList().forEach(r -> list.getChildren().add(row(vm, r, messages)));
            }
        });
        ScrollPane scroll = new ScrollPane(list);
        scroll.setFitToWidth(true);
        VBox.setVgrow(scroll, Priority.ALWAYS);

        ComboBox<Master> allTarget = masters(vm, messages);
        allTarget.setId("in-the-way-all-target");
        allTarget.valueProperty().bindBidirectional(vm.allTargetProperty());
        Button moveAll = new Button(messages.get("inTheWay.moveAll"));
        moveAll.setId("in-the-way-move-all");
        moveAll.setOnAction(e -> vm.moveAll());
        Button cancelAll = new Button(messages.get("inTheWay.cancelAll"));
        cancelAll.setId("in-the-way-cancel-all");
        cancelAll.setOnAction(e -> {
            if (confirmed(cancelAll.getScene().getWindow(), messages, messages.plural("inTheWay.cancelAllText", vm.openCount().get()))) {
                vm.cancelAll();
            }
        });
        for (Button b : new Button[]{moveAll, cancelAll}) {
            b.disableProperty().bind(vm.openCount().isEqualTo(0).or(vm.workingProperty()));
        }
        HBox forAll = new HBox(8, new Label(messages.get("inTheWay.forAll")), allTarget, moveAll, cancelAll);
        forAll.setAlignment(Pos.CENTER_LEFT);
        forAll.visibleProperty().bind(javafx.beans.binding.Bindings.size(vm.rows()).greaterThan(1));
        forAll.managedProperty().bind(forAll.visibleProperty());

        Label message = new Label();
        message.setId("in-the-way-message");
        message.setWrapText(true);
        message.textProperty().bind(vm.messageProperty());

        Stage stage = new Stage();
        HBox bottom = new HBox(8);
        bottom.setAlignment(Pos.CENTER_RIGHT);
        if (vm.why() == InTheWayViewModel.Why.DEACTIVATION) {
            Label stay = new Label();
            stay.setId("in-the-way-stay");
            stay.setWrapText(true);
            stay.textProperty().bind(javafx.beans.binding.Bindings.createStringBinding(() -> vm.openCount().get() == 0 ? ""
                    : messages.plural("inTheWay.stay", vm.openCount().get(), vm.master().name()), vm.openCount()));
            HBox.setHgrow(stay, Priority.ALWAYS);
            stay.setMaxWidth(Double.MAX_VALUE);
            Button confirm = new Button(messages.format("inTheWay.deactivate", vm.master().name()));
            confirm.setId("in-the-way-confirm");
            confirm.getStyleClass().add("danger");
            confirm.disableProperty().bind(vm.workingProperty());
            confirm.setOnAction(e -> vm.confirm());
            Button keepActive = new Button(messages.get("inTheWay.keepActive"));
            keepActive.setId("in-the-way-close");
            keepActive.setOnAction(e -> stage.close());
            // Enter and Esc both keep her: deactivating is a click, never a key pressed by habit
            keepActive.setDefaultButton(true);
            keepActive.setCancelButton(true);
            bottom.getChildren().addAll(stay, confirm, keepActive);
        } else {
            Button close = new Button(messages.get("inTheWay.close"));
            close.setId("in-the-way-close");
            close.setDefaultButton(true);
            close.setCancelButton(true);
            close.setOnAction(e -> stage.close());
            bottom.getChildren().add(close);
        }
        vm.finishedProperty().addListener((obs, was, now) -> {
            if (now) {
                stage.close();
            }
        });

        VBox box = new VBox(10, explanation, scroll, forAll, new Separator(), message, bottom);
        box.setPadding(new Insets(12));
        box.getStyleClass().add("setup-window");
        stage.initOwner(owner);
        stage.setTitle(messages.format("inTheWay.title." + vm.why().name().toLowerCase(java.util.Locale.ROOT), vm.master().name()));
        Scene scene = new Scene(box, 980, 560);
        scene.getStylesheets().add(STYLES);
        stage.setScene(scene);
        stage.show();
        return stage;
    }

    private static Region row(InTheWayViewModel vm, InTheWayRowViewModel r, Messages messages) {
        Label what = new Label(vm.describe(r));
        what.getStyleClass().add("in-the-way-booking");
        Label rule = new Label(vm.rule(r));
        rule.getStyleClass().add("in-the-way-rule");
        rule.setVisible(!rule.getText().isEmpty());
        rule.managedProperty().bind(rule.visibleProperty());
        HBox head = new HBox(10, what, rule);
        head.setAlignment(Pos.BASELINE_LEFT);

        ComboBox<Master> target = masters(vm, messages);
        target.setItems(r.targets());
        target.getStyleClass().add("in-the-way-target");
        target.valueProperty().bindBidirectional(r.targetProperty());
        DatePicker date = new DatePicker();
        date.getStyleClass().add("in-the-way-date");
        date.valueProperty().bindBidirectional(r.dateProperty());
        date.setPrefWidth(130);
        TextField time = new TextField();
        time.getStyleClass().add("in-the-way-time");
        time.textProperty().bindBidirectional(r.timeProperty());
        time.setPrefColumnCount(5);
        Button move = new Button(messages.get("inTheWay.move"));
        move.getStyleClass().add("in-the-way-move");
        move.setOnAction(e -> vm.move(r));
        Button cancel = new Button(messages.get("inTheWay.cancel"));
        cancel.getStyleClass().add("in-the-way-cancel");
        cancel.setOnAction(e -> vm.cancel(r));
        Button keep = new Button(messages.get("inTheWay.keep"));
        keep.getStyleClass().add("in-the-way-keep");
        keep.setOnAction(e -> vm.keep(r));
        HBox actions = new HBox(6, new Label(messages.get("inTheWay.to")), target, date, time, move, cancel);
        if (vm.why() != InTheWayViewModel.Why.DEACTIVATION) {
            actions.getChildren().add(keep);   // a leaving master's bookings stay with her anyway unless moved
        }
        actions.setAlignment(Pos.CENTER_LEFT);
        actions.disableProperty().bind(r.settledProperty().or(r.busyProperty()));

        Label state = new Label();
        state.getStyleClass().add("in-the-way-state");
        state.setWrapText(true);
        state.textProperty().bind(r.stateProperty());
        state.visibleProperty().bind(r.stateProperty().isNotEmpty());
        state.managedProperty().bind(state.visibleProperty());

        VBox box = new VBox(4, head, actions, state);
        box.getStyleClass().add("in-the-way-row");
        box.setUserData(r.booking().id());
        box.setPadding(new Insets(6));
        r.settledProperty().addListener((obs, was, now) -> box.pseudoClassStateChanged(SETTLED, now));
        return box;
    }

    private static ComboBox<Master> masters(InTheWayViewModel vm, Messages messages) {
        ComboBox<Master> c = new ComboBox<>();
        TypeAhead.install(c);
        c.getItems().setAll(vm.targets());
        c.setPromptText(messages.get("inTheWay.chooseMaster"));
        c.setConverter(new StringConverter<>() {
            @Override
            public String toString(Master m) {
                return m == null ? "" : m.name();
            }

            @Override
            public Master fromString(String s) {
                return null;
            }
        });
        c.setButtonCell(new ListCell<>() {
            @Override
            protected void updateItem(Master m, boolean empty) {
                super.updateItem(m, empty);
                setText(empty || m == null ? null : m.name());
            }
        });
        return c;
    }

    /** A yes/no question over the window; yes only when clicked. */
    static boolean confirmed(Window owner, Messages messages, String question) {
        ButtonType yes = new ButtonType(messages.get("setup.yes"), ButtonBar.ButtonData.OK_DONE);
        ButtonType no = new ButtonType(messages.get("setup.no"), ButtonBar.ButtonData.CANCEL_CLOSE);
        Alert ask = new Alert(Alert.AlertType.CONFIRMATION, question, yes, no);
        ask.initOwner(owner);
        ask.setTitle(messages.get("setup.confirmTitle"));
        ask.setHeaderText(null);
        ask.getDialogPane().lookupButton(yes).setId("confirm-yes");
        ask.getDialogPane().lookupButton(no).setId("confirm-no");
        return app.salondesk.gui.common.DeskWindows.showAndWait(ask).filter(b -> b == yes).isPresent();
    }
}
