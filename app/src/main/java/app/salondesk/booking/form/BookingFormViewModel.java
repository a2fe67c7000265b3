package app.salondesk.booking.form;

import app.salondesk.booking.Booking;
import app.salondesk.booking.BookingEngine;
import app.salondesk.booking.BookingOutcome;
import app.salondesk.booking.FreeSlot;
import app.salondesk.booking.FreeSlotFinder;
import app.salondesk.booking.InvalidReason;
import app.salondesk.booking.NewBooking;
import app.salondesk.booking.Reschedule;
import app.salondesk.booking.Source;
import app.salondesk.catalog.Service;
import app.salondesk.clients.ClientRepository;
import app.salondesk.clients.PhoneNumbers;
import app.salondesk.i18n.Messages;
import app.salondesk.salon.Salon;
import app.salondesk.staff.Master;
import app.salondesk.ui.TaskRunner;
import app.salondesk.waitlist.DailyWindow;
import app.salondesk.waitlist.NewWaitlistEntry;
import app.salondesk.waitlist.WaitlistDesk;
import javafx.beans.binding.Bindings;
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
import java.time.LocalTime;
import java.time.ZonedDateTime;
import java.time.format.DateTimeParseException;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.function.Consumer;

/**
 * The booking form's state and commands: what the receptionist typed, whether each field is
 * valid (nothing is sent while one is not), the master's free starts for the chosen day, and
 * the engine's answer. No controls; tests drive it without the FX toolkit.
 */
public final class BookingFormViewModel {

    /** What the form is about: a new booking, or changing an existing one at the version the user saw. */
    public record Existing(Booking booking, String clientName, String clientPhone) {
    }

    static final int FREE_STARTS_SHOWN = 12;

    private final Salon salon;
    private final BookingEngine engine;
    private final TaskRunner tasks;
    private final Messages messages;
    private final List<Master> allMasters;
    private final Map<Long, Set<Long>> servicesByMaster = new java.util.HashMap<>();
    /** A master's own length and price of a service, where they differ: "master|service". */
    private final Map<String, app.salondesk.catalog.Offer> ownTerms = new java.util.HashMap<>();
    private UUID requestId = UUID.randomUUID();   // made when the form opens: a re-sent save books once
    /** The salon's waitlist, where the desk offers it; null: the "time taken" answer offers no waitlist. */
    private WaitlistDesk waitlist;
    private final ReadOnlyStringWrapper waitlistAnswer = new ReadOnlyStringWrapper(this, "waitlistAnswer", "");
    private Existing existing;

    private final StringProperty clientName = new SimpleStringProperty(this, "clientName", "");
    private final StringProperty clientPhone = new SimpleStringProperty(this, "clientPhone", "");
    private final ObjectProperty<Long> clientId = new SimpleObjectProperty<>(this, "clientId");
    private final ObservableList<Service> services = FXCollections.observableArrayList();
    private final ObjectProperty<Service> service = new SimpleObjectProperty<>(this, "service");
    private final ObservableList<Master> masters = FXCollections.observableArrayList();
    private final ObjectProperty<Master> master = new SimpleObjectProperty<>(this, "master");
    private final ObjectProperty<LocalDate> date = new SimpleObjectProperty<>(this, "date");
    private final StringProperty time = new SimpleStringProperty(this, "time", "");
    private final StringProperty duration = new SimpleStringProperty(this, "duration", "");
    private final StringProperty note = new SimpleStringProperty(this, "note", "");
    private final ReadOnlyStringWrapper price = new ReadOnlyStringWrapper(this, "price", "");
    private final ObservableList<LocalTime> freeStarts = FXCollections.observableArrayList();
    /** Why no free times are listed ("" while they are, or while they are being looked for). */
    private final javafx.beans.property.ReadOnlyStringWrapper freeStartsNote = new javafx.beans.property.ReadOnlyStringWrapper(this,
            "freeStartsNote", "");
    private final BooleanProperty outsideHours = new SimpleBooleanProperty(this, "outsideHours");

    private final ReadOnlyStringWrapper clientError = new ReadOnlyStringWrapper(this, "clientError", "");
    private final ReadOnlyStringWrapper phoneError = new ReadOnlyStringWrapper(this, "phoneError", "");
    private final ReadOnlyStringWrapper serviceError = new ReadOnlyStringWrapper(this, "serviceError", "");
    private final ReadOnlyStringWrapper masterError = new ReadOnlyStringWrapper(this, "masterError", "");
    private final ReadOnlyStringWrapper timeError = new ReadOnlyStringWrapper(this, "timeError", "");
    private final ReadOnlyStringWrapper durationError = new ReadOnlyStringWrapper(this, "durationError", "");
    private final ReadOnlyStringWrapper noteError = new ReadOnlyStringWrapper(this, "noteError", "");
    private final ReadOnlyStringWrapper generalError = new ReadOnlyStringWrapper(this, "generalError", "");

    /** Errors show once a field was changed, or for every field after a first Save. */
    private final BooleanProperty saveAttempted = new SimpleBooleanProperty(this, "saveAttempted");
    private final java.util.Set<String> touched = new java.util.HashSet<>();
    private final ReadOnlyBooleanWrapper saving = new ReadOnlyBooleanWrapper(this, "saving");
    private final ReadOnlyObjectWrapper<BookingOutcome> answer = new ReadOnlyObjectWrapper<>(this, "answer");
    private final BooleanBinding valid;
    private int freeStartsRequest;
    private final List<Consumer<Booking>> onSaved = new java.util.ArrayList<>();

    public BookingFormViewModel(Salon salon, BookingEngine engine, TaskRunner tasks, Messages messages,
                                List<Master> activeMasters, List<Service> activeServices, List<app.salondesk.catalog.Offer> offers) {
        this.salon = salon;
        this.engine = engine;
        this.tasks = tasks;
        this.messages = messages;
        this.allMasters = List.copyOf(activeMasters);
        for (app.salondesk.catalog.Offer o : offers) {
            servicesByMaster.computeIfAbsent(o.masterId(), k -> new java.util.HashSet<>()).add(o.serviceId());
            ownTerms.put(o.masterId() + "|" + o.serviceId(), o);
        }
        services.setAll(activeServices);
        masters.setAll(activeMasters);

        service.addListener((obs, old, s) -> serviceChosen(s));
        clientName.addListener((obs, old, now) -> {
            clientId.set(null);   // typed over a chosen client: a new or other client
            touch("client");
            validateClient();
        });
        clientPhone.addListener((obs, old, now) -> {
            touch("phone");
            validatePhone();
        });
        master.addListener((obs, old, now) -> {
            validateMaster();
            applyTerms();
            refreshFreeStarts();
        });
        date.addListener((obs, old, now) -> {
            validateTime();
            refreshFreeStarts();
        });
        time.addListener((obs, old, now) -> {
            touch("time");
            validateTime();
        });
        duration.addListener((obs, old, now) -> {
            touch("duration");
            validateDuration();
            refreshFreeStarts();
        });
        note.addListener((obs, old, now) -> validateNote());
        validateAll();
        valid = Bindings.createBooleanBinding(() -> clientError.get().isEmpty() && phoneError.get().isEmpty()
                        && masterError.get().isEmpty() && timeError.get().isEmpty() && durationError.get().isEmpty()
                        && noteError.get().isEmpty(),
                clientError, phoneError, masterError, timeError, durationError, noteError);
    }

    // ---- opening -----------------------------------------------------------------------------

    /** A new booking, optionally at a master and time picked on the calendar. */
    public void startNew(Master at, LocalDateTime when) {
        existing = null;
        touched.clear();
        master.set(at);
        LocalDateTime w = when != null ? when : LocalDateTime.now(java.time.Clock.system(salon.zone())).plusHours(1).withMinute(0);
        date.set(w.toLocalDate());
        time.set(w.toLocalTime().withSecond(0).withNano(0).toString());
        validateAll();
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
        ZonedDateTime start = b.start().atZone(salon.zone());
        date.set(start.toLocalDate());
        time.set(start.toLocalTime().toString());
        duration.set(Integer.toString(b.durationMin()));
        note.set(b.note());
        answer.set(null);
        touched.clear();
        validateAll();
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

    // ---- saving ------------------------------------------------------------------------------

    public void save() {
        validateAll();
        saveAttempted.set(true);
        if (!valid.get() || saving.get()) {
            return;   // nothing is sent while a field is invalid; every error is on screen now
        }
        Instant start = startInstant().orElseThrow();
        int minutes = Integer.parseInt(duration.get().strip());
        long masterId = master.get().id();
        answer.set(null);
        generalError.set("");
        saving.set(true);
        if (existing == null) {
            Service s = service.get();
            NewBooking cmd = new NewBooking(salon.id(), masterId, clientId.get(),
                    clientId.get() == null ? new NewBooking.ClientDetails(clientName.get().strip(), blankToNull(clientPhone.get())) : null,
                    s == null ? null : s.id(), start, minutes, note.get(), requestId, Source.FORM, outsideHours.get());
            tasks.save(saveName(start), () -> engine.book(cmd), this::answered, this::failed);
        } else {
            Booking b = existing.booking();
            Reschedule cmd = new Reschedule(salon.id(), b.id(), b.version(), b.masterId(), masterId, start, minutes,
                    Source.FORM, outsideHours.get());
            tasks.save(saveName(start), () -> engine.reschedule(cmd), this::answered, this::failed);
        }
    }

    /** The save in the person's words, should the window close before it is answered. */
    private String saveName(Instant start) {
        return messages.format("save.booking", clientName.get().strip(),
                start.atZone(salon.zone()).format(java.time.format.DateTimeFormatter.ofLocalizedDateTime(java.time.format.FormatStyle.SHORT)
                        .withLocale(messages.locale())), master.get().name());
    }

    /** "This time was just taken": save at one of the offered free times instead. */
    public void saveAt(FreeSlot slot) {
        allMasters.stream().filter(m -> m.id() == slot.masterId()).findFirst().ifPresent(master::set);
        ZonedDateTime t = slot.start().atZone(salon.zone());
        date.set(t.toLocalDate());
        time.set(t.toLocalTime().toString());
        save();
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
                    showInvalid(invalid.reason(), invalid.detail());
                    return null;
                });
    }

    private void failed(Throwable t) {
        saving.set(false);
        generalError.set(messages.get("form.failed"));
    }

    // ---- the waitlist (issue 14) ---------------------------------------------------------------

    /** Offers "join the waitlist" when the time is taken. */
    public void setWaitlist(WaitlistDesk desk) {
        this.waitlist = desk;
    }

    public boolean waitlistOffered() {
        return waitlist != null && existing == null;
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
        Integer minutes = s != null ? null : parsedMinutes();
        Master m = master.get();
        LocalDate day = date.get();
        boolean known = clientId.get() != null;
        String name = clientName.get().strip();
        NewWaitlistEntry entry = new NewWaitlistEntry(salon.id(), clientId.get(), known ? null : name,
                known ? null : blankToNull(clientPhone.get()), s == null ? null : s.id(), minutes, m == null ? null : m.id(),
                day, day, DailyWindow.ALL_DAY, "");
        waitlistAnswer.set("");
        WaitlistDesk desk = waitlist;
        tasks.run(() -> desk.join(entry), outcome -> waitlistAnswer.set(outcome.fold(
                joined -> messages.format("form.waitlistJoined", name, m == null ? messages.get("form.anyMaster") : m.name(),
                        day.format(java.time.format.DateTimeFormatter.ofLocalizedDate(java.time.format.FormatStyle.MEDIUM)
                                .withLocale(messages.locale()))),
                refused -> messages.format("form.waitlistRefused", messages.format(refused.reason().messageKey(), refused.detail())))),
                t -> waitlistAnswer.set(messages.get("form.failed")));
    }

    public ReadOnlyStringProperty waitlistAnswerProperty() {
        return waitlistAnswer.getReadOnlyProperty();
    }

    /** The minutes as typed, in range or not (the waitlist says why not); null when no number. */
    private Integer parsedMinutes() {
        try {
            return Integer.valueOf(duration.get() == null ? "" : duration.get().strip());
        } catch (NumberFormatException e) {
            return null;
        }
    }

    private void showInvalid(InvalidReason reason, String detail) {
        String text = messages.format(reason.messageKey(), detail);
        switch (reason.field()) {
            case "client" -> clientError.set(text);
            case "phone" -> phoneError.set(text);
            case "service" -> serviceError.set(text);
            case "master" -> masterError.set(text);
            case "start" -> timeError.set(text);
            case "duration" -> durationError.set(text);
            case "note" -> noteError.set(text);
            default -> generalError.set(text);
        }
    }

    // ---- derived state -----------------------------------------------------------------------

    private void serviceChosen(Service s) {
        serviceError.set("");
        if (s == null) {
            price.set("");
            masters.setAll(allMasters);
        } else {
            applyTerms();
            masters.setAll(allMasters.stream().filter(m -> servicesByMaster.getOrDefault(m.id(), Set.of()).contains(s.id())).toList());
            if (master.get() != null && !masters.contains(master.get())) {
                master.set(null);
            }
        }
        validateMaster();
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
        app.salondesk.catalog.Offer own = m == null ? null : ownTerms.get(m.id() + "|" + s.id());
        if (existing == null) {
            duration.set(Integer.toString(own != null && own.durationMin() != null ? own.durationMin() : s.durationMin()));
        }
        price.set(messages.money(own != null && own.price() != null ? own.price() : s.price(), salon.currency()));
    }

    private void refreshFreeStarts() {
        Master m = master.get();
        LocalDate d = date.get();
        Integer minutes = parseDuration();
        int request = ++freeStartsRequest;
        if (m == null || d == null || minutes == null) {
            freeStarts.clear();
            // the master may well have free time: the form only lacks what to look for (issue 16)
            freeStartsNote.set(messages.get(m == null ? "form.freeStarts.needMaster"
                    : d == null ? "form.freeStarts.needDate" : "form.freeStarts.needLength"));
            return;
        }
        freeStartsNote.set("");
        Instant dayStart = d.atStartOfDay(salon.zone()).toInstant();
        Long exclude = existing == null ? null : existing.booking().id();
        Service s = service.get();
        FreeSlotFinder.Question q = FreeSlotFinder.Question.dayOf(salon.id(), minutes, dayStart, m.id(),
                s == null ? null : s.id(), exclude, 15);
        tasks.run(() -> engine.freeSlots(q), slots -> {
            if (request != freeStartsRequest) {
                return;   // the user changed master, day or length meanwhile
            }
            // a dozen starts around the time asked for, in time order: enough to choose, few enough to read
            LocalTime around = parseTime() != null ? parseTime() : LocalTime.NOON;
            freeStarts.setAll(slots.stream()
                    .filter(FreeSlot::sameMaster)
                    .map(x -> x.start().atZone(salon.zone()))
                    .filter(z -> z.toLocalDate().equals(d))
                    .map(ZonedDateTime::toLocalTime)
                    .sorted(java.util.Comparator.comparingLong(t -> Math.abs(java.time.Duration.between(around, t).toMinutes())))
                    .limit(FREE_STARTS_SHOWN)
                    .sorted()
                    .toList());
            freeStartsNote.set(freeStarts.isEmpty() ? messages.get("form.noFreeStarts") : "");
        }, failure -> {
            freeStarts.clear();
            freeStartsNote.set(messages.get("form.freeStarts.failed"));
        });
    }

    Optional<Instant> startInstant() {
        LocalTime t = parseTime();
        if (t == null || date.get() == null) {
            return Optional.empty();
        }
        return Optional.of(date.get().atTime(t).atZone(salon.zone()).toInstant());
    }

    private LocalTime parseTime() {
        String text = time.get() == null ? "" : time.get().strip().replace('.', ':');
        if (text.matches("\\d{1,2}")) {
            text = text + ":00";
        }
        if (text.matches("\\d:\\d{2}")) {
            text = "0" + text;
        }
        try {
            return LocalTime.parse(text);
        } catch (DateTimeParseException e) {
            return null;
        }
    }

    private Integer parseDuration() {
        Integer m = parsedMinutes();
        return m != null && m > 0 && m <= BookingEngine.MAX_DURATION_MIN ? m : null;
    }

    // ---- validation (inline: every change re-checks its field) -------------------------------

    private void validateAll() {
        validateClient();
        validatePhone();
        validateMaster();
        validateTime();
        validateDuration();
        validateNote();
    }

    private void validateClient() {
        String n = clientName.get() == null ? "" : clientName.get().strip();
        if (n.isEmpty()) {
            clientError.set(messages.get("invalid.client_name_missing"));
        } else if (n.length() > ClientRepository.MAX_NAME_LENGTH) {
            clientError.set(messages.get("invalid.client_name_too_long"));
        } else {
            clientError.set("");
        }
    }

    private void validatePhone() {
        String p = clientPhone.get() == null ? "" : clientPhone.get().strip();
        phoneError.set(p.isEmpty() || PhoneNumbers.normalise(p, salon.country()).isPresent()
                ? "" : messages.format("invalid.phone_invalid", p));
    }

    private void validateMaster() {
        masterError.set(master.get() == null ? messages.get("form.chooseMaster") : "");
    }

    private void validateTime() {
        if (date.get() == null) {
            timeError.set(messages.get("invalid.start_missing"));
        } else if (parseTime() == null) {
            timeError.set(messages.format("form.timeFormat", time.get()));
        } else {
            timeError.set("");
        }
    }

    private void validateDuration() {
        durationError.set(parseDuration() == null ? messages.format("invalid.duration_out_of_range", duration.get()) : "");
    }

    private void validateNote() {
        noteError.set(note.get() != null && note.get().length() > BookingEngine.MAX_NOTE_LENGTH
                ? messages.get("invalid.note_too_long") : "");
    }

    private static String blankToNull(String s) {
        return s == null || s.isBlank() ? null : s.strip();
    }

    private void touch(String field) {
        if (touched.add(field)) {
            validateAll();   // re-publish so the field's error, if any, becomes visible
        }
    }

    /** The error to show for a field now: its error once touched or after a Save, else nothing. */
    public javafx.beans.binding.StringBinding visibleError(String field, ReadOnlyStringProperty error) {
        return Bindings.createStringBinding(() -> saveAttempted.get() || touched.contains(field) || field.equals("general")
                ? error.get() : "", error, saveAttempted);
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
                : messages.format("form.serviceItem", s.name(), s.durationMin(), messages.money(s.price(), salon.currency()));
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
        return date;
    }

    public StringProperty timeProperty() {
        return time;
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

    public ReadOnlyStringProperty priceProperty() {
        return price.getReadOnlyProperty();
    }

    public javafx.beans.property.ReadOnlyStringProperty freeStartsNoteProperty() {
        return freeStartsNote.getReadOnlyProperty();
    }

    public ObservableList<LocalTime> freeStarts() {
        return freeStarts;
    }

    public ReadOnlyStringProperty clientErrorProperty() {
        return clientError.getReadOnlyProperty();
    }

    public ReadOnlyStringProperty phoneErrorProperty() {
        return phoneError.getReadOnlyProperty();
    }

    public ReadOnlyStringProperty serviceErrorProperty() {
        return serviceError.getReadOnlyProperty();
    }

    public ReadOnlyStringProperty masterErrorProperty() {
        return masterError.getReadOnlyProperty();
    }

    public ReadOnlyStringProperty timeErrorProperty() {
        return timeError.getReadOnlyProperty();
    }

    public ReadOnlyStringProperty durationErrorProperty() {
        return durationError.getReadOnlyProperty();
    }

    public ReadOnlyStringProperty noteErrorProperty() {
        return noteError.getReadOnlyProperty();
    }

    public ReadOnlyStringProperty generalErrorProperty() {
        return generalError.getReadOnlyProperty();
    }

    public ReadOnlyBooleanProperty savingProperty() {
        return saving.getReadOnlyProperty();
    }

    public BooleanBinding validProperty() {
        return valid;
    }

    public ReadOnlyObjectProperty<BookingOutcome> answerProperty() {
        return answer.getReadOnlyProperty();
    }
}
