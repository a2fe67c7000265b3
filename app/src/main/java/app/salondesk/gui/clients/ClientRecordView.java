package app.salondesk.gui.clients;

import app.salondesk.i18n.Messages;
import app.salondesk.model.booking.PatchResult;
import app.salondesk.model.clients.ConsentTemplate;
import app.salondesk.model.clients.PhotoKind;
import javafx.collections.ObservableList;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.Node;
import javafx.scene.Parent;
import javafx.scene.Scene;
import javafx.scene.control.Button;
import javafx.scene.control.CheckBox;
import javafx.scene.control.ComboBox;
import javafx.scene.control.DatePicker;
import javafx.scene.control.Label;
import javafx.scene.control.ListCell;
import javafx.scene.control.ListView;
import javafx.scene.control.ScrollPane;
import javafx.scene.control.TextArea;
import javafx.scene.control.TextField;
import javafx.scene.control.TitledPane;
import javafx.scene.image.Image;
import javafx.scene.image.ImageView;
import javafx.scene.layout.FlowPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.VBox;
import javafx.stage.FileChooser;
import javafx.stage.Stage;
import javafx.stage.Window;
import javafx.util.StringConverter;

import java.io.ByteArrayInputStream;
import java.io.File;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Objects;
import java.util.function.BiFunction;

/**
 * The client's record (issue 36) in a window beside her card: alerts on top, notes with the alert tick,
 * formulas newest first with "Copy last formula", patch tests, photos (thumbnails, add from a file),
 * consent forms signed at the desk and their PDF, card fields, and for admins "Merge into…". Only builds
 * controls and binds them to {@link ClientRecordViewModel}. Ids: {@code #record-<part>}.
 */
public final class ClientRecordView {

    /** Asks where to read or write a file (a chooser at the desk, a fixed path in tests); null: cancelled. */
    public interface FileAsker extends BiFunction<Window, Boolean, Path> {
    }

    private final ClientRecordViewModel vm;
    private final Messages messages;
    private final VBox box = new VBox(8);
    private final ScrollPane root = new ScrollPane(box);
    private FileAsker photoFile = (w, save) -> choose(w, false, "*.jpg", "*.jpeg", "*.png");
    private FileAsker pdfFile = (w, save) -> choose(w, true, "*.pdf");
    private ListView<ClientRecordViewModel.NoteRow> notesList;
    private ListView<String> formulasList;
    private ListView<String> testsList;

    public ClientRecordView(ClientRecordViewModel vm, ObservableList<VisitRow> visits, boolean admin, Messages messages) {
        this.vm = vm;
        this.messages = messages;
        Label alerts = new Label();
        alerts.setId("record-alerts");
        alerts.getStyleClass().add("client-alerts");
        alerts.setWrapText(true);
        alerts.textProperty().bind(vm.alertsProperty());
        alerts.visibleProperty().bind(vm.alertsProperty().isNotEmpty());
        alerts.managedProperty().bind(alerts.visibleProperty());
        Label message = new Label();
        message.setId("record-message");
        message.setWrapText(true);
        message.textProperty().bind(vm.messageProperty());

        box.getChildren().addAll(alerts, message, notes(), formulas(visits), patchTests(), photos(), consents(), card());
        if (admin) {
            box.getChildren().add(merge());
        }
        box.setPadding(new Insets(12));
        root.setFitToWidth(true);
        root.getStyleClass().add("client-card");
        root.getStylesheets().add(Objects.requireNonNull(ClientCardView.class.getResource("clients.css")).toExternalForm());
    }

    public Parent node() {
        return root;
    }

    /** An admin's Correct… and Delete under the notes, formulas and patch tests (issue 36). */
    public void addCorrections(RecordCorrectionsViewModel corrections) {
        RecordCorrectionsView.install(notesList, formulasList, testsList, corrections, messages);
    }

    /** Where "Add photo…" and "PDF…" read and write (tests give paths; the desk asks). */
    public void setFiles(FileAsker photo, FileAsker pdf) {
        this.photoFile = photo;
        this.pdfFile = pdf;
    }

    public Stage showInWindow(Window owner, String title) {
        Stage stage = new Stage();
        if (owner != null) {
            stage.initOwner(owner);
        }
        stage.setTitle(title);
        stage.setScene(new Scene(root, 640, 720));
        stage.show();
        return stage;
    }

    private TitledPane section(String key, String id, Node... content) {
        VBox v = new VBox(6, content);
        TitledPane pane = new TitledPane(messages.get(key), v);
        pane.setId(id);
        pane.setCollapsible(false);
        return pane;
    }

    private static <T extends javafx.scene.control.Control> T id(T control, String id) {
        control.setId(id);
        return control;
    }

    private Node notes() {
        TextField text = id(new TextField(), "record-note-text");
        text.setPromptText(messages.get("record.note.prompt"));
        text.textProperty().bindBidirectional(vm.noteTextProperty());
        HBox.setHgrow(text, Priority.ALWAYS);
        CheckBox alert = id(new CheckBox(messages.get("record.note.alert")), "record-note-alert");
        alert.selectedProperty().bindBidirectional(vm.noteAlertProperty());
        Button add = id(new Button(messages.get("record.add")), "record-note-add");
        add.disableProperty().bind(vm.noteTextProperty().isEmpty());
        add.setOnAction(e -> vm.addNote());
        ListView<ClientRecordViewModel.NoteRow> list = id(new ListView<>(vm.notes()), "record-notes");
        notesList = list;
        list.setPrefHeight(120);
        list.setCellFactory(l -> new ListCell<>() {
            @Override
            protected void updateItem(ClientRecordViewModel.NoteRow item, boolean empty) {
                super.updateItem(item, empty);
                if (empty || item == null) {
                    setGraphic(null);
                    setText(null);
                    return;
                }
                CheckBox tick = new CheckBox(messages.get("record.note.alert"));
                tick.getStyleClass().add("record-note-tick");
                tick.setSelected(item.alert());
                tick.setOnAction(e -> vm.setAlert(item.id(), tick.isSelected()));
                Label body = new Label(item.text());
                body.setWrapText(true);
                HBox row = new HBox(8, tick, body);
                row.setAlignment(Pos.CENTER_LEFT);
                setGraphic(row);
                setText(null);
            }
        });
        HBox entry = new HBox(8, text, alert, add);
        entry.setAlignment(Pos.CENTER_LEFT);
        return section("record.notes", "record-notes-pane", entry, list);
    }

    private Node formulas(ObservableList<VisitRow> visits) {
        ComboBox<VisitRow> visit = id(new ComboBox<>(visits), "record-formula-visit");
        visit.setPromptText(messages.get("record.formula.visit"));
        StringConverter<VisitRow> shown = new StringConverter<>() {
            @Override
            public String toString(VisitRow v) {
                return v == null ? "" : v.date() + " " + v.time() + " \u00b7 " + v.service();
            }

            @Override
            public VisitRow fromString(String s) {
                return null;
            }
        };
        visit.setConverter(shown);
        visit.valueProperty().addListener((o, was, now) -> vm.formulaBookingProperty().set(now == null ? null : now.bookingId()));
        TextField product = field("record-product", "record.formula.product", vm.productProperty(), 12);
        TextField shade = field("record-shade", "record.formula.shade", vm.shadeProperty(), 6);
        TextField developer = field("record-developer", "record.formula.developer", vm.developerProperty(), 6);
        TextField minutes = field("record-minutes", "record.formula.minutesPrompt", vm.minutesProperty(), 4);
        Button copy = id(new Button(messages.get("record.formula.copyLast")), "record-copy-last");
        copy.setOnAction(e -> vm.copyLastFormula());
        Button add = id(new Button(messages.get("record.add")), "record-formula-add");
        add.disableProperty().bind(vm.productProperty().isEmpty());
        add.setOnAction(e -> vm.addFormula());
        ListView<String> list = id(new ListView<>(vm.formulas()), "record-formulas");
        formulasList = list;
        list.setPrefHeight(110);
        FlowPane entry = new FlowPane(8, 6, visit, product, shade, developer, minutes, copy, add);
        return section("record.formulas", "record-formulas-pane", entry, list);
    }

    private TextField field(String id, String promptKey, javafx.beans.property.StringProperty value, int columns) {
        TextField f = id(new TextField(), id);
        f.setPromptText(messages.get(promptKey));
        f.setPrefColumnCount(columns);
        f.textProperty().bindBidirectional(value);
        return f;
    }

    private Node patchTests() {
        DatePicker day = id(new DatePicker(), "record-test-day");
        day.valueProperty().bindBidirectional(vm.testDayProperty());
        ComboBox<PatchResult> result = id(new ComboBox<>(javafx.collections.FXCollections.observableArrayList(PatchResult.values())),
                "record-test-result");
        result.valueProperty().bindBidirectional(vm.testResultProperty());
        result.setConverter(new StringConverter<>() {
            @Override
            public String toString(PatchResult r) {
                return r == null ? "" : messages.get("patchTest.result." + r.dbValue());
            }

            @Override
            public PatchResult fromString(String s) {
                return null;
            }
        });
        Button add = id(new Button(messages.get("record.add")), "record-test-add");
        add.disableProperty().bind(vm.testDayProperty().isNull());
        add.setOnAction(e -> vm.addPatchTest());
        ListView<String> list = id(new ListView<>(vm.patchTests()), "record-tests");
        testsList = list;
        list.setPrefHeight(80);
        HBox entry = new HBox(8, day, result, add);
        entry.setAlignment(Pos.CENTER_LEFT);
        return section("record.patchTests", "record-tests-pane", entry, list);
    }

    private Node photos() {
        FlowPane thumbs = new FlowPane(6, 6);
        thumbs.setId("record-photos");
        Runnable draw = () -> thumbs.getChildren().setAll(vm.photos().stream().map(p -> {
            ImageView image = new ImageView(new Image(new ByteArrayInputStream(p.thumbnail())));
            image.getStyleClass().add("record-photo");
            Label caption = new Label(p.caption(), image);
            caption.setContentDisplay(javafx.scene.control.ContentDisplay.TOP);
            return (Node) caption;
        }).toList());
        vm.photos().addListener((javafx.collections.ListChangeListener<ClientRecordViewModel.PhotoRow>) c -> draw.run());
        ComboBox<PhotoKind> kind = id(new ComboBox<>(javafx.collections.FXCollections.observableArrayList(PhotoKind.values())), "record-photo-kind");
        kind.setValue(PhotoKind.BEFORE);
        kind.setConverter(new StringConverter<>() {
            @Override
            public String toString(PhotoKind k) {
                return k == null ? "" : messages.get("record.photo." + k.name().toLowerCase(Locale.ROOT));
            }

            @Override
            public PhotoKind fromString(String s) {
                return null;
            }
        });
        Button add = id(new Button(messages.get("record.photo.add")), "record-photo-add");
        add.setOnAction(e -> {
            Path file = photoFile.apply(root.getScene().getWindow(), false);
            if (file != null) {
                vm.addPhoto(file, kind.getValue());
            }
        });
        Button paste = id(new Button(messages.get("record.photo.paste")), "record-photo-paste");
        paste.setOnAction(e -> {
            Image image = javafx.scene.input.Clipboard.getSystemClipboard().getImage();
            if (image == null || image.getPixelReader() == null) {
                vm.nothingToPaste();
                return;
            }
            int w = (int) image.getWidth();
            int h = (int) image.getHeight();
            int[] argb = new int[w * h];
            image.getPixelReader().getPixels(0, 0, w, h, javafx.scene.image.PixelFormat.getIntArgbInstance(), argb, 0, w);
            vm.addPastedPhoto(w, h, argb, kind.getValue());
        });
        HBox entry = new HBox(8, kind, add, paste);
        return section("record.photos", "record-photos-pane", entry, thumbs);
    }

    private Node consents() {
        ComboBox<ConsentTemplate> form = id(new ComboBox<>(vm.templates()), "record-consent-form");
        form.valueProperty().bindBidirectional(vm.templateProperty());
        form.setConverter(new StringConverter<>() {
            @Override
            public String toString(ConsentTemplate t) {
                return t == null ? "" : vm.titleOf(t);
            }

            @Override
            public ConsentTemplate fromString(String s) {
                return null;
            }
        });
        TextArea text = id(new TextArea(), "record-consent-text");
        text.setEditable(false);
        text.setWrapText(true);
        text.setPrefRowCount(4);
        text.textProperty().bind(javafx.beans.binding.Bindings.createStringBinding(
                () -> vm.templateProperty().get() == null ? "" : vm.bodyOf(vm.templateProperty().get()), vm.templateProperty()));
        TextField name = field("record-consent-name", "record.consent.typeName", vm.typedNameProperty(), 16);
        CheckBox agree = id(new CheckBox(messages.get("record.consent.agree")), "record-consent-agree");
        agree.selectedProperty().bindBidirectional(vm.agreedProperty());
        Button sign = id(new Button(messages.get("record.consent.sign")), "record-consent-sign");
        sign.disableProperty().bind(vm.templateProperty().isNull());
        sign.setOnAction(e -> vm.sign());
        ListView<ClientRecordViewModel.SignatureRow> signed = id(new ListView<>(vm.signatures()), "record-signatures");
        signed.setPrefHeight(80);
        signed.setCellFactory(l -> new ListCell<>() {
            @Override
            protected void updateItem(ClientRecordViewModel.SignatureRow item, boolean empty) {
                super.updateItem(item, empty);
                setText(empty || item == null ? null : item.text());
            }
        });
        Button pdf = id(new Button(messages.get("record.consent.pdf")), "record-consent-pdf");
        pdf.disableProperty().bind(signed.getSelectionModel().selectedItemProperty().isNull());
        pdf.setOnAction(e -> {
            Path file = pdfFile.apply(root.getScene().getWindow(), true);
            if (file != null) {
                vm.savePdf(signed.getSelectionModel().getSelectedItem().signature(), file);
            }
        });
        HBox entry = new HBox(8, name, agree, sign);
        entry.setAlignment(Pos.CENTER_LEFT);
        return section("record.consents", "record-consents-pane", form, text, entry, signed, pdf);
    }

    private Node card() {
        DatePicker birthday = id(new DatePicker(), "record-birthday");
        birthday.setPromptText(messages.get("record.card.birthday"));
        birthday.valueProperty().bindBidirectional(vm.birthdayProperty());
        TextField tags = field("record-tags", "record.card.tags", vm.tagsProperty(), 16);
        TextField source = field("record-source", "record.card.source", vm.sourceProperty(), 12);
        Button save = id(new Button(messages.get("client.save")), "record-card-save");
        save.setOnAction(e -> vm.saveCard());
        // marketing consent per channel, saved with the card; who last changed it and when is the database's
        CheckBox email = id(new CheckBox(messages.get("record.marketing.email")), "record-marketing-email");
        email.selectedProperty().bindBidirectional(vm.marketing().emailProperty());
        CheckBox sms = id(new CheckBox(messages.get("record.marketing.sms")), "record-marketing-sms");
        sms.selectedProperty().bindBidirectional(vm.marketing().smsProperty());
        Label recorded = id(new Label(), "record-marketing-recorded");
        recorded.textProperty().bind(vm.marketing().recordedProperty());
        FlowPane marketing = new FlowPane(8, 6, new Label(messages.get("record.marketing")), email, sms, recorded);
        FlowPane entry = new FlowPane(8, 6, birthday, tags, source, save);
        return section("record.card", "record-card-pane", marketing, entry);
    }

    private Node merge() {
        TextField into = field("record-merge-into", "record.merge.prompt", vm.mergeIntoProperty(), 8);
        Button merge = id(new Button(messages.get("record.merge.button")), "record-merge");
        merge.disableProperty().bind(vm.mergeIntoProperty().isEmpty());
        merge.setOnAction(e -> vm.mergeInto());
        Label why = new Label(messages.get("record.merge.explain"));
        why.setWrapText(true);
        HBox entry = new HBox(8, into, merge);
        return section("record.merge", "record-merge-pane", why, entry);
    }

    private Path choose(Window owner, boolean save, String... patterns) {
        FileChooser chooser = new FileChooser();
        chooser.getExtensionFilters().add(new FileChooser.ExtensionFilter(String.join(", ", patterns), patterns));
        File f = save ? chooser.showSaveDialog(owner) : chooser.showOpenDialog(owner);
        return f == null ? null : f.toPath();
    }
}
