package app.salondesk.gui.shell;

import app.salondesk.db.ConnectionSettings;
import app.salondesk.gui.calendar.DayScheduleViewModel;
import app.salondesk.gui.calendar.ResourceDayViewModel;
import app.salondesk.gui.calendar.UtilisationView;
import app.salondesk.gui.clients.ClientSearchView;
import app.salondesk.gui.common.DeskWindows;
import app.salondesk.gui.common.TaskRunner;
import app.salondesk.gui.setup.SalonSettingsView;
import app.salondesk.gui.setup.SalonSettingsViewModel;
import app.salondesk.gui.staff.AccountViewModel;
import app.salondesk.i18n.Messages;
import app.salondesk.logic.booking.BookingEngine;
import app.salondesk.logic.booking.ScheduleRepository;
import app.salondesk.logic.booking.UtilisationRepository;
import app.salondesk.logic.calendar.EngineCommands;
import app.salondesk.logic.calendar.ResourceScheduleService;
import app.salondesk.logic.calendar.ScheduleService;
import app.salondesk.logic.catalog.CatalogSetupService;
import app.salondesk.logic.catalog.ServiceRepository;
import app.salondesk.logic.clients.ClientDataService;
import app.salondesk.logic.desk.DeskLogic;
import app.salondesk.logic.export.ExportService;
import app.salondesk.logic.live.LiveUpdates;
import app.salondesk.logic.setup.OnlineBookingService;
import app.salondesk.logic.setup.SalonSettingsService;
import app.salondesk.logic.staff.MasterRepository;
import app.salondesk.logic.staff.MasterSetupService;
import app.salondesk.logic.staff.StaffRepository;
import app.salondesk.logic.waitlist.WaitlistDesk;
import app.salondesk.logic.waitlist.WaitlistDeskService;
import app.salondesk.logic.waitlist.WaitlistWorker;
import app.salondesk.model.booking.Source;
import app.salondesk.model.calendar.BookingRef;
import app.salondesk.model.live.BookingChange;
import app.salondesk.model.salon.Salon;
import app.salondesk.model.staff.Master;
import app.salondesk.model.staff.StaffRole;
import javafx.application.Platform;
import javafx.scene.control.Label;
import javafx.stage.Stage;

import java.time.Clock;
import java.time.Instant;
import java.time.LocalDate;
import java.util.List;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * Builds the front desk (main window, calendar, booking forms, client cards, history) for one
 * salon: the composition root of the window's objects, used by the app and by the GUI tests
 * alike. The windows about bookings and clients are {@link BookingScreens}', those about logins
 * {@link StaffScreens}', the salon's setup windows {@link SetupScreens}', its data's
 * {@link DataScreens}' and the waitlist's {@link WaitlistScreens}'; this class wires them to the
 * menu and owns live updates.
 */
public final class FrontDesk implements FrontDeskActions, AutoCloseable {

    private final Stage stage;
    private final Salon salon;
    private final TaskRunner tasks;
    private final Messages messages;
    private final BookingEngine engine;
    private final MasterRepository masters;
    private final ServiceRepository services;
    private final ScheduleRepository schedules;
    private final List<Master> active;
    private final app.salondesk.logic.catalog.ResourceRepository resources;
    private final DayScheduleViewModel schedule;
    /** The same day by rooms and equipment, when the desk shows those columns (issue 18). */
    private final ResourceDayViewModel resourceDay;
    private final MainWindow window;
    private final LiveUpdates live;
    private WaitlistWorker waitlist;
    private app.salondesk.logic.messages.MessageSenderWorker messageSender;
    private final app.salondesk.logic.messages.MessagesDesk messagesDesk;
    private final app.salondesk.gui.messages.MessagesWarningViewModel messagesWarning;
    private final javafx.animation.Timeline messagesCheck;
    private final WaitlistDesk waitlistDesk;
    private final WaitlistScreens waitlistScreens;
    private final StaffRole role;
    private final UtilisationRepository utilisation;
    private final StaffRepository staffRepository;
    /** The booking form, visits, client cards and history windows. */
    private final BookingScreens bookings;
    private final Label ownerBanner = new Label();
    private final AccountViewModel account;
    private final SetupScreens setup;
    private Runnable onColumnsChanged = () -> { };
    private final StaffScreens staffScreens;
    private final DataScreens dataScreens;
    private final SalonSettingsService salonSettings;
    private final app.salondesk.logic.print.DaySheetService sheets;
    private Consumer<Salon> onSalonChanged = changed -> { };
    private Runnable onSetUpSalon = () -> { };
    private final LiveStatus liveStatus;
    /** The checkout, the till, takings, products, commissions (issue 34). */
    private final CheckoutScreens checkoutScreens;
    /** ☰ → Reports (issue 35). */
    private final ReportScreens reportScreens;
    private final ClientListScreens clientListScreens;

    /**
     * Builds the window from what was read before ({@link DeskData}): no database call on the FX thread.
     *
     * @param liveSettings where to LISTEN for other desks' changes (its own connection), or
     *                     null for a desk without live updates
     */
    public FrontDesk(Stage stage, DeskLogic logic, Salon salon, TaskRunner tasks, Messages messages, Clock clock,
                     String userName, String databaseLabel, ConnectionSettings liveSettings, DeskData data) {
        DeskWindows.watch();   // the windows this desk opens: whole, on it, inside the screen (ADR 0027)
        StaffRole role = data.role();
        this.stage = stage;
        this.salon = salon;
        this.tasks = tasks;
        this.messages = messages;
        this.engine = logic.engine();
        this.masters = logic.masters();
        this.services = logic.services();
        this.resources = logic.resources();
        this.schedules = logic.schedules();
        this.active = data.active();
        this.schedule = new DayScheduleViewModel(salon, active, new ScheduleService(schedules, masters), tasks, messages, clock);
        schedule.setCommands(new EngineCommands(engine, salon.id()));
        schedule.setRuleQuestions(new app.salondesk.logic.calendar.RuleBookQuestions(logic.ruleBook()));
        schedule.setOffers(data.catalogue().services(), data.catalogue().offers());
        this.role = role;
        this.utilisation = logic.utilisation();
        schedule.editableProperty().set(role.mayEditBookings());
        this.staffRepository = logic.staff();
        this.window = new MainWindow(schedule, messages, userName, databaseLabel, this, role == StaffRole.ADMIN);
        this.resourceDay = new ResourceDayViewModel(salon, schedule.dateProperty(),
                new ResourceScheduleService(resources, logic.resourceHolds()), tasks, messages);
        resourceDay.editableProperty().bind(schedule.editableProperty());
        window.offerResourceColumns(resourceDay);
        this.liveStatus = new LiveStatus(window, messages, schedule.editableProperty(), role.mayEditBookings(), this::reloadShown);
        this.account = new AccountViewModel(staffRepository, tasks, messages);
        ownerBanner.setId("owner-banner");
        ownerBanner.getStyleClass().add("owner-banner");
        ownerBanner.setMaxWidth(Double.MAX_VALUE);
        ownerBanner.setWrapText(true);
        ownerBanner.textProperty().bind(account.ownerWarningProperty());
        ownerBanner.visibleProperty().bind(account.ownerWarningProperty().isNotEmpty());
        ownerBanner.managedProperty().bind(ownerBanner.visibleProperty());
        window.banners().getChildren().add(0, ownerBanner);
        window.offerPasswordChange(account.ownPasswordChangeableProperty());
        this.staffScreens = new StaffScreens(stage, staffRepository, salon.id(), tasks, messages, clock, role,
                () -> account.loginProperty().get());
        MasterSetupService masterSetup = new MasterSetupService(masters, schedules, salon.id());
        this.setup = new SetupScreens(stage, salon, masterSetup, masterSetup,
                new CatalogSetupService(services, masters, logic.salons(), salon.id()),
                new OnlineBookingService(logic.onlineSettings(), salon.id()),
                new EngineCommands(engine, salon.id(), Source.FORM), tasks, messages, clock, role == StaffRole.ADMIN,
                () -> {
                    schedule.reload();
                    refreshCatalogue();   // services or offers may have changed
                }, () -> onColumnsChanged.run());
        this.salonSettings = logic.salonSettings();
        this.sheets = new app.salondesk.logic.print.DaySheetService(logic.exports(), masters, salon, active, messages, clock);
        this.dataScreens = new DataScreens(stage,
                new ExportService(logic.exports(), logic.clients(), salon, messages, clock),
                new ClientDataService(logic.clientData(), salon, clock, Source.FORM), tasks, messages, active, role);
        this.waitlistDesk = new WaitlistDeskService(logic.waitlist(), salon.id(), () -> {
            if (waitlist != null) {
                waitlist.wake();
            }
        });
        this.bookings = new BookingScreens(stage, new BookingScreens.Reads(schedules, services, masters,
                logic.history(), logic.clients(), logic.clientVisits(), logic.onlineMatches(salon.id()),
                new BookingScreens.Records(logic.clientRecord(), logic.visitRecords(), logic.clientMerges(), logic.clientAlerts(), logic.recordCorrections())), engine, salon, active, role, data.catalogue(), schedule, resourceDay,
                () -> window.schedule().refresh(), staffScreens.whoHolds(), waitlistDesk, dataScreens, tasks, messages, clock);
        this.checkoutScreens = new CheckoutScreens(stage, logic, salon, active, role, bookings::services, tasks, messages, this::reloadShown);
        this.reportScreens = new ReportScreens(stage, logic.reports(), salon, tasks, messages);
        this.clientListScreens = new ClientListScreens(stage, logic.clientList(), logic.consentForms(),
                role == StaffRole.ADMIN, salon, tasks, messages, clock, this::openClientCard);
        bookings.setCheckout(checkoutScreens::checkout);
        ClientSearchView search = bookings.clientSearch();
        search.node().setPrefColumnCount(13);
        window.placeClientSearch(search.node(), search::focus);
        this.waitlistScreens = new WaitlistScreens(stage, waitlistDesk, tasks, messages, salon, active, role, bookings::form,
                form -> bookings.showForm(form, null), (m, at) -> newBooking(m, app.salondesk.model.salon.WallClock.instant(at, salon.zone())));
        // messages to clients (issue 33): a booking's messages, ☰ → Tomorrow, ☰ → Messages, the status bar's warning
        this.messagesDesk = new app.salondesk.logic.messages.MessagesDesk(logic.messages(),
                salon.id(), salon.zone(), salon.name());
        messagesDesk.onSendNow(() -> {
            if (messageSender != null) {
                messageSender.wake();
            }
        });
        bookings.onClientMessages((owner, clientId, name) -> app.salondesk.gui.messages.ClientContactView.show(owner,
                new app.salondesk.gui.messages.ClientContactViewModel(messagesDesk, tasks, messages, clientId), messages, name));
        this.messagesWarning = new app.salondesk.gui.messages.MessagesWarningViewModel(messagesDesk, tasks, messages, clock);
        window.showMessagesWarning(messagesWarning.textProperty(), this::openMessageSettings);
        this.messagesCheck = new javafx.animation.Timeline(new javafx.animation.KeyFrame(
                javafx.util.Duration.millis(app.salondesk.gui.messages.MessagesWarningViewModel.EVERY.toMillis()), e -> messagesWarning.check()));
        messagesCheck.setCycleCount(javafx.animation.Animation.INDEFINITE);
        messagesCheck.play();
        messagesWarning.check();
        if (data.demo()) {
            // only the database's owner may make a salon (the embedded desk is the owner)
            window.markDemo(messages.get("status.demo"), messages.get("status.setUpMine"),
                    data.owner() ? () -> onSetUpSalon.run() : null);
        }
        // the administrator may route a chain's desks' live updates elsewhere than the database URL
        // (SALONDESK_LIVE_URL: the live relay of serve, or PostgreSQL itself past PgBouncer; ADR 23)
        this.live = liveSettings == null ? null : logic.liveUpdates(liveSettings, salon.id(),
                System.getenv("SALONDESK_LIVE_URL"));
        if (live != null) {
            // the listener thread hops to the FX thread; reloads are coalesced by the view model
            live.onChange(change -> Platform.runLater(() -> changed(change)));
            live.onState(state -> Platform.runLater(() -> liveStatus.show(state)));
            live.start();
        }
    }

    /**
     * The desk as the application builds it for an open session, from what was read before
     * ({@link #deskData(Session)}, off the FX thread): the signed-in person's role, and on a
     * shared server the check of who signed in (see {@link #onSharedServer}).
     */
    public static FrontDesk forSession(Stage stage, Session session, DeskData data, TaskRunner tasks, Messages messages, Clock clock) {
        var backend = session.backend();
        String where = backend.embedded() ? messages.get("status.embedded") : messages.format("status.server", backend.database().where());
        DeskLogic logic = new DeskLogic(backend);
        FrontDesk desk = new FrontDesk(stage, logic, session.salon(), tasks, messages, clock,
                signedIn(data, messages, backend.user(), backend.embedded()), where, backend.database().settings(), data);
        if (!backend.embedded()) {
            desk.onSharedServer(backend.database()::usePassword);
        } else {
            // the embedded desk is the salon's only program: it runs the waitlist worker (ADR 13)
            desk.runWaitlistWorker(logic.startWaitlistWorker(backend.database().settings(), session.salon().id()));
            // and sends the salon's messages (issue 33; ADR 33: any number of senders may run)
            desk.messageSender = logic.startMessageSender(System.getenv("SALONDESK_BASE_URL"), "message-sender-desk");
        }
        return desk;
    }

    /**
     * Whom the status bar names (issue 31: "Signed in as postgres"): a staff login by its
     * display name; the embedded desk's owner login as the salon's admin (by the admin's name
     * when the salon has one). The owner's login on a shared server stays named by its login,
     * as its warning banner names it: that is no person's desk.
     */
    static String signedIn(DeskData data, Messages messages, String login, boolean embedded) {
        if (data.ownerLogin()) {
            return !embedded ? login : data.who() != null ? data.who() : messages.get("status.ownerName");
        }
        return data.who() != null ? data.who() : login;
    }

    /**
     * This desk works on a shared server, where each person signs in as their own login: warn
     * for as long as the window is open if that login is the database owner's, and offer
     * staff to change their own password. (In the embedded mode the application is the owner
     * by design, and its password is nobody's to change.)
     *
     * @param rememberPassword told the new password after one's own was changed, so that the
     *                         pool's next connections sign in with it
     */
    public void onSharedServer(Consumer<String> rememberPassword) {
        staffScreens.setOnOwnPasswordChanged(password -> {
            rememberPassword.accept(password);
            if (live != null) {
                live.usePassword(password);
            }
        });
        account.check();
    }

    /**
     * Runs {@code worker} for as long as this desk is open (closed with it). The embedded desk
     * starts its own; a desk on a shared server may be given one for its salon.
     */
    public void runWaitlistWorker(WaitlistWorker worker) {
        if (waitlist != null) {
            waitlist.close();
        }
        waitlist = worker;
    }

    /** The waitlist worker this desk runs, if any: {@link WaitlistWorker#wake()} after adding an entry. */
    public Optional<WaitlistWorker> waitlistWorker() {
        return Optional.ofNullable(waitlist);
    }

    /** Another desk (or this one) changed bookings: reload the shown days it touches, if it touches a shown master. */
    private void changed(BookingChange change) {
        if (change.op() == BookingChange.Op.ROOMS) {
            // another desk changed the salon's rooms: the room columns (their count, names) are read again
            resourceDay.reload();
            return;
        }
        boolean masterShown = change.masterIds().stream().anyMatch(id -> schedule.shownMasters().stream().anyMatch(m -> m.id() == id));
        schedule.changed(change.days());   // what was read ahead of those days is stale
        // a room's unit is held by a booking of whichever master: its columns reload for any change of the day
        resourceDay.changed(change.days());
        for (LocalDate day : schedule.visibleDays()) {
            if (masterShown && change.days().contains(day)) {
                schedule.load(day);
            }
        }
    }

    private void reloadShown() {
        schedule.reload();
        resourceDay.reload();
    }

    @Override
    public void close() {
        liveStatus.stop();
        window.schedule().close();
        if (live != null) {
            live.close();
        }
        if (waitlist != null) {
            waitlist.close();
        }
        if (messageSender != null) {
            messageSender.close();
        }
        messagesCheck.stop();
    }

    /** Looks again whether a message channel keeps failing (the status bar's warning; every minute by itself). */
    public void checkMessagesWarning() {
        messagesWarning.check();
    }

    @Override
    public void openMessages(app.salondesk.model.calendar.BookingRef ref) {
        app.salondesk.gui.messages.BookingMessagesView.show(stage, new app.salondesk.gui.messages.BookingMessagesViewModel(messagesDesk, tasks,
                messages, ref.bookingId()), messages, messages.get("messages.ofBooking"));
    }

    @Override
    public void openTomorrow() {
        app.salondesk.gui.messages.TomorrowView.show(stage, new app.salondesk.gui.messages.TomorrowViewModel(messagesDesk, tasks, messages,
                java.time.LocalDate.now(salon.zone()).plusDays(1)), messages);
    }

    @Override
    public void openMessageSettings() {
        app.salondesk.gui.messages.MessageSettingsView.show(stage, new app.salondesk.gui.messages.MessageSettingsViewModel(messagesDesk, tasks,
                messages), messages);
    }

    public MainWindow window() {
        return window;
    }

    public DayScheduleViewModel schedule() {
        return schedule;
    }

    /** The day by rooms and equipment (☰ → Columns). */
    public ResourceDayViewModel resourceDay() {
        return resourceDay;
    }

    @Override
    public void newBooking(Master master, Instant at) {
        bookings.newBooking(master, at);
    }

    @Override
    public void openResources() {
        var vm = new app.salondesk.gui.catalog.ResourcesViewModel(new app.salondesk.gui.catalog.ResourceStore(resources, services, salon.id()),
                tasks, messages);
        vm.editable.set(role == StaffRole.ADMIN);
        // a room added, renamed or given another count: its columns are read again
        app.salondesk.gui.catalog.ResourcesView.show(stage, vm, messages).setOnHidden(e -> resourceDay.reload());
    }

    @Override
    public void openVisit() {
        bookings.openVisit();
    }

    @Override
    public void openCheckout(BookingRef ref) {
        checkoutScreens.checkout(List.of(ref.bookingId()), ref.visitId() == null ? List.of() : List.of(ref.visitId()), null);
    }

    @Override
    public void openWalkInSale() {
        checkoutScreens.checkout(List.of(), List.of(), null);
    }

    @Override
    public void openTill() {
        checkoutScreens.till();
    }

    @Override
    public void openTakings() {
        checkoutScreens.takings();
    }

    @Override
    public void openReports() {
        reportScreens.reports();
    }

    @Override
    public void openClientList() {
        clientListScreens.show();
    }

    @Override
    public void openConsentForms() {
        clientListScreens.consentForms();
    }

    @Override
    public void openProducts() {
        checkoutScreens.products();
    }

    @Override
    public void openCommissions() {
        checkoutScreens.commissions();
    }

    /** Tests save receipts and reports where they choose (no system file dialog). */
    public void setFileChooser(java.util.function.BiFunction<javafx.stage.Window, String, java.io.File> chooseFile) {
        checkoutScreens.setFileChooser(chooseFile);
        reportScreens.setFileChooser(chooseFile);
        clientListScreens.setFileChooser(chooseFile);
    }

    @Override
    public void openBooking(BookingRef ref) {
        bookings.openBooking(ref);
    }

    private Runnable onSettings = () -> { };

    /** What the settings button does (the application owns the language and rebuilds the window). */
    public void setOnSettings(Runnable onSettings) {
        this.onSettings = onSettings;
    }

    @Override
    public void openSettings() {
        onSettings.run();
    }

    /** Told the salon after its settings were saved: the application rebuilds the desk for its new zone, currency, country. */
    public void setOnSalonChanged(Consumer<Salon> onSalonChanged) {
        this.onSalonChanged = onSalonChanged;
    }

    /** What the demo marker's "Set up my salon…" does (the application opens the wizard). */
    public void setOnSetUpSalon(Runnable onSetUpSalon) {
        this.onSetUpSalon = onSetUpSalon;
    }

    @Override
    public void openSalonSettings() {
        SalonSettingsViewModel vm = new SalonSettingsViewModel(salonSettings, salon.id(), tasks, messages);
        vm.setOnSaved(changed -> onSalonChanged.accept(changed));
        SalonSettingsView.show(stage, vm, messages, setup::openMastersHours);
    }

    @Override
    public void openOnlineBooking() {
        setup.openOnlineBooking();
    }

    @Override
    public void openStaff() {
        staffScreens.openStaff();
    }

    @Override
    public void openMasters() {
        setup.openMasters();
    }

    @Override
    public void openServices() {
        setup.openServices();
    }

    /**
     * What to do when the Masters window closes after masters were added, changed, reordered
     * or deactivated: the application builds the window again, with the new columns (this
     * desk's calendar was made for the masters it started with).
     */
    public void setOnColumnsChanged(Runnable onColumnsChanged) {
        this.onColumnsChanged = onColumnsChanged;
    }

    @Override
    public void openChangePassword() {
        staffScreens.openChangePassword();
    }

    @Override
    public void openUtilisation() {
        LocalDate from = schedule.dateProperty().get();
        List<Long> ids = active.stream().map(Master::id).toList();
        tasks.run(() -> utilisation.perDay(salon.id(), ids, from, 7, salon.zone()),
                days -> UtilisationView.show(stage, messages, active, days, from),
                failure -> schedule.reload());
    }

    @Override
    public void openHistory(BookingRef ref) {
        bookings.openHistory(ref);
    }

    /** Where the client record's "Add photo…" and "PDF…" read and write instead of asking (tests, a kiosk). */
    public void setRecordFiles(app.salondesk.gui.clients.ClientRecordView.FileAsker photo,
                               app.salondesk.gui.clients.ClientRecordView.FileAsker pdf) {
        bookings.setRecordFiles(photo, pdf);
    }

    @Override
    public void openClientOf(BookingRef ref) {
        bookings.openClientOf(ref);
    }

    /** The client's card: details to edit, visit history, no-shows. */
    public void openClientCard(long clientId) {
        bookings.openClientCard(clientId);
    }

    private void refreshCatalogue() {
        bookings.refreshCatalogue();
    }

    /** What the desk of this session needs before its window is built; call off the FX thread. */
    public static DeskData deskData(Session session) {
        DeskLogic logic = new DeskLogic(session.backend());
        return deskData(logic, session.salon().id(), logic.staff().currentRole().orElse(StaffRole.MANAGER));
    }

    /** What a desk of this salon needs, for a login of the given role; call off the FX thread. */
    public static DeskData deskData(DeskLogic logic, long salonId, StaffRole role) {
        boolean demo = logic.salons().isDemo(salonId);
        StaffRepository staff = logic.staff();
        boolean ownerLogin = staff.signedInAsOwner();
        return new DeskData(role, logic.masters().findActive(salonId), demo,
                demo && ownerLogin, BookingScreens.catalogue(logic.services(), salonId),
                staff.signedInName(salonId).orElse(null), ownerLogin);
    }

    @Override
    public void openExport() {
        dataScreens.openExport(schedule.dateProperty().get());
    }

    @Override
    public void openPrint() {
        app.salondesk.gui.print.SheetPrinter printer = new app.salondesk.gui.print.SheetPrinter(messages, tasks, () -> stage);
        app.salondesk.gui.print.PrintViewModel vm = new app.salondesk.gui.print.PrintViewModel(active, schedule.dateProperty().get(),
                schedule.showCancelledProperty().get(), sheets::load, printer, javafx.print.Printer.getDefaultPrinter() != null,
                tasks, messages);
        if (schedule.masterFilterProperty().get() != null) {
            vm.masterProperty().set(schedule.masterFilterProperty().get());   // the master the desk shows
        }
        new app.salondesk.gui.print.PrintView(vm, messages).show(stage);
    }

    @Override
    public void openWaitlist() {
        waitlistScreens.open(schedule.dateProperty().get());
    }
}
