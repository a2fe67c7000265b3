package app.salondesk.gui.booking.form;

import app.salondesk.gui.common.TaskRunner;
import app.salondesk.i18n.Messages;
import app.salondesk.logic.booking.OnlineMatchDesk;
import app.salondesk.model.clients.PhoneNumbers;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;

import java.util.function.Consumer;

/**
 * What the booking form says of an online booking whose phone is a client's but whose typed name
 * is not (issue 29, ADR 26): "Booked online as 'Olha K.' — phone +380 67 123 4567 matches client
 * Olena Kovalenko", with Same person and Keep apart. Read off the FX thread when the booking is
 * opened; the answer for a booking opened since is thrown away. Nothing where the desk gave no
 * way to decide (a manager's desk) or the booking has nothing to decide.
 */
final class FormOnlineMatch {

    private final String country;
    private final TaskRunner tasks;
    private final Messages messages;
    private final ReadOnlyStringWrapper text = new ReadOnlyStringWrapper(this, "onlineMatch", "");
    private final ReadOnlyStringWrapper answer = new ReadOnlyStringWrapper(this, "onlineMatchAnswer", "");
    private final ReadOnlyBooleanWrapper open = new ReadOnlyBooleanWrapper(this, "onlineMatchOpen");
    private final ReadOnlyBooleanWrapper deciding = new ReadOnlyBooleanWrapper(this, "onlineMatchDeciding");
    private OnlineMatchDesk desk;
    private OnlineMatchDesk.OnlineMatch shown;
    private int request;

    FormOnlineMatch(String country, TaskRunner tasks, Messages messages) {
        this.country = country;
        this.tasks = tasks;
        this.messages = messages;
    }

    void use(OnlineMatchDesk desk) {
        this.desk = desk;
    }

    /** The booking opened now (null: none, or not one made online), whose match is shown once it is read. */
    void lookUp(Long bookingId) {
        int asked = ++request;
        shown = null;
        text.set("");
        answer.set("");
        open.set(false);
        if (bookingId == null || desk == null) {
            return;
        }
        OnlineMatchDesk d = desk;
        tasks.run(() -> d.unconfirmed(bookingId), found -> {
            if (asked == request) {   // another booking opened meanwhile: its own will come
                found.ifPresent(m -> {
                    shown = m;
                    text.set(messages.format("form.onlineMatch", m.typedName(), PhoneNumbers.display(m.phone(), country), m.clientName()));
                    open.set(true);
                });
            }
        }, failure -> { });
    }

    /**
     * Says whether the booked name and the phone's client are one person; {@code decided} is
     * given the booking's client and version when the booking moved to a client of her own.
     */
    void decide(boolean samePerson, Consumer<OnlineMatchDesk.Decision.Decided> moved) {
        OnlineMatchDesk.OnlineMatch m = shown;
        if (m == null || desk == null || deciding.get()) {
            return;
        }
        OnlineMatchDesk d = desk;
        int asked = request;
        deciding.set(true);
        tasks.run(() -> d.decide(m.bookingId(), samePerson), decision -> {
            deciding.set(false);
            if (asked != request) {
                return;
            }
            open.set(false);
            if (decision instanceof OnlineMatchDesk.Decision.Decided decided) {
                if (!samePerson) {
                    moved.accept(decided);   // the form shows the booking as it is now (and asks again: nothing to decide)
                }
                answer.set(samePerson ? messages.format("form.onlineMatchSame", m.clientName())
                        : messages.format("form.onlineMatchApart", m.typedName()));
            } else if (decision instanceof OnlineMatchDesk.Decision.AlreadyDecided) {
                answer.set(messages.get("form.onlineMatchDecided"));
            } else {
                answer.set(messages.get("form.onlineMatchNotAllowed"));
            }
        }, failure -> {
            deciding.set(false);
            answer.set(messages.get("form.failed"));
        });
    }

    /** The name typed on the page of the booking shown (null: none shown). */
    String typedName() {
        return shown == null ? null : shown.typedName();
    }

    /** "Booked online as … — phone … matches client …", or "" (nothing to decide). */
    ReadOnlyStringProperty textProperty() {
        return text.getReadOnlyProperty();
    }

    /** What the decision came to ("" until there is one). */
    ReadOnlyStringProperty answerProperty() {
        return answer.getReadOnlyProperty();
    }

    /** Whether Same person and Keep apart are offered now. */
    ReadOnlyBooleanProperty openProperty() {
        return open.getReadOnlyProperty();
    }

    ReadOnlyBooleanProperty decidingProperty() {
        return deciding.getReadOnlyProperty();
    }
}
