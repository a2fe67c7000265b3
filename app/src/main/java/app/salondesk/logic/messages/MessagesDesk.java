package app.salondesk.logic.messages;

import app.salondesk.model.messages.MessageKind;
import app.salondesk.model.messages.MessageRow;
import app.salondesk.model.messages.MessageSettings;

import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneId;
import java.util.List;
import java.util.Optional;

/**
 * The desk's messages of one salon (issue 33), for the view models: no SQL, no jOOQ types. Each
 * call is database work — run it off the FX thread.
 */
public final class MessagesDesk {

    /** A channel "keeps failing" when a message was tried this often without a success since. */
    public static final int FAILING_TRIES = 2;
    public static final Duration FAILING_WINDOW = Duration.ofMinutes(20);

    private final MessagesRepository repo;
    private final long tenantId;
    private final ZoneId zone;
    private final String salonName;
    private Runnable sent = () -> { };

    public MessagesDesk(MessagesRepository repo, long tenantId, ZoneId zone, String salonName) {
        this.repo = repo;
        this.tenantId = tenantId;
        this.zone = zone;
        this.salonName = salonName;
    }

    /** Told after a Send now / Resend, to wake this desk's sender. */
    public void onSendNow(Runnable wake) {
        this.sent = wake;
    }

    public ZoneId zone() {
        return zone;
    }

    public String salonName() {
        return salonName;
    }

    public List<MessageRow> forBooking(long bookingId) {
        return repo.forBooking(tenantId, bookingId);
    }

    public boolean sendNow(long messageId) {
        boolean done = repo.sendNow(tenantId, messageId);
        if (done) {
            sent.run();
        }
        return done;
    }

    public List<MessagesRepository.ToCall> toCall(LocalDate day) {
        return repo.notConfirmed(tenantId, day, zone);
    }

    public Optional<MessagesRepository.Failing> failing(Instant now) {
        return repo.failing(tenantId, now.minus(FAILING_WINDOW), FAILING_TRIES);
    }

    public MessageSettings settings() {
        return repo.settings(tenantId);
    }

    public void saveSettings(MessageSettings s) {
        repo.saveSettings(tenantId, s);
    }

    /** A client's e-mail, phone, channels, consent (with who, when, how) and language of messages. */
    public Optional<MessagesRepository.ClientContact> contact(long clientId) {
        return repo.clientContact(tenantId, clientId);
    }

    /**
     * Saves a client's e-mail, channels (order of preference), consent and language ("" or null:
     * the salon's) in one statement, recorded as the desk's form; false when the client is gone.
     */
    public boolean saveContact(long clientId, String email, java.util.List<app.salondesk.model.messages.Channel> channels, boolean consent,
                               String language) {
        return repo.setClientContact(tenantId, clientId, email, channels, consent, language, app.salondesk.model.booking.Source.FORM);
    }

    /** The salon's text of a kind and language, or the default one. */
    public MessagesRepository.Template template(MessageKind kind, String language) {
        return repo.template(tenantId, kind, language).orElse(new MessagesRepository.Template(
                MessageTexts.defaultSubject(kind, language), MessageTexts.defaultBody(kind, language)));
    }

    public void saveTemplate(MessageKind kind, String language, String subject, String body) {
        boolean asDefault = subject.equals(MessageTexts.defaultSubject(kind, language)) && body.equals(MessageTexts.defaultBody(kind, language));
        repo.saveTemplate(tenantId, kind, language, asDefault ? "" : subject, asDefault ? "" : body);
    }
}
