package app.salondesk.gui.clients;

import app.salondesk.i18n.Messages;
import app.salondesk.logic.clients.ConsentForms;
import app.salondesk.model.clients.ConsentTemplate;
import javafx.geometry.Insets;
import javafx.scene.Scene;
import javafx.scene.control.Button;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.control.ListView;
import javafx.scene.control.Tab;
import javafx.scene.control.TabPane;
import javafx.scene.control.TextArea;
import javafx.scene.control.TextField;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.VBox;
import javafx.stage.Stage;
import javafx.stage.Window;
import javafx.util.StringConverter;

/**
 * ☰ → Consent forms… (issue 36): the salon's forms on the left; on the right the one picked (or a new one) with the
 * service it is for and a tab per language (title and text). Only controls; {@link ConsentFormsViewModel} writes.
 */
public final class ConsentFormsView {

    private final ConsentFormsViewModel vm;
    private final Messages messages;

    private ConsentFormsView(ConsentFormsViewModel vm, Messages messages) {
        this.vm = vm;
        this.messages = messages;
    }

    public static Stage show(Window owner, ConsentFormsViewModel vm, Messages messages) {
        return new ConsentFormsView(vm, messages).build(owner);
    }

    private Stage build(Window owner) {
        Stage stage = new Stage();
        stage.initOwner(owner);
        stage.setTitle(messages.get("consents.window"));

        ListView<ConsentFormsViewModel.Row> list = new ListView<>(vm.rows());
        list.setId("consents-list");
        list.setPlaceholder(new Label(messages.get("consents.none")));
        list.setPrefWidth(280);
        boolean[] quiet = {false};   // the list follows the form shown, without asking again
        list.getSelectionModel().selectedItemProperty().addListener((o, was, now) -> {
            ConsentTemplate shown = vm.editingProperty().get();
            // a reload's new rows reselect the same form: it stays as the view model shows it, message included
            if (quiet[0] || now == null || shown != null && shown.id() == now.form().id()) {
                return;
            }
            if (!vm.changedProperty().get()) {
                vm.edit(now.form());
                return;
            }
            javafx.application.Platform.runLater(() -> select(list, shown, quiet));   // until the answer, the list shows what is edited
            guarded(stage, () -> {
                vm.edit(now.form());
                select(list, now.form(), quiet);
            });
        });
        Button add = new Button(messages.get("consents.new"));
        add.setId("consents-new");
        add.setOnAction(e -> guarded(stage, () -> {
            select(list, null, quiet);
            vm.startNew();
        }));
        add.disableProperty().bind(vm.editableProperty().not());
        VBox left = new VBox(8, list, add);
        VBox.setVgrow(list, Priority.ALWAYS);

        ComboBox<ConsentForms.ServiceChoice> service = new ComboBox<>(vm.services());
        service.setId("consents-service");
        service.valueProperty().bindBidirectional(vm.serviceProperty());
        service.setConverter(new StringConverter<>() {
            @Override
            public String toString(ConsentForms.ServiceChoice c) {
                return vm.serviceName(c);
            }

            @Override
            public ConsentForms.ServiceChoice fromString(String s) {
                return null;
            }
        });
        TabPane languages = new TabPane();
        languages.setId("consents-languages");
        languages.setTabClosingPolicy(TabPane.TabClosingPolicy.UNAVAILABLE);
        for (String language : languageOrder()) {
            TextField title = new TextField();
            title.setId("consent-title-" + language);
            title.setPromptText(messages.get("consents.title"));
            title.textProperty().bindBidirectional(vm.titleProperty(language));
            TextArea body = new TextArea();
            body.setId("consent-body-" + language);
            body.setPromptText(messages.get("consents.body"));
            body.setWrapText(true);
            body.textProperty().bindBidirectional(vm.bodyProperty(language));
            title.editableProperty().bind(vm.editableProperty());
            body.editableProperty().bind(vm.editableProperty());
            VBox page = new VBox(6, title, body);
            VBox.setVgrow(body, Priority.ALWAYS);
            page.setPadding(new Insets(8, 0, 0, 0));
            Tab tab = new Tab(messages.get("consents.language." + language), page);
            tab.setId("consent-tab-" + language);
            languages.getTabs().add(tab);
        }
        Button save = new Button(messages.get("consents.save"));
        save.setId("consents-save");
        save.setDefaultButton(true);   // Enter in a title saves; the text's Enter is a new line
        save.setOnAction(e -> vm.save());
        save.disableProperty().bind(vm.editableProperty().not());
        Button retire = new Button();
        retire.setId("consents-retire");
        retire.textProperty().bind(javafx.beans.binding.Bindings.createStringBinding(() -> messages.get(
                vm.editingProperty().get() != null && !vm.editingProperty().get().active() ? "consents.restore" : "consents.retire"),
                vm.editingProperty()));
        retire.disableProperty().bind(vm.editableProperty().not().or(vm.editingProperty().isNull()));
        retire.setOnAction(e -> vm.retireOrRestore());
        Label message = new Label();
        message.setId("consents-message");
        message.setWrapText(true);
        message.textProperty().bind(vm.messageProperty());
        Label note = new Label(messages.get("consents.signedStay"));
        note.setWrapText(true);
        note.getStyleClass().add("hint");
        javafx.scene.layout.Region gap = new javafx.scene.layout.Region();
        HBox.setHgrow(gap, Priority.ALWAYS);
        // Esc closes; Enter presses Close only where there is nothing to save (a reader's window)
        Button close = app.salondesk.gui.common.WindowButtons.close(messages, stage, !vm.editableProperty().get());
        VBox right = new VBox(8, new HBox(8, new Label(messages.get("consents.service")), service), languages, note,
                new HBox(8, save, retire, gap, close), message);
        VBox.setVgrow(languages, Priority.ALWAYS);

        BorderPane root = new BorderPane(right, null, null, null, left);
        BorderPane.setMargin(left, new Insets(0, 12, 0, 0));
        root.setPadding(new Insets(12));
        stage.setScene(new Scene(root, 860, 560));
        // a form typed and not saved is not lost to a slip of Esc or ✕
        app.salondesk.gui.common.DiscardGuard.install(stage, vm.changedProperty(), () -> messages.get("discard.changes"), messages);
        stage.show();
        vm.load();
        return stage;
    }

    /** {@code then} at once when nothing typed is unsaved, else after the question's Discard. */
    private void guarded(Stage stage, Runnable then) {
        app.salondesk.gui.common.DiscardGuard.confirm(stage, vm.changedProperty(), () -> messages.get("discard.changes"), messages, then);
    }

    private static void select(ListView<ConsentFormsViewModel.Row> list, ConsentTemplate form, boolean[] quiet) {
        quiet[0] = true;
        try {
            if (form == null) {
                list.getSelectionModel().clearSelection();
            } else {
                list.getItems().stream().filter(r -> r.form().id() == form.id()).findFirst()
                        .ifPresentOrElse(r -> list.getSelectionModel().select(r), () -> list.getSelectionModel().clearSelection());
            }
        } finally {
            quiet[0] = false;
        }
    }

    /** The desk's own language first, then the others in the usual order. */
    private java.util.List<String> languageOrder() {
        String own = messages.locale().getLanguage();
        java.util.List<String> order = new java.util.ArrayList<>(ConsentTemplate.LANGUAGES);
        if (order.remove(own)) {
            order.add(0, own);
        }
        return order;
    }
}
