package app.salondesk.gui.messages;

import app.salondesk.gui.common.TaskRunner;
import app.salondesk.i18n.Messages;
import app.salondesk.logic.messages.MessageTexts;
import app.salondesk.logic.messages.MessagesDesk;
import app.salondesk.logic.messages.MessagesRepository;
import app.salondesk.model.messages.Channel;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;

import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.time.format.FormatStyle;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * A client's messages (issue 33), from her card: her e-mail, her phone as the card has it, the
 * channels that reach her in order of preference (up to three: e-mail, SMS, Viber), her consent —
 * recorded by the database with who, when and how, shown as it is kept (a client who took it back
 * by a message's link shows that too) — and the language of her messages. Bad input is said beside
 * Save and nothing is written; what is saved is one statement.
 */
public final class ClientContactViewModel {

    private static final Pattern EMAIL = Pattern.compile("[^@\\s\\p{Cntrl}]+@[^@\\s\\p{Cntrl}]+\\.[^@\\s\\p{Cntrl}]+");
    private static final List<String> ROADS = List.of("form", "drag", "import", "cli", "waitlist", "sql", "demo", "online", "menu", "undo",
            "series");

    private final MessagesDesk desk;
    private final TaskRunner tasks;
    private final Messages messages;
    private final long clientId;
    private final StringProperty email = new SimpleStringProperty("");
    private final List<ObjectProperty<Channel>> channels = List.of(new SimpleObjectProperty<>(), new SimpleObjectProperty<>(),
            new SimpleObjectProperty<>());
    private final BooleanProperty consent = new SimpleBooleanProperty();
    /** "" : the salon's language; else uk, ru or en. */
    private final StringProperty language = new SimpleStringProperty("");
    private final ReadOnlyStringWrapper phone = new ReadOnlyStringWrapper("");
    private final ReadOnlyStringWrapper consentRecord = new ReadOnlyStringWrapper("");
    private final ReadOnlyStringWrapper problem = new ReadOnlyStringWrapper("");
    private final ReadOnlyStringWrapper saved = new ReadOnlyStringWrapper("");
    private final ReadOnlyBooleanWrapper loaded = new ReadOnlyBooleanWrapper();
    private final DateTimeFormatter when;
    private final ZoneId zone;
    /** What is typed and not saved (issue 31): closing the window asks first. */
    private final app.salondesk.gui.common.UnsavedEdits edits;

    public ClientContactViewModel(MessagesDesk desk, TaskRunner tasks, Messages messages, long clientId) {
        this.desk = desk;
        this.tasks = tasks;
        this.messages = messages;
        this.clientId = clientId;
        this.zone = desk.zone();
        this.when = DateTimeFormatter.ofLocalizedDateTime(FormatStyle.MEDIUM, FormatStyle.SHORT).withLocale(messages.locale());
        this.edits = new app.salondesk.gui.common.UnsavedEdits(email, channels.get(0), channels.get(1), channels.get(2), consent, language);
    }

    public javafx.beans.property.ReadOnlyBooleanProperty changedProperty() { return edits.changedProperty(); }

    public String discardQuestion() {
        return messages.get("discard.changes");
    }

    public StringProperty emailProperty() { return email; }
    /** The {@code n}th channel in order of preference (0, 1, 2); null: none there. */
    public ObjectProperty<Channel> channelProperty(int n) { return channels.get(n); }
    public BooleanProperty consentProperty() { return consent; }
    public StringProperty languageProperty() { return language; }
    public javafx.beans.property.ReadOnlyStringProperty phoneProperty() { return phone.getReadOnlyProperty(); }
    /** Who gave or took back consent, how and when, as the database recorded it. */
    public javafx.beans.property.ReadOnlyStringProperty consentRecordProperty() { return consentRecord.getReadOnlyProperty(); }
    public javafx.beans.property.ReadOnlyStringProperty problemProperty() { return problem.getReadOnlyProperty(); }
    public javafx.beans.property.ReadOnlyStringProperty savedProperty() { return saved.getReadOnlyProperty(); }
    public javafx.beans.property.ReadOnlyBooleanProperty loadedProperty() { return loaded.getReadOnlyProperty(); }

    /** The languages to choose from: "" (the salon's) and the three. */
    public static List<String> languages() {
        List<String> out = new ArrayList<>(List.of(""));
        out.addAll(MessageTexts.LANGUAGES);
        return out;
    }

    public void load() {
        tasks.run(() -> desk.contact(clientId), found -> {
            if (found.isEmpty()) {
                problem.set(messages.get("client.contact.gone"));
                return;
            }
            show(found.get());
            loaded.set(true);
        }, e -> problem.set(messages.get("messages.loadFailed")));
    }

    private void show(MessagesRepository.ClientContact c) {
        email.set(c.email());
        phone.set(c.phone() == null || c.phone().isBlank() ? messages.get("client.contact.noPhone") : c.phone());
        for (int i = 0; i < channels.size(); i++) {
            channels.get(i).set(i < c.channels().size() ? c.channels().get(i) : null);
        }
        consent.set(c.consent());
        language.set(c.language() == null ? "" : c.language());
        consentRecord.set(record(c));
        edits.markUnchanged();
    }

    private String record(MessagesRepository.ClientContact c) {
        if (c.consentAt() == null) {
            return messages.get("client.contact.consentNever");
        }
        String how = c.consentHow() == null ? "" : "link".equals(c.consentHow()) ? messages.get("client.contact.howLink")
                : ROADS.contains(c.consentHow()) ? messages.get("history.source." + c.consentHow()) : c.consentHow();
        return messages.format(c.consent() ? "client.contact.consentGiven" : "client.contact.consentTaken",
                c.consentBy() == null ? "" : c.consentBy(), how, when.format(c.consentAt().atZone(zone)));
    }

    /** The channels as chosen, in order, or empty with the problem said. */
    Optional<List<Channel>> chosenChannels(String typedEmail) {
        List<Channel> out = new ArrayList<>();
        for (ObjectProperty<Channel> c : channels) {
            if (c.get() == null) {
                continue;
            }
            if (out.contains(c.get())) {
                problem.set(messages.get("client.contact.repeated"));
                return Optional.empty();
            }
            out.add(c.get());
        }
        if (out.contains(Channel.EMAIL) && typedEmail.isEmpty()) {
            problem.set(messages.get("client.contact.needEmail"));
            return Optional.empty();
        }
        if (out.stream().anyMatch(Channel::byPhone) && phone.get().equals(messages.get("client.contact.noPhone"))) {
            problem.set(messages.get("client.contact.needPhone"));
            return Optional.empty();
        }
        return Optional.of(out);
    }

    public void save() {
        problem.set("");
        saved.set("");
        if (!loaded.get()) {
            return;
        }
        String typed = email.get() == null ? "" : email.get().strip();
        if (!typed.isEmpty() && (typed.length() > 254 || !EMAIL.matcher(typed).matches())) {
            problem.set(messages.format("client.contact.badEmail", typed));
            return;
        }
        Optional<List<Channel>> chosen = chosenChannels(typed);
        if (chosen.isEmpty()) {
            return;
        }
        boolean agreed = consent.get();
        String lang = language.get() == null ? "" : language.get();
        tasks.save(messages.get("client.contact.what"), () -> {
            if (!desk.saveContact(clientId, typed, chosen.get(), agreed, lang)) {
                return Optional.<MessagesRepository.ClientContact>empty();
            }
            return desk.contact(clientId);
        }, after -> {
            if (after.isEmpty()) {
                problem.set(messages.get("client.contact.gone"));
                return;
            }
            show(after.get());
            saved.set(messages.get("messages.settings.saved"));
        }, e -> problem.set(messages.get("client.contact.saveFailed")));
    }
}
