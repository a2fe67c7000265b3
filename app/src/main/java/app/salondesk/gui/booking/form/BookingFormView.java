package app.salondesk.gui.booking.form;

import app.salondesk.gui.common.DiscardGuard;
import app.salondesk.gui.common.PromptFit;
import app.salondesk.gui.common.SaveInFlight;
import app.salondesk.gui.common.TypeAhead;
import app.salondesk.i18n.Messages;
import app.salondesk.model.booking.BookingOutcome;
import app.salondesk.model.booking.FreeSlot;
import app.salondesk.model.catalog.Service;
import app.salondesk.model.staff.Master;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.collections.ListChangeListener;
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
import javafx.scene.control.ProgressIndicator;
import javafx.scene.control.TextArea;
import javafx.scene.control.TextField;
import javafx.scene.input.KeyCode;
import javafx.scene.layout.ColumnConstraints;
import javafx.scene.layout.FlowPane;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import javafx.stage.Stage;
import javafx.stage.Window;
import javafx.util.StringConverter;

import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.time.format.FormatStyle;

/**
 * The booking form: builds the controls and binds them to {@link BookingFormViewModel}.
 * The engine's answer appears inside the form, next to what it concerns.
 */
public final class BookingFormView {

    private final BookingFormViewModel vm;
    private final Messages messages;
    private final VBox root = new VBox(12);
    private final VBox answerBox = new VBox(6);
    /** The save on its way, while there is one. */
    private SaveInFlight flight;

    /** Makes a client name field that searches as you type and reports the client picked. */
    @FunctionalInterface
    public interface ClientSearch {
        TextField field(java.util.function.Consumer<app.salondesk.model.clients.ClientSummary> onPick);
    }

    private final ClientSearch clientSearch;
    /** For admins: opens, over the form, the list of who holds the masters' locks; null for others. */
    private java.util.function.Consumer<Window> whoHolds;

    public BookingFormView(BookingFormViewModel vm, Messages messages, ClientSearch clientSearch) {
        this.vm = vm;
        this.messages = messages;
        this.clientSearch = clientSearch;
        build();
    }

    /** Opens the form as a window of its own, modal to the main window; Esc closes it (asking first when something was typed). */
    public static Stage open(Window owner, BookingFormViewModel vm, Messages messages, ClientSearch clientSearch) {
        return open(owner, vm, messages, clientSearch, null);
    }

    /**
     * @param whoHolds for admins, opens the list of who holds the masters' locks over the form,
     *                 offered next to "busy, please try again"; null offers nothing
     */
    public static Stage open(Window owner, BookingFormViewModel vm, Messages messages, ClientSearch clientSearch,
                             java.util.function.Consumer<Window> whoHolds) {
        BookingFormView view = new BookingFormView(vm, messages, clientSearch);
        view.whoHolds = whoHolds;
        Stage stage = new Stage();
        stage.initOwner(owner);
        stage.setTitle(messages.get(vm.editing() ? "form.titleEdit" : "form.titleNew"));
        Scene scene = new Scene(view.root(), 620, 640);
        scene.getStylesheets().add(BookingFormView.class.getResource("/app/salondesk/gui/common/salondesk.css").toExternalForm());
        scene.setOnKeyPressed(e -> {
            if (e.getCode() == KeyCode.ESCAPE) {
                DiscardGuard.requestClose(stage);
            }
        });
        // what the form opened with is no change; anything typed since is asked about on closing (issue 31)
        vm.markUnchanged();
        DiscardGuard.install(stage, vm.changedProperty(), vm::discardQuestion, messages);
        stage.setScene(scene);
        app.salondesk.gui.common.DeskWindows.showModal(stage);
        return stage;
    }

    public Parent root() {
        return root;
    }

    /**
     * Adds a button of another screen beside Cancel and Save of a form opened by {@link #open} (the
     * shell's "Check out…", issue 34): the form knows no checkout.
     */
    public static void addAction(Stage formStage, javafx.scene.Node action) {
        javafx.scene.Node save = formStage.getScene().lookup("#form-save");
        if (save != null && save.getParent() instanceof HBox buttons) {
            buttons.getChildren().add(Math.max(0, buttons.getChildren().indexOf(save) - 1), action);
        }
    }

    private void build() {
        root.setPadding(new Insets(16));
        root.getStyleClass().add("booking-form");

        TextField name;
        if (clientSearch != null && !vm.editing()) {
            // typing a name or phone offers existing clients; picking one fills name and phone
            name = clientSearch.field(c -> vm.chooseClient(c.id(), c.name(), c.phone()));
            name.setId("form-client-name");
            name.setPromptText(messages.get("form.clientSearch"));
            PromptFit.fit(name);
            name.textProperty().bindBidirectional(vm.clientNameProperty());
        } else {
            name = text("form-client-name", vm.clientNameProperty(), messages.get("form.clientName"));
        }
        name.setDisable(vm.editing());
        TextField phone = text("form-client-phone", vm.clientPhoneProperty(), messages.get("form.clientPhone"));
        phone.setDisable(vm.editing());

        ComboBox<Service> service = new ComboBox<>();

        TypeAhead.install(service);
        service.setId("form-service");
        service.getItems().add(null);
        service.getItems().addAll(vm.services());
        service.valueProperty().bindBidirectional(vm.serviceProperty());
        service.setConverter(new StringConverter<>() {
            @Override
            public String toString(Service s) {
                return vm.serviceLabel(s);
            }

            @Override
            public Service fromString(String string) {
                return null;
            }
        });
        service.setButtonCell(new ListCell<>() {
            @Override
            protected void updateItem(Service s, boolean empty) {
                super.updateItem(s, empty);
                setText(empty ? null : service.getConverter().toString(s));
            }
        });
        service.setMaxWidth(Double.MAX_VALUE);
        service.setDisable(vm.editing());
        Label price = new Label();
        price.setId("form-price");
        price.textProperty().bind(vm.priceProperty());
        price.setMinWidth(Region.USE_PREF_SIZE);

        ComboBox<Master> master = new ComboBox<>(vm.masters());

        TypeAhead.install(master);
        master.setId("form-master");
        master.valueProperty().bindBidirectional(vm.masterProperty());
        master.setConverter(new StringConverter<>() {
            @Override
            public String toString(Master m) {
                return m == null ? "" : m.name();
            }

            @Override
            public Master fromString(String string) {
                return null;
            }
        });
        master.setMaxWidth(Double.MAX_VALUE);

        DatePicker date = new DatePicker();
        date.setId("form-date");
        date.valueProperty().bindBidirectional(vm.dateProperty());
        TextField time = text("form-time", vm.timeProperty(), "15:30");
        time.setPrefColumnCount(5);
        TextField duration = text("form-duration", vm.durationProperty(), "60");
        duration.setPrefColumnCount(4);

        // every free start of the day, a row per part of the day (issue 31)
        VBox chips = new VBox(4);
        chips.setId("form-free-starts");
        Runnable fillChips = () -> {
            chips.getChildren().clear();
            if (!vm.freeStartsNoteProperty().get().isEmpty()) {
                Label none = new Label(vm.freeStartsNoteProperty().get());
                none.setId("form-free-starts-note");
                none.getStyleClass().add("hint");
                chips.getChildren().add(none);
            }
            for (FreeStarts.Part part : FreeStarts.Part.values()) {
                FlowPane row = new FlowPane(6, 6);
                vm.freeStarts().stream().filter(t -> vm.partOfDay(t) == part).forEach(t -> {
                    // on a fall-back day the two 03:30s say which is which, and each books its own instant
                    Button chip = new Button(vm.startLabel(t));
                    chip.getStyleClass().add("free-start");
                    chip.setUserData(t);
                    chip.setOnAction(e -> vm.chooseStart(t));
                    row.getChildren().add(chip);
                });
                if (!row.getChildren().isEmpty()) {
                    Label heading = new Label(vm.partName(part));
                    heading.getStyleClass().add("free-starts-part");
                    heading.setId("form-free-starts-" + part.name().toLowerCase(java.util.Locale.ROOT));
                    heading.setPrefWidth(90);
                    heading.setMinWidth(Region.USE_PREF_SIZE);
                    heading.setPadding(new javafx.geometry.Insets(4, 0, 0, 0));
                    HBox line = new HBox(8, heading, row);
                    HBox.setHgrow(row, Priority.ALWAYS);
                    chips.getChildren().add(line);
                }
            }
        };
        vm.freeStarts().addListener((ListChangeListener<java.time.Instant>) c -> fillChips.run());
        vm.freeStartsNoteProperty().addListener((obs, old, now) -> fillChips.run());
        fillChips.run();

        TextArea note = new TextArea();
        note.setId("form-note");
        note.setPrefRowCount(3);
        note.setWrapText(true);
        note.textProperty().bindBidirectional(vm.noteProperty());

        CheckBox outside = new CheckBox(messages.get("form.outsideHours"));
        outside.setId("form-outside-hours");
        outside.selectedProperty().bindBidirectional(vm.outsideHoursProperty());
        // an admin's to tick (ADR 5); a booking placed outside the hours shows it to everyone, kept
        outside.visibleProperty().bind(vm.overrideOfferedProperty().or(vm.overrideKeptProperty()));
        outside.managedProperty().bind(outside.visibleProperty());
        outside.disableProperty().bind(vm.overrideOfferedProperty().not().or(vm.overrideKeptProperty()));

        GridPane grid = new GridPane();
        grid.setHgap(10);
        grid.setVgap(4);
        ColumnConstraints labels = new ColumnConstraints();
        labels.setMinWidth(110);
        ColumnConstraints fields = new ColumnConstraints();
        fields.setHgrow(Priority.ALWAYS);
        grid.getColumnConstraints().addAll(labels, fields);
        int row = 0;
        grid.addRow(row++, label("form.client"), new HBox(8, grow(name), phone));
        grid.add(errors(vm.visibleError("client", vm.clientErrorProperty()), vm.visibleError("phone", vm.phoneErrorProperty())), 1, row++);
        Label noShows = new Label();
        noShows.setId("form-no-shows");
        noShows.getStyleClass().add("no-shows-warning");
        noShows.textProperty().bind(vm.noShowsProperty());
        noShows.visibleProperty().bind(vm.noShowsProperty().isNotEmpty());
        noShows.managedProperty().bind(noShows.visibleProperty());
        grid.add(noShows, 1, row++);
        Label alerts = new Label();
        alerts.setId("form-alerts");
        alerts.getStyleClass().addAll("no-shows-warning", "client-alerts");
        alerts.setWrapText(true);
        alerts.textProperty().bind(vm.alertsProperty());
        alerts.visibleProperty().bind(vm.alertsProperty().isNotEmpty());
        alerts.managedProperty().bind(alerts.visibleProperty());
        grid.add(alerts, 1, row++);
        // a service with a consent form she never signed (issue 36): said, with the way to sign it now
        Label consent = new Label();
        consent.setId("form-consent");
        consent.getStyleClass().add("no-shows-warning");
        consent.setWrapText(true);
        consent.textProperty().bind(vm.consentProperty());
        Button signNow = new Button(messages.get("form.consent.signNow"));
        signNow.setId("form-consent-sign");
        signNow.setOnAction(e -> vm.signConsent());
        HBox consentRow = new HBox(8, consent, signNow);
        consentRow.setAlignment(Pos.CENTER_LEFT);
        consentRow.visibleProperty().bind(vm.consentProperty().isNotEmpty());
        consentRow.managedProperty().bind(consentRow.visibleProperty());
        grid.add(consentRow, 1, row++);
        grid.addRow(row++, label("form.service"), new HBox(8, grow(service), price));
        grid.add(error(vm.visibleError("service", vm.serviceErrorProperty())), 1, row++);
        grid.addRow(row++, label("form.master"), master);
        grid.add(error(vm.visibleError("master", vm.masterErrorProperty())), 1, row++);
        HBox when = new HBox(8, date, label("form.time"), time, label("form.duration"), duration);
        when.setAlignment(Pos.CENTER_LEFT);
        grid.addRow(row++, label("form.date"), when);
        grid.add(errors(vm.visibleError("time", vm.timeErrorProperty()), vm.visibleError("duration", vm.durationErrorProperty())), 1, row++);
        Label stay = new Label();
        stay.setId("form-stay");
        stay.textProperty().bind(vm.stayProperty());
        stay.visibleProperty().bind(vm.stayProperty().isNotEmpty());
        stay.managedProperty().bind(stay.visibleProperty());
        grid.add(stay, 1, row++);
        grid.add(twice(), 1, row++);
        // a whole day's starts take room: past some six rows they scroll, the form keeps its size
        javafx.scene.control.ScrollPane freeScroll = new javafx.scene.control.ScrollPane(chips);
        freeScroll.setId("form-free-starts-scroll");
        freeScroll.getStyleClass().add("free-starts-scroll");
        freeScroll.setFitToWidth(true);
        freeScroll.setHbarPolicy(javafx.scene.control.ScrollPane.ScrollBarPolicy.NEVER);
        freeScroll.setMaxHeight(190);
        freeScroll.setFocusTraversable(false);
        grid.addRow(row++, label("form.freeStarts"), freeScroll);
        grid.addRow(row++, label("form.note"), note);
        grid.add(error(vm.visibleError("note", vm.noteErrorProperty())), 1, row++);
        grid.add(outside, 1, row++);
        SeriesPart series = new SeriesPart(vm, messages);
        grid.add(series.controls(), 1, row);

        answerBox.setId("form-answer");
        answerBox.getStyleClass().add("form-answer");
        vm.answerProperty().addListener((obs, old, a) -> showAnswer(a));
        Label general = error(vm.generalErrorProperty());
        general.setId("form-general-error");

        // from Save until the answer: nothing is typed or sent again, and a save long enough to
        // notice says so as the calendar's drop does ("saving…", then "waiting for the schedule…")
        grid.disableProperty().bind(vm.savingProperty());
        ProgressIndicator busy = new ProgressIndicator();
        busy.setId("form-saving-spinner");
        busy.setPrefSize(18, 18);
        Label savingText = new Label();
        savingText.setId("form-saving");
        savingText.getStyleClass().add("hint");
        HBox savingState = new HBox(6, busy, savingText);
        savingState.setAlignment(Pos.CENTER_LEFT);
        savingState.setVisible(false);
        vm.savingProperty().addListener((obs, was, now) -> {
            if (flight != null) {
                flight.settle();
                flight = null;
            }
            if (now) {
                SaveInFlight f = SaveInFlight.start();
                f.phaseProperty().addListener((o, before, phase) -> {
                    savingState.setVisible(SaveInFlight.shown(phase));
                    savingText.setText(SaveInFlight.words(messages, phase));
                });
                flight = f;
            }
        });
        Button cancel = new Button(messages.get("form.cancel"));
        cancel.setId("form-cancel");
        cancel.setCancelButton(true);
        cancel.setOnAction(e -> {
            if (root.getScene() != null && root.getScene().getWindow() instanceof Stage st) {
                DiscardGuard.requestClose(st);
            }
        });
        Button save = new Button(messages.get("form.save"));
        save.setId("form-save");
        save.setDefaultButton(true);
        save.disableProperty().bind(vm.savingProperty());
        save.setOnAction(e -> vm.save());
        Region gap = new Region();
        HBox.setHgrow(gap, Priority.ALWAYS);
        HBox buttons = new HBox(8, savingState, gap, cancel, save);
        buttons.setAlignment(Pos.CENTER_RIGHT);
        // the waitlist's answer, whichever button asked (here, or after "just taken")
        Label joined = new Label();
        joined.setId("form-waitlist-answer");
        joined.setWrapText(true);
        joined.textProperty().bind(vm.waitlistAnswerProperty());
        joined.visibleProperty().bind(vm.waitlistAnswerProperty().isNotEmpty());
        joined.managedProperty().bind(joined.visibleProperty());
        if (vm.waitlistOffered()) {
            // nothing suits the client today: wait for this day instead of booking
            Button wait = new Button(messages.get("form.waitInstead"));
            wait.setId("form-waitlist");
            wait.disableProperty().bind(vm.waitlistAnswerProperty().isNotEmpty().or(vm.savingProperty()));
            wait.setOnAction(e -> vm.joinWaitlist());
            buttons.getChildren().add(1, wait);
        }

        // an online booking whose phone is a client's but whose typed name is not: decided here (issue 29)
        root.getChildren().addAll(OnlineMatchBanner.of(vm, messages), grid, general, answerBox, series.answer(), joined, buttons);
        vm.onSaved(b -> close());
        // a series closes once every occurrence went through; otherwise its rows stay to pick from
        vm.repeat().allDoneProperty().addListener((obs, was, done) -> {
            if (done) {
                close();
            }
        });
    }

    /**
     * For a typed time that happens twice that day (a fall-back day): which of the two it is,
     * and a button for the other one.
     */
    private Node twice() {
        Label which = new Label();
        which.setId("form-start-note");
        which.setWrapText(true);
        which.getStyleClass().add("hint");
        which.textProperty().bind(vm.startNoteProperty());
        Button other = new Button();
        other.setId("form-start-other");
        other.textProperty().bind(javafx.beans.binding.Bindings.createStringBinding(() -> vm.otherStartProperty().get() == null ? ""
                : messages.format("form.start.pickOther", vm.startLabel(vm.otherStartProperty().get())), vm.otherStartProperty()));
        other.setOnAction(e -> vm.pickOtherStart());
        other.setMinWidth(Region.USE_PREF_SIZE);   // the note wraps, the button says all of its time
        HBox.setHgrow(which, Priority.ALWAYS);
        HBox box = new HBox(8, which, other);
        box.setAlignment(Pos.CENTER_LEFT);
        box.visibleProperty().bind(vm.otherStartProperty().isNotNull());
        box.managedProperty().bind(box.visibleProperty());
        return box;
    }

    private void close() {
        if (root.getScene() != null && root.getScene().getWindow() instanceof Stage s) {
            s.close();
        }
    }

    private void showAnswer(BookingOutcome a) {
        answerBox.getChildren().clear();
        if (a == null) {
            return;
        }
        a.fold(
                booked -> null,
                taken -> {
                    Label l = new Label(messages.get("form.justTaken"));
                    l.getStyleClass().add("answer-title");
                    FlowPane slots = new FlowPane(6, 6);
                    for (FreeSlot s : taken.nearestFree()) {
                        ZonedDateTime t = s.start().atZone(vm.salon().zone());
                        String text = (t.toLocalDate().equals(vm.dateProperty().get()) ? vm.fieldTime(t.toLocalTime())
                                : t.format(DateTimeFormatter.ofLocalizedDateTime(FormatStyle.SHORT).withLocale(messages.locale())))
                                + (s.sameMaster() ? "" : " \u00B7 " + s.masterName());
                        Button b = new Button(text);
                        b.getStyleClass().add("taken-slot");
                        b.setOnAction(e -> vm.saveAt(s));
                        slots.getChildren().add(b);
                    }
                    if (taken.nearestFree().isEmpty()) {
                        slots.getChildren().add(new Label(messages.get("cli.nearestNone")));
                    }
                    answerBox.getChildren().addAll(l, new Label(messages.get("form.pickFree")), slots);
                    if (vm.waitlistOffered()) {
                        // or wait for this day: the waitlist books the first time that frees up
                        Button join = new Button(messages.get("form.joinWaitlist"));
                        join.setId("form-join-waitlist");
                        join.disableProperty().bind(vm.waitlistAnswerProperty().isNotEmpty());
                        join.setOnAction(e -> vm.joinWaitlist());
                        answerBox.getChildren().add(join);
                    }
                    return null;
                },
                tryAgain -> {
                    Label l = new Label(messages.get(switch (tryAgain.why()) {
                        case BUSY -> "form.busy";
                        case CONNECTION_LOST -> "form.lost";
                        case CONNECTION_LOST_UNKNOWN -> "form.lostUnknown";
                    }));
                    l.setWrapText(true);
                    l.getStyleClass().add("answer-title");
                    Button again = new Button(messages.get("form.tryAgain"));
                    again.setId("form-try-again");
                    again.setOnAction(e -> vm.save());
                    HBox buttons = new HBox(8, again);
                    if (whoHolds != null && tryAgain.why() == BookingOutcome.TryAgain.Why.BUSY) {
                        // a busy answer that does not go away is someone holding the master's lock
                        Button who = new Button(messages.get("form.whoHolds"));
                        who.setId("form-who-holds");
                        who.setOnAction(e -> whoHolds.accept(root.getScene().getWindow()));
                        buttons.getChildren().add(who);
                    }
                    answerBox.getChildren().addAll(l, buttons);
                    return null;
                },
                changed -> {
                    Label l = new Label(messages.get("form.changedByOthers"));
                    l.getStyleClass().add("answer-title");
                    ZonedDateTime t = changed.current().start().atZone(vm.salon().zone());
                    Label now = new Label(messages.format("form.theirVersion",
                            t.format(DateTimeFormatter.ofLocalizedDateTime(FormatStyle.MEDIUM, FormatStyle.SHORT).withLocale(messages.locale())),
                            changed.current().durationMin(),
                            messages.get("booking.status." + changed.current().status().dbValue())));
                    Button reload = new Button(messages.get("form.reload"));
                    reload.setId("form-reload");
                    reload.setOnAction(e -> vm.reload());
                    answerBox.getChildren().addAll(l, now, reload);
                    return null;
                },
                invalid -> null);   // shown next to its field by the view model
    }

    private static TextField text(String id, javafx.beans.property.StringProperty property, String prompt) {
        TextField f = new TextField();
        f.setId(id);
        f.setPromptText(prompt);
        f.textProperty().bindBidirectional(property);
        return f;
    }

    private static <T extends Region> T grow(T node) {
        HBox.setHgrow(node, Priority.ALWAYS);
        node.setMaxWidth(Double.MAX_VALUE);
        return node;
    }

    private Label label(String key) {
        Label l = new Label(messages.get(key));
        l.getStyleClass().add("form-label");
        return l;
    }

    private static Label error(javafx.beans.value.ObservableStringValue text) {
        Label l = new Label();
        l.getStyleClass().add("field-error");
        l.textProperty().bind(text);
        l.managedProperty().bind(l.textProperty().isNotEmpty());
        l.visibleProperty().bind(l.textProperty().isNotEmpty());
        l.setWrapText(true);
        return l;
    }

    private static Node errors(javafx.beans.value.ObservableStringValue a, javafx.beans.value.ObservableStringValue b) {
        VBox box = new VBox(2, error(a), error(b));
        return box;
    }
}
