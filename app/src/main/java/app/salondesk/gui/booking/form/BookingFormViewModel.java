package app.salondesk.gui.booking.form;

import app.salondesk.gui.common.TaskRunner;
import app.salondesk.i18n.Messages;
import app.salondesk.logic.booking.BookingEngine;
import app.salondesk.logic.booking.BookingSeries;
import app.salondesk.logic.waitlist.WaitlistDesk;
import app.salondesk.model.booking.Booking;
import app.salondesk.model.booking.BookingOutcome;
import app.salondesk.model.booking.FreeSlot;
import app.salondesk.model.booking.NewBooking;
import app.salondesk.model.booking.Repeat;
import app.salondesk.model.booking.Reschedule;
import app.salondesk.model.booking.Source;
import app.salondesk.model.catalog.Money;
import app.salondesk.model.catalog.Service;
import app.salondesk.model.clients.PhoneNumbers;
import app.salondesk.model.salon.Salon;
import app.salondesk.model.staff.Master;
import javafx.beans.binding.BooleanBinding;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;

import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.function.Consumer;

/**
 * The booking form's state and commands: what the receptionist typed, the save in flight (one
 * at a time: Save, a free time offered, Try again wait for its answer) and the engine's answer.
 * Whether each field is valid (nothing is sent while one is not) is {@link FormChecks}', the
 * start and what daylight saving does to it {@link BookingStart}'s, the master's free starts
 * {@link FreeStarts}', the client's past no-shows {@link FormNoShows}', the waitlist
 * {@link FormWaitlist}'s, a series {@link FormRepeat}'s and an online booking's match with a client
 * {@link FormOnlineMatch}'s, whether anything was typed since it opened {@link app.salondesk.gui.common.UnsavedEdits}'. No controls; tests drive it without the FX toolkit.
 */
public final class BookingFormViewModel {

    /** What the form is about: a new booking, or changing an existing one at the version the user saw. */
    public record Existing(Booking booking, String clientName, String clientPhone) {
    }

    private final Salon salon;
    private final BookingEngine engine;
    private final TaskRunner tasks;
    private final Messages messages;
    private final Money money;
    private final List<Master> allMasters;
    private final Map<Long, Set<Long>> servicesByMaster = new java.util.HashMap<>();
    /** A master's own length and price of a service, where they differ: "master|service". */
    private final Map<String, app.salondesk.model.catalog.Offer> ownTerms = new java.util.HashMap<>();
    private UUID requestId = UUID.randomUUID();   // made when the form opens: a re-sent save books once
    /** The salon's waitlist, where the desk offers it. */
    private final FormWaitlist waitlist;
    /** Recurring bookings: a new one's repeats, an occurrence's later ones (issue 17). */
    private final FormRepeat repeat;
    private Existing existing;

    private final StringProperty clientName = new SimpleStringProperty(this, "clientName", "");
    private final StringProperty clientPhone = new SimpleStringProperty(this, "clientPhone", "");
    private final ObjectProperty<Long> clientId = new SimpleObjectProperty<>(this, "clientId");
    private final ObservableList<Service> services = FXCollections.observableArrayList();
    private final ObjectProperty<Service> service = new SimpleObjectProperty<>(this, "service");
    private final ObservableList<Master> masters = FXCollections.observableArrayList();
    private final ObjectProperty<Master> master = new SimpleObjectProperty<>(this, "master");
    /** The day and time typed, and the instant they are (daylight saving included). */
    private final BookingStart start;
    private final StringProperty duration = new SimpleStringProperty(this, "duration", "");
    private final StringProperty note = new SimpleStringProperty(this, "note", "");
    private final ReadOnlyStringWrapper price = new ReadOnlyStringWrapper(this, "price", "");
    /** Of a service with processing time: "100 min, incl. 40 min processing" ({@link FormStay}); else empty. */
    private final ReadOnlyStringWrapper stay = new ReadOnlyStringWrapper(this, "stay", "");
    /** How each master's service runs (her phases), "master|service", as the desk last read it. */
    private final java.util.Map<String, app.salondesk.model.catalog.OfferShape> shapes = new java.util.HashMap<>();
    private final FreeStarts freeStarts;
    private final FormNoShows noShows;
    private final FormAlerts alerts;
    private final FormConsents consents;
    private final FormOnlineMatch onlineMatch;
    private final BooleanProperty outsideHours = new SimpleBooleanProperty(this, "outsideHours");
    /** Whether this person may book outside working hours (an admin: ADR 5); the tick box is theirs only. */
    private final ReadOnlyBooleanWrapper overrideOffered = new ReadOnlyBooleanWrapper(this, "overrideOffered");
    /** The booking being changed was placed outside working hours: a change keeps that (ADR 5). */
    private final ReadOnlyBooleanWrapper overrideKept = new ReadOnlyBooleanWrapper(this, "overrideKept");

    /** Each field's error, and when it shows. */
    private final FormChecks checks;
    private final ReadOnlyBooleanWrapper saving = new ReadOnlyBooleanWrapper(this, "saving");
    private final ReadOnlyObjectWrapper<BookingOutcome> answer = new ReadOnlyObjectWrapper<>(this, "answer");
    private final List<Consumer<Booking>> onSaved = new java.util.ArrayList<>();
    /** Typed since the form opened: closing it asks first (issue 31). */
    private final app.salondesk.gui.common.UnsavedEdits edits;

    public BookingFormViewModel(Salon salon, BookingEngine engine, TaskRunner tasks, Messages messages,
                                List<Master> activeMasters, List<Service> activeServices, List<app.salondesk.model.catalog.Offer> offers) {
        this.salon = salon;
        this.engine = engine;
        this.tasks = tasks;
        this.messages = messages;
        this.money = new Money(messages.locale(), salon.currency());
        this.allMasters = List.copyOf(activeMasters);
        this.start = new BookingStart(salon.zone(), messages);
        this.freeStarts = new FreeStarts(salon, engine, tasks, messages);
        this.waitlist = new FormWaitlist(salon.id(), tasks, messages);
        this.noShows = new FormNoShows(salon.zone(), tasks, messages);
        this.alerts = new FormAlerts(tasks, messages);
        this.consents = new FormConsents(tasks, messages);
        this.onlineMatch = new FormOnlineMatch(salon.country(), tasks, messages);
        this.repeat = new FormRepeat(salon, new BookingSeries(engine), tasks, messages, saving::set, this::failed, start::instant);
        this.checks = new FormChecks(salon, messages, clientName, clientPhone, master, start.errorProperty(), duration,
                this::parseDuration, note, repeat.errorProperty());
        for (app.salondesk.model.catalog.Offer o : offers) {
            servicesByMaster.computeIfAbsent(o.masterId(), k -> new java.util.HashSet<>()).add(o.serviceId());
            ownTerms.put(o.masterId() + "|" + o.serviceId(), o);
        }
        services.setAll(activeServices);
        masters.setAll(activeMasters);

        service.addListener((obs, old, s) -> serviceChosen(s));
        clientId.addListener((obs, old, now) -> {
            noShows.lookUp(now);
            alerts.lookUp(now);
            consents.lookUp(now, service.get() == null ? null : service.get().id());
        });
        service.addListener((obs, old, s) -> consents.lookUp(clientId.get(), s == null ? null : s.id()));
        clientName.addListener((obs, old, now) -> {
            clientId.set(null);   // typed over a chosen client: a new or other client
            checks.touch("client");
            checks.client();
        });
        clientPhone.addListener((obs, old, now) -> {
            checks.touch("phone");
            checks.phone();
        });
        master.addListener((obs, old, now) -> {
            checks.master();
            applyTerms();
            refreshFreeStarts();
        });
        start.errorProperty().addListener((obs, old, now) -> checks.time());
        start.dateProperty().addListener((obs, old, now) -> {
            checks.time();
            refreshFreeStarts();
            repeat.firstDayIs(now);
        });
        start.timeProperty().addListener((obs, old, now) -> {
            checks.touch("time");
            checks.time();
            repeat.validate();
        });
        duration.addListener((obs, old, now) -> {
            checks.touch("duration");
            checks.duration();
            refreshFreeStarts();
            updateStay();
        });
        note.addListener((obs, old, now) -> checks.note());
        edits = new app.salondesk.gui.common.UnsavedEdits(clientName, clientPhone, service, master, start.dateProperty(), start.timeProperty(),
                duration, note, repeat.chosenProperty());
        // on the waitlist, what was typed is kept there: closing the form then loses nothing
        waitlist.onJoined(edits::markUnchanged);
    }

    // ---- closing without saving (issue 31) ---------------------------------------------------

    /** What the form holds now is what it opened with: closing it now loses nothing. */
    public void markUnchanged() {
        edits.markUnchanged();
    }

    /** Something was typed or chosen since the form opened. */
    public ReadOnlyBooleanProperty changedProperty() {
        return edits.changedProperty();
    }

    /** "Discard the booking for Iryna at 15:00?", naming what is known of it. */
    public String discardQuestion() {
        String who = clientName.get() == null ? "" : clientName.get().strip();
        String when = start.timeProperty().get() == null ? "" : start.timeProperty().get().strip();
        String kind = editing() ? "discard.bookingEdit" : "discard.booking";
        if (!who.isEmpty() && !when.isEmpty()) {
            return messages.format(kind + ".named", who, when);
        }
        if (!who.isEmpty()) {
            return messages.format(kind + ".client", who);
        }
        return messages.get(kind);
    }

    // ---- opening -----------------------------------------------------------------------------

    /** A new booking, optionally at a master and time picked on the calendar. */
    public void startNew(Master at, Instant when) {
        existing = null;
        overrideKept.set(false);
        outsideHours.set(false);
        checks.untouchAll();
        master.set(at);
        start.set(when != null ? when
                : java.time.ZonedDateTime.now(salon.zone()).plusHours(1).truncatedTo(java.time.temporal.ChronoUnit.HOURS).toInstant());
        checks.all();
    }

    /**
     * A new booking at a salon wall-clock time (a waitlist window, a day's 10:00): read in the
     * salon's zone once, here, as the database reads it (a time that happens twice is its second
     * instant: {@link app.salondesk.model.salon.WallClock}).
     */
    public void startNew(Master at, LocalDateTime when) {
        startNew(at, when == null ? null : app.salondesk.model.salon.WallClock.instant(when, salon.zone()));
    }

    /** Edit an existing booking: its master, day, time and length (client and service stay). */
    public void startEdit(Existing e) {
        existing = e;
        Booking b = e.booking();
        clientName.set(e.clientName());
        clientPhone.set(e.clientPhone() == null ? "" : PhoneNumbers.display(e.clientPhone(), salon.country()));
        clientId.set(b.clientId());
        service.set(b.serviceId() == null ? null : services.stream().filter(s -> s.id() == b.serviceId()).findFirst().orElse(null));
        master.set(allMasters.stream().filter(m -> m.id() == b.masterId()).findFirst().orElse(null));
        start.set(b.start());   // its own instant, even at the second of a time that happens twice
        duration.set(Integer.toString(b.durationMin()));
        note.set(b.note());
        outsideHours.set(b.outsideHours());
        overrideKept.set(b.outsideHours());
        answer.set(null);
        checks.untouchAll();
        checks.all();
        onlineMatch.lookUp(b.source() == Source.ONLINE ? b.id() : null);
        edits.markUnchanged();   // the booking as it is saved now (again after "not the same person")
    }

    public boolean editing() {
        return existing != null;
    }

    /** Called, in the order given, when the booking is saved. */
    public void onSaved(Consumer<Booking> callback) {
        this.onSaved.add(Objects.requireNonNull(callback));
    }

    /** A client picked from the search list (the phone as stored, E.164). */
    public void chooseClient(long id, String name, String phone) {
        clientName.set(name);
        clientPhone.set(phone == null ? "" : PhoneNumbers.display(phone, salon.country()));
        clientId.set(id);   // after the name: typing clears it, choosing sets it
    }

    /**
     * Where the form reads a client's alerts (off the FX thread) once she is chosen; without it the form
     * says nothing of them.
     */
    public void setAlertLookup(java.util.function.LongFunction<List<String>> lookup) {
        alerts.use(lookup);
        alerts.lookUp(clientId.get());
    }

    /**
     * Where the form reads the consent forms of the chosen service that the chosen client never signed,
     * and how "Sign now…" opens their signing (issue 36); without it the form prompts for none.
     */
    public void setConsentSigning(FormConsents.Lookup lookup, FormConsents.Signer signer) {
        consents.use(lookup, signer);
    }

    /** "Needs a signed consent: <title>" for the chosen client and service, or "". Booking stays allowed. */
    public ReadOnlyStringProperty consentProperty() {
        return consents.property();
    }

    /** Opens the signing of the first form the prompt names; the prompt is read again once it closes. */
    public void signConsent() {
        consents.sign(clientName.get());
    }

    /** The chosen client's alerts (issue 36), or "" (none, or no client chosen yet). */
    public ReadOnlyStringProperty alertsProperty() {
        return alerts.property();
    }

    /**
     * Where the form reads a client's past no-shows (off the FX thread) once she is chosen; without
     * it the form says nothing of them.
     */
    public void setNoShowLookup(java.util.function.LongFunction<app.salondesk.model.booking.NoShows> lookup) {
        noShows.use(lookup);
        noShows.lookUp(clientId.get());
    }

    // ---- an online booking's client (issue 29) --------------------------------------------------

    /** Where the form reads and decides an online booking's match with a client; without it, nothing is said of one. */
    public void setOnlineMatches(app.salondesk.logic.booking.OnlineMatchDesk desk) {
        onlineMatch.use(desk);
    }

    /** "Booked online as X — phone … matches client Y": they are one person; the booking stays hers. */
    public void samePerson() {
        onlineMatch.decide(true, moved -> { });
    }

    /** They are not: X becomes a client of her own and the booking moves to her (the form shows it so). */
    public void keepApart() {
        Existing was = existing;
        onlineMatch.decide(false, moved -> {
            if (existing == was && was != null) {
                Booking b = was.booking();
                startEdit(new Existing(new Booking(b.id(), b.tenantId(), b.masterId(), moved.clientId(), b.serviceId(), b.start(),
                        b.durationMin(), b.status(), moved.version(), b.requestId(), b.source(), b.note(), b.outsideHours(), b.seriesId()),
                        onlineMatchTypedName(), null));
            }
        });
    }

    private String onlineMatchTypedName() {
        String text = onlineMatch.typedName();
        return text == null ? clientName.get() : text;
    }

    /** "Booked online as … — phone … matches client …", or "" when there is nothing to decide. */
    public ReadOnlyStringProperty onlineMatchProperty() {
        return onlineMatch.textProperty();
    }

    /** What deciding came to ("" until then). */
    public ReadOnlyStringProperty onlineMatchAnswerProperty() {
        return onlineMatch.answerProperty();
    }

    /** Whether Same person and Keep apart are offered. */
    public ReadOnlyBooleanProperty onlineMatchOpenProperty() {
        return onlineMatch.openProperty();
    }

    public ReadOnlyBooleanProperty onlineMatchDecidingProperty() {
        return onlineMatch.decidingProperty();
    }

    // ---- saving ------------------------------------------------------------------------------

    public void save() {
        checks.saveAttempted();
        if (!checks.valid() || saving.get()) {
            return;   // nothing is sent while a field is invalid; every error is on screen now
        }
        Instant at = start.instant().orElseThrow();
        int minutes = Integer.parseInt(duration.get().strip());
        long masterId = master.get().id();
        answer.set(null);
        checks.general.set("");
        saving.set(true);
        if (existing == null) {
            Service s = service.get();
            NewBooking cmd = new NewBooking(salon.id(), masterId, clientId.get(),
                    clientId.get() == null ? new NewBooking.ClientDetails(clientName.get().strip(), blankToNull(clientPhone.get())) : null,
                    s == null ? null : s.id(), at, minutes, note.get(), requestId, Source.FORM, outsideHours.get() && overrideOffered.get());
            Optional<Repeat> series = repeat.rule();
            if (series.isPresent()) {
                // the form's request id names the series; each occurrence is booked through the engine on its own
                repeat.book(saveName(at), cmd, series.get());
                return;
            }
            tasks.save(saveName(at), () -> engine.book(cmd), this::answered, this::failed);
        } else {
            Booking b = existing.booking();
            if (inSeries() && repeat.laterProperty().get()) {
                repeat.changeFrom(saveName(at), b, masterId, at, minutes);
                return;
            }
            // the time, master, length and note in one change: nothing is half-saved
            Reschedule cmd = new Reschedule(salon.id(), b.id(), b.version(), b.masterId(), masterId, at, minutes,
                    Source.FORM, outsideHours.get() && overrideOffered.get(), note.get());
            tasks.save(saveName(at), () -> engine.reschedule(cmd), this::answered, this::failed);
        }
    }

    /** The save in the person's words, should the window close before it is answered. */
    private String saveName(Instant at) {
        return messages.format("save.booking", clientName.get().strip(),
                at.atZone(salon.zone()).format(java.time.format.DateTimeFormatter.ofLocalizedDateTime(java.time.format.FormatStyle.SHORT)
                        .withLocale(messages.locale())), master.get().name());
    }

    /** "This time was just taken": save at one of the offered free times instead. */
    public void saveAt(FreeSlot slot) {
        if (saving.get()) {
            return;   // one save at a time: the answer to this one decides
        }
        allMasters.stream().filter(m -> m.id() == slot.masterId()).findFirst().ifPresent(master::set);
        start.set(slot.start());
        save();
    }

    /** A free-start chip: exactly its instant (on a fall-back day, the one of the two it names). */
    public void chooseStart(Instant t) {
        if (!saving.get()) {
            start.set(t);
        }
    }

    /** A typed time that happens twice that day: take the other of its two instants. */
    public void pickOtherStart() {
        if (!saving.get()) {
            start.pickOther();
        }
    }

    /** "Someone else changed this booking": take their version and start from it. */
    public void reload() {
        BookingOutcome a = answer.get();
        if (a instanceof BookingOutcome.ChangedByOthers c && existing != null) {
            startEdit(new Existing(c.current(), existing.clientName(), existing.clientPhone()));
        }
    }

    private void answered(BookingOutcome outcome) {
        saving.set(false);
        answer.set(outcome);
        refreshFreeStarts();   // the day has changed under us, or we just changed it
        outcome.fold(
                booked -> {
                    onSaved.forEach(c -> c.accept(booked.booking()));
                    return null;
                },
                taken -> null,
                tryAgain -> null,
                changed -> null,
                invalid -> {
                    checks.show(invalid.reason(), invalid.detail());
                    return null;
                });
    }

    private void failed(Throwable t) {
        saving.set(false);
        checks.general.set(messages.get("form.failed"));
    }

    // ---- recurring bookings (issue 17) -----------------------------------------------------------

    /** The repeat of a new booking, the later occurrences of one of a series, and their answer. */
    public FormRepeat repeat() {
        return repeat;
    }

    /** Editing one occurrence of a recurring series. */
    public boolean inSeries() {
        return existing != null && existing.booking().seriesId() != null;
    }

    /** Cancels this occurrence and every later one of its series, each through the engine. */
    public void cancelSeriesFromHere() {
        if (!inSeries() || saving.get()) {
            return;
        }
        answer.set(null);
        checks.general.set("");
        repeat.cancelFrom(messages.format("save.seriesCancel", clientName.get().strip()), existing.booking());
    }

    // ---- the waitlist (issue 14) ---------------------------------------------------------------

    /** Offers "join the waitlist" when the time is taken. */
    public void setWaitlist(WaitlistDesk desk) {
        waitlist.use(desk);
    }

    public boolean waitlistOffered() {
        return waitlist.available() && existing == null;
    }

    /**
     * Books for a waitlist entry ("book now"): the booking carries the entry's request id, the
     * only one the database lets fulfil the entry.
     */
    public void useRequestId(UUID entryRequestId) {
        this.requestId = Objects.requireNonNull(entryRequestId);
    }

    /**
     * One click after "taken": this client waits for this service (or length) with this master
     * on this day, at any time of it; the worker books the first time that frees up.
     */
    public void joinWaitlist() {
        if (!waitlistOffered()) {
            return;
        }
        Service s = service.get();
        waitlist.join(clientId.get(), clientName.get().strip(), blankToNull(clientPhone.get()), s == null ? null : s.id(),
                s != null ? null : parsedMinutes(), master.get(), start.dateProperty().get());
    }

    public ReadOnlyStringProperty waitlistAnswerProperty() {
        return waitlist.answerProperty();
    }

    /** The minutes as typed, in range or not (the waitlist says why not); null when no number. */
    private Integer parsedMinutes() {
        try {
            return Integer.valueOf(duration.get() == null ? "" : duration.get().strip());
        } catch (NumberFormatException e) {
            return null;
        }
    }

    // ---- derived state -----------------------------------------------------------------------

    private void serviceChosen(Service s) {
        checks.service.set("");
        if (s == null) {
            price.set("");
            stay.set("");
            masters.setAll(allMasters);
        } else {
            applyTerms();
            masters.setAll(allMasters.stream().filter(m -> servicesByMaster.getOrDefault(m.id(), Set.of()).contains(s.id())).toList());
            if (master.get() != null && !masters.contains(master.get())) {
                master.set(null);
            }
        }
        checks.master();
    }

    /**
     * The chosen service's length and price with the chosen master: the master's own where
     * they have one (a senior stylist's longer, dearer haircut), else the service's. The length
     * of a booking being edited stays as it is.
     */
    private void applyTerms() {
        Service s = service.get();
        if (s == null) {
            return;
        }
        Master m = master.get();
        app.salondesk.model.catalog.Offer own = m == null ? null : ownTerms.get(m.id() + "|" + s.id());
        if (existing == null) {
            duration.set(Integer.toString(own != null && own.durationMin() != null ? own.durationMin() : s.durationMin()));
        }
        price.set(money.format(own != null && own.price() != null ? own.price() : s.price()));
        updateStay();
    }

    /**
     * How each master's service runs (phases, cleanup, rooms), for what the form says of it; the
     * desk reads them with the services and offers.
     */
    public void setShapes(List<app.salondesk.model.catalog.OfferShape> all) {
        shapes.clear();
        all.forEach(o -> shapes.put(o.masterId() + "|" + o.serviceId(), o));
        updateStay();
    }

    private void updateStay() {
        Service s = service.get();
        Master m = master.get();
        stay.set(s == null || m == null ? "" : FormStay.text(messages, shapes.get(m.id() + "|" + s.id()), parseDuration()));
    }

    private void refreshFreeStarts() {
        Master m = master.get();
        Service s = service.get();
        freeStarts.refresh(m == null ? null : m.id(), start.dateProperty().get(), parseDuration(), s == null ? null : s.id(),
                existing == null ? null : existing.booking().id());
    }

    Optional<Instant> startInstant() {
        return start.instant();
    }

    private Integer parseDuration() {
        Integer m = parsedMinutes();
        return m != null && m > 0 && m <= BookingEngine.MAX_DURATION_MIN ? m : null;
    }

    private static String blankToNull(String s) {
        return s == null || s.isBlank() ? null : s.strip();
    }

    /** The error to show for a field now: its error once touched or after a Save, else nothing. */
    public javafx.beans.binding.StringBinding visibleError(String field, ReadOnlyStringProperty error) {
        return checks.visible(field, error);
    }

    // ---- properties --------------------------------------------------------------------------

    public Salon salon() {
        return salon;
    }

    public StringProperty clientNameProperty() {
        return clientName;
    }

    public StringProperty clientPhoneProperty() {
        return clientPhone;
    }

    public ObjectProperty<Long> clientIdProperty() {
        return clientId;
    }

    public ObservableList<Service> services() {
        return services;
    }

    /** How the service list names a service: name, minutes and price in the salon's currency. */
    public String serviceLabel(Service s) {
        return s == null ? messages.get("form.customService")
                : messages.format("form.serviceItem", s.name(), s.durationMin(), money.format(s.price()));
    }

    public ObjectProperty<Service> serviceProperty() {
        return service;
    }

    public ObservableList<Master> masters() {
        return masters;
    }

    public ObjectProperty<Master> masterProperty() {
        return master;
    }

    public ObjectProperty<LocalDate> dateProperty() {
        return start.dateProperty();
    }

    public StringProperty timeProperty() {
        return start.timeProperty();
    }

    /** For a time that happens twice that day, which of the two it is ("" otherwise). */
    public ReadOnlyStringProperty startNoteProperty() {
        return start.noteProperty();
    }

    /** For a time that happens twice that day, the other one ({@link #pickOtherStart()}); null otherwise. */
    public ReadOnlyObjectProperty<Instant> otherStartProperty() {
        return start.otherProperty();
    }

    /** A start as the person reads it: the time, and which one for a time that happens twice ("03:30 summer time"). */
    public String startLabel(Instant t) {
        return start.label(t);
    }

    public StringProperty durationProperty() {
        return duration;
    }

    public StringProperty noteProperty() {
        return note;
    }

    public BooleanProperty outsideHoursProperty() {
        return outsideHours;
    }

    /** The person may book outside working hours (an admin; the database refuses it anyone else: ADR 5). */
    public void offerOverride(boolean mayOverride) {
        overrideOffered.set(mayOverride);
    }

    /** Whether the "outside working hours" tick box is this person's to tick. */
    public ReadOnlyBooleanProperty overrideOfferedProperty() {
        return overrideOffered.getReadOnlyProperty();
    }

    /** The booking being changed was placed outside working hours, and a change keeps that. */
    public ReadOnlyBooleanProperty overrideKeptProperty() {
        return overrideKept.getReadOnlyProperty();
    }

    public ReadOnlyStringProperty priceProperty() {
        return price.getReadOnlyProperty();
    }

    public ReadOnlyStringProperty stayProperty() {
        return stay.getReadOnlyProperty();
    }

    /** The chosen client's past no-shows in one line, or "" (none, or no client chosen yet). */
    public ReadOnlyStringProperty noShowsProperty() {
        return noShows.property();
    }

    /** Why no free times are listed ("" while they are, or while they are being looked for). */
    public ReadOnlyStringProperty freeStartsNoteProperty() {
        return freeStarts.noteProperty();
    }

    /** The master's free starts that day, every one of them, in time order. */
    public ObservableList<Instant> freeStarts() {
        return freeStarts.starts();
    }

    /** Morning, afternoon or evening: the group of the free times a start is shown in. */
    FreeStarts.Part partOfDay(Instant t) {
        return freeStarts.partOf(t);
    }

    /** A group's heading, in the desk's language. */
    String partName(FreeStarts.Part part) {
        return messages.get(part.messageKey());
    }

    /** A wall-clock time as the time field writes it, for every time the form names. */
    public String fieldTime(java.time.LocalTime t) {
        return start.fieldTime(t);
    }

    public ReadOnlyStringProperty clientErrorProperty() {
        return checks.client.getReadOnlyProperty();
    }

    public ReadOnlyStringProperty phoneErrorProperty() {
        return checks.phone.getReadOnlyProperty();
    }

    public ReadOnlyStringProperty serviceErrorProperty() {
        return checks.service.getReadOnlyProperty();
    }

    public ReadOnlyStringProperty masterErrorProperty() {
        return checks.masterError.getReadOnlyProperty();
    }

    public ReadOnlyStringProperty timeErrorProperty() {
        return checks.time.getReadOnlyProperty();
    }

    public ReadOnlyStringProperty durationErrorProperty() {
        return checks.durationError.getReadOnlyProperty();
    }

    public ReadOnlyStringProperty noteErrorProperty() {
        return checks.noteError.getReadOnlyProperty();
    }

    public ReadOnlyStringProperty generalErrorProperty() {
        return checks.general.getReadOnlyProperty();
    }

    public ReadOnlyBooleanProperty savingProperty() {
        return saving.getReadOnlyProperty();
    }

    public BooleanBinding validProperty() {
        return checks.validBinding();
    }

    public ReadOnlyObjectProperty<BookingOutcome> answerProperty() {
        return answer.getReadOnlyProperty();
    }
}
