package app.salondesk.gui.booking.form;

import app.salondesk.gui.common.TaskRunner;
import app.salondesk.i18n.Messages;
import app.salondesk.model.clients.ConsentTemplate;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;

import java.util.List;

/**
 * The booking form's prompt for a consent form (issue 36): once a client and a service with a form are
 * chosen, the forms she has never signed are read off the FX thread, and the form says "Needs a signed
 * consent: <title>" with "Sign now…", which opens her record's signing where the desk gave a way to.
 * Booking stays allowed (the salon may collect the signature at the visit); the prompt is only seen.
 * As {@link FormAlerts}: an older answer about another client or service is thrown away.
 */
public final class FormConsents {

    /** Where the form reads a client's unsigned forms of a service. */
    public interface Lookup {
        List<ConsentTemplate> unsigned(long clientId, long serviceId);
    }

    /** Opens the signing of {@code templateId} for the client; {@code after} runs once it is closed. */
    public interface Signer {
        void sign(long clientId, String clientName, long templateId, Runnable after);
    }

    private final TaskRunner tasks;
    private final Messages messages;
    private final ReadOnlyStringWrapper text = new ReadOnlyStringWrapper(this, "consents", "");
    private Lookup lookup;
    private Signer signer;
    private Long client;
    private Long service;
    private Long firstUnsigned;
    private int request;

    FormConsents(TaskRunner tasks, Messages messages) {
        this.tasks = tasks;
        this.messages = messages;
    }

    void use(Lookup lookup, Signer signer) {
        this.lookup = lookup;
        this.signer = signer;
        lookUp(client, service);
    }

    void lookUp(Long clientId, Long serviceId) {
        int asked = ++request;
        client = clientId;
        service = serviceId;
        firstUnsigned = null;
        text.set("");
        if (clientId == null || serviceId == null || lookup == null) {
            return;
        }
        Lookup reader = lookup;
        tasks.run(() -> reader.unsigned(clientId, serviceId), found -> {
            if (asked == request && !found.isEmpty()) {
                firstUnsigned = found.get(0).id();
                text.set(messages.format("form.consent.needed", String.join(", ", found.stream().map(this::title).toList())));
            }
        }, failure -> { });
    }

    /** "Sign now…": her record's signing of the first unsigned form, and the prompt read again after. */
    void sign(String clientName) {
        if (signer != null && client != null && firstUnsigned != null) {
            Long c = client;
            Long s = service;
            signer.sign(c, clientName, firstUnsigned, () -> lookUp(c, s));
        }
    }

    boolean maySign() {
        return signer != null;
    }

    ReadOnlyStringProperty property() {
        return text.getReadOnlyProperty();
    }

    private String title(ConsentTemplate t) {
        return t.title(t.languageFor(messages.locale().getLanguage()));
    }
}
