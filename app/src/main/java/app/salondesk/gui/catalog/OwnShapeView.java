package app.salondesk.gui.catalog;

import app.salondesk.gui.common.DiscardGuard;
import app.salondesk.gui.common.WindowButtons;
import app.salondesk.i18n.Messages;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.Scene;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import javafx.stage.Stage;
import javafx.stage.Window;

/**
 * A master's own phases and cleanup of a service ({@link OwnShapeViewModel}), in a small window
 * over the Services or Masters screen: Save the default button, Close the cancel one (asking first
 * when something was typed).
 */
public final class OwnShapeView {

    private OwnShapeView() {
    }

    public static Stage show(Window owner, OwnShapeViewModel vm, Messages messages) {
        Stage stage = new Stage();
        stage.initOwner(owner);
        stage.setTitle(vm.title());
        Label title = new Label(vm.title());
        title.getStyleClass().add("setup-title");
        var editable = new SimpleBooleanProperty(true);
        var shape = PhasesView.create(vm.phases(), messages, vm.minutesProperty(), vm::addPhase, editable);
        shape.disableProperty().bind(vm.loadedProperty().not());
        Label hint = new Label(messages.get("ownShape.hint"));
        hint.getStyleClass().add("setup-hint");
        hint.setWrapText(true);
        Label message = new Label();
        message.setId("own-shape-message");
        message.setWrapText(true);
        message.textProperty().bind(vm.messageProperty());
        Button save = new Button(messages.get("services.save"));
        save.setId("own-shape-save");
        save.setDefaultButton(true);
        save.disableProperty().bind(vm.loadedProperty().not());
        save.setOnAction(e -> vm.save());
        // back to the service's phases (issue 31): shown at once, written by Save
        Button useService = new Button(messages.get("ownShape.useService"));
        useService.setId("own-shape-use-service");
        useService.setMinWidth(Region.USE_PREF_SIZE);
        useService.visibleProperty().bind(vm.servicePhasesOffered());
        useService.managedProperty().bind(useService.visibleProperty());
        useService.setOnAction(e -> vm.useServicePhases());
        Region gap = new Region();
        HBox.setHgrow(gap, Priority.ALWAYS);
        HBox bottom = new HBox(8, useService, message, gap, save, WindowButtons.close(messages, stage, false));
        bottom.setAlignment(Pos.CENTER_LEFT);
        DiscardGuard.install(stage, vm.changedProperty(), vm::discardQuestion, messages);
        VBox root = new VBox(10, title, hint, shape, bottom);
        root.setPadding(new Insets(16));
        root.setPrefWidth(560);
        stage.setScene(new Scene(root));
        app.salondesk.gui.common.DeskWindows.showModal(stage);
        vm.load();
        return stage;
    }
}
