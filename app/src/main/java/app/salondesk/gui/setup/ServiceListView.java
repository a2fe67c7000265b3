package app.salondesk.gui.setup;

import app.salondesk.i18n.Messages;
import javafx.beans.binding.Bindings;
import javafx.collections.ListChangeListener;
import javafx.geometry.Pos;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.CheckMenuItem;
import javafx.scene.control.Label;
import javafx.scene.control.MenuButton;
import javafx.scene.control.TextField;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.VBox;

import java.util.List;
import java.util.function.Supplier;

/**
 * The first services: name, minutes, price (in the salon's currency) and who does each — a
 * menu of the masters, all ticked to begin with.
 */
public final class ServiceListView {

    private final ServiceListViewModel vm;
    private final Messages messages;
    private final Supplier<List<TeamViewModel.Member>> masters;
    private final Supplier<String> currency;
    private final GridPane grid = new GridPane();
    private final VBox root = new VBox(10);

    /**
     * @param masters  the masters named so far (the wizard's previous step)
     * @param currency the chosen currency as the language writes it ("₴", "UAH"), shown next to the prices
     */
    public ServiceListView(ServiceListViewModel vm, Messages messages, Supplier<List<TeamViewModel.Member>> masters,
                           Supplier<String> currency) {
        this.vm = vm;
        this.messages = messages;
        this.masters = masters;
        this.currency = currency;
        grid.setHgap(8);
        grid.setVgap(4);
        grid.getColumnConstraints().addAll(FormParts.growing());
        Button add = new Button(messages.get("services.add"));
        add.setId("services-add");
        add.setOnAction(e -> vm.add());
        vm.items().addListener((ListChangeListener<ServiceListViewModel.Item>) c -> fill());
        root.getChildren().addAll(FormParts.hint(messages, "services.intro"), grid, add, FormParts.error(vm.listErrorProperty(), "services-error"));
    }

    /** Rebuilt each time the step opens: the masters may have changed meanwhile. */
    public Node node() {
        fill();
        return root;
    }

    private void fill() {
        grid.getChildren().clear();
        String code = currency.get();
        grid.addRow(0, header(messages.get("wizard.serviceName")), header(messages.get("services.minutesLabel")),
                header(messages.format("services.priceLabel", code)), header(messages.get("services.whoDoes")));
        int row = 1;
        int i = 0;
        for (ServiceListViewModel.Item item : vm.items()) {
            TextField name = text("service-name-" + i, item.nameProperty(), 18);
            name.setPromptText(messages.get("services.namePrompt"));
            TextField minutes = text("service-minutes-" + i, item.minutesProperty(), 4);
            TextField price = text("service-price-" + i, item.priceProperty(), 7);
            price.setPromptText("500");
            Button remove = new Button("\u2715");
            remove.setId("service-remove-" + i);
            remove.setTooltip(new Tooltip(messages.get("setup.removeRow")));
            remove.setOnAction(e -> vm.remove(item));
            grid.addRow(row++, name, minutes, price, who(item, i), remove);
            grid.add(FormParts.error(item.errorProperty(), "service-error-" + i), 0, row++, 5, 1);
            i++;
        }
    }

    /** "Everyone" / "2 of 3": a menu with a tick per master. */
    private MenuButton who(ServiceListViewModel.Item item, int i) {
        MenuButton who = new MenuButton();
        who.setId("service-who-" + i);
        who.setMinWidth(140);
        List<TeamViewModel.Member> team = masters.get();
        javafx.beans.property.BooleanProperty[] ticks = new javafx.beans.property.BooleanProperty[team.size()];
        for (int m = 0; m < team.size(); m++) {
            TeamViewModel.Member member = team.get(m);
            CheckMenuItem tick = new CheckMenuItem(member.nameProperty().get().strip());
            tick.setId("service-" + i + "-by-" + m);
            tick.selectedProperty().bindBidirectional(item.doneBy(member));
            who.getItems().add(tick);
            ticks[m] = item.doneBy(member);
        }
        who.textProperty().bind(Bindings.createStringBinding(() -> {
            long n = java.util.Arrays.stream(ticks).filter(javafx.beans.property.BooleanProperty::get).count();
            return n == ticks.length ? messages.get("services.everyone") : messages.format("services.someOf", n, ticks.length);
        }, ticks));
        return who;
    }

    private static Label header(String text) {
        Label l = new Label(text);
        l.getStyleClass().add("form-label");
        return l;
    }

    private static TextField text(String id, javafx.beans.property.StringProperty p, int columns) {
        TextField f = new TextField();
        f.setId(id);
        f.setPrefColumnCount(columns);
        f.textProperty().bindBidirectional(p);
        f.setAlignment(columns < 10 ? Pos.CENTER_RIGHT : Pos.CENTER_LEFT);
        return f;
    }
}
