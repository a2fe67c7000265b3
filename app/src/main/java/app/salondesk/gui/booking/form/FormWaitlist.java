package app.salondesk.gui.booking.form;

import app.salondesk.gui.common.TaskRunner;
import app.salondesk.i18n.Messages;
import app.salondesk.logic.waitlist.WaitlistDesk;
import app.salondesk.model.staff.Master;
import app.salondesk.model.waitlist.DailyWindow;
import app.salondesk.model.waitlist.NewWaitlistEntry;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;

import java.time.LocalDate;
import java.time.format.DateTimeFormatter;
import java.time.format.FormatStyle;

/**
 * The form's way onto the salon's waitlist (issue 14), where the desk offers one: "Waitlist
 * instead", or "Join the waitlist for this day" after "just taken" — this client waits for this
 * service (or length) with this master (or any) on the form's day, at any time of it — and the
 * waitlist's answer in words.
 */
final class FormWaitlist {

    private final long salonId;
    private final TaskRunner tasks;
    private final Messages messages;
    /** Null: the desk offers no waitlist. */
    private WaitlistDesk desk;
    private final ReadOnlyStringWrapper answer = new ReadOnlyStringWrapper(this, "answer", "");
    /** Told once the client is on the waitlist: what was typed is kept there, closing loses nothing. */
    private Runnable onJoined = () -> { };

    FormWaitlist(long salonId, TaskRunner tasks, Messages messages) {
        this.salonId = salonId;
        this.tasks = tasks;
        this.messages = messages;
    }

    void use(WaitlistDesk desk) {
        this.desk = desk;
    }

    void onJoined(Runnable onJoined) {
        this.onJoined = onJoined;
    }

    boolean available() {
        return desk != null;
    }

    /**
     * Puts the client on the waitlist for the day. A known client by id; a new one by name and
     * phone. {@code serviceId} or {@code minutes} says what she waits for; {@code master} null: any.
     */
    void join(Long clientId, String name, String phone, Long serviceId, Integer minutes, Master master, LocalDate day) {
        boolean known = clientId != null;
        NewWaitlistEntry entry = new NewWaitlistEntry(salonId, clientId, known ? null : name, known ? null : phone, serviceId,
                minutes, master == null ? null : master.id(), day, day, DailyWindow.ALL_DAY, "");
        answer.set("");
        WaitlistDesk d = desk;
        tasks.run(() -> d.join(entry), outcome -> answer.set(outcome.fold(
                joined -> {
                    onJoined.run();
                    return messages.format("form.waitlistJoined", name, master == null ? messages.get("form.anyMaster") : master.name(),
                            day.format(DateTimeFormatter.ofLocalizedDate(FormatStyle.MEDIUM).withLocale(messages.locale())));
                },
                refused -> messages.format("form.waitlistRefused", messages.format(refused.reason().messageKey(), refused.detail())))),
                t -> answer.set(messages.get("form.failed")));
    }

    /** What the waitlist answered ("" until it has). */
    ReadOnlyStringProperty answerProperty() {
        return answer.getReadOnlyProperty();
    }
}
