package app.salondesk.gui.clients;

import app.salondesk.gui.common.TaskRunner;
import app.salondesk.i18n.Messages;
import app.salondesk.logic.clients.ClientRecordRepository;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleBooleanProperty;

import java.time.Instant;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.time.format.FormatStyle;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

/**
 * Marketing consent per channel on the Record… window's card fields (issue 36, item 6): a tick for e-mail and one
 * for SMS, saved with the card, and who last changed them and when — the database's ({@code clients_record_marketing},
 * migration 40: {@code session_user} and {@code now()}, never typed), read back after every load.
 */
public final class MarketingConsent {

    private final long salonId;
    private final ClientRecordRepository record;
    private final TaskRunner tasks;
    private final Messages messages;
    private final DateTimeFormatter when;
    private final BooleanProperty email = new SimpleBooleanProperty(this, "email");
    private final BooleanProperty sms = new SimpleBooleanProperty(this, "sms");
    private final ReadOnlyStringWrapper recorded = new ReadOnlyStringWrapper(this, "recorded", "");
    private long clientId = -1;

    MarketingConsent(long salonId, ZoneId zone, ClientRecordRepository record, TaskRunner tasks, Messages messages) {
        this.salonId = salonId;
        this.record = record;
        this.tasks = tasks;
        this.messages = messages;
        this.when = DateTimeFormatter.ofLocalizedDateTime(FormatStyle.MEDIUM, FormatStyle.SHORT).withLocale(messages.locale()).withZone(zone);
    }

    /** She agreed to marketing by e-mail. */
    public BooleanProperty emailProperty() {
        return email;
    }

    /** She agreed to marketing by SMS. */
    public BooleanProperty smsProperty() {
        return sms;
    }

    /** "Last changed by olena, 10 Mar 2026, 12:00", or "Never asked". */
    public ReadOnlyStringProperty recordedProperty() {
        return recorded.getReadOnlyProperty();
    }

    /** The channels ticked, as the card saves them. */
    Set<String> channels() {
        Set<String> c = new TreeSet<>();
        if (email.get()) {
            c.add("email");
        }
        if (sms.get()) {
            c.add("sms");
        }
        return c;
    }

    /** Her channels as the database holds them, and (read in the background) who last changed them and when. */
    void show(long client, Set<String> channels) {
        clientId = client;
        email.set(channels.contains("email"));
        sms.set(channels.contains("sms"));
        tasks.run(() -> record.marketingRecorded(salonId, client), r -> {
            if (client == clientId) {
                recorded.set(text(r));
            }
        }, failure -> recorded.set(""));
    }

    private String text(Optional<String[]> r) {
        return r.map(a -> messages.format("record.marketing.recorded", a[0], when.format(Instant.parse(a[1]))))
                .orElse(messages.get("record.marketing.never"));
    }
}
