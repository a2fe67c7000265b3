package app.salondesk.gui.staff.setup;

import app.salondesk.gui.common.TaskRunner;
import app.salondesk.i18n.Messages;
import app.salondesk.logic.salon.SetupResult;
import app.salondesk.logic.staff.MastersSetup;
import app.salondesk.model.booking.ScheduledBooking;
import app.salondesk.model.salon.SetupRefusal;
import app.salondesk.model.staff.MasterDetails;
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
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.function.BiConsumer;
import java.util.function.Consumer;
import java.util.function.Supplier;

/**
 * Masters: the salon's masters, active or not, in the calendar's column order; adding one,
 * renaming and recolouring, reordering, deactivating (never silently: the master's future
 * bookings are listed first, see {@link InTheWayViewModel}) and reactivating.
 */
public final class MastersViewModel {

    /** Colours a new master gets, the first one no master has yet. */
    public static final List<String> PALETTE = List.of("#e57373", "#64b5f6", "#81c784", "#ffb74d", "#ba68c8",
            "#4db6ac", "#f06292", "#7986cb", "#a1887f", "#90a4ae");
    public static final int MAX_NAME = 200;
    private static final String COLOUR = "#[0-9a-fA-F]{6}";

    private final MastersSetup setup;
    private final TaskRunner tasks;
    private final Messages messages;
    private final Clock clock;

    private final ObservableList<MasterDetails> masters = FXCollections.observableArrayList();
    private final ObjectProperty<MasterDetails> selected = new SimpleObjectProperty<>(this, "selected");
    private final StringProperty name = new SimpleStringProperty(this, "name", "");
    private final StringProperty colour = new SimpleStringProperty(this, "colour", PALETTE.get(0));
    private final StringProperty newName = new SimpleStringProperty(this, "newName", "");
    private final StringProperty newColour = new SimpleStringProperty(this, "newColour", PALETTE.get(0));
    private final ReadOnlyStringWrapper message = new ReadOnlyStringWrapper(this, "message", "");
    private final BooleanProperty editable = new SimpleBooleanProperty(this, "editable", true);
    private Runnable onChanged = () -> { };
    private BiConsumer<MasterDetails, List<ScheduledBooking>> onDeactivationAsked = (m, b) -> { };

    public MastersViewModel(MastersSetup setup, TaskRunner tasks, Messages messages, Clock clock) {
        this.setup = setup;
        this.tasks = tasks;
        this.messages = messages;
        this.clock = clock;
    }

    /** The picked master's name or colour, or a new one's name, typed and not saved (issue 31). */
    public javafx.beans.value.ObservableBooleanValue changedProperty() {
        return changed;
    }

    private final javafx.beans.binding.BooleanBinding changed = javafx.beans.binding.Bindings.createBooleanBinding(() -> {
        MasterDetails m = selected.get();
        return !newName.get().isBlank()
                || m != null && (!m.name().equals(name.get().strip()) || !java.util.Objects.equals(m.colour(), colour.get()));
    }, selected, name, colour, newName);

    public void load() {
        Long keep = selected.get() == null ? null : selected.get().id();
        load(keep);
    }

    private void load(Long select) {
        tasks.run(setup::masters, list -> {
            masters.setAll(list);
            MasterDetails again = list.stream().filter(m -> select != null && m.id() == select).findFirst()
                    .orElse(list.isEmpty() ? null : list.get(0));
            select(again);
            newColour.set(freeColour());
        }, this::failed);
    }

    /** Shows a master's details for editing (null: none). */
    public void select(MasterDetails m) {
        selected.set(m);
        name.set(m == null ? "" : m.name());
        colour.set(m == null ? PALETTE.get(0) : m.colour());
    }

    public void add() {
        String n = newName.get().strip();
        String c = newColour.get();
        if (!valid(n, c)) {
            return;
        }
        change(() -> setup.add(n, c), id -> {
            message.set(messages.format("masters.added", n));
            newName.set("");
            load(id);
        });
    }

    /** Saves the selected master's name and colour. */
    public void save() {
        MasterDetails m = selected.get();
        String n = name.get().strip();
        String c = colour.get();
        if (m == null || !valid(n, c)) {
            return;
        }
        change(() -> setup.update(m.id(), n, c), ok -> {
            message.set(messages.format("masters.saved", n));
            load(m.id());
        });
    }

    public void moveUp() {
        int i = masters.indexOf(selected.get());
        if (i > 0) {
            move(i, i - 1);
        }
    }

    public void moveDown() {
        int i = masters.indexOf(selected.get());
        if (i >= 0 && i < masters.size() - 1) {
            move(i, i + 1);
        }
    }

    /**
     * Puts the master at {@code from} at {@code to} (a drag in the list) and saves the new
     * column order. The list shows it at once; a refusal reloads it as the database has it.
     */
    public void move(int from, int to) {
        if (!editable.get() || from == to || from < 0 || to < 0 || from >= masters.size() || to >= masters.size()) {
            return;
        }
        List<MasterDetails> order = new ArrayList<>(masters);
        MasterDetails moved = order.remove(from);
        order.add(to, moved);
        masters.setAll(order);
        selected.set(moved);
        List<Long> ids = order.stream().map(MasterDetails::id).toList();
        message.set("");
        tasks.run(() -> setup.reorder(ids), result -> result.fold(ok -> {
            onChanged.run();
            return null;
        }, refused -> {
            message.set(messages.get(refused.messageKey()));
            load(moved.id());
            return null;
        }), this::failed);
    }

    /**
     * Deactivating starts with the master's bookings from now on: the screen shows them (to
     * move or cancel) and asks to confirm, through {@link #setOnDeactivationAsked}.
     */
    public void askToDeactivate() {
        MasterDetails m = selected.get();
        if (m == null || !m.active() || !editable.get()) {
            return;
        }
        message.set("");
        tasks.run(() -> setup.bookingsFrom(m.id(), clock.instant()), bookings -> onDeactivationAsked.accept(m, bookings), this::failed);
    }

    /**
     * The admin's "deactivate" after seeing the list. Bookings made meanwhile that were not
     * on the list stop it: they go to {@code arrived} and nothing is changed, so nobody's
     * booking disappears unseen. Otherwise {@code done} hears whether it was done, and why not.
     */
    public InTheWayViewModel.Confirmation deactivation(MasterDetails m) {
        return (listed, arrived, done) -> tasks.run(() -> {
            List<ScheduledBooking> unseen = setup.bookingsFrom(m.id(), clock.instant()).stream()
                    .filter(b -> !listed.contains(b.id())).toList();
            return unseen.isEmpty() ? new Deactivated(List.of(), setup.setActive(m.id(), false)) : new Deactivated(unseen, null);
        }, answer -> {
            if (!answer.unseen().isEmpty()) {
                arrived.accept(answer.unseen());
                return;
            }
            answer.result().fold(ok -> {
                String sentence = messages.format("masters.deactivated", m.name());
                message.set(sentence);
                done.accept(true, sentence);
                load(m.id());
                onChanged.run();
                return null;
            }, refused -> {
                done.accept(false, messages.get(refused.messageKey()));
                return null;
            });
        }, failure -> done.accept(false, messages.get("setup.failed")));
    }

    private record Deactivated(List<ScheduledBooking> unseen, SetupResult<Boolean> result) {
    }

    public void reactivate() {
        MasterDetails m = selected.get();
        if (m == null || m.active()) {
            return;
        }
        change(() -> setup.setActive(m.id(), true), ok -> {
            message.set(messages.format("masters.reactivated", m.name()));
            load(m.id());
        });
    }

    private boolean valid(String n, String c) {
        if (n.isEmpty()) {
            message.set(messages.get("masters.nameMissing"));
        } else if (n.length() > MAX_NAME) {
            message.set(messages.format("masters.nameTooLong", MAX_NAME));
        } else if (c == null || !c.matches(COLOUR)) {
            message.set(messages.get("masters.colourMissing"));
        } else {
            return true;
        }
        return false;
    }

    /** Runs a change; a refusal is one sentence, success goes on in {@code then} and the calendar follows. */
    private <T> void change(Supplier<SetupResult<T>> work, Consumer<T> then) {
        if (!editable.get()) {
            return;
        }
        message.set("");
        tasks.run(work::get, result -> result.fold(value -> {
            then.accept(value);
            onChanged.run();
            return null;
        }, refused -> {
            message.set(messages.get(refused.messageKey()));
            if (refused == SetupRefusal.GONE) {
                load();
            }
            return null;
        }), this::failed);
    }

    private void failed(Throwable t) {
        message.set(messages.get("setup.failed"));
    }

    /** The first colour of the palette no master wears yet (the first one again when all are taken). */
    String freeColour() {
        Set<String> used = new java.util.HashSet<>();
        masters.forEach(m -> used.add(m.colour().toLowerCase(java.util.Locale.ROOT)));
        return PALETTE.stream().filter(p -> !used.contains(p)).findFirst().orElse(PALETTE.get(masters.size() % PALETTE.size()));
    }

    /** The calendar shows masters as columns: it is told when they change. */
    public void setOnChanged(Runnable onChanged) {
        this.onChanged = onChanged;
    }

    public void setOnDeactivationAsked(BiConsumer<MasterDetails, List<ScheduledBooking>> onDeactivationAsked) {
        this.onDeactivationAsked = onDeactivationAsked;
    }

    public ObservableList<MasterDetails> masters() {
        return masters;
    }

    public ObjectProperty<MasterDetails> selectedProperty() {
        return selected;
    }

    public StringProperty nameProperty() {
        return name;
    }

    public StringProperty colourProperty() {
        return colour;
    }

    public StringProperty newNameProperty() {
        return newName;
    }

    public StringProperty newColourProperty() {
        return newColour;
    }

    public ReadOnlyStringProperty messageProperty() {
        return message.getReadOnlyProperty();
    }

    /** False for a receptionist or a manager: the screen only shows (the database refuses anyway). */
    public BooleanProperty editableProperty() {
        return editable;
    }
}
