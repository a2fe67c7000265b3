package app.salondesk.gui.setup;

import app.salondesk.gui.common.DiscardGuard;
import app.salondesk.i18n.Messages;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.Scene;
import javafx.scene.control.Alert;
import javafx.scene.control.Button;
import javafx.scene.control.ButtonBar;
import javafx.scene.control.ButtonType;
import javafx.scene.control.Label;
import javafx.scene.control.Separator;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import javafx.stage.Stage;
import javafx.stage.Window;

/**
 * Salon settings in a window of its own: the salon's fields, Save and Close; below them, while
 * the demo salon is still in the database next to a real one, a way to remove it.
 */
public final class SalonSettingsView {

    private SalonSettingsView() {
    }

    /** Opens the window over the desk and loads the salon's settings. */
    public static Stage show(Window owner, SalonSettingsViewModel vm, Messages messages) {
        return show(owner, vm, messages, null);
    }

    /**
     * @param openHours opens the masters' working hours (the salon's hours are its masters'); null
     *                  offers no way there
     */
    public static Stage show(Window owner, SalonSettingsViewModel vm, Messages messages, Runnable openHours) {
        Stage stage = new Stage();
        stage.initOwner(owner);
        stage.setTitle(messages.get("salonSettings.title"));

        SalonFormView form = new SalonFormView(vm.form(), messages);
        form.node().disableProperty().bind(vm.loadedProperty().not());

        Label demoText = new Label();
        demoText.setId("settings-demo-text");
        demoText.setWrapText(true);
        demoText.textProperty().bind(vm.demoTextProperty());
        Button removeDemo = new Button(messages.get("salonSettings.removeDemo"));
        removeDemo.setId("settings-remove-demo");
        removeDemo.disableProperty().bind(vm.busyProperty());
        removeDemo.setOnAction(e -> {
            Alert ask = new Alert(Alert.AlertType.CONFIRMATION);
            ask.initOwner(stage);
            ask.setTitle(messages.get("salonSettings.removeDemo"));
            ask.setHeaderText(null);
            ask.setContentText(vm.removeDemoQuestion());
            ButtonType yes = new ButtonType(messages.get("salonSettings.removeDemoYes"), ButtonBar.ButtonData.OK_DONE);
            ButtonType no = new ButtonType(messages.get("salonSettings.keepDemo"), ButtonBar.ButtonData.CANCEL_CLOSE);
            ask.getButtonTypes().setAll(yes, no);
            ask.getDialogPane().lookupButton(yes).setId("settings-remove-demo-yes");
            app.salondesk.gui.common.DeskWindows.showAndWait(ask).filter(yes::equals).ifPresent(b -> vm.removeDemo());
        });
        VBox demo = new VBox(8, new Separator(), demoText, removeDemo);
        demo.visibleProperty().bind(vm.demoTextProperty().isNotEmpty());
        demo.managedProperty().bind(demo.visibleProperty());

        Label message = new Label();
        message.setId("settings-message");
        message.setWrapText(true);
        message.textProperty().bind(vm.messageProperty());
        Button save = new Button(messages.get("salonSettings.save"));
        save.setId("settings-save");
        save.getStyleClass().add("accent");
        save.setDefaultButton(true);
        save.disableProperty().bind(vm.busyProperty().or(vm.loadedProperty().not()));
        save.setOnAction(e -> vm.save());
        Button close = new Button(messages.get("client.close"));
        close.setId("settings-close");
        close.setCancelButton(true);
        close.setOnAction(e -> DiscardGuard.requestClose(stage));
        DiscardGuard.install(stage, vm.changedProperty(), vm::discardQuestion, messages);
        Region gap = new Region();
        HBox.setHgrow(gap, Priority.ALWAYS);
        HBox buttons = new HBox(8, message, gap, save, close);
        buttons.setAlignment(Pos.CENTER_LEFT);
        HBox.setHgrow(message, Priority.SOMETIMES);

        VBox centre = new VBox(12, form.node(), demo);
        if (openHours != null) {
            // the opening hours are each master's week (the wizard gave the first masters the salon's): one click there
            Label hoursText = new Label(messages.get("salonSettings.hoursText"));
            hoursText.setWrapText(true);
            hoursText.getStyleClass().add("setup-hint");
            Button hours = new Button(messages.get("salonSettings.hours"));
            hours.setId("settings-hours");
            // asks first when something was typed here; the hours open once this window has closed
            hours.setOnAction(e -> DiscardGuard.requestClose(stage, openHours));
            centre.getChildren().add(1, new VBox(6, new Separator(), hoursText, hours));
        }
        centre.setPadding(new Insets(20, 24, 8, 24));
        BorderPane root = new BorderPane(centre);
        buttons.setPadding(new Insets(8, 24, 16, 24));
        root.setBottom(buttons);
        root.getStyleClass().add("salon-settings");
        root.getStylesheets().add(FormParts.STYLESHEET);
        root.setPrefWidth(680);
        stage.setScene(new Scene(root));
        // as tall as what it shows: the demo's part comes (and goes) after loading
        vm.demoTextProperty().addListener((obs, old, now) -> stage.sizeToScene());
        app.salondesk.gui.common.DeskWindows.showModal(stage);
        vm.load();
        return stage;
    }
}
