package app.salondesk.gui.staff.setup;

import app.salondesk.model.booking.Booking;
import app.salondesk.model.booking.ScheduledBooking;
import app.salondesk.model.staff.Master;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;

import java.time.LocalDate;
import java.time.ZoneId;
import java.time.ZonedDateTime;
import java.util.List;

/**
 * One booking in the way and what is to become of it: where to move it (master — one of those
 * the database lets it go to — date, time, at first its own date and time), and the engine's
 * last answer. Settled once moved,
 * cancelled or kept.
 */
public final class InTheWayRowViewModel {

    private ScheduledBooking booking;
    private final String rule;
    private final ObjectProperty<Master> target = new SimpleObjectProperty<>(this, "target");
    /** The masters this booking may go to, as the database said (empty until it answered). */
    private final ObservableList<Master> targets = FXCollections.observableArrayList();
    private final ObjectProperty<LocalDate> date = new SimpleObjectProperty<>(this, "date");
    private final StringProperty time = new SimpleStringProperty(this, "time", "");
    private final ReadOnlyStringWrapper state = new ReadOnlyStringWrapper(this, "state", "");
    private final ReadOnlyBooleanWrapper settled = new ReadOnlyBooleanWrapper(this, "settled");
    private final ReadOnlyBooleanWrapper busy = new ReadOnlyBooleanWrapper(this, "busy");

    InTheWayRowViewModel(ScheduledBooking booking, String rule, Master target, ZoneId zone) {
        this.booking = booking;
        this.rule = rule;
        this.target.set(target);
        ZonedDateTime start = booking.start().atZone(zone);
        date.set(start.toLocalDate());
        time.set(start.toLocalTime().toString());
    }

    /** The booking as last read (its version is what the next move or cancel expects). */
    public ScheduledBooking booking() {
        return booking;
    }

    /** The rule book's word for what it breaks, or null (a master about to leave). */
    public String rule() {
        return rule;
    }

    void refresh(Booking now) {
        booking = new ScheduledBooking(now.id(), now.masterId(), now.start(), now.durationMin(), now.status(),
                booking.clientName(), booking.serviceName(), now.version());
    }

    void offer(List<Master> masters, Master first) {
        targets.setAll(masters);
        if (target.get() == null || !masters.contains(target.get())) {
            target.set(first);
        }
    }

    /** The masters the row offers: those the rule book lets this booking go to. */
    public ObservableList<Master> targets() {
        return targets;
    }

    void answer(String sentence, boolean done) {
        state.set(sentence);
        settled.set(done);
    }

    void setBusy(boolean b) {
        busy.set(b);
    }

    public ObjectProperty<Master> targetProperty() {
        return target;
    }

    public ObjectProperty<LocalDate> dateProperty() {
        return date;
    }

    public StringProperty timeProperty() {
        return time;
    }

    /** The engine's answer to the last attempt, or what was decided. */
    public ReadOnlyStringProperty stateProperty() {
        return state.getReadOnlyProperty();
    }

    public ReadOnlyBooleanProperty settledProperty() {
        return settled.getReadOnlyProperty();
    }

    public ReadOnlyBooleanProperty busyProperty() {
        return busy.getReadOnlyProperty();
    }
}
