package app.salondesk.gui.shell;

import app.salondesk.gui.booking.form.BookingFormView;
import app.salondesk.gui.booking.form.BookingFormViewModel;
import app.salondesk.gui.booking.visit.VisitFormView;
import app.salondesk.gui.booking.visit.VisitFormViewModel;
import app.salondesk.gui.calendar.DayScheduleViewModel;
import app.salondesk.gui.calendar.NextFreeTime;
import app.salondesk.gui.calendar.ResourceDayViewModel;
import app.salondesk.gui.clients.ClientCardView;
import app.salondesk.gui.clients.ClientCardViewModel;
import app.salondesk.gui.clients.ClientDataViewModel;
import app.salondesk.gui.clients.ClientSearchView;
import app.salondesk.gui.common.TaskRunner;
import app.salondesk.gui.history.HistoryView;
import app.salondesk.i18n.Messages;
import app.salondesk.logic.booking.BookingEngine;
import app.salondesk.logic.booking.BookingHistoryRepository;
import app.salondesk.logic.booking.ClientCardService;
import app.salondesk.logic.booking.ClientVisitsRepository;
import app.salondesk.logic.booking.ScheduleRepository;
import app.salondesk.logic.catalog.ServiceRepository;
import app.salondesk.logic.clients.ClientRepository;
import app.salondesk.logic.staff.MasterRepository;
import app.salondesk.logic.waitlist.WaitlistDesk;
import app.salondesk.model.booking.HistoryEntry;
import app.salondesk.model.calendar.BookingRef;
import app.salondesk.model.salon.Salon;
import app.salondesk.model.staff.Master;
import app.salondesk.model.staff.StaffRole;
import javafx.scene.control.Button;
import javafx.stage.Stage;
import javafx.stage.Window;

import java.time.Clock;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.function.Consumer;

/**
 * The desk's windows about bookings and clients: the booking form (new — at a picked time, or
 * Ctrl+N's first free time — or an existing booking), a visit of several services, a client's
 * card with its actions, and the history windows. Each opens on what was read before (the
 * services and offers of {@link DeskData}, read again in the background after a form opens), so
 * nothing waits for the database on the FX thread. {@link FrontDesk} wires it to the menu and
 * the calendar; this class owns how these windows are made and what their saves refresh.
 */
final class BookingScreens {

    private final Stage stage;
    private final Salon salon;
    private final List<Master> active;
    private final StaffRole role;
    private final BookingEngine engine;
    private final ScheduleRepository schedules;
    private final ServiceRepository services;
    private final MasterRepository masters;
    private final BookingHistoryRepository history;
    private final ClientRepository clients;
    private final ClientVisitsRepository visits;
    private final app.salondesk.logic.booking.OnlineMatchDesk onlineMatches;
    private final ClientCardService cards;
    private final Records records;
    private final DayScheduleViewModel schedule;
    private final ResourceDayViewModel resourceDay;
    /** The calendar's own repaint, once a form closes. */
    private final Runnable refreshCalendar;
    /** Who holds a master's lock ("waiting for the schedule…"), for admins; else null. */
    private final Consumer<Window> whoHolds;
    private final WaitlistDesk waitlist;
    private final DataScreens data;
    private final TaskRunner tasks;
    private final Messages messages;
    private final Clock clock;
    /** Ctrl+N's question to the rule book is on its way (FX thread only). */
    private boolean askingFirstFree;
    /** The booking form's services and offers, as last read. */
    private volatile DeskData.FormCatalogue catalogue;
    /** Opens the checkout (issue 34): bookings, their visits, a client without bookings. */
    private CheckoutOpener checkout = (bookings, visits, client) -> { };

    /** Opens the checkout window on bookings (and their visits), or on a client's products alone. */
    interface CheckoutOpener {
        void open(List<Long> bookingIds, List<Long> visitIds, Long clientId);
    }

    void setCheckout(CheckoutOpener checkout) {
        this.checkout = checkout;
    }

    /** The services the desk sells, as last read (the checkout's extra services). */
    List<app.salondesk.model.catalog.Service> services() {
        return catalogue.services();
    }

    /** Where these windows read (the composition root, {@link FrontDesk}, makes them on its connection). */
    record Reads(ScheduleRepository schedules, ServiceRepository services, MasterRepository masters,
                 BookingHistoryRepository history, ClientRepository clients, ClientVisitsRepository visits,
                 app.salondesk.logic.booking.OnlineMatchDesk onlineMatches, Records records) {
    }

    /** The client's record (issue 36): where the card's Record… window, the form's alert and a merge read and write. */
    record Records(app.salondesk.logic.clients.ClientRecordRepository record, app.salondesk.logic.booking.VisitRecords visits,
                   app.salondesk.logic.clients.ClientMerges merges, app.salondesk.logic.booking.ClientAlerts alerts,
                   app.salondesk.logic.clients.RecordCorrections corrections) {
    }

    BookingScreens(Stage stage, Reads reads, BookingEngine engine, Salon salon, List<Master> active, StaffRole role,
                   DeskData.FormCatalogue catalogue, DayScheduleViewModel schedule, ResourceDayViewModel resourceDay,
                   Runnable refreshCalendar, Consumer<Window> whoHolds, WaitlistDesk waitlist, DataScreens data,
                   TaskRunner tasks, Messages messages, Clock clock) {
        this.stage = stage;
        this.salon = salon;
        this.active = active;
        this.role = role;
        this.engine = engine;
        this.schedules = reads.schedules();
        this.services = reads.services();
        this.masters = reads.masters();
        this.history = reads.history();
        this.clients = reads.clients();
        this.visits = reads.visits();
        this.onlineMatches = reads.onlineMatches();
        this.records = reads.records();
        this.cards = new ClientCardService(clients, visits);
        this.catalogue = catalogue;
        this.schedule = schedule;
        this.resourceDay = resourceDay;
        this.refreshCalendar = refreshCalendar;
        this.whoHolds = whoHolds;
        this.waitlist = waitlist;
        this.data = data;
        this.tasks = tasks;
        this.messages = messages;
        this.clock = clock;
    }

    /** The toolbar's client search: a client picked opens her card. */
    ClientSearchView clientSearch() {
        ClientSearchView search = ClientSearchView.create(clients, salon, tasks, messages, picked -> { });
        search.viewModel().setOnPick(picked -> {
            openClientCard(picked.id());
            search.viewModel().clear();
        });
        return search;
    }

    /** A new booking at {@code at}, or (null) at the master's first free time of the shown day. */
    void newBooking(Master master, Instant at) {
        if (at != null) {
            BookingFormViewModel form = form();
            form.startNew(master, at);
            showForm(form, formClientSearch());
            return;
        }
        // Ctrl+N, the toolbar's button: a master and the first time of the shown day the rule book
        // accepts, asked of the database in the background — never a time in the past (issues 16, 30)
        if (askingFirstFree) {
            return;   // Ctrl+N pressed again before the first answer: one form
        }
        askingFirstFree = true;
        LocalDate day = schedule.dateProperty().get();
        List<Master> candidates = master != null ? List.of(master) : List.copyOf(schedule.shownMasters());
        schedule.nextFree(candidates, day, NextFreeTime.MINUTES, pick -> {
            askingFirstFree = false;
            LocalDateTime now = LocalDateTime.now(clock.withZone(salon.zone()));
            BookingFormViewModel form = form();
            form.startNew(pick.map(NextFreeTime.Pick::master).orElse(candidates.isEmpty() ? null : candidates.get(0)),
                    pick.map(NextFreeTime.Pick::at).orElseGet(() -> NextFreeTime.fallback(day, now, salon.zone())));
            showForm(form, formClientSearch());
        });
    }

    /** A visit of several services, on the shown day. */
    void openVisit() {
        DeskData.FormCatalogue c = catalogue;
        var visit = new VisitFormViewModel(salon, engine, tasks, messages, active, c.services(), c.offers(), c.shapes(),
                messages.locale());
        visit.date.set(schedule.dateProperty().get());
        visit.saved.addListener((obs, old, now) -> {
            if (now) {
                schedule.reload();
                resourceDay.reload();
            }
        });
        new VisitFormView(visit, messages).showIn(stage);
    }

    /** The form of an existing booking, read off the FX thread at its current version. */
    void openBooking(BookingRef ref) {
        tasks.run(() -> {
            var booking = engine.find(salon.id(), ref.bookingId()).orElseThrow();
            var client = schedules.clientOf(salon.id(), ref.bookingId()).orElse(new ScheduleRepository.ClientOfBooking("", null));
            return new BookingFormViewModel.Existing(booking, client.name(), client.phone());
        }, existing -> {
            BookingFormViewModel form = form();
            form.startEdit(existing);
            // the form's change is this desk's too: Ctrl+Z takes it back (issue 17)
            form.onSaved(after -> schedule.edited(existing.booking(), after, existing.clientName()));
            Stage formStage = showForm(form, null);
            var b = existing.booking();
            if (role.mayEditBookings() && (b.status().holdsTime() || b.status() == app.salondesk.model.booking.BookingStatus.COMPLETED)) {
                // paying for it from its form (issue 34): the form closes (asking first when something was typed)
                Button pay = new Button(messages.get("form.checkout"));
                pay.setId("form-checkout");
                pay.setOnAction(e -> {
                    app.salondesk.gui.common.DiscardGuard.requestClose(formStage);
                    if (!formStage.isShowing()) {
                        checkout.open(List.of(b.id()), ref.visitId() == null ? List.of() : List.of(ref.visitId()), null);
                    }
                });
                BookingFormView.addAction(formStage, pay);
            }
        }, failure -> schedule.reload());
    }

    /** What a history window shows, loaded together off the FX thread. */
    private record LoadedHistory(String title, List<HistoryEntry> entries, Map<Long, String> masterNames) {
    }

    private void showHistory(Callable<LoadedHistory> load, Runnable onFailure) {
        tasks.run(load,
                h -> new HistoryView(messages, salon.zone(), h.masterNames()).show(stage, h.title(), h.entries()),
                failure -> onFailure.run());
    }

    void openHistory(BookingRef ref) {
        showHistory(() -> new LoadedHistory(
                messages.format("history.title", schedules.clientOf(salon.id(), ref.bookingId()).map(ScheduleRepository.ClientOfBooking::name).orElse("")),
                history.ofBooking(salon.id(), ref.bookingId()), masters.names(salon.id())),
                schedule::reload);
    }

    /** Where the record window's "Add photo…" and "PDF…" read and write; null: they ask with a file chooser. */
    private app.salondesk.gui.clients.ClientRecordView.FileAsker recordPhoto;
    private app.salondesk.gui.clients.ClientRecordView.FileAsker recordPdf;

    void setRecordFiles(app.salondesk.gui.clients.ClientRecordView.FileAsker photo, app.salondesk.gui.clients.ClientRecordView.FileAsker pdf) {
        this.recordPhoto = photo;
        this.recordPdf = pdf;
    }

    /** What the client card's "Messages…" opens (issue 33): the client's e-mail, channels and consent; null: no such button. */
    private ClientMessages clientMessages;

    interface ClientMessages {
        void open(Window owner, long clientId, String clientName);
    }

    void onClientMessages(ClientMessages open) {
        this.clientMessages = open;
    }

    void openClientOf(BookingRef ref) {
        tasks.run(() -> engine.find(salon.id(), ref.bookingId()).orElseThrow().clientId(),
                this::openClientCard, failure -> schedule.reload());
    }

    /** The client's card: details to edit, visit history, no-shows. */
    void openClientCard(long clientId) {
        ClientCardViewModel card = new ClientCardViewModel(salon, cards, tasks, messages, clock);
        card.setOnSaved(details -> schedule.reload());
        ClientCardView view = new ClientCardView(card, messages);
        Button changes = new Button(messages.get("client.history"));
        changes.setId("client-history");
        changes.setOnAction(e -> {
            String title = messages.format("client.historyTitle", card.nameProperty().get());   // read on the FX thread
            showHistory(() -> new LoadedHistory(title, history.ofClient(salon.id(), clientId), masters.names(salon.id())), () -> { });
        });
        view.addAction(changes);
        if (role.mayEditBookings()) {
            // a booking for this client, or a place on the waitlist ("Waitlist instead" in the form)
            Button book = new Button(messages.get("client.book"));
            book.setId("client-book");
            book.setOnAction(e -> {
                BookingFormViewModel form = form();
                form.startNew(null, schedule.dateProperty().get().atTime(10, 0));
                form.chooseClient(clientId, card.nameProperty().get(), card.phoneProperty().get());
                showForm(form, null);
            });
            view.addAction(book);
            if (clientMessages != null) {
                Button contact = new Button(messages.get("client.contact.button"));
                contact.setId("client-messages");
                contact.setOnAction(e -> clientMessages.open(contact.getScene().getWindow(), clientId, card.nameProperty().get()));
                view.addAction(contact);
            }
            // paying for her bookings of today, or selling her products (issue 34)
            Button pay = new Button(messages.get("client.checkout"));
            pay.setId("client-checkout");
            pay.setOnAction(e -> tasks.run(() -> visits.visits(salon.id(), clientId).stream()
                            .filter(v -> v.start().atZone(salon.zone()).toLocalDate().equals(LocalDate.now(clock.withZone(salon.zone()))))
                            .filter(v -> v.status().holdsTime() || v.status() == app.salondesk.model.booking.BookingStatus.COMPLETED)
                            .map(app.salondesk.model.booking.Visit::bookingId).toList(),
                    today -> checkout.open(today, List.of(), clientId), failure -> { }));
            view.addAction(pay);
        }
        // her record (issue 36): the alerts on top of the card, the rest in its own window
        app.salondesk.gui.clients.ClientRecordViewModel record = new app.salondesk.gui.clients.ClientRecordViewModel(salon, records.record(),
                records.visits(), records.merges(), tasks, messages);
        view.showAlerts(record.alertsProperty());
        // likely duplicates (issue 36): everyone sees them; an admin goes on to Merge into… the other
        app.salondesk.gui.clients.CardDuplicates duplicates = new app.salondesk.gui.clients.CardDuplicates(
                id -> records.merges().duplicatesOf(salon.id(), id, 5), tasks, messages, salon.country());
        Button recordButton = new Button(messages.get("client.record"));
        recordButton.setId("client-record");
        recordButton.setOnAction(e -> {
            record.load(clientId, card.nameProperty().get());
            var recordView = new app.salondesk.gui.clients.ClientRecordView(record, card.visits(), role == StaffRole.ADMIN, messages);
            if (role == StaffRole.ADMIN) {
                // correcting and deleting a line of her record is an admin's (the database's grants say so too)
                recordView.addCorrections(new app.salondesk.gui.clients.RecordCorrectionsViewModel(salon.id(), record, records.corrections(),
                        records.record()));
            }
            if (recordPhoto != null && recordPdf != null) {
                recordView.setFiles(recordPhoto, recordPdf);
            }
            recordView.showInWindow(recordButton.getScene().getWindow(), messages.format("client.record.title", card.nameProperty().get()));
        });
        record.setOnMerged(into -> {
            schedule.reload();
            openClientCard(into);
        });
        view.addAction(recordButton);
        view.showDuplicates(duplicates.suggestions(), role != StaffRole.ADMIN ? null : other -> {
            record.mergeIntoProperty().set(Long.toString(other));
            recordButton.fire();
        });
        duplicates.load(clientId);
        var actions = data.addClientActions(view, card, schedule::reload);
        view.showInWindow(stage);
        card.load(clientId);
        record.load(clientId, "");
        actions.ifPresent(ClientDataViewModel::check);
    }

    /** The booking form's client field searches as the receptionist types. */
    private BookingFormView.ClientSearch formClientSearch() {
        return onPick -> ClientSearchView.create(clients, salon, tasks, messages, onPick).node();
    }

    /** The form in its window; the calendar refreshes when it closes. */
    Stage showForm(BookingFormViewModel form, BookingFormView.ClientSearch search) {
        Stage formStage = BookingFormView.open(stage, form, messages, search, whoHolds);
        formStage.setOnHidden(e -> {
            refreshCalendar.run();
            resourceDay.reload();
        });
        return formStage;
    }

    /**
     * A booking form on the services and offers read before (no database call on the FX thread
     * when the form opens); they are read again in the background for the next form, so that a
     * service added meanwhile is there the next time.
     */
    BookingFormViewModel form() {
        DeskData.FormCatalogue c = catalogue;
        BookingFormViewModel form = new BookingFormViewModel(salon, engine, tasks, messages, active, c.services(), c.offers());
        form.setShapes(c.shapes());
        // booking outside working hours is an admin's right; the database refuses it anyone else (ADR 5)
        form.offerOverride(role == StaffRole.ADMIN);
        // a client who did not come before is named as such when she is booked again
        form.setNoShowLookup(clientId -> visits.noShows(salon.id(), clientId));
        // and one with an alert ("allergic to ammonia") is shouted at whoever books her (issue 36)
        form.setAlertLookup(clientId -> records.alerts().forClient(salon.id(), clientId));
        // a service's consent form she never signed is prompted for, with "Sign now…" (issue 36)
        form.setConsentSigning((clientId, serviceId) -> records.record().unsignedConsents(salon.id(), clientId, serviceId), this::signConsent);
        refreshCatalogue();
        if (role.mayEditBookings()) {
            form.setWaitlist(waitlist);
            // an online booking whose phone is a client's, under another name: decided in the form (issue 29)
            form.setOnlineMatches(onlineMatches);
        }
        return form;
    }

    /** The booking form's "Sign now…": her Record… window with the form chosen for signing; {@code after} once it closes. */
    private void signConsent(long clientId, String clientName, long templateId, Runnable after) {
        app.salondesk.gui.clients.ClientRecordViewModel record = new app.salondesk.gui.clients.ClientRecordViewModel(salon, records.record(),
                records.visits(), records.merges(), tasks, messages);
        record.preferTemplate(templateId);
        record.load(clientId, clientName);
        var view = new app.salondesk.gui.clients.ClientRecordView(record, javafx.collections.FXCollections.observableArrayList(),
                role == StaffRole.ADMIN, messages);
        Stage window = view.showInWindow(stage, messages.format("client.record.title", clientName));
        window.setOnHidden(e -> after.run());
    }

    /** Services or offers may have changed: the next form (and the calendar's drag) use them. */
    void refreshCatalogue() {
        tasks.run(() -> catalogue(services, salon.id()), fresh -> {
            catalogue = fresh;
            schedule.setOffers(fresh.services(), fresh.offers());
        }, failure -> { });
    }

    static DeskData.FormCatalogue catalogue(ServiceRepository services, long salonId) {
        return new DeskData.FormCatalogue(services.findActive(salonId), services.offers(salonId), services.offerShapes(salonId));
    }
}
