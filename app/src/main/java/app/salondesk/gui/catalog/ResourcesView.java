package app.salondesk.gui.catalog;

import app.salondesk.gui.common.WindowButtons;
import app.salondesk.i18n.Messages;
import app.salondesk.logic.catalog.ResourceRepository;
import app.salondesk.model.catalog.ServiceDetails;
import javafx.collections.ListChangeListener;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.Scene;
import javafx.scene.control.Button;
import javafx.scene.control.CheckBox;
import javafx.scene.control.Label;
import javafx.scene.control.ListCell;
import javafx.scene.control.ListView;
import javafx.scene.control.TextField;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import javafx.stage.Stage;
import javafx.stage.Window;

/**
 * ☰ → Rooms and equipment: builds the controls and binds them to {@link ResourcesViewModel}. Add is
 * the window's default button (Enter), Close its cancel (Esc); Enter in the picked room's own fields
 * saves that room instead.
 */
public final class ResourcesView {

    private ResourcesView() {
    }

    public static Stage show(Window owner, ResourcesViewModel vm, Messages messages) {
        Stage stage = new Stage();
        ListView<ResourceRepository.Resource> list = new ListView<>(vm.resources);
        list.setId("resources-list");
        list.setPrefSize(300, 260);
        list.setCellFactory(v -> new ListCell<>() {
            @Override
            protected void updateItem(ResourceRepository.Resource r, boolean empty) {
                super.updateItem(r, empty);
                setText(empty || r == null ? null
                        : messages.format(r.active() ? "resources.item" : "resources.itemOff", r.name(), r.capacity()));
            }
        });
        list.getSelectionModel().selectedItemProperty().addListener((obs, old, now) -> vm.picked.set(now));
        TextField name = new TextField();
        name.setId("resource-name");
        name.setPromptText(messages.get("resources.name"));
        name.textProperty().bindBidirectional(vm.newName);
        TextField capacity = new TextField();
        capacity.setId("resource-capacity");
        capacity.setPrefColumnCount(3);
        capacity.textProperty().bindBidirectional(vm.newCapacity);
        Button add = new Button(messages.get("resources.add"));
        add.setId("resource-add");
        add.setDefaultButton(true);
        add.setOnAction(e -> vm.add());
        add.disableProperty().bind(vm.editable.not());
        HBox adding = new HBox(8, name, new Label(messages.get("resources.capacity")), capacity, add);
        adding.setAlignment(Pos.CENTER_LEFT);
        VBox picked = new VBox(6);
        picked.setId("resource-needs");
        Runnable rebuild = () -> rebuild(picked, vm, messages);
        vm.picked.addListener((obs, old, now) -> rebuild.run());
        vm.services.addListener((ListChangeListener<ServiceDetails>) c -> rebuild.run());
        rebuild.run();
        Label message = new Label();
        message.setId("resources-message");
        message.setWrapText(true);
        message.setMaxWidth(640);
        message.textProperty().bind(vm.message);
        Region gap = new Region();
        HBox.setHgrow(gap, Priority.ALWAYS);
        HBox bottom = new HBox(8, message, gap, WindowButtons.close(messages, stage, false));
        app.salondesk.gui.common.DiscardGuard.install(stage, vm.changed, vm::discardQuestion, messages);   // issue 31
        bottom.setAlignment(Pos.CENTER_LEFT);
        VBox root = new VBox(10, new HBox(16, list, picked), adding, bottom);
        root.setPadding(new Insets(16));
        stage.initOwner(owner);
        stage.setTitle(messages.get("resources.title"));
        stage.setScene(new Scene(root));
        stage.show();
        vm.load();
        return stage;
    }

    /** The picked resource: its name, count and use to change, and the services that need it. */
    private static void rebuild(VBox box, ResourcesViewModel vm, Messages messages) {
        box.getChildren().clear();
        if (vm.picked.get() == null) {
            box.getChildren().add(new Label(messages.get("resources.pick")));
            return;
        }
        TextField name = new TextField();
        name.setId("resource-edit-name");
        name.textProperty().bindBidirectional(vm.editName);
        TextField capacity = new TextField();
        capacity.setId("resource-edit-capacity");
        capacity.setPrefColumnCount(3);
        capacity.textProperty().bindBidirectional(vm.editCapacity);
        CheckBox active = new CheckBox(messages.get("resources.active"));
        active.setId("resource-edit-active");
        active.selectedProperty().bindBidirectional(vm.editActive);
        Button change = new Button(messages.get("resources.change"));
        change.setId("resource-change");
        change.setOnAction(e -> vm.saveResource());
        for (TextField f : new TextField[]{name, capacity}) {
            // Enter in the picked room's fields saves it, not the window's default (Add)
            f.setOnAction(e -> {
                e.consume();
                vm.saveResource();
            });
            f.editableProperty().bind(vm.editable);
        }
        active.disableProperty().bind(vm.editable.not());
        change.disableProperty().bind(vm.editable.not());
        HBox editing = new HBox(8, name, new Label(messages.get("resources.capacity")), capacity, active, change);
        editing.setAlignment(Pos.CENTER_LEFT);
        box.getChildren().addAll(editing, new Label(messages.format("resources.neededBy", vm.picked.get().name())));
        for (ServiceDetails s : vm.services) {
            CheckBox needs = new CheckBox(s.name());
            needs.setId("resource-needs-" + s.id());
            needs.setSelected(vm.neededBy.contains(s.id()));
            needs.disableProperty().bind(vm.editable.not());
            needs.selectedProperty().addListener((obs, old, now) -> vm.setNeeded(s.id(), now));
            box.getChildren().add(needs);
        }
        Button save = new Button(messages.get("resources.save"));
        save.setId("resource-save");
        save.disableProperty().bind(vm.editable.not());
        save.setOnAction(e -> vm.saveNeeds());
        box.getChildren().add(save);
    }
}
