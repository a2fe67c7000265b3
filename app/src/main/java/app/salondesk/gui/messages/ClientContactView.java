package app.salondesk.gui.messages;

import app.salondesk.i18n.Messages;
import app.salondesk.model.messages.Channel;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.Scene;
import javafx.scene.control.Button;
import javafx.scene.control.CheckBox;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.control.ListCell;
import javafx.scene.control.TextField;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import javafx.stage.Stage;
import javafx.stage.Window;

import java.util.Arrays;

/**
 * A client's messages ({@link ClientContactViewModel}'s view), opened from her card: e-mail, phone,
 * channels in order, consent with its record, language; Save and Close. Not modal.
 */
public final class ClientContactView {

    private ClientContactView() {
    }

    public static Stage show(Window owner, ClientContactViewModel vm, Messages messages, String clientName) {
        Stage stage = new Stage();
        stage.initOwner(owner);
        stage.setTitle(messages.format("client.contact.title", clientName));
        TextField email = new TextField();
        email.setId("contact-email");
        email.setPrefColumnCount(24);
        email.textProperty().bindBidirectional(vm.emailProperty());
        Label phone = new Label();
        phone.setId("contact-phone");
        phone.textProperty().bind(vm.phoneProperty());
        HBox channels = new HBox(6);
        channels.setAlignment(Pos.CENTER_LEFT);
        for (int i = 0; i < 3; i++) {
            if (i > 0) {
                channels.getChildren().add(new Label(messages.get("client.contact.then")));
            }
            ComboBox<Channel> c = new ComboBox<>();
            c.setId("contact-channel-" + (i + 1));
            c.getItems().add(null);
            c.getItems().addAll(Arrays.asList(Channel.values()));
            c.setCellFactory(l -> channelCell(messages));
            c.setButtonCell(channelCell(messages));
            c.valueProperty().bindBidirectional(vm.channelProperty(i));
            channels.getChildren().add(c);
        }
        CheckBox consent = new CheckBox(messages.get("client.contact.consent"));
        consent.setId("contact-consent");
        consent.selectedProperty().bindBidirectional(vm.consentProperty());
        Label record = new Label();
        record.setId("contact-consent-record");
        record.getStyleClass().add("hint");
        record.setWrapText(true);
        record.textProperty().bind(vm.consentRecordProperty());
        ComboBox<String> language = new ComboBox<>();
        language.setId("contact-language");
        language.getItems().addAll(ClientContactViewModel.languages());
        language.setCellFactory(l -> languageCell(messages));
        language.setButtonCell(languageCell(messages));
        language.valueProperty().bindBidirectional(vm.languageProperty());

        GridPane grid = new GridPane();
        grid.setHgap(8);
        grid.setVgap(8);
        int r = 0;
        grid.addRow(r++, new Label(messages.get("client.contact.email")), email);
        grid.addRow(r++, new Label(messages.get("client.contact.phone")), phone);
        grid.addRow(r++, new Label(messages.get("client.contact.channels")), channels);
        grid.add(consent, 1, r++);
        grid.add(record, 1, r++);
        grid.addRow(r, new Label(messages.get("client.contact.language")), language);
        grid.disableProperty().bind(vm.loadedProperty().not());

        Label problem = new Label();
        problem.setId("contact-problem");
        problem.getStyleClass().add("error");
        problem.setWrapText(true);
        problem.textProperty().bind(vm.problemProperty());
        Label saved = new Label();
        saved.setId("contact-saved");
        saved.textProperty().bind(vm.savedProperty());
        Button save = new Button(messages.get("messages.settings.save"));
        save.setId("contact-save");
        save.setDefaultButton(true);
        save.disableProperty().bind(vm.loadedProperty().not());
        save.setOnAction(e -> vm.save());
        Button close = new Button(messages.get("messages.close"));
        close.setId("contact-close");
        close.setCancelButton(true);
        close.setOnAction(e -> app.salondesk.gui.common.DiscardGuard.requestClose(stage));
        app.salondesk.gui.common.DiscardGuard.install(stage, vm.changedProperty(), vm::discardQuestion, messages);
        Region gap = new Region();
        HBox.setHgrow(gap, Priority.ALWAYS);
        HBox buttons = new HBox(8, problem, saved, gap, save, close);
        buttons.setAlignment(Pos.CENTER_LEFT);
        VBox root = new VBox(12, grid, buttons);
        root.setPadding(new Insets(12));
        stage.setScene(new Scene(root));
        vm.load();
        stage.show();
        return stage;
    }

    private static ListCell<Channel> channelCell(Messages messages) {
        return new ListCell<>() {
            @Override
            protected void updateItem(Channel c, boolean empty) {
                super.updateItem(c, empty);
                setText(empty ? null : c == null ? messages.get("client.contact.noChannel") : messages.get("messages.channel." + c.dbValue()));
            }
        };
    }

    private static ListCell<String> languageCell(Messages messages) {
        return new ListCell<>() {
            @Override
            protected void updateItem(String l, boolean empty) {
                super.updateItem(l, empty);
                setText(empty || l == null ? null : l.isEmpty() ? messages.get("client.contact.salonLanguage")
                        : messages.get("client.contact.language." + l));
            }
        };
    }
}
