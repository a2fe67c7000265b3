package app.salondesk.gui.setup;

import app.salondesk.i18n.Messages;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;

import java.time.DayOfWeek;
import java.time.LocalTime;
import java.time.format.DateTimeParseException;
import java.time.format.TextStyle;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

/**
 * The salon's opening week, as the wizard asks for it: for each weekday whether the salon is
 * open and from when to when. Every first master gets it as their first week; each master's
 * hours are changed later on their own. Starts as a common salon week (weekdays 9–19,
 * Saturday 10–17, Sunday closed), so most salons only adjust it.
 */
public final class OpeningWeekViewModel {

    /** One weekday's row. */
    public final class Day {
        private final DayOfWeek day;
        private final BooleanProperty open = new SimpleBooleanProperty(this, "open");
        private final StringProperty from = new SimpleStringProperty(this, "from", "");
        private final StringProperty to = new SimpleStringProperty(this, "to", "");
        private final ReadOnlyStringWrapper error = new ReadOnlyStringWrapper(this, "error", "");

        Day(DayOfWeek day, boolean open, String from, String to) {
            this.day = day;
            this.open.set(open);
            this.from.set(from);
            this.to.set(to);
            this.open.addListener((obs, old, now) -> validate());
            this.from.addListener((obs, old, now) -> validate());
            this.to.addListener((obs, old, now) -> validate());
        }

        public DayOfWeek day() {
            return day;
        }

        /** "Понеділок", "Monday": the weekday in the desk's language. */
        public String name() {
            String n = day.getDisplayName(TextStyle.FULL_STANDALONE, messages.locale());
            return n.substring(0, 1).toUpperCase(messages.locale()) + n.substring(1);
        }

        public BooleanProperty openProperty() {
            return open;
        }

        public StringProperty fromProperty() {
            return from;
        }

        public StringProperty toProperty() {
            return to;
        }

        public ReadOnlyStringProperty errorProperty() {
            return error.getReadOnlyProperty();
        }

        String problem() {
            if (!open.get()) {
                return "";
            }
            LocalTime f = parseTime(from.get());
            LocalTime t = parseTime(to.get());
            if (f == null) {
                return messages.format("week.timeFormat", from.get());
            }
            if (t == null) {
                return messages.format("week.timeFormat", to.get());
            }
            return t.isAfter(f) ? "" : messages.get("week.closesBeforeOpening");
        }

        private void validate() {
            error.set(problem());
            weekError.set("");
        }
    }

    private final Messages messages;
    private final List<Day> days = new ArrayList<>();
    private final ReadOnlyStringWrapper weekError = new ReadOnlyStringWrapper(this, "weekError", "");

    public OpeningWeekViewModel(Messages messages) {
        this.messages = messages;
        for (DayOfWeek d : DayOfWeek.values()) {
            boolean weekday = d.getValue() <= 5;
            days.add(new Day(d, d != DayOfWeek.SUNDAY, weekday ? "09:00" : "10:00", weekday ? "19:00" : "17:00"));
        }
    }

    public List<Day> days() {
        return days;
    }

    /** An error for the week as a whole ("open on at least one day"), "" when there is none. */
    public ReadOnlyStringProperty weekErrorProperty() {
        return weekError.getReadOnlyProperty();
    }

    /** Shows what is wrong (Next); true when the week may be used. */
    public boolean check() {
        boolean ok = true;
        for (Day d : days) {
            d.validate();
            ok &= d.error.get().isEmpty();
        }
        if (days.stream().noneMatch(d -> d.open.get())) {
            weekError.set(messages.get("week.noOpenDay"));
            ok = false;
        }
        return ok;
    }

    /** The open days and their hours (call after {@link #check()} said yes). */
    public Map<DayOfWeek, LocalTime[]> week() {
        Map<DayOfWeek, LocalTime[]> week = new EnumMap<>(DayOfWeek.class);
        for (Day d : days) {
            if (d.open.get()) {
                week.put(d.day, new LocalTime[]{parseTime(d.from.get()), parseTime(d.to.get())});
            }
        }
        return week;
    }

    /** A time as people type it: "9", "9:30", "09.30", "21:00". */
    static LocalTime parseTime(String typed) {
        String text = typed == null ? "" : typed.strip().replace('.', ':');
        if (text.matches("\\d{1,2}")) {
            text = text + ":00";
        }
        if (text.matches("\\d:\\d{2}")) {
            text = "0" + text;
        }
        try {
            return LocalTime.parse(text);
        } catch (DateTimeParseException e) {
            return null;
        }
    }
}
