package app.salondesk.gui.messages;

import app.salondesk.i18n.Messages;
import app.salondesk.logic.messages.MessagesDesk;
import app.salondesk.logic.messages.MessagesRepository;
import app.salondesk.gui.common.TaskRunner;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.SimpleObjectProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;

import java.time.LocalDate;
import java.time.format.DateTimeFormatter;

/**
 * ☰ → Tomorrow (issue 33): the bookings of a salon day the clients have not confirmed yet — pending,
 * or confirmed by the salon without the client's "yes" by link — with the client's phone, to call.
 */
public final class TomorrowViewModel {

    public record Row(long bookingId, String time, String client, String phone, String state) {
    }

    private final MessagesDesk desk;
    private final TaskRunner tasks;
    private final Messages messages;
    private final ObjectProperty<LocalDate> day = new SimpleObjectProperty<>();
    private final ObservableList<Row> rows = FXCollections.observableArrayList();
    private final ReadOnlyBooleanWrapper loading = new ReadOnlyBooleanWrapper();

    public TomorrowViewModel(MessagesDesk desk, TaskRunner tasks, Messages messages, LocalDate day) {
        this.desk = desk;
        this.tasks = tasks;
        this.messages = messages;
        this.day.set(day);
        this.day.addListener((o, was, now) -> load());
    }

    public ObjectProperty<LocalDate> dayProperty() {
        return day;
    }

    public ObservableList<Row> rows() {
        return rows;
    }

    public javafx.beans.property.ReadOnlyBooleanProperty loadingProperty() {
        return loading.getReadOnlyProperty();
    }

    public void load() {
        LocalDate d = day.get();
        if (d == null) {
            return;
        }
        loading.set(true);
        tasks.run(() -> desk.toCall(d), list -> {
            loading.set(false);
            if (d.equals(day.get())) {
                rows.setAll(list.stream().map(this::row).toList());
            }
        }, e -> loading.set(false));
    }

    private Row row(MessagesRepository.ToCall c) {
        String time = DateTimeFormatter.ofPattern("HH:mm").withZone(desk.zone()).format(c.start());
        return new Row(c.bookingId(), time, c.clientName(), c.phone() == null ? "" : c.phone(),
                messages.get("pending".equals(c.status()) ? "tomorrow.state.pending" : "tomorrow.state.notConfirmedByClient"));
    }
}
