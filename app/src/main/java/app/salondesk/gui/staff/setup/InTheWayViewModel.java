package app.salondesk.gui.staff.setup;

import app.salondesk.gui.common.TaskRunner;
import app.salondesk.i18n.Messages;
import app.salondesk.logic.calendar.BookingCommands;
import app.salondesk.model.booking.BookingInTheWay;
import app.salondesk.model.booking.BookingOutcome;
import app.salondesk.model.booking.BookingStatus;
import app.salondesk.model.booking.ScheduledBooking;
import app.salondesk.model.calendar.BookingRef;
import app.salondesk.model.staff.Master;
import app.salondesk.model.staff.MasterDetails;
import javafx.beans.binding.Bindings;
import javafx.beans.binding.IntegerBinding;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleObjectProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;

import java.time.LocalTime;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.time.format.FormatStyle;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.BiConsumer;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * The bookings a change of the setup leaves in the way — a master about to be deactivated,
 * hours that no longer cover them, time off over them. Changing the setup never moves a
 * booking: each one here is moved (to another master or time) or cancelled through the booking
 * engine, with the engine's answer next to it, or kept as it is. See {@link InTheWayRowViewModel}.
 * Each row offers only the masters the database's rule book lets its booking go to (issue 31:
 * a master who does not do its service was offered), asked once per batch of rows.
 */
public final class InTheWayViewModel {

    /** Why the list is shown; it decides the words and whether a confirmation ends it. */
    public enum Why { DEACTIVATION, HOURS, TIME_OFF }

    /** What "confirm" does (deactivating the master), see {@link MastersViewModel#deactivation}. */
    @FunctionalInterface
    public interface Confirmation {
        void confirm(Set<Long> listed, Consumer<List<ScheduledBooking>> arrived, BiConsumer<Boolean, String> done);
    }

    private final Why why;
    private final MasterDetails master;
    private final List<Master> targets;
    private final BookingCommands commands;
    private final TaskRunner tasks;
    private final Messages messages;
    private final ZoneId zone;
    private final ObservableList<InTheWayRowViewModel> rows = FXCollections.observableArrayList();
    private final IntegerBinding open;
    private final ObjectProperty<Master> allTarget = new SimpleObjectProperty<>(this, "allTarget");
    private final ReadOnlyStringWrapper message = new ReadOnlyStringWrapper(this, "message", "");
    private final ReadOnlyBooleanWrapper finished = new ReadOnlyBooleanWrapper(this, "finished");
    private final ReadOnlyBooleanWrapper working = new ReadOnlyBooleanWrapper(this, "working");
    private Confirmation confirmation;
    private Runnable onChanged = () -> { };
    private final Function<List<Long>, Map<Long, Set<Long>>> mayTake;

    /**
     * @param targets the masters a booking may go to (active ones; not the one being deactivated)
     * @param mayTake for each booking, the other masters the rule book lets it go to (off the FX thread)
     */
    public InTheWayViewModel(Why why, MasterDetails master, List<Master> targets, BookingCommands commands,
                             TaskRunner tasks, Messages messages, ZoneId zone, Function<List<Long>, Map<Long, Set<Long>>> mayTake) {
        this.mayTake = mayTake;
        this.why = why;
        this.master = master;
        this.targets = List.copyOf(targets);
        this.commands = commands;
        this.tasks = tasks;
        this.messages = messages;
        this.zone = zone;
        this.open = Bindings.createIntegerBinding(() -> (int) rows.stream().filter(r -> !r.settledProperty().get()).count(), rows);
        allTarget.set(defaultTarget());
    }

    /** The bookings of a master about to leave. */
    public void addBookings(List<ScheduledBooking> bookings) {
        narrow(bookings.stream().map(b -> add(b, null)).filter(java.util.Objects::nonNull).toList());
    }

    /** The bookings the rule book now refuses, with the rule each breaks. */
    public void addInTheWay(List<BookingInTheWay> found) {
        narrow(found.stream().map(b -> add(b.booking(), b.rule())).filter(java.util.Objects::nonNull).toList());
    }

    private InTheWayRowViewModel add(ScheduledBooking b, String rule) {
        if (rows.stream().anyMatch(r -> r.booking().id() == b.id())) {
            return null;
        }
        InTheWayRowViewModel row = new InTheWayRowViewModel(b, rule, null, zone);
        // the list's count follows each row's fate
        row.settledProperty().addListener((obs, was, now) -> open.invalidate());
        rows.add(row);
        return row;
    }

    /**
     * Asks the database whom the new rows' bookings may go to; each row offers those (and its
     * own master, but for one about to leave), another master chosen first. Busy meanwhile.
     */
    private void narrow(List<InTheWayRowViewModel> added) {
        if (added.isEmpty()) {
            return;
        }
        added.forEach(r -> r.setBusy(true));
        tasks.run(() -> mayTake.apply(added.stream().map(r -> r.booking().id()).toList()), may -> added.forEach(r -> {
            Set<Long> others = may.getOrDefault(r.booking().id(), Set.of());
            List<Master> offered = targets.stream()
                    .filter(m -> others.contains(m.id()) || (m.id() == r.booking().masterId() && why != Why.DEACTIVATION))
                    .toList();
            r.offer(offered, offered.stream().filter(m -> m.id() != r.booking().masterId()).findFirst()
                    .orElse(offered.isEmpty() ? null : offered.get(0)));
            r.setBusy(false);
        }), failure -> added.forEach(r -> {
            r.setBusy(false);
            r.answer(messages.get("notify.failed"), false);
        }));
    }

    /** Another master by default (the usual fix for a day off); the same one when there is no other. */
    private Master defaultTarget() {
        return targets.stream().filter(m -> m.id() != master.id()).findFirst()
                .orElse(targets.isEmpty() ? null : targets.get(0));
    }

    public void move(InTheWayRowViewModel row) {
        move(row, row.targetProperty().get(), () -> { });
    }

    private void move(InTheWayRowViewModel row, Master to, Runnable next) {
        LocalTime time = Intervals.parseTime(row.timeProperty().get());
        if (to == null || row.dateProperty().get() == null || time == null) {
            row.answer(messages.get(to == null ? "inTheWay.chooseMaster" : "inTheWay.badTime"), false);
            next.run();
            return;
        }
        ScheduledBooking b = row.booking();
        java.time.Instant start = row.dateProperty().get().atTime(time).atZone(zone).toInstant();
        BookingRef ref = new BookingRef(b.id(), b.masterId(), b.version(), b.status());
        row.setBusy(true);
        tasks.run(() -> commands.move(ref, to.id(), start, b.durationMin()), outcome -> {
            row.setBusy(false);
            answer(row, outcome, booked -> messages.format("inTheWay.moved", to.name(), when(booked.booking().start())));
            next.run();
        }, failure -> {
            row.setBusy(false);
            row.answer(messages.get("notify.failed"), false);
            next.run();
        });
    }

    public void cancel(InTheWayRowViewModel row) {
        cancel(row, () -> { });
    }

    private void cancel(InTheWayRowViewModel row, Runnable next) {
        ScheduledBooking b = row.booking();
        row.setBusy(true);
        tasks.run(() -> commands.changeStatus(new BookingRef(b.id(), b.masterId(), b.version(), b.status()), BookingStatus.CANCELLED),
                outcome -> {
                    row.setBusy(false);
                    answer(row, outcome, booked -> messages.get("inTheWay.cancelled"));
                    next.run();
                }, failure -> {
                    row.setBusy(false);
                    row.answer(messages.get("notify.failed"), false);
                    next.run();
                });
    }

    /** Leaves the booking as it is (the admin will call the client, or it was meant so). */
    public void keep(InTheWayRowViewModel row) {
        row.answer(messages.get("inTheWay.kept"), true);
    }

    /** Every open booking to the master chosen for all, each at its own time; one after another. */
    public void moveAll() {
        Master to = allTarget.get();
        eachOpen(row -> next -> move(row, to, next));
    }

    public void cancelAll() {
        eachOpen(row -> next -> cancel(row, next));
    }

    private void eachOpen(Function<InTheWayRowViewModel, Consumer<Runnable>> step) {
        Deque<InTheWayRowViewModel> queue = new ArrayDeque<>(rows.filtered(r -> !r.settledProperty().get()));
        working.set(true);
        Runnable[] next = new Runnable[1];
        next[0] = () -> {
            InTheWayRowViewModel row = queue.poll();
            if (row == null) {
                working.set(false);
                return;
            }
            step.apply(row).accept(next[0]);
        };
        next[0].run();
    }

    private void answer(InTheWayRowViewModel row, BookingOutcome outcome, Function<BookingOutcome.Booked, String> done) {
        outcome.fold(booked -> {
            row.answer(done.apply(booked), true);
            onChanged.run();
            return null;
        }, taken -> {
            row.answer(messages.format("inTheWay.timeTaken", taken.nearestFree().isEmpty() ? messages.get("cli.nearestNone")
                    : taken.nearestFree().stream().map(s -> time(s.start()) + (s.sameMaster() ? "" : " (" + s.masterName() + ")"))
                    .collect(Collectors.joining(", "))), false);
            return null;
        }, tryAgain -> {
            row.answer(messages.get("notify.tryAgain"), false);
            return null;
        }, changed -> {
            // the next attempt starts from the booking as it is now (a stale version would only be refused again)
            row.refresh(changed.current());
            // cancelled or given to another master by someone else: no longer this list's business
            boolean gone = !changed.current().status().holdsTime() || changed.current().masterId() != master.id();
            row.answer(messages.format("inTheWay.changedByOthers", when(changed.current().start()),
                    messages.get("booking.status." + changed.current().status().dbValue())), gone);
            return null;
        }, invalid -> {
            row.answer(messages.format("notify.invalid", invalid.reason().sentence(messages, invalid.detail())), false);
            return null;
        });
    }

    /** Deactivation: done when the admin confirms (bookings still open stay with the master, as listed). */
    public void confirm() {
        if (confirmation == null) {
            finished.set(true);
            return;
        }
        Set<Long> listed = rows.stream().map(r -> r.booking().id()).collect(Collectors.toSet());
        message.set("");
        working.set(true);
        confirmation.confirm(listed, arrived -> {
            working.set(false);
            addBookings(arrived);
            message.set(messages.plural("inTheWay.arrived", arrived.size()));
        }, (done, sentence) -> {
            working.set(false);
            message.set(sentence);
            finished.set(done);
        });
    }

    String when(java.time.Instant start) {
        return start.atZone(zone).format(DateTimeFormatter.ofLocalizedDateTime(FormatStyle.MEDIUM, FormatStyle.SHORT)
                .withLocale(messages.locale()));
    }

    private String time(java.time.Instant start) {
        return start.atZone(zone).toLocalTime().format(DateTimeFormatter.ofLocalizedTime(FormatStyle.SHORT).withLocale(messages.locale()));
    }

    /** The line under the title: what happened, and what is asked. */
    public String explanation() {
        return switch (why) {
            case DEACTIVATION -> rows.isEmpty() ? messages.format("inTheWay.deactivate.none", master.name())
                    : messages.plural("inTheWay.deactivate.some", rows.size(), master.name());
            case HOURS -> messages.plural("inTheWay.hours", rows.size(), master.name());
            case TIME_OFF -> messages.plural("inTheWay.timeOff", rows.size(), master.name());
        };
    }

    /** What the row says the booking breaks ("" for a master about to leave: all of them do). */
    public String rule(InTheWayRowViewModel row) {
        return row.rule() == null ? "" : messages.get("inTheWay.rule." + row.rule());
    }

    /** "Mon, 7 Jan 2030 10:00 – 11:00 · Iryna · Cut". */
    public String describe(InTheWayRowViewModel row) {
        ScheduledBooking b = row.booking();
        String service = b.serviceName() != null ? b.serviceName() : messages.get("booking.customService");
        return messages.format("inTheWay.booking", when(b.start()), time(b.end()), b.clientName(), service);
    }

    public void setConfirmation(Confirmation confirmation) {
        this.confirmation = confirmation;
    }

    /** Bookings were moved or cancelled: the calendar reloads. */
    public void setOnChanged(Runnable onChanged) {
        this.onChanged = onChanged;
    }

    public Why why() {
        return why;
    }

    public MasterDetails master() {
        return master;
    }

    public List<Master> targets() {
        return targets;
    }

    public ObservableList<InTheWayRowViewModel> rows() {
        return rows;
    }

    /** Bookings neither moved, cancelled nor kept yet. */
    public IntegerBinding openCount() {
        return open;
    }

    public ObjectProperty<Master> allTargetProperty() {
        return allTarget;
    }

    public ReadOnlyStringProperty messageProperty() {
        return message.getReadOnlyProperty();
    }

    /** The window may close (deactivated, or nothing to confirm). */
    public ReadOnlyBooleanProperty finishedProperty() {
        return finished.getReadOnlyProperty();
    }

    public ReadOnlyBooleanProperty workingProperty() {
        return working.getReadOnlyProperty();
    }
}
