package app.salondesk.gui.staff.setup;

import app.salondesk.gui.common.TaskRunner;
import app.salondesk.i18n.Messages;
import app.salondesk.logic.staff.HoursSetup;
import app.salondesk.model.booking.BookingInTheWay;
import app.salondesk.model.staff.TimeOffEntry;
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
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalTime;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.time.format.FormatStyle;
import java.util.List;
import java.util.function.Consumer;

/**
 * A master's time off (vacation, a sick day, training): the list from today on, adding a
 * stretch from a date and time to a date and time, removing one. Time off over bookings does
 * not move them: they are handed to {@link #setOnInTheWay} to move or keep.
 */
public final class TimeOffViewModel {

    /** How far ahead the list reaches. */
    static final int LIST_DAYS = 2 * 366;
    public static final int MAX_REASON = 200;
    /** A booking lasts at most 12 hours: one that overlaps time off starts at most that long before it. */
    private static final Duration LONGEST_BOOKING = Duration.ofHours(12);

    private final HoursSetup setup;
    private final TaskRunner tasks;
    private final Messages messages;
    private final Clock clock;
    private final ZoneId zone;
    private long masterId = -1;

    private final ObservableList<TimeOffEntry> entries = FXCollections.observableArrayList();
    private final ObjectProperty<LocalDate> fromDate = new SimpleObjectProperty<>(this, "fromDate");
    private final StringProperty fromTime = new SimpleStringProperty(this, "fromTime", "");
    private final ObjectProperty<LocalDate> toDate = new SimpleObjectProperty<>(this, "toDate");
    private final StringProperty toTime = new SimpleStringProperty(this, "toTime", "");
    private final StringProperty reason = new SimpleStringProperty(this, "reason", "");
    private final ReadOnlyStringWrapper message = new ReadOnlyStringWrapper(this, "message", "");
    private final BooleanProperty editable = new SimpleBooleanProperty(this, "editable", true);
    private Consumer<List<BookingInTheWay>> onInTheWay = found -> { };
    private Runnable onChanged = () -> { };

    public TimeOffViewModel(HoursSetup setup, TaskRunner tasks, Messages messages, Clock clock, ZoneId zone) {
        this.setup = setup;
        this.tasks = tasks;
        this.messages = messages;
        this.clock = clock;
        this.zone = zone;
        // a one-day absence is the usual case: the end follows the start until it is set apart
        fromDate.addListener((obs, was, now) -> {
            if (now != null && (toDate.get() == null || toDate.get().isBefore(now) || toDate.get().equals(was))) {
                toDate.set(now);
            }
        });
    }

    /** A stretch's times or reason typed and not added (issue 31). */
    private final app.salondesk.gui.common.UnsavedEdits edits = new app.salondesk.gui.common.UnsavedEdits(fromTime, toTime, reason);

    public javafx.beans.property.ReadOnlyBooleanProperty changedProperty() {
        return edits.changedProperty();
    }

    public void show(long masterId) {
        this.masterId = masterId;
        entries.clear();
        message.set("");
        fromDate.set(today());
        toDate.set(today());
        fromTime.set("");
        toTime.set("");
        reason.set("");
        edits.markUnchanged();
        load();
    }

    private void load() {
        long master = masterId;
        Instant from = today().atStartOfDay(zone).toInstant();
        Instant to = today().plusDays(LIST_DAYS).atStartOfDay(zone).toInstant();
        tasks.run(() -> setup.timeOff(master, from, to), list -> {
            if (master == masterId) {
                entries.setAll(list);
            }
        }, failure -> message.set(messages.get("setup.failed")));
    }

    /** The suggested reasons, in the desk's language (any other text will do too). */
    public List<String> suggestedReasons() {
        return List.of(messages.get("timeOff.reason.vacation"), messages.get("timeOff.reason.sick"),
                messages.get("timeOff.reason.training"));
    }

    /**
     * The stretch as instants in the salon's zone: an empty start time is the start of its day,
     * an empty end time the end of its day (whole days off need no times).
     */
    Instant[] range() {
        LocalTime start = fromTime.get().isBlank() ? LocalTime.MIDNIGHT : Intervals.parseTime(fromTime.get());
        LocalTime end = toTime.get().isBlank() ? null : Intervals.parseTime(toTime.get());
        if (fromDate.get() == null || toDate.get() == null) {
            message.set(messages.get("hours.chooseDate"));
            return null;
        }
        if (start == null || (end == null && !toTime.get().isBlank())) {
            message.set(messages.format("timeOff.badTime", start == null ? fromTime.get() : toTime.get()));
            return null;
        }
        Instant s = fromDate.get().atTime(start).atZone(zone).toInstant();
        Instant e = end == null ? toDate.get().plusDays(1).atStartOfDay(zone).toInstant() : toDate.get().atTime(end).atZone(zone).toInstant();
        if (!e.isAfter(s)) {
            message.set(messages.get("timeOff.endBeforeStart"));
            return null;
        }
        return new Instant[]{s, e};
    }

    public void add() {
        Instant[] r = range();
        String why = reason.get() == null ? "" : reason.get().strip();
        if (r == null) {
            return;
        }
        if (why.length() > MAX_REASON) {
            message.set(messages.format("timeOff.reasonTooLong", MAX_REASON));
            return;
        }
        if (!editable.get() || masterId < 0) {
            return;
        }
        long master = masterId;
        message.set("");
        tasks.run(() -> setup.addTimeOff(master, r[0], r[1], why), result -> result.fold(id -> {
            message.set(messages.format("timeOff.added", describe(r[0], r[1])));
            reason.set("");
            edits.markUnchanged();
            onChanged.run();
            load();
            // a booking overlapping the stretch starts at most a booking's length before it; one that
            // is outside the hours as well is reported for that (the rule book's first word) but is in the way all the same
            tasks.run(() -> setup.inTheWay(master, r[0].minus(LONGEST_BOOKING), r[1]).stream()
                            .filter(b -> b.booking().start().isBefore(r[1]) && b.booking().end().isAfter(r[0])).toList(),
                    found -> {
                        if (!found.isEmpty()) {
                            onInTheWay.accept(found);
                        }
                    }, failure -> message.set(messages.get("setup.failed")));
            return null;
        }, refused -> {
            message.set(messages.get(refused.messageKey()));
            return null;
        }), failure -> message.set(messages.get("setup.failed")));
    }

    public void remove(TimeOffEntry entry) {
        if (!editable.get() || entry == null) {
            return;
        }
        tasks.run(() -> setup.removeTimeOff(entry.id()), result -> result.fold(ok -> {
            message.set(messages.format("timeOff.removed", describe(entry.start(), entry.end())));
            onChanged.run();
            load();
            return null;
        }, refused -> {
            message.set(messages.get(refused.messageKey()));
            load();
            return null;
        }), failure -> message.set(messages.get("setup.failed")));
    }

    /** "7 Jan 2030, 10:00 – 7 Jan 2030, 13:00"; whole days as dates ("4 Dec 2026, the whole day"). */
    public String describe(Instant start, Instant end) {
        var s = start.atZone(zone);
        var e = end.atZone(zone);
        if (s.toLocalTime().equals(LocalTime.MIDNIGHT) && e.toLocalTime().equals(LocalTime.MIDNIGHT)) {
            DateTimeFormatter d = DateTimeFormatter.ofLocalizedDate(FormatStyle.MEDIUM).withLocale(messages.locale());
            LocalDate last = e.toLocalDate().minusDays(1);
            return last.equals(s.toLocalDate()) ? messages.format("timeOff.wholeDay", s.format(d))
                    : messages.format("timeOff.wholeDays", s.format(d), last.format(d));
        }
        DateTimeFormatter f = DateTimeFormatter.ofLocalizedDateTime(FormatStyle.MEDIUM, FormatStyle.SHORT).withLocale(messages.locale());
        return messages.format("timeOff.range", s.format(f), e.format(f));
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

    public ObservableList<TimeOffEntry> entries() {
        return entries;
    }

    public ObjectProperty<LocalDate> fromDateProperty() {
        return fromDate;
    }

    public StringProperty fromTimeProperty() {
        return fromTime;
    }

    public ObjectProperty<LocalDate> toDateProperty() {
        return toDate;
    }

    public StringProperty toTimeProperty() {
        return toTime;
    }

    public StringProperty reasonProperty() {
        return reason;
    }

    public ReadOnlyStringProperty messageProperty() {
        return message.getReadOnlyProperty();
    }

    public BooleanProperty editableProperty() {
        return editable;
    }
}
