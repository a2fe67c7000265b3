package app.salondesk.gui.setup;

import app.salondesk.i18n.Messages;
import javafx.beans.property.ObjectProperty;
import javafx.collections.ListChangeListener;
import javafx.collections.ObservableList;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.Node;
import javafx.scene.Scene;
import javafx.scene.control.Button;
import javafx.scene.control.CheckBox;
import javafx.scene.control.Label;
import javafx.scene.control.RadioButton;
import javafx.scene.control.ScrollPane;
import javafx.scene.control.Separator;
import javafx.scene.control.Spinner;
import javafx.scene.control.SpinnerValueFactory;
import javafx.scene.control.TextField;
import javafx.scene.control.ToggleGroup;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import javafx.stage.Stage;
import javafx.stage.Window;

/**
 * ☰ → Online booking in a window of its own: the switch, the page's address, the limits, and
 * which services and masters the page offers (two lists of ticks); Save and Close.
 */
public final class OnlineBookingView {

    private OnlineBookingView() {
    }

    /** Opens the window over the desk and loads the salon's settings. */
    public static Stage show(Window owner, OnlineBookingViewModel vm, Messages messages) {
        Stage stage = new Stage();
        stage.initOwner(owner);
        stage.setTitle(messages.get("onlineSetup.title"));

        CheckBox enabled = new CheckBox(messages.get("onlineSetup.enabled"));
        enabled.setId("online-enabled");
        enabled.getStyleClass().add("online-switch");
        enabled.selectedProperty().bindBidirectional(vm.enabledProperty());

        GridPane grid = new GridPane();
        grid.setHgap(12);
        grid.setVgap(4);
        grid.getColumnConstraints().addAll(FormParts.labels(), FormParts.growing());
        int row = 0;

        TextField slug = new TextField();
        slug.setId("online-slug");
        slug.textProperty().bindBidirectional(vm.slugProperty());
        slug.setPrefColumnCount(24);
        Label slash = new Label("/");
        HBox slugRow = new HBox(2, slash, slug);
        slugRow.setAlignment(Pos.CENTER_LEFT);
        HBox.setHgrow(slug, Priority.ALWAYS);
        Label address = new Label();
        address.setId("online-address");
        address.getStyleClass().add("hint");
        address.setWrapText(true);
        address.textProperty().bind(vm.addressProperty());
        grid.addRow(row++, FormParts.label(messages, "onlineSetup.address"), slugRow);
        grid.add(new VBox(2, FormParts.error(vm.slugErrorProperty(), "online-slug-error"), address), 1, row++);

        grid.addRow(row++, FormParts.label(messages, "onlineSetup.daysAhead"),
                line(spinner("online-days-ahead", 1, OnlineBookingViewModel.MAX_DAYS_AHEAD, 1, vm.daysAheadProperty()),
                        unit(messages, "onlineSetup.days")));
        grid.addRow(row++, FormParts.label(messages, "onlineSetup.notice"),
                hoursAndMinutes(messages, "online-notice", vm.noticeHoursProperty(), vm.noticeMinutesProperty()));
        grid.add(FormParts.hint(messages, "onlineSetup.noticeHint"), 1, row++);
        grid.addRow(row++, FormParts.label(messages, "onlineSetup.cutoff"),
                hoursAndMinutes(messages, "online-cutoff", vm.cutoffHoursProperty(), vm.cutoffMinutesProperty()));
        grid.add(FormParts.hint(messages, "onlineSetup.cutoffHint"), 1, row++);

        ToggleGroup arrive = new ToggleGroup();
        RadioButton confirmed = new RadioButton(messages.get("onlineSetup.arriveConfirmed"));
        confirmed.setId("online-arrive-confirmed");
        RadioButton pending = new RadioButton(messages.get("onlineSetup.arrivePending"));
        pending.setId("online-arrive-pending");
        confirmed.setToggleGroup(arrive);
        pending.setToggleGroup(arrive);
        confirmed.setSelected(vm.arriveConfirmedProperty().get());
        pending.setSelected(!vm.arriveConfirmedProperty().get());
        vm.arriveConfirmedProperty().addListener((obs, was, now) -> (now ? confirmed : pending).setSelected(true));
        confirmed.selectedProperty().addListener((obs, was, now) -> vm.arriveConfirmedProperty().set(now));
        grid.addRow(row++, FormParts.label(messages, "onlineSetup.arrive"), new VBox(4, confirmed, pending));

        grid.addRow(row++, FormParts.label(messages, "onlineSetup.cap"),
                line(spinner("online-cap", 1, OnlineBookingViewModel.MAX_OPEN_PER_PHONE, 1, vm.maxOpenPerPhoneProperty())));
        grid.add(FormParts.hint(messages, "onlineSetup.capHint"), 1, row++);
        grid.addRow(row++, FormParts.label(messages, "onlineSetup.perDay"),
                line(spinner("online-per-day", 1, OnlineBookingViewModel.MAX_PER_DAY, 5, vm.maxOnlinePerDayProperty())));
        grid.add(FormParts.hint(messages, "onlineSetup.perDayHint"), 1, row++);

        HBox lists = new HBox(16, ticks(messages, "onlineSetup.services", "online-services", "online-service", vm.services()),
                ticks(messages, "onlineSetup.masters", "online-masters", "online-master", vm.masters()));
        lists.getChildren().forEach(n -> HBox.setHgrow(n, Priority.ALWAYS));

        VBox form = new VBox(12, enabled, FormParts.hint(messages, "onlineSetup.enabledHint"), grid, new Separator(), lists);
        form.disableProperty().bind(vm.loadedProperty().not());

        Label message = new Label();
        message.setId("online-message");
        message.setWrapText(true);
        message.textProperty().bind(vm.messageProperty());
        Button save = new Button(messages.get("onlineSetup.save"));
        save.setId("online-save");
        save.getStyleClass().add("accent");
        save.setDefaultButton(true);
        save.setMinWidth(Region.USE_PREF_SIZE);
        save.disableProperty().bind(vm.busyProperty().or(vm.loadedProperty().not()));
        save.setOnAction(e -> vm.save());
        Button close = new Button(messages.get("client.close"));
        close.setId("online-close");
        close.setCancelButton(true);
        close.setMinWidth(Region.USE_PREF_SIZE);
        close.setOnAction(e -> app.salondesk.gui.common.DiscardGuard.requestClose(stage));
        app.salondesk.gui.common.DiscardGuard.install(stage, vm.changedProperty(), vm::discardQuestion, messages);
        HBox buttons = new HBox(8, message, save, close);
        HBox.setHgrow(message, Priority.ALWAYS);
        message.setMaxWidth(Double.MAX_VALUE);
        buttons.setAlignment(Pos.CENTER_LEFT);
        buttons.setPadding(new Insets(8, 24, 16, 24));

        form.setPadding(new Insets(20, 24, 8, 24));
        BorderPane root = new BorderPane(form);
        root.setBottom(buttons);
        root.getStyleClass().addAll("salon-settings", "online-booking");
        root.getStylesheets().add(FormParts.STYLESHEET);
        root.setPrefWidth(720);
        stage.setScene(new Scene(root));
        app.salondesk.gui.common.DeskWindows.showModal(stage);
        vm.load();
        return stage;
    }

    private static HBox line(Node... nodes) {
        HBox line = new HBox(6, nodes);
        line.setAlignment(Pos.CENTER_LEFT);
        return line;
    }

    private static Label unit(Messages messages, String key) {
        Label l = new Label(messages.get(key));
        l.setMinWidth(Region.USE_PREF_SIZE);
        return l;
    }

    private static HBox hoursAndMinutes(Messages messages, String id, ObjectProperty<Integer> hours, ObjectProperty<Integer> minutes) {
        return line(spinner(id + "-hours", 0, OnlineBookingViewModel.MAX_MINUTES / 60, 1, hours), unit(messages, "onlineSetup.hours"),
                spinner(id + "-minutes", 0, 59, 5, minutes), unit(messages, "onlineSetup.minutes"));
    }

    /**
     * A number typed or stepped; what is typed counts as soon as it is a number in range (a
     * click on Save right after typing must not save the old value).
     */
    private static Spinner<Integer> spinner(String id, int min, int max, int step, ObjectProperty<Integer> value) {
        Spinner<Integer> s = new Spinner<>();
        SpinnerValueFactory.IntegerSpinnerValueFactory factory = new SpinnerValueFactory.IntegerSpinnerValueFactory(min, max, min, step);
        s.setValueFactory(factory);
        s.setId(id);
        s.setEditable(true);
        s.setPrefWidth(80);
        s.setMinWidth(Region.USE_PREF_SIZE);   // long words beside it wrap; the number never gives way
        factory.valueProperty().bindBidirectional(value);
        s.getEditor().textProperty().addListener((obs, was, now) -> {
            try {
                int n = Integer.parseInt(now.strip());
                if (n >= min && n <= max && !Integer.valueOf(n).equals(factory.getValue())) {
                    factory.setValue(n);
                }
            } catch (NumberFormatException notYet) {
                // half typed; the spinner puts its value back when it loses focus
            }
        });
        return s;
    }

    /** A titled column of ticks, one per service or master, that follows the list as it loads. */
    private static VBox ticks(Messages messages, String titleKey, String id, String styleClass,
                              ObservableList<OnlineBookingViewModel.Item> items) {
        VBox boxes = new VBox(4);
        boxes.setId(id);
        boxes.setPadding(new Insets(4));
        Runnable fill = () -> boxes.getChildren().setAll(items.stream().map(item -> {
            CheckBox c = new CheckBox(item.name());
            c.getStyleClass().add(styleClass);
            c.setUserData(item.id());
            c.selectedProperty().bindBidirectional(item.bookableProperty());
            return (Node) c;
        }).toList());
        items.addListener((ListChangeListener<OnlineBookingViewModel.Item>) c -> fill.run());
        fill.run();
        ScrollPane scroll = new ScrollPane(boxes);
        scroll.setFitToWidth(true);
        scroll.setPrefViewportHeight(150);
        return new VBox(4, FormParts.label(messages, titleKey), scroll);
    }
}
