package app.salondesk.gui.staff.setup;

import app.salondesk.i18n.Messages;
import app.salondesk.model.staff.MasterDetails;
import javafx.beans.binding.Bindings;
import javafx.beans.property.StringProperty;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.Node;
import javafx.scene.Scene;
import javafx.scene.control.Button;
import javafx.scene.control.ColorPicker;
import javafx.scene.control.Label;
import javafx.scene.control.ListCell;
import javafx.scene.control.ListView;
import javafx.scene.control.Separator;
import javafx.scene.control.SplitPane;
import javafx.scene.control.Tab;
import javafx.scene.control.TabPane;
import javafx.scene.control.TextField;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.VBox;
import javafx.scene.paint.Color;
import javafx.scene.shape.Rectangle;
import javafx.stage.Stage;
import javafx.stage.Window;

import java.util.Locale;

/**
 * ☰ → Masters: the masters as the calendar's columns (colour swatch, inactive ones greyed),
 * reordered with ▲/▼ or by dragging; adding one; and the picked master's details, services,
 * working hours, single days and time off in tabs. Read only for anyone but an admin.
 */
public final class MastersView {

    private MastersView() {
    }

    /** The tabs about the picked master, built by their own views. */
    public record Tabs(Node services, Node hours, Node days, Node timeOff) {
    }

    public static Stage show(Window owner, MastersViewModel vm, Tabs tabs, Messages messages) {
        ListView<MasterDetails> list = new ListView<>(vm.masters());
        list.setId("masters-list");
        list.setCellFactory(l -> new MasterCell(vm, messages));
        list.getSelectionModel().selectedItemProperty().addListener((obs, was, now) -> {
            if (now != null && now != vm.selectedProperty().get()) {
                vm.select(now);
            }
        });
        vm.selectedProperty().addListener((obs, was, now) -> {
            if (now != null && list.getSelectionModel().getSelectedItem() != now) {
                list.getSelectionModel().select(now);
            }
        });
        VBox.setVgrow(list, Priority.ALWAYS);
        Button up = new Button("\u25B2");
        up.setId("master-up");
        up.setTooltip(new Tooltip(messages.get("masters.up")));
        up.setOnAction(e -> vm.moveUp());
        Button down = new Button("\u25BC");
        down.setId("master-down");
        down.setTooltip(new Tooltip(messages.get("masters.down")));
        down.setOnAction(e -> vm.moveDown());
        Label orderHint = new Label(messages.get("masters.orderHint"));
        orderHint.getStyleClass().add("setup-hint");
        orderHint.setWrapText(true);
        HBox order = new HBox(6, up, down, orderHint);
        order.setAlignment(Pos.CENTER_LEFT);

        TextField newName = new TextField();
        newName.setId("master-new-name");
        newName.setPromptText(messages.get("masters.name"));
        newName.textProperty().bindBidirectional(vm.newNameProperty());
        newName.setOnAction(e -> vm.add());
        ColorPicker newColour = colourPicker("master-new-colour", vm.newColourProperty());
        Button add = new Button(messages.get("masters.add"));
        add.setId("master-add");
        add.setOnAction(e -> vm.add());
        Label addTitle = new Label(messages.get("masters.addTitle"));
        addTitle.setWrapText(true);
        newName.setMaxWidth(Double.MAX_VALUE);
        HBox addLine = new HBox(6, newColour, add);
        VBox adding = new VBox(6, addTitle, newName, addLine);
        editOnly(vm, order, adding);
        VBox left = new VBox(8, list, order, new Separator(), adding);
        left.setMinWidth(260);

        Label title = new Label();
        title.getStyleClass().add("setup-title");
        title.setId("master-title");
        title.textProperty().bind(Bindings.createStringBinding(() -> vm.selectedProperty().get() == null ? ""
                : vm.selectedProperty().get().name(), vm.selectedProperty()));
        TabPane tabPane = new TabPane(tab("masters.tab.details", "tab-details", details(vm, messages), messages),
                tab("masters.tab.services", "tab-services", tabs.services(), messages),
                tab("masters.tab.hours", "tab-hours", tabs.hours(), messages),
                tab("masters.tab.days", "tab-days", tabs.days(), messages),
                tab("masters.tab.timeOff", "tab-time-off", tabs.timeOff(), messages));
        tabPane.setId("master-tabs");
        tabPane.setTabClosingPolicy(TabPane.TabClosingPolicy.UNAVAILABLE);
        tabPane.disableProperty().bind(vm.selectedProperty().isNull());
        VBox.setVgrow(tabPane, Priority.ALWAYS);
        VBox right = new VBox(8, title, tabPane);
        right.setPadding(new Insets(0, 0, 0, 8));

        Label readOnly = new Label(messages.get("setup.readOnly"));
        readOnly.setId("setup-read-only");
        readOnly.getStyleClass().add("setup-read-only");
        readOnly.setMaxWidth(Double.MAX_VALUE);
        readOnly.visibleProperty().bind(vm.editableProperty().not());
        readOnly.managedProperty().bind(readOnly.visibleProperty());
        Label message = new Label();
        message.setId("masters-message");
        message.getStyleClass().add("setup-message");
        message.setWrapText(true);
        message.textProperty().bind(vm.messageProperty());

        SplitPane split = new SplitPane(left, right);
        split.setDividerPositions(0.28);
        VBox.setVgrow(split, Priority.ALWAYS);
        Stage stage = new Stage();
        javafx.scene.layout.Region gap = new javafx.scene.layout.Region();
        HBox.setHgrow(gap, Priority.ALWAYS);
        HBox bottom = new HBox(8, message, gap, app.salondesk.gui.common.WindowButtons.close(messages, stage, false));
        bottom.setAlignment(javafx.geometry.Pos.CENTER_LEFT);
        VBox box = new VBox(8, readOnly, split, bottom);
        box.setPadding(new Insets(12));
        box.getStyleClass().add("setup-window");
        stage.initOwner(owner);
        stage.setTitle(messages.get("masters.title"));
        Scene scene = new Scene(box, 1240, 720);
        scene.getStylesheets().add(InTheWayView.STYLES);
        stage.setScene(scene);
        stage.show();
        vm.load();
        return stage;
    }

    private static Node details(MastersViewModel vm, Messages messages) {
        TextField name = new TextField();
        name.setId("master-name");
        name.textProperty().bindBidirectional(vm.nameProperty());
        name.editableProperty().bind(vm.editableProperty());
        ColorPicker colour = colourPicker("master-colour", vm.colourProperty());
        colour.disableProperty().bind(vm.editableProperty().not());
        Button save = new Button(messages.get("masters.save"));
        save.setId("master-save");
        save.setOnAction(e -> vm.save());
        save.setDefaultButton(true);   // Enter in the name saves it
        Label state = new Label();
        state.setId("master-state");
        state.textProperty().bind(Bindings.createStringBinding(() -> vm.selectedProperty().get() == null ? ""
                : messages.get(vm.selectedProperty().get().active() ? "masters.active" : "masters.inactive"), vm.selectedProperty()));
        Button deactivate = new Button(messages.get("masters.deactivate"));
        deactivate.setId("master-deactivate");
        deactivate.getStyleClass().add("danger");
        deactivate.setOnAction(e -> vm.askToDeactivate());
        Button reactivate = new Button(messages.get("masters.reactivate"));
        reactivate.setId("master-reactivate");
        reactivate.setOnAction(e -> vm.reactivate());
        var active = Bindings.createBooleanBinding(() -> vm.selectedProperty().get() != null && vm.selectedProperty().get().active(),
                vm.selectedProperty());
        deactivate.visibleProperty().bind(active.and(vm.editableProperty()));
        reactivate.visibleProperty().bind(active.not().and(vm.editableProperty()));
        deactivate.managedProperty().bind(deactivate.visibleProperty());
        reactivate.managedProperty().bind(reactivate.visibleProperty());
        editOnly(vm, save);
        Label hint = new Label(messages.get("masters.deactivateHint"));
        hint.getStyleClass().add("setup-hint");
        hint.setWrapText(true);
        editOnly(vm, hint);

        GridPane grid = new GridPane();
        grid.setHgap(10);
        grid.setVgap(10);
        grid.addRow(0, new Label(messages.get("masters.name")), name);
        grid.addRow(1, new Label(messages.get("masters.colour")), colour);
        grid.addRow(2, new Label(messages.get("masters.state")), state);
        GridPane.setHgrow(name, Priority.ALWAYS);
        VBox box = new VBox(12, grid, save, new Separator(), new HBox(8, deactivate, reactivate), hint);
        box.setPadding(new Insets(12));
        box.setMaxWidth(560);
        return box;
    }

    private static Tab tab(String key, String id, Node content, Messages messages) {
        Tab t = new Tab(messages.get(key), content);
        t.setId(id);
        return t;
    }

    /** A ColorPicker kept equal to a "#rrggbb" text (the view model holds no JavaFX colours). */
    static ColorPicker colourPicker(String id, StringProperty hex) {
        ColorPicker picker = new ColorPicker(parse(hex.get()));
        picker.setId(id);
        picker.getStyleClass().add(ColorPicker.STYLE_CLASS_BUTTON);
        picker.valueProperty().addListener((obs, was, now) -> {
            if (now != null && !hex(now).equalsIgnoreCase(hex.get())) {
                hex.set(hex(now));
            }
        });
        hex.addListener((obs, was, now) -> {
            if (now != null && !now.equalsIgnoreCase(hex(picker.getValue()))) {
                picker.setValue(parse(now));
            }
        });
        return picker;
    }

    static String hex(Color c) {
        return String.format(Locale.ROOT, "#%02x%02x%02x", Math.round(c.getRed() * 255), Math.round(c.getGreen() * 255),
                Math.round(c.getBlue() * 255));
    }

    private static Color parse(String hex) {
        try {
            return Color.web(hex);
        } catch (IllegalArgumentException | NullPointerException e) {
            return Color.GRAY;
        }
    }

    private static void editOnly(MastersViewModel vm, Node... nodes) {
        for (Node n : nodes) {
            n.visibleProperty().bind(vm.editableProperty());
            n.managedProperty().bind(n.visibleProperty());
        }
    }

    /** A master in the list: swatch, name, "not active"; dragged onto another to take its place. */
    private static final class MasterCell extends ListCell<MasterDetails> {
        private static final javafx.css.PseudoClass DROP_TARGET = javafx.css.PseudoClass.getPseudoClass("drop-target");
        private final MastersViewModel vm;
        private final Messages messages;

        MasterCell(MastersViewModel vm, Messages messages) {
            this.vm = vm;
            this.messages = messages;
            getStyleClass().add("master-cell");
            // a full press-drag-release gesture inside the list, not the platform's drag and drop:
            // nothing leaves the window, so no clipboard is involved (and it works headless too)
            setOnDragDetected(e -> {
                if (getItem() != null && vm.editableProperty().get()) {
                    startFullDrag();
                    e.consume();
                }
            });
            setOnMouseDragEntered(e -> pseudoClassStateChanged(DROP_TARGET, e.getGestureSource() != this));
            setOnMouseDragExited(e -> pseudoClassStateChanged(DROP_TARGET, false));
            setOnMouseDragReleased(e -> {
                pseudoClassStateChanged(DROP_TARGET, false);
                if (e.getGestureSource() instanceof MasterCell from && from != this && getListView() != null) {
                    int to = getItem() == null ? getListView().getItems().size() - 1 : getIndex();
                    vm.move(from.getIndex(), to);
                }
                e.consume();
            });
        }

        @Override
        protected void updateItem(MasterDetails m, boolean empty) {
            super.updateItem(m, empty);
            if (empty || m == null) {
                setGraphic(null);
                setText(null);
                return;
            }
            Rectangle swatch = new Rectangle(16, 16, parse(m.colour()));
            swatch.getStyleClass().add("master-swatch");
            swatch.setArcWidth(4);
            swatch.setArcHeight(4);
            Label name = new Label(m.name());
            HBox line = new HBox(8, swatch, name);
            line.setAlignment(Pos.CENTER_LEFT);
            if (!m.active()) {
                name.getStyleClass().add("master-inactive");
                Label off = new Label(messages.get("masters.inactive"));
                off.getStyleClass().add("master-inactive");
                line.getChildren().add(off);
            }
            line.setUserData(m.id());
            setText(null);
            setGraphic(line);
        }
    }
}
