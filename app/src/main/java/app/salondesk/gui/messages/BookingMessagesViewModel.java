package app.salondesk.gui.messages;

import app.salondesk.i18n.Messages;
import app.salondesk.logic.messages.MessagesDesk;
import app.salondesk.model.messages.Leads;
import app.salondesk.model.messages.MessageRow;
import app.salondesk.model.messages.MessageState;
import app.salondesk.gui.common.TaskRunner;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;

import java.time.format.DateTimeFormatter;
import java.time.format.FormatStyle;

/**
 * A booking's messages as the desk shows them (issue 33): what, how, when — "planned 14:00
 * tomorrow", "sent", "failed: mailbox does not exist", "skipped: booking cancelled" — and Send now
 * (a planned one) or Resend (a sent, failed or skipped one, as a new message).
 */
public final class BookingMessagesViewModel {

    /** One line of the table, in the person's words. */
    public record Row(long id, String what, String channel, String when, String state, boolean planned) {
    }

    private final MessagesDesk desk;
    private final TaskRunner tasks;
    private final Messages messages;
    private final long bookingId;
    private final ObservableList<Row> rows = FXCollections.observableArrayList();
    private final ReadOnlyBooleanWrapper loading = new ReadOnlyBooleanWrapper();
    private final ReadOnlyStringWrapper problem = new ReadOnlyStringWrapper("");

    public BookingMessagesViewModel(MessagesDesk desk, TaskRunner tasks, Messages messages, long bookingId) {
        this.desk = desk;
        this.tasks = tasks;
        this.messages = messages;
        this.bookingId = bookingId;
    }

    public ObservableList<Row> rows() {
        return rows;
    }

    public javafx.beans.property.ReadOnlyBooleanProperty loadingProperty() {
        return loading.getReadOnlyProperty();
    }

    public javafx.beans.property.ReadOnlyStringProperty problemProperty() {
        return problem.getReadOnlyProperty();
    }

    public void load() {
        loading.set(true);
        tasks.run(() -> desk.forBooking(bookingId), list -> {
            loading.set(false);
            problem.set("");
            rows.setAll(list.stream().map(this::row).toList());
        }, e -> {
            loading.set(false);
            problem.set(messages.get("messages.loadFailed"));
        });
    }

    /** Send now (planned) or Resend (anything else): the next pass of a sender takes it. */
    public void sendNow(Row row) {
        if (row == null) {
            return;
        }
        tasks.save(messages.get("messages.sendNow"), () -> desk.sendNow(row.id()), ok -> load(),
                e -> problem.set(messages.get("messages.sendFailed")));
    }

    Row row(MessageRow m) {
        DateTimeFormatter f = DateTimeFormatter.ofLocalizedDateTime(FormatStyle.MEDIUM, FormatStyle.SHORT).withLocale(messages.locale())
                .withZone(desk.zone());
        String what = messages.get("messages.kind." + m.kind().dbValue())
                + (m.leadMin() > 0 ? " " + messages.format("messages.before", Leads.format(m.leadMin())) : "");
        String channel = m.channel() == null ? messages.get("messages.channel.auto") : messages.get("messages.channel." + m.channel().dbValue());
        String when = m.state() == MessageState.SENT && m.sentAt() != null ? f.format(m.sentAt()) : f.format(m.plannedAt());
        String state = messages.get("messages.state." + m.state().dbValue());
        if (!m.reason().isEmpty() && m.state() != MessageState.SENT) {
            state = state + ": " + m.reason();
        }
        return new Row(m.id(), what, channel, when, state, m.state() == MessageState.PLANNED);
    }
}
