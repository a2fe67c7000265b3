package app.salondesk.gui.booking.form;

import app.salondesk.gui.common.TaskRunner;
import app.salondesk.i18n.Messages;
import app.salondesk.logic.booking.BookingSeries;
import app.salondesk.model.booking.Booking;
import app.salondesk.model.booking.BookingOutcome;
import app.salondesk.model.booking.FreeSlot;
import app.salondesk.model.booking.NewBooking;
import app.salondesk.model.booking.Repeat;
import app.salondesk.model.booking.Source;
import app.salondesk.model.salon.Salon;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;

import java.time.Instant;
import java.time.LocalDate;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.time.format.FormatStyle;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Consumer;
import java.util.function.Supplier;

/**
 * The booking form's recurring bookings (issue 17): "repeat every N weeks, M times / until a
 * day" for a new booking; for an occurrence of a series, its later ones changed the same way or
 * cancelled with it. Every occurrence goes through the engine on its own ({@link BookingSeries});
 * the answer is one {@link Row} per occurrence — done, or its time taken with the nearest free
 * times (picking one asks the engine again for that occurrence alone), or why not. No controls.
 */
public final class FormRepeat {

    /** How a new series ends: after a number of bookings, or on a day. */
    public enum Mode { TIMES, UNTIL }

    /** One occurrence in the answer: when, what became of it in words, the times offered if its time was taken. */
    public record Row(int index, Instant at, String text, List<FreeSlot> offers, boolean done) {
    }

    private enum Operation { BOOK, CHANGE, CANCEL }

    private final Salon salon;
    private final BookingSeries series;
    private final TaskRunner tasks;
    private final Messages messages;
    private final Consumer<Boolean> saving;
    private final Consumer<Throwable> failed;
    private final Supplier<Optional<Instant>> firstStart;
    private final DateTimeFormatter when;

    private final BooleanProperty on = new SimpleBooleanProperty(this, "on");
    private final StringProperty everyWeeks = new SimpleStringProperty(this, "everyWeeks", "3");
    private final ObjectProperty<Mode> mode = new SimpleObjectProperty<>(this, "mode", Mode.TIMES);
    private final StringProperty times = new SimpleStringProperty(this, "times", "6");
    private final ObjectProperty<LocalDate> lastDay = new SimpleObjectProperty<>(this, "lastDay");
    private final BooleanProperty later = new SimpleBooleanProperty(this, "later");
    private final ReadOnlyStringWrapper error = new ReadOnlyStringWrapper(this, "error", "");
    private final ObservableList<Row> rows = FXCollections.observableArrayList();
    private final ReadOnlyStringWrapper summary = new ReadOnlyStringWrapper(this, "summary", "");
    private final ReadOnlyBooleanWrapper allDone = new ReadOnlyBooleanWrapper(this, "allDone");
    /**
     * What was chosen here, for the form's "has changes" (issue 31: a repeat chosen was lost to Esc
     * without a question): the rule while "repeat" is ticked (its ending as chosen), and "the later
     * ones too" of an occurrence.
     */
    private final javafx.beans.binding.ObjectBinding<List<Object>> chosen = javafx.beans.binding.Bindings.createObjectBinding(
            () -> java.util.Arrays.asList(on.get() ? everyWeeks.get() : null, on.get() ? mode.get() : null,
                    on.get() && mode.get() == Mode.TIMES ? times.get() : null, on.get() && mode.get() == Mode.UNTIL ? lastDay.get() : null,
                    later.get()),
            on, everyWeeks, mode, times, lastDay, later);

    /** What the answer is of, and what a picked time is asked again for. */
    private Operation operation;
    private NewBooking first;
    private int minutes;
    private final List<BookingSeries.Occurrence> answers = new ArrayList<>();

    FormRepeat(Salon salon, BookingSeries series, TaskRunner tasks, Messages messages, Consumer<Boolean> saving,
               Consumer<Throwable> failed, Supplier<Optional<Instant>> firstStart) {
        this.salon = salon;
        this.series = series;
        this.tasks = tasks;
        this.messages = messages;
        this.saving = saving;
        this.failed = failed;
        this.firstStart = firstStart;
        this.when = DateTimeFormatter.ofLocalizedDateTime(FormatStyle.MEDIUM, FormatStyle.SHORT).withLocale(messages.locale());
        on.addListener((obs, old, now) -> validate());
        everyWeeks.addListener((obs, old, now) -> validate());
        mode.addListener((obs, old, now) -> validate());
        times.addListener((obs, old, now) -> validate());
        lastDay.addListener((obs, old, now) -> validate());
    }

    /** The first booking's day moved: the last day is three months on unless one was chosen, and is checked again. */
    void firstDayIs(LocalDate day) {
        if (day != null && (lastDay.get() == null || !lastDay.get().isAfter(day))) {
            lastDay.set(day.plusMonths(3));
        }
        validate();
    }

    /** The repeat as typed, if it is one (a new booking with "repeat" ticked and nothing wrong in it). */
    Optional<Repeat> rule() {
        if (!on.get()) {
            return Optional.empty();
        }
        Optional<Instant> start = firstStart.get();
        Integer every = number(everyWeeks.get());
        Integer count = mode.get() == Mode.TIMES ? number(times.get()) : null;
        if (start.isEmpty() || every == null || (mode.get() == Mode.TIMES && count == null)) {
            return Optional.empty();
        }
        Repeat r = new Repeat(every, count, mode.get() == Mode.UNTIL ? lastDay.get() : null);
        return r.problem(start.get(), salon.zone()).isEmpty() ? Optional.of(r) : Optional.empty();
    }

    void validate() {
        if (!on.get()) {
            error.set("");
            return;
        }
        Integer every = number(everyWeeks.get());
        Integer count = number(times.get());
        if (every == null) {
            error.set(messages.get(Repeat.Problem.EVERY.messageKey()));
        } else if (mode.get() == Mode.TIMES && count == null) {
            error.set(messages.get(Repeat.Problem.TIMES.messageKey()));
        } else if (mode.get() == Mode.UNTIL && lastDay.get() == null) {
            error.set(messages.get(Repeat.Problem.ONE_OF.messageKey()));
        } else {
            Optional<Instant> start = firstStart.get();
            Repeat r = new Repeat(every, mode.get() == Mode.TIMES ? count : null, mode.get() == Mode.UNTIL ? lastDay.get() : null);
            // without a start the form's time field says what is wrong
            error.set(start.flatMap(s -> r.problem(s, salon.zone())).map(p -> messages.get(p.messageKey())).orElse(""));
        }
    }

    // ---- the series, through the engine -------------------------------------------------------

    /** Books {@code cmd} and its repeats; {@code cmd}'s request id (the form's) names the series. */
    void book(String what, NewBooking cmd, Repeat rule) {
        first = cmd;
        run(what, Operation.BOOK, () -> series.book(cmd, rule, salon.zone()));
    }

    /** Changes {@code before} (as the form opened it) and the later occurrences of its series the same way. */
    void changeFrom(String what, Booking before, long master, Instant at, int length) {
        minutes = length;
        run(what, Operation.CHANGE, () -> series.changeFrom(before, master, at, length, salon.zone(), Source.SERIES));
    }

    /** Cancels {@code before} and the later occurrences of its series. */
    void cancelFrom(String what, Booking before) {
        run(what, Operation.CANCEL, () -> series.cancelFrom(before, Source.SERIES));
    }

    /** A time offered for an occurrence whose own was taken: that occurrence alone, through the engine again. */
    public void pick(Row row, FreeSlot slot) {
        BookingSeries.Occurrence was = answers.get(row.index());
        saving.accept(true);
        tasks.save(messages.format("save.seriesPick", format(slot.start())),
                () -> operation == Operation.BOOK ? series.bookAt(first, row.index(), slot.masterId(), slot.start())
                        : series.moveOne(row.index(), was.before(), slot.masterId(), slot.start(), minutes, Source.SERIES),
                occurrence -> {
                    saving.accept(false);
                    answers.set(row.index(), occurrence);
                    show();
                },
                failed);
    }

    private void run(String what, Operation op, java.util.concurrent.Callable<List<BookingSeries.Occurrence>> work) {
        operation = op;
        saving.accept(true);
        tasks.save(what, work, occurrences -> {
            saving.accept(false);
            answers.clear();
            answers.addAll(occurrences);
            show();
        }, failed);
    }

    private void show() {
        List<Row> now = new ArrayList<>();
        for (BookingSeries.Occurrence o : answers) {
            now.add(row(o));
        }
        rows.setAll(now);
        long done = answers.stream().filter(BookingSeries.Occurrence::done).count();
        summary.set(messages.format("series.summary", done, answers.size()));
        allDone.set(done == answers.size());
    }

    private Row row(BookingSeries.Occurrence o) {
        String at = format(o.wished());
        return o.outcome().fold(
                booked -> new Row(o.index(), booked.booking().start(), messages.format(switch (operation) {
                    case BOOK -> "series.row.booked";
                    case CHANGE -> "series.row.moved";
                    case CANCEL -> "series.row.cancelled";
                }, format(booked.booking().start())), List.of(), true),
                taken -> new Row(o.index(), o.wished(), messages.format("series.row.taken", at), taken.nearestFree(), false),
                tryAgain -> new Row(o.index(), o.wished(), messages.format("series.row.notDone", at, messages.get(switch (tryAgain.why()) {
                    case BUSY -> "notify.tryAgain";
                    case CONNECTION_LOST -> "notify.lost";
                    case CONNECTION_LOST_UNKNOWN -> "notify.lostUnknown";
                })), List.of(), false),
                changed -> new Row(o.index(), o.wished(), messages.format("series.row.changed", at), List.of(), false),
                invalid -> new Row(o.index(), o.wished(), messages.format("series.row.notDone", at,
                        invalid.reason().sentence(messages, invalid.detail())), List.of(), false));
    }

    /** A start with its weekday: a series spans weeks. */
    String format(Instant t) {
        ZonedDateTime z = t.atZone(salon.zone());
        return DateTimeFormatter.ofPattern("EEE", messages.locale()).format(z) + " " + when.format(z);
    }

    private static Integer number(String s) {
        try {
            return s == null ? null : Integer.valueOf(s.strip());
        } catch (NumberFormatException e) {
            return null;
        }
    }

    // ---- properties --------------------------------------------------------------------------

    /** "Repeat" ticked (a new booking only). */
    public BooleanProperty onProperty() {
        return on;
    }

    public StringProperty everyWeeksProperty() {
        return everyWeeks;
    }

    public ObjectProperty<Mode> modeProperty() {
        return mode;
    }

    public StringProperty timesProperty() {
        return times;
    }

    public ObjectProperty<LocalDate> lastDayProperty() {
        return lastDay;
    }

    /** What was chosen of the repeat or the series, as one value: see {@link #chosen}. */
    javafx.beans.value.ObservableValue<List<Object>> chosenProperty() {
        return chosen;
    }

    /** Editing an occurrence of a series: change its later ones the same way. */
    public BooleanProperty laterProperty() {
        return later;
    }

    /** What is wrong with the repeat as typed ("" when nothing, or when it is off). */
    public ReadOnlyStringProperty errorProperty() {
        return error.getReadOnlyProperty();
    }

    /** The answer, one row per occurrence (empty until a series was sent). */
    public ObservableList<Row> rows() {
        return rows;
    }

    /** "Done: 4 of 6". */
    public ReadOnlyStringProperty summaryProperty() {
        return summary.getReadOnlyProperty();
    }

    /** Every occurrence went through: the form has nothing more to ask. */
    public ReadOnlyBooleanProperty allDoneProperty() {
        return allDone.getReadOnlyProperty();
    }

    /** An offered start as its row's button says it: the time alone on the row's own day. */
    public String offerLabel(Row row, Instant t) {
        ZonedDateTime z = t.atZone(salon.zone());
        return z.toLocalDate().equals(row.at().atZone(salon.zone()).toLocalDate())
                ? DateTimeFormatter.ofLocalizedTime(FormatStyle.SHORT).withLocale(messages.locale()).format(z) : format(t);
    }
}
