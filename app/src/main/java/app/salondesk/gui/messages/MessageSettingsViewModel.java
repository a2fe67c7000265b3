package app.salondesk.gui.messages;

import app.salondesk.i18n.Messages;
import app.salondesk.logic.messages.MessageTexts;
import app.salondesk.logic.messages.MessagesDesk;
import app.salondesk.model.messages.Leads;
import app.salondesk.model.messages.MessageKind;
import app.salondesk.model.messages.MessageSettings;
import app.salondesk.gui.common.TaskRunner;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;

import java.time.LocalTime;
import java.util.Optional;

/**
 * ☰ → Messages (issue 33, admins): whether the salon sends messages, how long before (e-mail,
 * SMS), the quiet hours, the mail server, and the texts — one kind and language at a time, with a
 * preview filled with made-up values as the client would read it. Bad input is said beside Save
 * and nothing is written.
 */
public final class MessageSettingsViewModel {

    private final MessagesDesk desk;
    private final TaskRunner tasks;
    private final Messages messages;
    private final BooleanProperty enabled = new SimpleBooleanProperty();
    private final StringProperty emailBefore = new SimpleStringProperty("");
    private final StringProperty smsBefore = new SimpleStringProperty("");
    private final StringProperty quiet = new SimpleStringProperty("");
    private final StringProperty smtpHost = new SimpleStringProperty("");
    private final StringProperty smtpPort = new SimpleStringProperty("587");
    private final StringProperty smtpFrom = new SimpleStringProperty("");
    private final StringProperty thanksAfter = new SimpleStringProperty("");
    private final StringProperty smsGateway = new SimpleStringProperty("");
    private final ObjectProperty<MessageKind> kind = new SimpleObjectProperty<>(MessageKind.REMINDER);
    private final StringProperty language = new SimpleStringProperty("uk");
    private final StringProperty subject = new SimpleStringProperty("");
    private final StringProperty body = new SimpleStringProperty("");
    private final ReadOnlyStringWrapper preview = new ReadOnlyStringWrapper("");
    private final ReadOnlyStringWrapper problem = new ReadOnlyStringWrapper("");
    private final ReadOnlyStringWrapper saved = new ReadOnlyStringWrapper("");
    private MessageSettings loaded = MessageSettings.defaults();
    private boolean loadingTemplate;
    /** What is typed and not saved (issue 31): closing the window asks first. */
    private final app.salondesk.gui.common.UnsavedEdits edits = new app.salondesk.gui.common.UnsavedEdits(enabled, emailBefore, smsBefore, quiet,
            smtpHost, smtpPort, smtpFrom, thanksAfter, smsGateway, subject, body);

    public MessageSettingsViewModel(MessagesDesk desk, TaskRunner tasks, Messages messages) {
        this.desk = desk;
        this.tasks = tasks;
        this.messages = messages;
        kind.addListener((o, was, now) -> loadTemplate());
        language.addListener((o, was, now) -> loadTemplate());
        subject.addListener((o, was, now) -> refreshPreview());
        body.addListener((o, was, now) -> refreshPreview());
    }

    public BooleanProperty enabledProperty() { return enabled; }
    public StringProperty emailBeforeProperty() { return emailBefore; }
    public StringProperty smsBeforeProperty() { return smsBefore; }
    public StringProperty quietProperty() { return quiet; }
    public StringProperty smtpHostProperty() { return smtpHost; }
    public StringProperty smtpPortProperty() { return smtpPort; }
    public StringProperty smtpFromProperty() { return smtpFrom; }
    /** "Thank you, book again" this long after a visit is marked completed, e.g. 2h; none: no thank-you. */
    public StringProperty thanksAfterProperty() { return thanksAfter; }
    /** The SMS/Viber gateway's API address (TurboSMS); empty: none. */
    public StringProperty smsGatewayProperty() { return smsGateway; }
    public ObjectProperty<MessageKind> kindProperty() { return kind; }
    public StringProperty languageProperty() { return language; }
    public StringProperty subjectProperty() { return subject; }
    public StringProperty bodyProperty() { return body; }
    public javafx.beans.property.ReadOnlyStringProperty previewProperty() { return preview.getReadOnlyProperty(); }
    public javafx.beans.property.ReadOnlyStringProperty problemProperty() { return problem.getReadOnlyProperty(); }
    public javafx.beans.property.ReadOnlyStringProperty savedProperty() { return saved.getReadOnlyProperty(); }
    public javafx.beans.property.ReadOnlyBooleanProperty changedProperty() { return edits.changedProperty(); }

    public String discardQuestion() {
        return messages.get("discard.changes");
    }

    public void load() {
        tasks.run(desk::settings, s -> {
            loaded = s;
            enabled.set(s.enabled());
            emailBefore.set(Leads.format(s.emailLeadMin()));
            smsBefore.set(Leads.format(s.smsLeadMin()));
            quiet.set(Leads.formatQuiet(s.quietFrom(), s.quietTo()));
            smtpHost.set(s.smtpHost());
            smtpPort.set(Integer.toString(s.smtpPort()));
            smtpFrom.set(s.smtpFrom());
            thanksAfter.set(Leads.format(s.thanksAfterMin()));
            smsGateway.set(s.smsGateway());
            language.set(s.language());
            edits.markUnchanged();
            loadTemplate();
        }, e -> problem.set(messages.get("messages.loadFailed")));
    }

    private void loadTemplate() {
        MessageKind k = kind.get();
        String lang = language.get();
        tasks.run(() -> desk.template(k, lang), t -> {
            if (k == kind.get() && lang.equals(language.get())) {
                boolean typedBefore = edits.changed();
                loadingTemplate = true;
                subject.set(t.subject());
                body.set(t.body());
                loadingTemplate = false;
                if (!typedBefore) {
                    edits.markUnchanged();   // another kind's or language's text shown: nothing typed yet
                }
                refreshPreview();
            }
        }, e -> problem.set(messages.get("messages.loadFailed")));
    }

    private void refreshPreview() {
        if (loadingTemplate) {
            return;
        }
        preview.set(MessageTexts.preview(subject.get(), language.get(), desk.zone(), desk.salonName()) + "\n\n"
                + MessageTexts.preview(body.get(), language.get(), desk.zone(), desk.salonName()));
    }

    /** The settings as typed, or empty with the problem said. */
    Optional<MessageSettings> typed() {
        Integer email = lead(emailBefore.get(), "messages.settings.emailBefore");
        Integer sms = lead(smsBefore.get(), "messages.settings.smsBefore");
        if (email != null && email < 0 || sms != null && sms < 0) {
            return Optional.empty();
        }
        Integer thanks = lead(thanksAfter.get(), "messages.settings.thanksAfter");
        if (thanks != null && thanks < 0) {
            return Optional.empty();
        }
        String gateway = Leads.isNone(smsGateway.get()) ? "" : smsGateway.get().strip();
        if (!gateway.isEmpty() && !gateway.matches("https?://[^\\s]+")) {
            problem.set(messages.format("messages.settings.badGateway", smsGateway.get()));
            return Optional.empty();
        }
        Optional<LocalTime[]> q = Leads.quiet(quiet.get());
        if (q.isEmpty()) {
            problem.set(messages.format("cli.invalid.quietHours", quiet.get()));
            return Optional.empty();
        }
        int port;
        try {
            port = Integer.parseInt(smtpPort.get().strip());
        } catch (NumberFormatException e) {
            port = -1;
        }
        if (port < 1 || port > 65535) {
            problem.set(messages.format("messages.settings.badPort", smtpPort.get()));
            return Optional.empty();
        }
        String from = smtpFrom.get().strip();
        if (!from.isEmpty() && !from.matches("[^@\\s]+@[^@\\s]+\\.[^@\\s]+")) {
            problem.set(messages.format("cli.invalid.email", from));
            return Optional.empty();
        }
        MessageSettings s = loaded;
        return Optional.of(new MessageSettings(enabled.get(), s.confirmations(), s.changes(), email, sms, q.get()[0], q.get()[1],
                s.cancelCutoffMin(), language.get(), smtpHost.get().strip(), port, s.smtpStartTls(), from, gateway, s.smsSender(), thanks));
    }

    /** -1 after saying what is wrong; null for none. */
    private Integer lead(String text, String fieldKey) {
        if (Leads.isNone(text) || text.isBlank()) {
            return null;
        }
        Optional<Integer> m = Leads.minutes(text);
        if (m.isEmpty()) {
            problem.set(messages.format("messages.settings.badLead", messages.get(fieldKey), text));
            return -1;
        }
        return m.get();
    }

    public void save() {
        problem.set("");
        saved.set("");
        Optional<MessageSettings> s = typed();
        if (s.isEmpty()) {
            return;
        }
        MessageKind k = kind.get();
        String lang = language.get();
        String subj = subject.get();
        String text = body.get();
        if (subj.isBlank() || text.isBlank()) {
            problem.set(messages.get("messages.settings.emptyText"));
            return;
        }
        tasks.save(messages.get("messages.settings.title"), () -> {
            desk.saveSettings(s.get());
            desk.saveTemplate(k, lang, subj, text);
            return s.get();
        }, done -> {
            loaded = done;
            edits.markUnchanged();
            saved.set(messages.get("messages.settings.saved"));
        }, e -> problem.set(messages.get("messages.settings.saveFailed")));
    }

    /** Back to the default text of this kind and language (not saved until Save). */
    public void useDefaultText() {
        subject.set(MessageTexts.defaultSubject(kind.get(), language.get()));
        body.set(MessageTexts.defaultBody(kind.get(), language.get()));
    }

    /** For a hint beside the texts. */
    public static String placeholders() {
        return MessageTexts.PLACEHOLDERS;
    }
}
