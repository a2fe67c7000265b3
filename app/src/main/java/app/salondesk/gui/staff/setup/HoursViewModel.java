package app.salondesk.gui.staff.setup;

import app.salondesk.gui.common.TaskRunner;
import app.salondesk.i18n.Messages;
import app.salondesk.logic.salon.SetupResult;
import app.salondesk.logic.staff.HoursSetup;
import app.salondesk.model.booking.BookingInTheWay;
import app.salondesk.model.staff.Week;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;

import java.time.Clock;
import java.time.DayOfWeek;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalTime;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.time.format.FormatStyle;
import java.time.format.TextStyle;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * A master's week of working hours as seven rows of intervals, and the weeks that follow
 * from a date on ("from March, Mondays 12–20"). Each row is checked here (end after start,
 * no overlaps) before the database's own checks. Saving never moves a booking: afterwards the
 * bookings the new hours leave outside are handed to {@link #setOnInTheWay}.
 */
public final class HoursViewModel {

    /** How far ahead a change of hours is checked for bookings it leaves outside. */
    static final int CHECK_DAYS = 90;

    private final HoursSetup setup;
    private final TaskRunner tasks;
    private final Messages messages;
    private final Clock clock;
    private final ZoneId zone;
    private long masterId = -1;

    private final ObservableList<Week> weeks = FXCollections.observableArrayList();
    private final ReadOnlyObjectWrapper<LocalDate> shown = new ReadOnlyObjectWrapper<>(this, "shown");
    private final ReadOnlyBooleanWrapper draft = new ReadOnlyBooleanWrapper(this, "draft");
    private final Map<DayOfWeek, StringProperty> text = new EnumMap<>(DayOfWeek.class);
    private final Map<DayOfWeek, ReadOnlyStringWrapper> error = new EnumMap<>(DayOfWeek.class);
    private final ObjectProperty<LocalDate> newWeekFrom = new SimpleObjectProperty<>(this, "newWeekFrom");
    private final ReadOnlyStringWrapper message = new ReadOnlyStringWrapper(this, "message", "");
    private final BooleanProperty editable = new SimpleBooleanProperty(this, "editable", true);
    private Consumer<List<BookingInTheWay>> onInTheWay = found -> { };
    private Runnable onChanged = () -> { };
    /** The shown week's rows typed, or a new week started, and not saved (issue 31). */
    private app.salondesk.gui.common.UnsavedEdits edits;

    public HoursViewModel(HoursSetup setup, TaskRunner tasks, Messages messages, Clock clock, ZoneId zone) {
        this.setup = setup;
        this.tasks = tasks;
        this.messages = messages;
        this.clock = clock;
        this.zone = zone;
        for (DayOfWeek d : DayOfWeek.values()) {
            text.put(d, new SimpleStringProperty(this, "text" + d, ""));
            error.put(d, new ReadOnlyStringWrapper(this, "error" + d, ""));
        }
        List<javafx.beans.Observable> watched = new java.util.ArrayList<>(text.values());
        watched.add(draft);
        edits = new app.salondesk.gui.common.UnsavedEdits(watched.toArray(javafx.beans.Observable[]::new));
    }

    public ReadOnlyBooleanProperty changedProperty() {
        return edits.changedProperty();
    }

    /** Shows a master's weeks, the week in force today in the editor. */
    public void show(long masterId) {
        this.masterId = masterId;
        message.set("");
        weeks.clear();
        load(null);
    }

    private void load(LocalDate select) {
        long master = masterId;
        tasks.run(() -> setup.weeks(master), list -> {
            if (master != masterId) {
                return;   // another master was picked meanwhile
            }
            weeks.setAll(list);
            showWeek(select != null ? select : inForce(today()).validFrom());
        }, failure -> message.set(messages.get("setup.failed")));
    }

    /** The saved week starting on that date into the editor. */
    public void showWeek(LocalDate validFrom) {
        Week week = weeks.stream().filter(w -> w.validFrom().equals(validFrom)).findFirst().orElse(inForce(validFrom));
        fill(week);
        shown.set(week.validFrom());
        draft.set(false);
        edits.markUnchanged();
    }

    /**
     * "A different week from a date on": the editor shows a new week from {@link #newWeekFromProperty},
     * a copy of the week in force that day until it is changed and saved.
     */
    public void startWeekFrom() {
        LocalDate from = newWeekFrom.get();
        if (from == null) {
            message.set(messages.get("hours.chooseDate"));
            return;
        }
        if (weeks.stream().anyMatch(w -> w.validFrom().equals(from))) {
            showWeek(from);
            return;
        }
        fill(inForce(from));
        shown.set(from);
        draft.set(true);
        message.set(messages.format("hours.draft", date(from)));
    }

    /** The week in force on a day: the latest one starting on or before it (the first week if none). */
    Week inForce(LocalDate day) {
        Week found = new Week(Week.ALWAYS, Map.of());
        for (Week w : weeks) {
            if (!w.validFrom().isAfter(day)) {
                found = w;
            }
        }
        return found;
    }

    private void fill(Week week) {
        for (DayOfWeek d : DayOfWeek.values()) {
            text.get(d).set(Intervals.format(week.on(d)));
            error.get(d).set("");
        }
    }

    /** Every row checked; the week as intervals, or null when a row is wrong (its error says why). */
    Map<DayOfWeek, List<LocalTime[]>> validate() {
        Map<DayOfWeek, List<LocalTime[]>> week = new EnumMap<>(DayOfWeek.class);
        boolean ok = true;
        for (DayOfWeek d : DayOfWeek.values()) {
            Intervals.Parsed p = Intervals.parse(text.get(d).get());
            error.get(d).set(p.isOk() ? "" : messages.format(p.errorKey(), p.errorArgs().toArray()));
            ok &= p.isOk();
            week.put(d, p.intervals());
        }
        return ok ? week : null;
    }

    public void save() {
        LocalDate from = shown.get();
        Map<DayOfWeek, List<LocalTime[]>> week = validate();
        if (week == null) {
            message.set(messages.get("hours.fixRows"));
            return;
        }
        if (!editable.get() || from == null || masterId < 0) {
            return;
        }
        long master = masterId;
        message.set("");
        tasks.run(() -> setup.saveWeek(master, from, week), result -> done(result, master, from, "hours.saved"),
                failure -> message.set(messages.get("setup.failed")));
    }

    /** Removes the shown week (not the first): the week before it goes on. */
    public void removeShownWeek() {
        LocalDate from = shown.get();
        if (!editable.get() || from == null || from.equals(Week.ALWAYS)) {
            return;
        }
        if (draft.get()) {
            showWeek(inForce(from).validFrom());   // never saved: nothing to remove
            return;
        }
        long master = masterId;
        tasks.run(() -> setup.removeWeek(master, from), result -> done(result, master, null, "hours.removed"),
                failure -> message.set(messages.get("setup.failed")));
    }

    private void done(SetupResult<Boolean> result, long master, LocalDate select, String sentence) {
        result.fold(ok -> {
            message.set(messages.get(sentence));
            onChanged.run();
            if (master == masterId) {
                load(select);
            }
            LocalDate since = select == null || select.isBefore(today()) ? today() : select;
            checkInTheWay(master, Instant.now(clock), since.plusDays(CHECK_DAYS).atStartOfDay(zone).toInstant());
            return null;
        }, refused -> {
            message.set(messages.get(refused.messageKey()));
            return null;
        });
    }

    private void checkInTheWay(long master, Instant from, Instant to) {
        tasks.run(() -> setup.inTheWay(master, from, to), found -> {
            if (!found.isEmpty()) {
                onInTheWay.accept(found);
            }
        }, failure -> message.set(messages.get("setup.failed")));
    }

    private LocalDate today() {
        return LocalDate.now(clock.withZone(zone));
    }

    /** "Monday" in the desk's language, capitalised as a row's label. */
    public String dayName(DayOfWeek d) {
        String name = d.getDisplayName(TextStyle.FULL_STANDALONE, messages.locale());
        return name.substring(0, 1).toUpperCase(messages.locale()) + name.substring(1);
    }

    /** "From the start" for the first week, "From 3 Mar 2030" for the others. */
    public String weekName(LocalDate validFrom) {
        return validFrom.equals(Week.ALWAYS) ? messages.get("hours.weekAlways") : messages.format("hours.weekFrom", date(validFrom));
    }

    private String date(LocalDate d) {
        return d.format(DateTimeFormatter.ofLocalizedDate(FormatStyle.MEDIUM).withLocale(messages.locale()));
    }

    public void setOnInTheWay(Consumer<List<BookingInTheWay>> onInTheWay) {
        this.onInTheWay = onInTheWay;
    }

    /** Hours changed: the calendar shades them anew. */
    public void setOnChanged(Runnable onChanged) {
        this.onChanged = onChanged;
    }

    public ObservableList<Week> weeks() {
        return weeks;
    }

    /** The start of the week in the editor. */
    public ReadOnlyObjectProperty<LocalDate> shownProperty() {
        return shown.getReadOnlyProperty();
    }

    /** The week in the editor is new, not saved yet. */
    public ReadOnlyBooleanProperty draftProperty() {
        return draft.getReadOnlyProperty();
    }

    public StringProperty textProperty(DayOfWeek d) {
        return text.get(d);
    }

    public ReadOnlyStringProperty errorProperty(DayOfWeek d) {
        return error.get(d).getReadOnlyProperty();
    }

    public ObjectProperty<LocalDate> newWeekFromProperty() {
        return newWeekFrom;
    }

    public ReadOnlyStringProperty messageProperty() {
        return message.getReadOnlyProperty();
    }

    public BooleanProperty editableProperty() {
        return editable;
    }
}
