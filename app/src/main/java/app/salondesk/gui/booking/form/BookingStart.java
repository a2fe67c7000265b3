package app.salondesk.gui.booking.form;

import app.salondesk.i18n.Messages;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;

import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.time.zone.ZoneOffsetTransition;
import java.util.List;
import java.util.Optional;

/**
 * The booking's start as the form holds it: a day and a typed time, read in the salon's zone
 * and resolved to one instant, which is what is booked (never a wall-clock time resolved again
 * later). It owns what daylight saving does to a typed time (issue 16):
 * <ul>
 *   <li>a time <b>in the gap</b> of a spring-forward day does not exist: it is refused with one
 *       sentence naming the time and the jump ("03:30 does not exist on 28 March: the clocks go
 *       from 03:00 to 04:00"), and there is no start — nothing is sent;</li>
 *   <li>a time that <b>happens twice</b> on a fall-back day is the instant it was set from (a
 *       free-start chip, the booking being edited, "use the other one"), else the earlier one;
 *       a note says which one it is and {@link #pickOther()} takes the other;</li>
 *   <li>the words that tell the two apart ("03:30 summer time" / "03:30 winter time"), for the
 *       free-start chips and the note.</li>
 * </ul>
 * The time the person types wins over the instant it was set from: typing, or choosing
 * another day, forgets which of two instants was meant.
 */
final class BookingStart {

    private final ZoneId zone;
    private final Messages messages;
    /**
     * How the time field writes a time, and so every time the form names (its free times, its
     * notes): one clock in one form (issue 31: the buttons said "3:00 PM" where the field said
     * "15:00"). {@link #parseTime()} reads it back.
     */
    static final DateTimeFormatter FIELD_TIME = DateTimeFormatter.ofPattern("HH:mm");

    private final DateTimeFormatter timeFormat;
    private final DateTimeFormatter dayFormat;

    private final ObjectProperty<LocalDate> date = new SimpleObjectProperty<>(this, "date");
    private final StringProperty time = new SimpleStringProperty(this, "time", "");
    /** The offset of the instant the day and time were set from: which of a twice-happening time is meant. */
    private ZoneOffset setFrom;
    private boolean settingFromInstant;

    private final ReadOnlyObjectWrapper<Instant> start = new ReadOnlyObjectWrapper<>(this, "start");
    private final ReadOnlyStringWrapper error = new ReadOnlyStringWrapper(this, "error", "");
    private final ReadOnlyStringWrapper note = new ReadOnlyStringWrapper(this, "note", "");
    private final ReadOnlyObjectWrapper<Instant> other = new ReadOnlyObjectWrapper<>(this, "other");

    BookingStart(ZoneId zone, Messages messages) {
        this.zone = zone;
        this.messages = messages;
        this.timeFormat = FIELD_TIME;
        this.dayFormat = DateTimeFormatter.ofPattern("d MMMM", messages.locale());
        date.addListener((obs, old, now) -> changed());
        time.addListener((obs, old, now) -> changed());
        resolve();
    }

    /** Day and time from an instant (a chip, the booking edited, a free time offered): exactly that instant. */
    void set(Instant t) {
        var local = t.atZone(zone);
        settingFromInstant = true;
        try {
            setFrom = local.getOffset();
            date.set(local.toLocalDate());
            time.set(local.toLocalTime().format(FIELD_TIME));
        } finally {
            settingFromInstant = false;
        }
        resolve();
    }

    /** A time that happens twice: the other of its two instants. */
    void pickOther() {
        Instant o = other.get();
        if (o != null) {
            set(o);
        }
    }

    private void changed() {
        if (!settingFromInstant) {
            setFrom = null;   // typed or another day: which of two instants was meant is no longer known
        }
        resolve();
    }

    private void resolve() {
        LocalTime t = parseTime();
        start.set(null);
        other.set(null);
        note.set("");
        if (date.get() == null) {
            error.set(messages.get("invalid.start_missing"));
            return;
        }
        if (t == null) {
            error.set(messages.format("form.timeFormat", time.get()));
            return;
        }
        LocalDateTime local = date.get().atTime(t);
        List<ZoneOffset> offsets = zone.getRules().getValidOffsets(local);
        if (offsets.isEmpty()) {
            ZoneOffsetTransition gap = zone.getRules().getTransition(local);
            error.set(messages.format("form.start.gap", t.format(timeFormat), date.get().format(dayFormat),
                    gap.getDateTimeBefore().toLocalTime().format(timeFormat), gap.getDateTimeAfter().toLocalTime().format(timeFormat)));
            return;
        }
        error.set("");
        if (offsets.size() == 1) {
            start.set(local.atOffset(offsets.get(0)).toInstant());
            return;
        }
        // the earlier instant unless it was set from the later one (getValidOffsets lists the earlier first)
        int chosen = offsets.get(1).equals(setFrom) ? 1 : 0;
        Instant it = local.atOffset(offsets.get(chosen)).toInstant();
        start.set(it);
        other.set(local.atOffset(offsets.get(1 - chosen)).toInstant());
        note.set(messages.format("form.start.twice", t.format(timeFormat), date.get().format(dayFormat), label(it)));
    }

    /**
     * How a start is named to the person: its time, and for a time that happens twice that day
     * which of the two it is ("03:30 summer time").
     */
    String label(Instant t) {
        var local = t.atZone(zone);
        String clock = local.toLocalTime().format(timeFormat);
        List<ZoneOffset> offsets = zone.getRules().getValidOffsets(local.toLocalDateTime());
        if (offsets.size() < 2) {
            return clock;
        }
        Instant otherOne = local.toLocalDateTime().atOffset(offsets.get(offsets.get(0).equals(local.getOffset()) ? 1 : 0)).toInstant();
        boolean summer = zone.getRules().isDaylightSavings(t);
        if (summer != zone.getRules().isDaylightSavings(otherOne)) {
            return messages.format(summer ? "form.start.summerTime" : "form.start.winterTime", clock);
        }
        // an offset change that is not daylight saving (a zone that changed its standard time)
        return messages.format("form.start.offset", clock, local.getOffset().getId().equals("Z") ? "+00:00" : local.getOffset().getId());
    }

    String fieldTime(LocalTime t) {
        return t.format(FIELD_TIME);
    }

    /** The time as typed, read leniently ("9", "9.30", "09:30"); null when it is no time. */
    LocalTime parseTime() {
        String text = time.get() == null ? "" : time.get().strip().replace('.', ':');
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

    Optional<Instant> instant() {
        return Optional.ofNullable(start.get());
    }

    ObjectProperty<LocalDate> dateProperty() {
        return date;
    }

    StringProperty timeProperty() {
        return time;
    }

    /** The start that is booked; null while the day or time is missing, unreadable or does not exist. */
    ReadOnlyObjectProperty<Instant> startProperty() {
        return start.getReadOnlyProperty();
    }

    /** Why there is no start ("" while there is one). */
    ReadOnlyStringProperty errorProperty() {
        return error.getReadOnlyProperty();
    }

    /** For a time that happens twice: which of the two this is ("" otherwise). */
    ReadOnlyStringProperty noteProperty() {
        return note.getReadOnlyProperty();
    }

    /** For a time that happens twice: the other instant ({@link #pickOther()}); null otherwise. */
    ReadOnlyObjectProperty<Instant> otherProperty() {
        return other.getReadOnlyProperty();
    }
}
