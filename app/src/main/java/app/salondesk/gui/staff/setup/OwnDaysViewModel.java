package app.salondesk.gui.staff.setup;

import app.salondesk.gui.common.TaskRunner;
import app.salondesk.i18n.Messages;
import app.salondesk.logic.salon.SetupResult;
import app.salondesk.logic.staff.HoursSetup;
import app.salondesk.model.booking.BookingInTheWay;
import app.salondesk.model.staff.OwnDay;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;

import java.time.Clock;
import java.time.LocalDate;
import java.time.LocalTime;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.time.format.FormatStyle;
import java.util.List;
import java.util.function.Consumer;

/**
 * Single days with hours of their own ("works Sunday 10–14 this week"; no hours: not working
 * that day), with a note. Like the week, a day's change never moves a booking: the bookings it
 * leaves outside are handed to {@link #setOnInTheWay}.
 */
public final class OwnDaysViewModel {

    /** How far ahead the list of own days reaches. */
    static final int LIST_DAYS = 366;
    public static final int MAX_NOTE = 200;

    private final HoursSetup setup;
    private final TaskRunner tasks;
    private final Messages messages;
    private final Clock clock;
    private final ZoneId zone;
    private long masterId = -1;

    private final ObservableList<OwnDay> days = FXCollections.observableArrayList();
    private final ObjectProperty<LocalDate> day = new SimpleObjectProperty<>(this, "day");
    private final StringProperty hours = new SimpleStringProperty(this, "hours", "");
    private final StringProperty note = new SimpleStringProperty(this, "note", "");
    private final ReadOnlyStringWrapper message = new ReadOnlyStringWrapper(this, "message", "");
    private final BooleanProperty editable = new SimpleBooleanProperty(this, "editable", true);
    private Consumer<List<BookingInTheWay>> onInTheWay = found -> { };
    private Runnable onChanged = () -> { };

    public OwnDaysViewModel(HoursSetup setup, TaskRunner tasks, Messages messages, Clock clock, ZoneId zone) {
        this.setup = setup;
        this.tasks = tasks;
        this.messages = messages;
        this.clock = clock;
        this.zone = zone;
    }

    /** A day's hours or note typed and not saved (issue 31). */
    private final app.salondesk.gui.common.UnsavedEdits edits = new app.salondesk.gui.common.UnsavedEdits(hours, note);

    public javafx.beans.property.ReadOnlyBooleanProperty changedProperty() {
        return edits.changedProperty();
    }

    public void show(long masterId) {
        this.masterId = masterId;
        days.clear();
        message.set("");
        day.set(today());
        hours.set("");
        note.set("");
        edits.markUnchanged();
        load();
    }

    private void load() {
        long master = masterId;
        LocalDate from = today();
        tasks.run(() -> setup.ownDays(master, from, from.plusDays(LIST_DAYS)), list -> {
            if (master == masterId) {
                days.setAll(list);
            }
        }, failure -> message.set(messages.get("setup.failed")));
    }

    /** A listed day into the fields, to change it. */
    public void pick(OwnDay d) {
        if (d != null) {
            day.set(d.day());
            hours.set(Intervals.format(d.intervals()));
            note.set(d.note());
            edits.markUnchanged();
        }
    }

    public void save() {
        LocalDate d = day.get();
        Intervals.Parsed p = Intervals.parse(hours.get());
        String n = note.get() == null ? "" : note.get().strip();
        if (d == null) {
            message.set(messages.get("hours.chooseDate"));
        } else if (!p.isOk()) {
            message.set(messages.format(p.errorKey(), p.errorArgs().toArray()));
        } else if (n.length() > MAX_NOTE) {
            message.set(messages.format("days.noteTooLong", MAX_NOTE));
        } else if (editable.get() && masterId >= 0) {
            long master = masterId;
            List<LocalTime[]> intervals = p.intervals();
            tasks.run(() -> setup.setDay(master, d, intervals, n), result -> done(result, master, d,
                    messages.format("days.saved", date(d))), failure -> message.set(messages.get("setup.failed")));
        }
    }

    /** The day follows the week again. */
    public void remove(OwnDay d) {
        if (!editable.get() || d == null) {
            return;
        }
        long master = masterId;
        tasks.run(() -> setup.clearDay(master, d.day()), result -> done(result, master, d.day(),
                messages.format("days.removed", date(d.day()))), failure -> message.set(messages.get("setup.failed")));
    }

    private void done(SetupResult<Boolean> result, long master, LocalDate d, String sentence) {
        result.fold(ok -> {
            message.set(sentence);
            edits.markUnchanged();
            onChanged.run();
            if (master == masterId) {
                load();
            }
            tasks.run(() -> setup.inTheWay(master, d.atStartOfDay(zone).toInstant(), d.plusDays(1).atStartOfDay(zone).toInstant()),
                    found -> {
                        if (!found.isEmpty()) {
                            onInTheWay.accept(found);
                        }
                    }, failure -> message.set(messages.get("setup.failed")));
            return null;
        }, refused -> {
            message.set(messages.get(refused.messageKey()));
            return null;
        });
    }

    /** "Sun, 13 Jan 2030", its hours or "not working", and the note. */
    public String describe(OwnDay d) {
        String when = d.day().format(DateTimeFormatter.ofPattern("EEE, ", messages.locale()))
                + date(d.day());
        String what = d.intervals().isEmpty() ? messages.get("days.off") : Intervals.format(d.intervals());
        return d.note().isBlank() ? messages.format("days.line", when, what) : messages.format("days.lineNote", when, what, d.note());
    }

    private String date(LocalDate d) {
        return d.format(DateTimeFormatter.ofLocalizedDate(FormatStyle.MEDIUM).withLocale(messages.locale()));
    }

    private LocalDate today() {
        return LocalDate.now(clock.withZone(zone));
    }

    public void setOnInTheWay(Consumer<List<BookingInTheWay>> onInTheWay) {
        this.onInTheWay = onInTheWay;
    }

    public void setOnChanged(Runnable onChanged) {
        this.onChanged = onChanged;
    }

    public ObservableList<OwnDay> days() {
        return days;
    }

    public ObjectProperty<LocalDate> dayProperty() {
        return day;
    }

    public StringProperty hoursProperty() {
        return hours;
    }

    public StringProperty noteProperty() {
        return note;
    }

    public ReadOnlyStringProperty messageProperty() {
        return message.getReadOnlyProperty();
    }

    public BooleanProperty editableProperty() {
        return editable;
    }
}
