package app.salondesk.gui.messages;

import app.salondesk.i18n.Messages;
import app.salondesk.logic.messages.MessageTexts;
import app.salondesk.model.messages.MessageKind;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.Scene;
import javafx.scene.control.Button;
import javafx.scene.control.CheckBox;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.control.ListCell;
import javafx.scene.control.TextArea;
import javafx.scene.control.TextField;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import javafx.stage.Stage;
import javafx.stage.Window;

/** ☰ → Messages ({@link MessageSettingsViewModel}'s view): timing and mail server on top, a text and its preview below. */
public final class MessageSettingsView {

    private MessageSettingsView() {
    }

    public static Stage show(Window owner, MessageSettingsViewModel vm, Messages messages) {
        Stage stage = new Stage();
        stage.initOwner(owner);
        stage.setTitle(messages.get("messages.settings.title"));
        CheckBox enabled = new CheckBox(messages.get("messages.settings.enabled"));
        enabled.setId("msg-enabled");
        enabled.selectedProperty().bindBidirectional(vm.enabledProperty());
        GridPane grid = new GridPane();
        grid.setHgap(8);
        grid.setVgap(6);
        int r = 0;
        grid.add(enabled, 0, r++, 4, 1);
        r = field(grid, r, messages.get("messages.settings.emailBefore"), "msg-email-before", vm.emailBeforeProperty(),
                messages.get("messages.settings.smsBefore"), "msg-sms-before", vm.smsBeforeProperty());
        r = field(grid, r, messages.get("messages.settings.quiet"), "msg-quiet", vm.quietProperty(),
                messages.get("messages.settings.smtpHost"), "msg-smtp-host", vm.smtpHostProperty());
        r = field(grid, r, messages.get("messages.settings.smtpPort"), "msg-smtp-port", vm.smtpPortProperty(),
                messages.get("messages.settings.smtpFrom"), "msg-smtp-from", vm.smtpFromProperty());
        field(grid, r, messages.get("messages.settings.thanksAfter"), "msg-thanks-after", vm.thanksAfterProperty(),
                messages.get("messages.settings.smsGateway"), "msg-sms-gateway", vm.smsGatewayProperty());

        ComboBox<MessageKind> kind = new ComboBox<>();
        kind.setId("msg-kind");
        kind.getItems().addAll(MessageKind.values());
        kind.setCellFactory(l -> kindCell(messages));
        kind.setButtonCell(kindCell(messages));
        kind.valueProperty().bindBidirectional(vm.kindProperty());
        ComboBox<String> language = new ComboBox<>();
        language.setId("msg-language");
        language.getItems().addAll(MessageTexts.LANGUAGES);
        language.valueProperty().bindBidirectional(vm.languageProperty());
        Button defaults = new Button(messages.get("messages.settings.default"));
        defaults.setId("msg-default");
        defaults.setOnAction(e -> vm.useDefaultText());
        HBox which = new HBox(8, new Label(messages.get("messages.settings.text")), kind, language, defaults);
        which.setAlignment(Pos.CENTER_LEFT);
        TextField subject = new TextField();
        subject.setId("msg-subject");
        subject.textProperty().bindBidirectional(vm.subjectProperty());
        TextArea body = new TextArea();
        body.setId("msg-body");
        body.setWrapText(true);
        body.setPrefRowCount(7);
        body.textProperty().bindBidirectional(vm.bodyProperty());
        Label hint = new Label(messages.format("messages.settings.placeholders", MessageSettingsViewModel.placeholders()));
        hint.getStyleClass().add("hint");
        hint.setWrapText(true);
        TextArea preview = new TextArea();
        preview.setId("msg-preview");
        preview.setEditable(false);
        preview.setWrapText(true);
        preview.setPrefRowCount(7);
        preview.textProperty().bind(vm.previewProperty());

        Label problem = new Label();
        problem.setId("msg-problem");
        problem.getStyleClass().add("error");
        problem.textProperty().bind(vm.problemProperty());
        Label saved = new Label();
        saved.setId("msg-saved");
        saved.textProperty().bind(vm.savedProperty());
        Button save = new Button(messages.get("messages.settings.save"));
        save.setId("msg-save");
        save.setDefaultButton(true);
        save.setOnAction(e -> vm.save());
        Button close = new Button(messages.get("messages.close"));
        close.setCancelButton(true);
        close.setOnAction(e -> app.salondesk.gui.common.DiscardGuard.requestClose(stage));
        app.salondesk.gui.common.DiscardGuard.install(stage, vm.changedProperty(), vm::discardQuestion, messages);
        Region gap = new Region();
        HBox.setHgrow(gap, Priority.ALWAYS);
        HBox buttons = new HBox(8, problem, saved, gap, save, close);
        buttons.setAlignment(Pos.CENTER_LEFT);

        VBox root = new VBox(8, grid, which, new Label(messages.get("messages.settings.subject")), subject, body, hint,
                new Label(messages.get("messages.settings.preview")), preview, buttons);
        root.setPadding(new Insets(12));
        stage.setScene(new Scene(root, 760, 720));
        vm.load();
        stage.show();
        return stage;
    }

    private static int field(GridPane grid, int row, String label1, String id1, javafx.beans.property.StringProperty p1,
                             String label2, String id2, javafx.beans.property.StringProperty p2) {
        TextField a = new TextField();
        a.setId(id1);
        a.textProperty().bindBidirectional(p1);
        TextField b = new TextField();
        b.setId(id2);
        b.textProperty().bindBidirectional(p2);
        grid.add(new Label(label1), 0, row);
        grid.add(a, 1, row);
        grid.add(new Label(label2), 2, row);
        grid.add(b, 3, row);
        return row + 1;
    }

    private static ListCell<MessageKind> kindCell(Messages messages) {
        return new ListCell<>() {
            @Override
            protected void updateItem(MessageKind k, boolean empty) {
                super.updateItem(k, empty);
                setText(empty || k == null ? null : messages.get("messages.kind." + k.dbValue()));
            }
        };
    }
}
