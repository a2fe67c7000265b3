package app.salondesk.gui.backup;

import app.salondesk.i18n.Messages;
import app.salondesk.model.backup.BackupSettings;
import javafx.beans.property.ObjectProperty;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.Scene;
import javafx.scene.control.Alert;
import javafx.scene.control.Button;
import javafx.scene.control.ButtonBar;
import javafx.scene.control.ButtonType;
import javafx.scene.control.Label;
import javafx.scene.control.ListCell;
import javafx.scene.control.ListView;
import javafx.scene.control.Spinner;
import javafx.scene.control.SpinnerValueFactory;
import javafx.scene.control.TextField;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import javafx.stage.DirectoryChooser;
import javafx.stage.Stage;
import javafx.stage.Window;

import java.io.File;

/** Settings → Backups in a window of its own: where, when, how many; back up now; the list; restore. */
public final class BackupsView {

    private BackupsView() {
    }

    public static Stage show(Window owner, BackupsViewModel vm, Messages messages) {
        Stage stage = new Stage();
        stage.initOwner(owner);
        stage.setTitle(messages.get("backups.title"));

        TextField folder = new TextField();
        folder.setId("backups-folder");
        folder.setPrefColumnCount(32);
        folder.textProperty().bindBidirectional(vm.folderProperty());
        Button choose = new Button(messages.get("backups.choose"));
        choose.setId("backups-choose");
        choose.setOnAction(e -> {
            DirectoryChooser chooser = new DirectoryChooser();
            chooser.setTitle(messages.get("backups.chooseTitle"));
            File current = new File(vm.folderProperty().get());
            if (current.isDirectory()) {
                chooser.setInitialDirectory(current);
            }
            File picked = chooser.showDialog(stage);
            if (picked != null) {
                vm.folderProperty().set(picked.getAbsolutePath());
            }
        });
        TextField time = new TextField();
        time.setId("backups-time");
        time.setPrefColumnCount(5);
        time.setMaxWidth(Region.USE_PREF_SIZE);
        time.textProperty().bindBidirectional(vm.timeProperty());
        Spinner<Integer> daily = spinner("backups-keep-daily", 1, BackupSettings.MAX_DAILY, vm.keepDailyProperty().asObject());
        Spinner<Integer> weekly = spinner("backups-keep-weekly", 0, BackupSettings.MAX_WEEKLY, vm.keepWeeklyProperty().asObject());
        Button save = new Button(messages.get("backups.save"));
        save.setId("backups-save");
        save.disableProperty().bind(vm.busyProperty());
        save.setOnAction(e -> vm.save());
        save.setDefaultButton(true);   // Enter in the folder or time fields saves them

        GridPane grid = new GridPane();
        grid.setHgap(10);
        grid.setVgap(8);
        grid.addRow(0, new Label(messages.get("backups.folder")), folder, choose);
        grid.addRow(1, new Label(messages.get("backups.time")), time);
        grid.addRow(2, new Label(messages.get("backups.keepDaily")), daily);
        grid.addRow(3, new Label(messages.get("backups.keepWeekly")), weekly);
        grid.add(save, 2, 3);
        GridPane.setHgrow(folder, Priority.ALWAYS);
        // words keep their room; the folder's field gives way
        grid.getChildren().stream().filter(n -> n instanceof Label || n instanceof Button)
                .forEach(n -> ((Region) n).setMinWidth(Region.USE_PREF_SIZE));
        Label hint = new Label(messages.get("backups.hint"));
        hint.setWrapText(true);

        Button now = new Button(messages.get("backups.now"));
        now.setId("backups-now");
        now.getStyleClass().add("accent");
        now.disableProperty().bind(vm.busyProperty());
        now.setOnAction(e -> vm.backUpNow());
        ListView<BackupsViewModel.Row> list = new ListView<>(vm.rows());
        list.setId("backups-list");
        list.setPrefHeight(200);
        list.setPlaceholder(new Label(messages.get("backups.none")));
        list.setCellFactory(l -> new ListCell<>() {
            @Override
            protected void updateItem(BackupsViewModel.Row row, boolean empty) {
                super.updateItem(row, empty);
                setText(empty || row == null ? null : row.text());
            }
        });
        Button restore = new Button(messages.get("backups.restore"));
        restore.setId("backups-restore");
        restore.disableProperty().bind(vm.busyProperty().or(list.getSelectionModel().selectedItemProperty().isNull()));
        restore.setOnAction(e -> vm.prepareRestore(list.getSelectionModel().getSelectedItem(), (question, yes) -> {
            Alert ask = new Alert(Alert.AlertType.CONFIRMATION);
            ask.initOwner(stage);
            ask.setTitle(messages.get("backups.restoreTitle"));
            ask.setHeaderText(null);
            ask.setContentText(question);
            ButtonType replace = new ButtonType(messages.get("backups.restoreYes"), ButtonBar.ButtonData.OK_DONE);
            ButtonType keep = new ButtonType(messages.get("backups.restoreNo"), ButtonBar.ButtonData.CANCEL_CLOSE);
            ask.getButtonTypes().setAll(replace, keep);
            ask.getDialogPane().lookupButton(replace).setId("backups-restore-yes");
            ask.getDialogPane().setMinWidth(560);
            if (app.salondesk.gui.common.DeskWindows.showAndWait(ask).filter(replace::equals).isPresent()) {
                stage.close();
                yes.run();
            }
        }));
        Label listTitle = new Label(messages.get("backups.list"));
        listTitle.getStyleClass().add("section-title");
        HBox listHead = new HBox(8, listTitle, new Region(), now);
        HBox.setHgrow(listHead.getChildren().get(1), Priority.ALWAYS);
        listHead.setAlignment(Pos.CENTER_LEFT);

        Label message = new Label();
        message.setId("backups-message");
        message.setWrapText(true);
        message.textProperty().bind(vm.messageProperty());
        Button close = new Button(messages.get("client.close"));
        close.setId("backups-close");
        close.setCancelButton(true);
        close.setOnAction(e -> stage.close());
        Region gap = new Region();
        HBox.setHgrow(gap, Priority.ALWAYS);
        HBox.setHgrow(message, Priority.SOMETIMES);
        HBox buttons = new HBox(8, message, gap, restore, close);
        buttons.setAlignment(Pos.CENTER_LEFT);
        buttons.setPadding(new Insets(8, 24, 16, 24));

        VBox centre = new VBox(12, grid, hint, listHead, list);
        centre.setPadding(new Insets(20, 24, 8, 24));
        BorderPane root = new BorderPane(centre);
        root.setBottom(buttons);
        root.setPrefWidth(760);
        restore.setMinWidth(Region.USE_PREF_SIZE);
        now.setMinWidth(Region.USE_PREF_SIZE);
        root.getStyleClass().add("backups");
        stage.setScene(new Scene(root));
        app.salondesk.gui.common.DeskWindows.showModal(stage);
        vm.load();
        return stage;
    }

    private static Spinner<Integer> spinner(String id, int min, int max, ObjectProperty<Integer> value) {
        Spinner<Integer> s = new Spinner<>();
        SpinnerValueFactory.IntegerSpinnerValueFactory f = new SpinnerValueFactory.IntegerSpinnerValueFactory(min, max);
        s.setValueFactory(f);
        s.setEditable(true);
        s.setPrefWidth(90);
        s.setId(id);
        f.valueProperty().bindBidirectional(value);
        // asObject() is held only weakly by the binding: keep it alive as long as the spinner
        s.getProperties().put("value", value);
        return s;
    }
}
