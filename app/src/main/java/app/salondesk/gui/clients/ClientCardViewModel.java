package app.salondesk.gui.clients;

import app.salondesk.gui.common.TaskRunner;
import app.salondesk.i18n.Messages;
import app.salondesk.logic.booking.ClientCardService;
import app.salondesk.logic.clients.ClientRepository;
import app.salondesk.logic.clients.ClientRules;
import app.salondesk.model.booking.Visit;
import app.salondesk.model.clients.ClientCard;
import app.salondesk.model.clients.ClientDetails;
import app.salondesk.model.clients.ClientProblem;
import app.salondesk.model.clients.PhoneNumbers;
import app.salondesk.model.salon.Salon;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyIntegerProperty;
import javafx.beans.property.ReadOnlyIntegerWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;

import java.time.Clock;
import java.time.Instant;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.time.format.FormatStyle;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * The state of one client's card: the fields being edited and what is wrong with them, whether
 * Save may be pressed, the visits and the no-show count. No controls here; it runs without the
 * FX toolkit in tests. Database work goes through the {@link TaskRunner}, results come back on
 * the UI thread.
 */
public final class ClientCardViewModel {

    private final Salon salon;
    private final ClientCardService service;
    private final TaskRunner tasks;
    private final Messages messages;
    private final Clock clock;
    private final DateTimeFormatter dateFormat;
    private final DateTimeFormatter timeFormat;

    private final StringProperty name = new SimpleStringProperty(this, "name", "");
    private final StringProperty phone = new SimpleStringProperty(this, "phone", "");
    private final StringProperty notes = new SimpleStringProperty(this, "notes", "");
    private final ReadOnlyStringWrapper nameError = new ReadOnlyStringWrapper(this, "nameError", "");
    private final ReadOnlyStringWrapper phoneError = new ReadOnlyStringWrapper(this, "phoneError", "");
    private final ReadOnlyStringWrapper notesError = new ReadOnlyStringWrapper(this, "notesError", "");
    private final ReadOnlyBooleanWrapper canSave = new ReadOnlyBooleanWrapper(this, "canSave");
    private final ReadOnlyBooleanWrapper loading = new ReadOnlyBooleanWrapper(this, "loading");
    private final ReadOnlyBooleanWrapper saving = new ReadOnlyBooleanWrapper(this, "saving");
    private final ReadOnlyBooleanWrapper loaded = new ReadOnlyBooleanWrapper(this, "loaded");
    private final ReadOnlyStringWrapper message = new ReadOnlyStringWrapper(this, "message", "");
    private final ReadOnlyStringWrapper title = new ReadOnlyStringWrapper(this, "title", "");
    private final ReadOnlyIntegerWrapper noShows = new ReadOnlyIntegerWrapper(this, "noShows");
    private final ReadOnlyStringWrapper noShowsText = new ReadOnlyStringWrapper(this, "noShowsText", "");
    private final ObservableList<VisitRow> visits = FXCollections.observableArrayList();
    private final ObservableList<VisitRow> visitsView = FXCollections.unmodifiableObservableList(visits);

    private long clientId = -1;
    /** What the database holds, as last loaded or saved; null before a client is loaded. */
    private ClientDetails stored;
    /** The E.164 number the database said belongs to another client, and that client's name. */
    private String phoneTaken;
    private String phoneTakenBy;
    /** Each load counts up; an answer for an older load (another client, a reload) is dropped. */
    private long loadGeneration;
    private Consumer<ClientDetails> onSaved = c -> { };
    /** The name, phone or notes typed and not saved (issue 31): closing the card asks first. */
    private final app.salondesk.gui.common.UnsavedEdits edits = new app.salondesk.gui.common.UnsavedEdits(name, phone, notes);

    public ClientCardViewModel(Salon salon, ClientCardService service, TaskRunner tasks, Messages messages, Clock clock) {
        this.salon = salon;
        this.service = service;
        this.tasks = tasks;
        this.messages = messages;
        this.clock = clock;
        this.dateFormat = DateTimeFormatter.ofLocalizedDate(FormatStyle.MEDIUM).withLocale(messages.locale());
        this.timeFormat = DateTimeFormatter.ofLocalizedTime(FormatStyle.SHORT).withLocale(messages.locale());
        title.set(messages.get("client.card.untitled"));
        for (StringProperty field : List.of(name, phone, notes)) {
            field.addListener((obs, old, now) -> {
                if (now == null) {
                    field.set("");   // a cleared control may say null; the card always holds text
                } else {
                    validate();
                }
            });
        }
    }

    // ---- properties --------------------------------------------------------------------------

    public StringProperty nameProperty() {
        return name;
    }

    public StringProperty phoneProperty() {
        return phone;
    }

    /** The phone field's hint: a number written the way the salon's country writes it. */
    public String phonePrompt() {
        return messages.format("client.phone.prompt", PhoneNumbers.example(salon.country()));
    }

    public StringProperty notesProperty() {
        return notes;
    }

    /** Why the name cannot be saved, "" when it can. */
    public ReadOnlyStringProperty nameErrorProperty() {
        return nameError.getReadOnlyProperty();
    }

    /** Why the phone cannot be saved (not a number, another client's number), "" when it can. */
    public ReadOnlyStringProperty phoneErrorProperty() {
        return phoneError.getReadOnlyProperty();
    }

    public ReadOnlyStringProperty notesErrorProperty() {
        return notesError.getReadOnlyProperty();
    }

    /** A client is loaded, something changed, everything is valid and nothing is in flight. */
    public ReadOnlyBooleanProperty canSaveProperty() {
        return canSave.getReadOnlyProperty();
    }

    public ReadOnlyBooleanProperty loadingProperty() {
        return loading.getReadOnlyProperty();
    }

    public ReadOnlyBooleanProperty savingProperty() {
        return saving.getReadOnlyProperty();
    }

    /** A client is shown (false before the first load answers, and when the client is gone). */
    public ReadOnlyBooleanProperty loadedProperty() {
        return loaded.getReadOnlyProperty();
    }

    /** One line about the card as a whole: loading, saved, could not load or save. */
    public ReadOnlyStringProperty messageProperty() {
        return message.getReadOnlyProperty();
    }

    /** For the window title: the client's stored name. */
    public ReadOnlyStringProperty titleProperty() {
        return title.getReadOnlyProperty();
    }

    public ReadOnlyIntegerProperty noShowsProperty() {
        return noShows.getReadOnlyProperty();
    }

    /** "No-shows: 2" in the user's language. */
    public ReadOnlyStringProperty noShowsTextProperty() {
        return noShowsText.getReadOnlyProperty();
    }

    /** Every booking of the client, newest first (upcoming ones are therefore on top). */
    public ObservableList<VisitRow> visits() {
        return visitsView;
    }

    public long clientId() {
        return clientId;
    }

    /** Told after every successful save, e.g. to refresh a calendar that shows the client's name. */
    public void setOnSaved(Consumer<ClientDetails> onSaved) {
        this.onSaved = Objects.requireNonNull(onSaved);
    }

    // ---- commands ----------------------------------------------------------------------------

    /** Loads a client in the background; unsaved edits of the card are replaced. */
    public void load(long clientId) {
        this.clientId = clientId;
        long generation = ++loadGeneration;
        loading.set(true);
        message.set(messages.get("client.loading"));
        validate();
        long tenantId = salon.id();
        tasks.run(() -> service.load(tenantId, clientId),
                card -> {
                    if (generation != loadGeneration) {
                        return;
                    }
                    loading.set(false);
                    if (card.isPresent()) {
                        show(card.get());
                    } else {
                        stored = null;
                        loaded.set(false);
                        message.set(problemText(ClientProblem.UNKNOWN_CLIENT));
                        validate();
                    }
                },
                failure -> {
                    if (generation != loadGeneration) {
                        return;
                    }
                    loading.set(false);
                    // the details are in the log (BackgroundTasks); the user gets one sentence
                    message.set(messages.get("client.loadFailed"));
                    validate();
                });
    }

    /** Loads the shown client again (after a booking of theirs changed elsewhere). */
    public void reload() {
        if (clientId >= 0) {
            load(clientId);
        }
    }

    /** Saves in the background; does nothing unless {@link #canSaveProperty()} is true. */
    public void save() {
        validate();
        if (!canSave.get()) {
            return;
        }
        long tenantId = salon.id();
        long id = clientId;
        String sentName = name.get();
        String sentPhone = phone.get();
        String sentNotes = notes.get();
        String e164 = typedPhone().orElse(null);
        saving.set(true);
        message.set(messages.get("client.saving"));
        validate();
        tasks.run(() -> service.save(tenantId, id, sentName, e164, sentNotes),
                result -> {
                    saving.set(false);
                    if (id != clientId) {
                        return;   // another client was loaded meanwhile; its card is not this answer's
                    }
                    result.fold(
                            saved -> {
                                saved(saved.client(), sentName, sentPhone);
                                return null;
                            },
                            taken -> {
                                phoneTaken = e164;
                                phoneTakenBy = taken.otherClientName();
                                message.set("");
                                return null;
                            },
                            invalid -> {
                                message.set(problemText(invalid.problem()));
                                return null;
                            });
                    validate();
                },
                failure -> {
                    saving.set(false);
                    message.set(messages.get("client.saveFailed"));
                    validate();
                });
    }

    // ---- inside ------------------------------------------------------------------------------

    private void show(ClientCard card) {
        ClientDetails d = card.details();
        stored = d;
        phoneTaken = null;
        phoneTakenBy = null;
        name.set(d.name());
        phone.set(d.phone() == null ? "" : PhoneNumbers.display(d.phone(), salon.country()));
        notes.set(d.notes());
        title.set(messages.format("client.card.title", d.name()));
        visits.setAll(rows(card.visits()));
        noShows.set(card.noShows());
        noShowsText.set(messages.format("client.noShows", card.noShows()));
        loaded.set(true);
        message.set("");
        validate();
        edits.markUnchanged();
    }

    public javafx.beans.property.ReadOnlyBooleanProperty changedProperty() {
        return edits.changedProperty();
    }

    /** "Discard the changes to Iryna Bondar?" */
    public String discardQuestion() {
        return stored == null ? messages.get("discard.changes") : messages.format("discard.changes.named", stored.name());
    }

    private void saved(ClientDetails client, String sentName, String sentPhone) {
        stored = client;
        phoneTaken = null;
        phoneTakenBy = null;
        // tidy the fields to what was stored, unless the user typed on while the save ran
        if (name.get().equals(sentName)) {
            name.set(client.name());
        }
        boolean typedOn = !name.get().equals(sentName) || !phone.get().equals(sentPhone);
        if (phone.get().equals(sentPhone)) {
            phone.set(client.phone() == null ? "" : PhoneNumbers.display(client.phone(), salon.country()));
        }
        if (!typedOn) {
            edits.markUnchanged();   // the notes go with the save too; what was typed on while it ran stays a change
        }
        title.set(messages.format("client.card.title", client.name()));
        message.set(messages.get("client.saved"));
        onSaved.accept(client);
    }

    private List<VisitRow> rows(List<Visit> list) {
        ZoneId zone = salon.zone();
        Instant now = clock.instant();
        return list.stream().map(v -> new VisitRow(v.bookingId(),
                dateFormat.format(v.start().atZone(zone)),
                timeFormat.format(v.start().atZone(zone)) + "\u2013" + timeFormat.format(v.end().atZone(zone)),
                v.masterName(),
                v.serviceName() != null ? v.serviceName() : messages.get("booking.customService"),
                v.price() != null ? app.salondesk.model.catalog.Money.format(messages.locale(), salon.currency(), v.price()) : "",
                messages.get("booking.status." + v.status().dbValue()),
                v.status(),
                v.start().isAfter(now))).toList();
    }

    /** The phone as typed, normalised: empty for "no phone", or when it is not a number (see {@link #phoneValid()}). */
    private Optional<String> typedPhone() {
        return PhoneNumbers.normalise(phone.get(), salon.country());
    }

    private boolean phoneValid() {
        return phone.get().isBlank() || typedPhone().isPresent();
    }

    private void validate() {
        if (stored == null) {
            // nothing to edit yet: no complaints about the empty fields of a card still loading
            nameError.set("");
            phoneError.set("");
            notesError.set("");
            canSave.set(false);
            return;
        }
        nameError.set(ClientRules.checkName(name.get()).map(this::problemText).orElse(""));
        String e164 = typedPhone().orElse(null);
        if (!phoneValid()) {
            phoneError.set(problemText(ClientProblem.PHONE_INVALID));
        } else if (e164 != null && e164.equals(phoneTaken)) {
            phoneError.set(phoneTakenBy == null || phoneTakenBy.isBlank()
                    ? messages.get("client.phoneTakenUnknown")
                    : messages.format("client.phoneTaken", phoneTakenBy));
        } else {
            phoneError.set("");
        }
        notesError.set(ClientRules.checkNotes(notes.get()).map(this::problemText).orElse(""));
        boolean valid = nameError.get().isEmpty() && phoneError.get().isEmpty() && notesError.get().isEmpty();
        boolean changed = !ClientRules.cleanName(name.get()).equals(stored.name())
                || !Objects.equals(e164, stored.phone())
                || !notes.get().equals(stored.notes());
        canSave.set(valid && changed && !loading.get() && !saving.get());
    }

    private String problemText(ClientProblem problem) {
        return messages.format(problem.messageKey(), ClientRepository.MAX_NAME_LENGTH, ClientRules.MAX_NOTES_LENGTH);
    }
}
