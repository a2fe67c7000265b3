package app.salondesk.gui.catalog;

import app.salondesk.i18n.Messages;
import javafx.collections.ListChangeListener;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.control.Button;
import javafx.scene.control.CheckBox;
import javafx.scene.control.Label;
import javafx.scene.control.ScrollPane;
import javafx.scene.control.TextField;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;

/**
 * Who does what as a list of ticks: the other side's name, and for a tick the master's own
 * length and price (empty: the service's, shown next to them). On both setup screens.
 */
public final class OffersView {

    private static final double NAME = 180;
    private static final double FIELD = 100;

    private OffersView() {
    }

    /** @param nameHeader "Service" on a master's list, "Master" on a service's */
    public static Region create(OffersViewModel vm, Messages messages, String nameHeader) {
        VBox lines = new VBox(4);
        lines.setId("offers-list");
        Runnable rebuild = () -> lines.getChildren().setAll(vm.rows().stream().map(r -> line(vm, r, messages)).toList());
        vm.rows().addListener((ListChangeListener<OffersViewModel.Row>) c -> rebuild.run());
        rebuild.run();
        ScrollPane scroll = new ScrollPane(lines);
        scroll.setFitToWidth(true);
        VBox.setVgrow(scroll, Priority.ALWAYS);

        HBox header = new HBox(8, sized(new Label(nameHeader), NAME), sized(new Label(messages.get("offers.ownMinutes")), FIELD),
                sized(new Label(messages.get("offers.ownPrice")), FIELD), new Label(messages.get("offers.usualHeader")));
        header.setAlignment(Pos.BOTTOM_LEFT);
        // a long header ("Своя тривалість, хв") takes two lines rather than being cut
        header.getChildren().forEach(n -> ((Label) n).setWrapText(true));
        header.getStyleClass().add("setup-hint");
        Label hint = new Label(messages.get("offers.hint"));
        hint.setWrapText(true);
        hint.getStyleClass().add("setup-hint");

        Button save = new Button(messages.get("offers.save"));
        save.setId("offers-save");
        save.visibleProperty().bind(vm.editableProperty());
        save.managedProperty().bind(save.visibleProperty());
        save.setOnAction(e -> vm.save());
        Label message = new Label();
        message.setId("offers-message");
        message.getStyleClass().add("setup-message");
        message.setWrapText(true);
        message.textProperty().bind(vm.messageProperty());
        HBox bottom = new HBox(10, save, message);
        bottom.setAlignment(Pos.CENTER_LEFT);

        VBox box = new VBox(8, hint, header, scroll, bottom);
        box.setPadding(new Insets(8));
        return box;
    }

    private static Region line(OffersViewModel vm, OffersViewModel.Row r, Messages messages) {
        CheckBox does = new CheckBox(r.label());
        does.getStyleClass().add("offer-check");
        does.selectedProperty().bindBidirectional(r.offeredProperty());
        does.disableProperty().bind(vm.editableProperty().not());
        sized(does, NAME);
        TextField minutes = new TextField();
        minutes.getStyleClass().add("offer-minutes");
        minutes.textProperty().bindBidirectional(r.minutesProperty());
        TextField price = new TextField();
        price.getStyleClass().add("offer-price");
        price.textProperty().bindBidirectional(r.priceProperty());
        for (TextField f : new TextField[]{minutes, price}) {
            sized(f, FIELD);
            f.disableProperty().bind(r.offeredProperty().not());
            f.editableProperty().bind(vm.editableProperty());
        }
        Label usual = new Label(vm.usual(r));
        usual.getStyleClass().add("setup-hint");
        usual.setMinWidth(Region.USE_PREF_SIZE);   // the usual length and price are read whole, the error gives way
        Label error = new Label();
        error.getStyleClass().add("setup-error");
        error.textProperty().bind(r.errorProperty());
        // her own phases and cleanup (issue 31): for an offer saved, as masters services --phases --cleanup
        Button shape = new Button(messages.get("offers.phases"));
        shape.getStyleClass().add("offer-phases");
        shape.setMinWidth(Region.USE_PREF_SIZE);
        shape.setVisible(vm.mayShape(r));
        shape.managedProperty().bind(shape.visibleProperty());
        shape.setOnAction(e -> {
            OwnShapeViewModel own = vm.ownShape(r);
            if (own != null) {
                OwnShapeView.show(shape.getScene().getWindow(), own, messages);
            }
        });
        HBox line = new HBox(8, does, minutes, price, shape, usual, error);
        line.setAlignment(Pos.CENTER_LEFT);
        line.getStyleClass().add("offer-line");
        line.setUserData(r.label());
        if (!r.note().isEmpty()) {
            does.getStyleClass().add("master-inactive");
            usual.setText(usual.getText() + " \u00b7 " + r.note());
        }
        return line;
    }

    private static <T extends Region> T sized(T r, double width) {
        r.setPrefWidth(width);
        r.setMinWidth(width);
        return r;
    }
}
