package app.salondesk.gui.setup;

import app.salondesk.gui.common.TypeAhead;
import app.salondesk.i18n.Messages;
import javafx.application.Platform;
import javafx.geometry.Insets;
import javafx.geometry.VPos;
import javafx.scene.Node;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.control.ListCell;
import javafx.scene.control.ListView;
import javafx.scene.control.TextField;
import javafx.scene.input.KeyCode;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import javafx.util.StringConverter;

import java.util.function.Function;

/**
 * The salon's own fields (the wizard's first step, the Salon settings window). The country
 * comes first: a new salon's zone and currency follow it. The time zone is searched by typing
 * part of its name ("kyiv", "new york"); currency and country are lists named in the desk's
 * language, and typing letters in them picks the first that starts so ("UAH", "Укр").
 */
public final class SalonFormView {

    private final SalonFormViewModel vm;
    private final Messages messages;
    private final GridPane grid = new GridPane();
    private int row;

    public SalonFormView(SalonFormViewModel vm, Messages messages) {
        this.vm = vm;
        this.messages = messages;
        grid.setHgap(12);
        grid.setVgap(2);
        grid.getColumnConstraints().addAll(FormParts.labels(), FormParts.growing());
        grid.getStyleClass().add("salon-form");

        ComboBox<String> country = choice("salon-country", vm.countries(), vm.countryProperty(), vm::countryLabel);
        country.setPromptText(messages.get("salon.countryPrompt"));
        add("salon.country", country, new VBox(FormParts.error(vm.countryErrorProperty(), "salon-country-error"),
                FormParts.hint(messages, "salon.countryHint")));
        TextField name = field("salon-name", vm.nameProperty());
        // the computer named no region: the country is the first thing to say; else the name
        Platform.runLater(vm.countryFirst() ? country::requestFocus : name::requestFocus);
        name.setPromptText(messages.get("salon.namePrompt"));
        add("salon.name", name, FormParts.error(vm.nameErrorProperty(), "salon-name-error"));
        TextField address = field("salon-address", vm.addressProperty());
        add("salon.address", address, FormParts.error(vm.addressErrorProperty(), "salon-address-error"));
        TextField phone = field("salon-phone", vm.phoneProperty());
        phone.promptTextProperty().bind(vm.phonePrompt());
        add("salon.phone", phone, FormParts.error(vm.phoneErrorProperty(), "salon-phone-error"));
        add("salon.zone", zone(), FormParts.error(vm.zoneErrorProperty(), "salon-zone-error"));
        add("salon.currency", choice("salon-currency", vm.currencies(), vm.currencyProperty(), vm::currencyLabel), null);
    }

    public Node node() {
        return grid;
    }

    private void add(String labelKey, Node input, Node below) {
        if (input instanceof Region r) {
            r.setMaxWidth(Double.MAX_VALUE);
        }
        Label label = FormParts.label(messages, labelKey);
        // level with the field's text, also beside the zone's field-and-list
        GridPane.setValignment(label, VPos.TOP);
        label.setPadding(new Insets(4, 0, 0, 0));
        grid.add(label, 0, row);
        grid.add(input, 1, row++);
        if (below != null) {
            grid.add(below, 1, row++);
        }
        // a little air between one field and the next label
        Region gap = new Region();
        gap.setMinHeight(6);
        grid.add(gap, 1, row++);
    }

    private static TextField field(String id, javafx.beans.property.StringProperty text) {
        TextField f = new TextField();
        f.setId(id);
        f.textProperty().bindBidirectional(text);
        return f;
    }

    /**
     * A searchable list: what is typed filters the zones ("kyiv", "new york"), a click or Enter
     * in the list picks one. (Not an editable ComboBox: its selection follows the filtered
     * items and writes them back into the text being typed.)
     */
    private Node zone() {
        TextField typed = field("salon-zone", vm.zoneProperty());
        typed.setPromptText(messages.get("salon.zonePrompt"));
        ListView<String> list = new ListView<>(vm.zoneChoices());
        list.setId("salon-zone-list");
        list.setPrefHeight(118);
        list.setCellFactory(l -> new ListCell<>() {
            @Override
            protected void updateItem(String id, boolean empty) {
                super.updateItem(id, empty);
                setText(empty || id == null ? null : vm.zoneLabel(id));
            }
        });
        // only a click or Enter picks: the selection alone moves whenever the filtered list does
        list.setOnMouseClicked(e -> pick(list));
        TypeAhead.install(list, vm::zoneLabel);
        list.setOnKeyPressed(e -> {
            if (e.getCode() == KeyCode.ENTER) {
                pick(list);
                e.consume();
            }
        });
        typed.setOnKeyPressed(e -> {
            if (e.getCode() == KeyCode.DOWN && !vm.zoneChoices().isEmpty()) {
                list.requestFocus();
                list.getSelectionModel().selectFirst();
                e.consume();
            }
        });
        // the chosen zone stays in sight in the whole list
        Runnable showChosen = () -> Platform.runLater(() -> {
            String z = vm.zoneProperty().get();
            int at = vm.zoneChoices().indexOf(z);
            if (at >= 0) {
                list.getSelectionModel().select(at);
                list.scrollTo(Math.max(0, at - 2));
            }
        });
        vm.zoneProperty().addListener((obs, old, now) -> showChosen.run());
        showChosen.run();
        VBox box = new VBox(4, typed, list);
        return box;
    }

    private void pick(ListView<String> list) {
        String picked = list.getSelectionModel().getSelectedItem();
        if (picked != null && !picked.equals(vm.zoneProperty().get())) {
            vm.zoneProperty().set(picked);
        }
    }

    private static <T> ComboBox<T> choice(String id, java.util.List<T> items, javafx.beans.property.ObjectProperty<T> value,
                                          Function<T, String> label) {
        ComboBox<T> box = new ComboBox<>();
        box.setId(id);
        box.getItems().setAll(items);
        box.setVisibleRowCount(12);
        box.valueProperty().bindBidirectional(value);
        box.setConverter(new StringConverter<>() {
            @Override
            public String toString(T t) {
                return t == null ? "" : label.apply(t);
            }

            @Override
            public T fromString(String s) {
                return null;
            }
        });
        TypeAhead.install(box, label);
        return box;
    }
}
