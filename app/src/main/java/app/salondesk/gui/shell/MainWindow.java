package app.salondesk.gui.shell;

import app.salondesk.gui.calendar.DayScheduleView;
import app.salondesk.gui.calendar.DayScheduleViewModel;
import app.salondesk.gui.calendar.ResourceDayView;
import app.salondesk.gui.calendar.ResourceDayViewModel;
import app.salondesk.gui.common.TypeAhead;
import app.salondesk.i18n.Messages;
import app.salondesk.model.staff.Master;
import javafx.animation.PauseTransition;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.Parent;
import javafx.scene.control.Button;
import javafx.scene.control.CheckBox;
import javafx.scene.control.ComboBox;
import javafx.scene.control.DatePicker;
import javafx.scene.control.Label;
import javafx.scene.control.ListCell;
import javafx.scene.control.ProgressIndicator;
import javafx.scene.control.TextInputControl;
import javafx.scene.control.ToggleButton;
import javafx.scene.control.ToggleGroup;
import javafx.scene.control.Tooltip;
import javafx.scene.input.KeyCode;
import javafx.scene.input.KeyEvent;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import javafx.util.Duration;
import javafx.util.StringConverter;

import java.time.format.DateTimeFormatter;
import java.time.format.FormatStyle;
import java.util.List;

/** The main window's content: toolbar, the day's schedule, notifications, status bar. */
public final class MainWindow {

    private final BorderPane root = new BorderPane();
    private final DayScheduleView schedule;
    private final VBox banners = new VBox();
    private final HBox clientSearchSlot = new HBox();
    private final Label connection = new Label();
    private final HBox demoMarker = new HBox(8);
    private final javafx.scene.control.Hyperlink backupWarning = new javafx.scene.control.Hyperlink();
    private final javafx.scene.control.Hyperlink messagesWarning = new javafx.scene.control.Hyperlink();
    private final javafx.scene.control.MenuItem changePassword = new javafx.scene.control.MenuItem();
    private Runnable focusClientSearch = () -> { };
    private final DayScheduleViewModel vm;
    private final Messages messages;
    private final FrontDeskActions actions;
    private final BorderPane center;
    private final javafx.scene.control.MenuButton more;
    private final ToggleButton weekButton;
    private final ComboBox<Master> filter;
    private final CheckBox showCancelled;

    public MainWindow(DayScheduleViewModel vm, Messages messages, String userName, String databaseLabel, FrontDeskActions actions) {
        this(vm, messages, userName, databaseLabel, actions, true);
    }

    /** @param adminScreens whether to offer admin screens (Staff); PostgreSQL refuses them to others anyway */
    public MainWindow(DayScheduleViewModel vm, Messages messages, String userName, String databaseLabel, FrontDeskActions actions,
                      boolean adminScreens) {
        this.vm = vm;
        this.messages = messages;
        this.actions = actions;
        this.schedule = new DayScheduleView(vm, messages);
        schedule.setOnNewBooking(actions::newBooking);
        schedule.setOnOpenBooking(actions::openBooking);
        schedule.setOnOpenClient(actions::openClientOf);
        schedule.setOnCheckout(actions::openCheckout);
        schedule.setOnOpenHistory(actions::openHistory);
        schedule.setOnOpenMessages(actions::openMessages);

        Button previous = new Button("\u25C0");
        previous.setTooltip(new Tooltip(messages.get("toolbar.previous") + " (\u2190)"));
        previous.getStyleClass().add("nav-previous");
        previous.setOnAction(e -> vm.previousDay());
        Button today = new Button(messages.get("toolbar.today"));
        today.setTooltip(new Tooltip(messages.get("toolbar.today") + " (T)"));
        today.getStyleClass().add("nav-today");
        today.setOnAction(e -> vm.today());
        Button next = new Button("\u25B6");
        next.setTooltip(new Tooltip(messages.get("toolbar.next") + " (\u2192)"));
        next.getStyleClass().add("nav-next");
        next.setOnAction(e -> vm.nextDay());
        DatePicker picker = new DatePicker();
        picker.valueProperty().bindBidirectional(vm.dateProperty());
        picker.setPromptText(messages.get("toolbar.date"));
        picker.getStyleClass().add("nav-date");
        picker.setPrefWidth(130);
        Label dayTitle = new Label();
        dayTitle.getStyleClass().add("day-title");
        dayTitle.setId("day-title");
        this.showCancelled = new CheckBox(messages.get("toolbar.showCancelled"));
        showCancelled.setId("show-cancelled");
        showCancelled.selectedProperty().bindBidirectional(vm.showCancelledProperty());
        Button newBooking = new Button(messages.get("toolbar.newBooking"));
        newBooking.setId("new-booking");
        newBooking.getStyleClass().add("accent");
        newBooking.setTooltip(new Tooltip(messages.get("toolbar.newBooking") + " (Ctrl+N)"));
        newBooking.disableProperty().bind(vm.editableProperty().not());
        newBooking.setOnAction(e -> actions.newBooking(null, null));
        ToggleGroup mode = new ToggleGroup();
        ToggleButton day = new ToggleButton(messages.get("toolbar.day"));
        day.setId("mode-day");
        ToggleButton week = new ToggleButton(messages.get("toolbar.week"));
        week.setId("mode-week");
        day.setToggleGroup(mode);
        week.setToggleGroup(mode);
        day.setSelected(true);
        mode.selectedToggleProperty().addListener((obs, old, now) -> {
            if (now == null) {
                old.setSelected(true);   // one of the two is always chosen
            } else if (now == week) {
                vm.showWeek();
            } else {
                vm.showDay();
            }
        });
        this.weekButton = week;
        ComboBox<Master> filter = new ComboBox<>();
        TypeAhead.install(filter);
        this.filter = filter;
        filter.setId("master-filter");
        filter.getItems().add(null);
        filter.getItems().addAll(vm.masters());
        filter.valueProperty().bindBidirectional(vm.masterFilterProperty());
        filter.setConverter(new StringConverter<>() {
            @Override
            public String toString(Master m) {
                return m == null ? messages.get("toolbar.allMasters") : m.name();
            }

            @Override
            public Master fromString(String s) {
                return null;
            }
        });
        filter.setButtonCell(new ListCell<>() {
            @Override
            protected void updateItem(Master m, boolean empty) {
                super.updateItem(m, empty);
                setText(empty ? null : filter.getConverter().toString(m));
            }
        });
        // the occasional screens sit behind one menu button, so the toolbar keeps room for the day
        javafx.scene.control.MenuItem utilisation = new javafx.scene.control.MenuItem(messages.get("toolbar.utilisation"));
        utilisation.setId("utilisation");
        utilisation.setOnAction(e -> actions.openUtilisation());
        javafx.scene.control.MenuItem staff = new javafx.scene.control.MenuItem(messages.get("toolbar.staff"));
        staff.setId("staff");
        staff.setOnAction(e -> actions.openStaff());
        staff.setVisible(adminScreens);
        // everyone may look at the salon's setup; the windows offer its actions to admins only
        javafx.scene.control.MenuItem setupMasters = new javafx.scene.control.MenuItem(messages.get("toolbar.masters"));
        setupMasters.setId("setup-masters");
        setupMasters.setOnAction(e -> actions.openMasters());
        javafx.scene.control.MenuItem setupServices = new javafx.scene.control.MenuItem(messages.get("toolbar.services"));
        setupServices.setId("setup-services");
        setupServices.setOnAction(e -> actions.openServices());
        javafx.scene.control.MenuItem setupResources = new javafx.scene.control.MenuItem(messages.get("toolbar.resources"));
        setupResources.setId("setup-resources");
        setupResources.setOnAction(e -> actions.openResources());
        javafx.scene.control.MenuItem settings = new javafx.scene.control.MenuItem(messages.get("toolbar.settings"));
        settings.setId("settings");
        settings.setOnAction(e -> actions.openSettings());
        changePassword.setText(messages.get("toolbar.changePassword"));
        changePassword.setId("change-password");
        changePassword.setOnAction(e -> actions.openChangePassword());
        changePassword.setVisible(false);   // only for staff on a shared server, once the server has said who signed in
        more = new javafx.scene.control.MenuButton("\u2630", null, utilisation, setupMasters, setupServices,
                setupResources, staff,
                changePassword, settings);
        more.getItems().add(more.getItems().indexOf(settings), salonSettingsItem(messages, actions, adminScreens));
        more.getItems().add(more.getItems().indexOf(settings), adminItem(messages.get("toolbar.onlineBooking"), "online-booking",
                actions::openOnlineBooking, adminScreens));
        javafx.scene.control.MenuItem waitlist = new javafx.scene.control.MenuItem(messages.get("toolbar.waitlist"));
        waitlist.setId("waitlist");
        waitlist.setOnAction(e -> actions.openWaitlist());
        more.getItems().add(1, waitlist);
        javafx.scene.control.MenuItem tomorrow = new javafx.scene.control.MenuItem(messages.get("toolbar.tomorrow"));
        tomorrow.setId("tomorrow");
        tomorrow.setOnAction(e -> actions.openTomorrow());
        more.getItems().add(2, tomorrow);
        more.getItems().add(more.getItems().indexOf(settings), adminItem(messages.get("toolbar.messages"), "message-settings",
                actions::openMessageSettings, adminScreens));
        // the consent forms clients sign (issue 36): an admin's to write
        more.getItems().add(more.getItems().indexOf(settings), adminItem(messages.get("toolbar.consentForms"), "consent-forms",
                actions::openConsentForms, adminScreens));
        javafx.scene.control.MenuItem visit = new javafx.scene.control.MenuItem(messages.get("toolbar.newVisit"));
        visit.setId("new-visit");
        visit.setOnAction(e -> actions.openVisit());
        visit.disableProperty().bind(vm.editableProperty().not());
        more.getItems().add(0, visit);
        javafx.scene.control.MenuItem export = new javafx.scene.control.MenuItem(messages.get("toolbar.export"));
        export.setId("export");
        export.setOnAction(e -> actions.openExport());
        more.getItems().add(2, export);
        javafx.scene.control.MenuItem print = new javafx.scene.control.MenuItem(messages.get("toolbar.print"));
        print.setId("print");
        print.setAccelerator(new javafx.scene.input.KeyCodeCombination(KeyCode.P, javafx.scene.input.KeyCombination.SHORTCUT_DOWN));
        print.setOnAction(e -> actions.openPrint());
        more.getItems().add(3, print);
        // the day's money (issue 34): selling, the till, takings, products; commissions for admins and managers
        javafx.scene.control.MenuItem sell = new javafx.scene.control.MenuItem(messages.get("toolbar.sell"));
        sell.setId("sell");
        sell.setOnAction(e -> actions.openWalkInSale());
        sell.disableProperty().bind(vm.editableProperty().not());
        javafx.scene.control.MenuItem till = new javafx.scene.control.MenuItem(messages.get("toolbar.till"));
        till.setId("till");
        till.setOnAction(e -> actions.openTill());
        javafx.scene.control.MenuItem takings = new javafx.scene.control.MenuItem(messages.get("toolbar.takings"));
        takings.setId("takings");
        takings.setOnAction(e -> actions.openTakings());
        javafx.scene.control.MenuItem products = new javafx.scene.control.MenuItem(messages.get("toolbar.products"));
        products.setId("products");
        products.setOnAction(e -> actions.openProducts());
        javafx.scene.control.MenuItem commissions = new javafx.scene.control.MenuItem(messages.get("toolbar.commissions"));
        commissions.setId("commissions");
        commissions.setOnAction(e -> actions.openCommissions());
        commissions.setVisible(adminScreens || !vm.editableProperty().get());
        // a manager's figures (issue 35): managers and admins, as the database's grants say
        javafx.scene.control.MenuItem reports = new javafx.scene.control.MenuItem(messages.get("toolbar.reports"));
        reports.setId("reports");
        reports.setOnAction(e -> actions.openReports());
        reports.setVisible(adminScreens || !vm.editableProperty().get());
        // the client list (issue 36): every staff group reads the salon's clients
        javafx.scene.control.MenuItem clientList = new javafx.scene.control.MenuItem(messages.get("toolbar.clientList"));
        clientList.setId("client-list");
        clientList.setOnAction(e -> actions.openClientList());
        more.getItems().addAll(4, List.of(new javafx.scene.control.SeparatorMenuItem(), clientList, sell, till, takings, reports, products, commissions,
                new javafx.scene.control.SeparatorMenuItem()));
        more.getItems().addAll(new javafx.scene.control.SeparatorMenuItem(), QuitItem.of(messages, () -> root.getScene() == null ? null : root.getScene().getWindow()));
        more.setId("more");
        more.setTooltip(new Tooltip(messages.get("toolbar.more")));
        Region spacer = new Region();
        HBox.setHgrow(spacer, Priority.ALWAYS);
        HBox toolbar = new HBox(8, previous, today, next, picker, dayTitle, spacer, clientSearchSlot, day, week, filter, showCancelled, newBooking, more);
        toolbar.setAlignment(Pos.CENTER_LEFT);
        toolbar.setPadding(new Insets(8, 12, 8, 12));
        // buttons keep their words; the long day title gives way first on a narrow screen
        for (javafx.scene.Node n : List.of(previous, today, next, picker, day, week, filter, showCancelled, newBooking, more)) {
            ((Region) n).setMinWidth(Region.USE_PREF_SIZE);
        }
        dayTitle.setMinWidth(Region.USE_PREF_SIZE);
        toolbar.getStyleClass().add("main-toolbar");
        // nothing falls off a narrow window: the title shortens, then controls move into ☰
        List<javafx.scene.control.MenuItem> modeItems = ToolbarFit.modeItems(day, week);
        javafx.scene.control.MenuItem filterItem = ToolbarFit.choiceMenu(messages.get("toolbar.allMasters"), "master-filter-item", filter);
        javafx.scene.control.MenuItem cancelledItem = ToolbarFit.checkItem(messages.get("toolbar.showCancelled"), "show-cancelled-item",
                vm.showCancelledProperty());
        more.getItems().addAll(0, List.of(cancelledItem, filterItem));
        more.getItems().addAll(0, modeItems);
        List<java.util.function.Function<java.time.LocalDate, String>> titles = new java.util.ArrayList<>();
        for (FormatStyle style : FormatStyle.values()) {
            titles.add(DateTimeFormatter.ofLocalizedDate(style).withLocale(messages.locale())::format);
        }
        ToolbarFit fit = new ToolbarFit(toolbar, dayTitle, ToolbarFit.forms(vm.dateProperty()::get, titles), 60, List.of(
                new ToolbarFit.Collapsible(List.of(showCancelled), List.of(cancelledItem)),
                new ToolbarFit.Collapsible(List.of(filter), List.of(filterItem)),
                new ToolbarFit.Collapsible(List.of(day, week), modeItems)));
        vm.dateProperty().addListener((obs, old, now) -> fit.fit());
        dayTitle.setText(DateTimeFormatter.ofLocalizedDate(FormatStyle.FULL).withLocale(messages.locale()).format(vm.dateProperty().get()));

        // the fate of the last drag or menu action, in one sentence; it fades after a while
        Label note = new Label();
        note.setId("notification");
        note.getStyleClass().add("notification");
        note.setMaxWidth(Double.MAX_VALUE);
        note.setWrapText(true);
        note.textProperty().bind(vm.notificationProperty());
        note.visibleProperty().bind(vm.notificationProperty().isNotEmpty());
        note.managedProperty().bind(note.visibleProperty());
        note.setOnMouseClicked(e -> vm.clearNotification());
        PauseTransition fade = new PauseTransition(Duration.seconds(10));
        fade.setOnFinished(e -> vm.clearNotification());
        vm.notificationProperty().addListener((obs, old, now) -> {
            if (!now.isEmpty()) {
                fade.playFromStart();
            }
        });
        banners.getChildren().add(UndoNotice.around(note, vm, messages, root));

        Label status = new Label();
        status.getStyleClass().add("status-text");
        status.textProperty().bind(vm.statusProperty());
        ProgressIndicator busy = new ProgressIndicator();
        busy.setPrefSize(14, 14);
        busy.visibleProperty().bind(vm.loadingProperty());
        Label salon = new Label(vm.salon().name());
        salon.getStyleClass().add("salon-name");
        Label user = new Label(messages.format("status.user", userName));
        user.setId("signed-in");
        Label db = new Label(databaseLabel);
        db.setId("database");
        connection.setId("connection-state");
        connection.getStyleClass().add("connection-state");
        Region gap = new Region();
        HBox.setHgrow(gap, Priority.ALWAYS);
        demoMarker.setId("demo-marker");
        // on a narrow screen the salon's name, the login and the database give way, never this
        demoMarker.setMinWidth(Region.USE_PREF_SIZE);
        status.setMinWidth(Region.USE_PREF_SIZE);
        connection.setMinWidth(Region.USE_PREF_SIZE);
        demoMarker.getStyleClass().add("demo-marker");
        demoMarker.setAlignment(Pos.CENTER_LEFT);
        demoMarker.setVisible(false);
        demoMarker.managedProperty().bind(demoMarker.visibleProperty());
        backupWarning.setId("backup-warning");
        backupWarning.getStyleClass().add("backup-warning");
        backupWarning.setMinWidth(Region.USE_PREF_SIZE);
        backupWarning.setVisible(false);
        backupWarning.managedProperty().bind(backupWarning.visibleProperty());
        messagesWarning.setId("messages-warning");
        messagesWarning.getStyleClass().add("backup-warning");
        messagesWarning.setMinWidth(Region.USE_PREF_SIZE);
        messagesWarning.visibleProperty().bind(messagesWarning.textProperty().isNotEmpty());
        messagesWarning.managedProperty().bind(messagesWarning.visibleProperty());
        HBox statusBar = new HBox(12, status, busy, gap, messagesWarning, backupWarning, demoMarker, salon, new Label("\u00B7"), user, new Label("\u00B7"), db, connection);
        statusBar.setAlignment(Pos.CENTER_LEFT);
        statusBar.setPadding(new Insets(4, 12, 4, 12));
        statusBar.getStyleClass().add("status-bar");

        center = new BorderPane(schedule.node());
        center.setTop(banners);
        root.setTop(toolbar);
        root.setCenter(center);
        root.setBottom(statusBar);
        root.getStyleClass().add("main-window");
        root.getStylesheets().add(MainWindow.class.getResource("/app/salondesk/gui/common/salondesk.css").toExternalForm());

        // keyboard: Ctrl+N new booking, Ctrl+F find client, Ctrl+P print the day, ↓/↑ to the day's bookings, ←/→ days, T today (not while typing in a field)
        root.addEventFilter(KeyEvent.KEY_PRESSED, e -> {
            if (e.getCode() == KeyCode.N && e.isShortcutDown()) {
                if (vm.editableProperty().get()) {
                    actions.newBooking(null, null);
                }
                e.consume();
                return;
            }
            if (e.getCode() == KeyCode.F && e.isShortcutDown()) {
                focusClientSearch.run();
                e.consume();
                return;
            }
            if (e.getCode() == KeyCode.P && e.isShortcutDown()) {
                actions.openPrint();   // consumed here, so the menu item's accelerator (shown in ☰) does not open it twice
                e.consume();
                return;
            }
            if (e.getTarget() instanceof TextInputControl || e.isShortcutDown() || e.isAltDown()) {
                return;
            }
            // ↓ / ↑ from the toolbar or the calendar's grid: into the day's bookings (on a booking the calendar takes them)
            if ((e.getCode() == KeyCode.DOWN || e.getCode() == KeyCode.UP) && !(e.getTarget() instanceof javafx.scene.control.ComboBoxBase)
                    && !(e.getTarget() instanceof com.calendarfx.view.EntryViewBase)) {
                if (schedule.focusBooking(e.getCode() == KeyCode.DOWN)) {
                    e.consume();
                }
                return;
            }
            if (e.getCode() == KeyCode.LEFT) {
                vm.previousDay();
                e.consume();
            } else if (e.getCode() == KeyCode.RIGHT) {
                vm.nextDay();
                e.consume();
            } else if (e.getCode() == KeyCode.T) {
                vm.today();
                e.consume();
            }
        });
    }

    public Parent root() {
        return root;
    }

    public DayScheduleView schedule() {
        return schedule;
    }

    /** The live connection's state in the status bar ("online", "offline — reconnecting"). */
    public void setConnectionState(String text, boolean online) {
        connection.setText(text);
        connection.pseudoClassStateChanged(javafx.css.PseudoClass.getPseudoClass("offline"), !online);
    }

    /** Puts the client search field in the toolbar; Ctrl+F focuses it. */
    public void placeClientSearch(javafx.scene.Node field, Runnable focus) {
        clientSearchSlot.getChildren().setAll(field);
        clientSearchSlot.setAlignment(Pos.CENTER_LEFT);
        clientSearchSlot.setMinWidth(Region.USE_PREF_SIZE);
        this.focusClientSearch = focus;
    }

    /**
     * The status bar's backup warning (the last backup is old, or failed), a link to the
     * backups; an empty text hides it.
     */
    public void showBackupWarning(String text, String hint, Runnable open) {
        backupWarning.setText(text);
        backupWarning.setTooltip(text.isEmpty() ? null : new Tooltip(hint));
        backupWarning.setOnAction(e -> open.run());
        backupWarning.setVisible(!text.isEmpty());
    }

    /** The status bar's warning that a message channel keeps failing (issue 33); an empty text hides it. */
    public void showMessagesWarning(javafx.beans.value.ObservableValue<String> text, Runnable open) {
        messagesWarning.textProperty().bind(text);
        messagesWarning.setOnAction(e -> open.run());
    }

    /** Whether the ☰ menu offers "Change my password…". */
    public void offerPasswordChange(javafx.beans.value.ObservableValue<Boolean> offered) {
        changePassword.visibleProperty().bind(offered);
    }

    /**
     * Marks the status bar: this is the demo salon (made-up clients and bookings), with a way
     * to set up one's own salon when there is one.
     *
     * @param setUp what "Set up my salon…" does, or null to offer nothing (a staff login cannot make a salon)
     */
    public void markDemo(String text, String setUpText, Runnable setUp) {
        Label marker = new Label(text);
        marker.setId("demo-marker-text");
        marker.getStyleClass().add("demo-marker-text");
        marker.setMinWidth(Region.USE_PREF_SIZE);
        demoMarker.getChildren().setAll(marker);
        if (setUp != null) {
            javafx.scene.control.Hyperlink link = new javafx.scene.control.Hyperlink(setUpText);
            link.setId("demo-set-up");
            link.getStyleClass().add("demo-set-up");
            link.setMinWidth(Region.USE_PREF_SIZE);
            link.setOnAction(e -> setUp.run());
            demoMarker.getChildren().add(link);
        }
        demoMarker.setVisible(true);
    }

    private static javafx.scene.control.MenuItem salonSettingsItem(Messages messages, FrontDeskActions actions, boolean adminScreens) {
        return adminItem(messages.get("toolbar.salonSettings"), "salon-settings", actions::openSalonSettings, adminScreens);
    }

    /** A ☰ item only admins see (the database refuses the others what it opens all the same). */
    private static javafx.scene.control.MenuItem adminItem(String text, String id, Runnable action, boolean adminScreens) {
        javafx.scene.control.MenuItem item = new javafx.scene.control.MenuItem(text);
        item.setId(id);
        item.setOnAction(e -> action.run());
        item.setVisible(adminScreens);
        return item;
    }

    /**
     * Offers ☰ → Columns: masters, or rooms and equipment (issue 18): the same day with a column
     * per unit of each resource ({@link ResourceDayView}, read only). While those are shown the
     * week view and the master filter are not offered (they choose masters' columns).
     */
    public void offerResourceColumns(ResourceDayViewModel resources) {
        ResourceDayView view = new ResourceDayView(resources, messages);
        view.setOnOpenBooking(actions::openBooking);
        view.setOnOpenHistory(actions::openHistory);
        ColumnsChoice.offer(resources, vm, messages, center, schedule.node(), view.node(), more, List.of(weekButton, filter, showCancelled));
    }

    /** Where banners (offline…) go, above the schedule. */
    public VBox banners() {
        return banners;
    }
}
