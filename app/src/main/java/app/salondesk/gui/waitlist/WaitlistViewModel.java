package app.salondesk.gui.waitlist;

import app.salondesk.gui.common.TaskRunner;
import app.salondesk.i18n.Messages;
import app.salondesk.logic.waitlist.WaitlistDesk;
import app.salondesk.logic.waitlist.WaitlistRepository;
import app.salondesk.model.clients.PhoneNumbers;
import app.salondesk.model.staff.Master;
import app.salondesk.model.waitlist.DailyWindow;
import app.salondesk.model.waitlist.WaitlistEntry;
import app.salondesk.model.waitlist.WaitlistRules;
import app.salondesk.model.waitlist.WaitlistState;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;

import java.time.LocalDate;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.time.format.FormatStyle;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * ☰ → Waitlist: who waits for a time on one salon day, with one master or any (first come,
 * first served), since when, for what, and what became of it so far (waiting, or a time the
 * salon proposed); remove an entry, or book it by hand through the form ("book now"). Admins
 * also set the salon's rules here: whether it keeps a waitlist, whether freed times are booked
 * (pending, call to confirm) or only proposed, how long an entry lives, how many one client may
 * have. Everything is loaded and saved off the FX thread; PostgreSQL has the last word on who
 * may change what, and a refusal is one sentence in {@link #messageProperty()}.
 */
public final class WaitlistViewModel {

    /** One entry as the table shows it. */
    public record Row(WaitlistEntry entry, String since, String client, String phone, String what, String master,
                      String days, String window, String state) {
    }

    private final WaitlistDesk desk;
    private final TaskRunner tasks;
    private final Messages messages;
    private final ZoneId zone;
    private final String country;
    private final boolean admin;
    private final ObservableList<Master> masters = FXCollections.observableArrayList();
    private final ObjectProperty<LocalDate> day = new SimpleObjectProperty<>(this, "day");
    /** null: every master. */
    private final ObjectProperty<Master> master = new SimpleObjectProperty<>(this, "master");
    private final ObservableList<Row> rows = FXCollections.observableArrayList();
    private final ReadOnlyStringWrapper message = new ReadOnlyStringWrapper(this, "message", "");
    private final ReadOnlyBooleanWrapper loading = new ReadOnlyBooleanWrapper(this, "loading");
    private final BooleanProperty enabled = new SimpleBooleanProperty(this, "enabled", true);
    private final BooleanProperty autoBook = new SimpleBooleanProperty(this, "autoBook", true);
    private final ObjectProperty<Integer> lifetimeDays = new SimpleObjectProperty<>(this, "lifetimeDays", 30);
    private final ObjectProperty<Integer> maxPerClient = new SimpleObjectProperty<>(this, "maxPerClient", 3);
    /** The rules as typed against the rules as read or saved: closing asks first (issue 31); another day keeps them. */
    private final app.salondesk.gui.common.UnsavedEdits rulesEdits = new app.salondesk.gui.common.UnsavedEdits(enabled, autoBook, lifetimeDays, maxPerClient);
    private final DateTimeFormatter dates;
    private final DateTimeFormatter stamps;
    private Consumer<WaitlistEntry> onBookNow = e -> { };
    private java.util.function.BiConsumer<Master, LocalDate> onAdd = (m, d) -> { };
    private int request;
    private boolean editable;

    public WaitlistViewModel(WaitlistDesk desk, TaskRunner tasks, Messages messages, List<Master> activeMasters, ZoneId zone,
                             String country, LocalDate day, boolean admin) {
        this.desk = desk;
        this.tasks = tasks;
        this.messages = messages;
        this.zone = zone;
        this.country = country;
        this.admin = admin;
        this.dates = DateTimeFormatter.ofLocalizedDate(FormatStyle.MEDIUM).withLocale(messages.locale());
        this.stamps = DateTimeFormatter.ofLocalizedDateTime(FormatStyle.SHORT).withLocale(messages.locale());
        masters.setAll(activeMasters);
        this.day.set(day);
        this.day.addListener((obs, old, now) -> load());
        this.master.addListener((obs, old, now) -> load());
    }

    /** "Book now": the desk opens the booking form for the entry (its client, service, master, day, request id). */
    public void setOnBookNow(Consumer<WaitlistEntry> onBookNow) {
        this.onBookNow = Objects.requireNonNull(onBookNow);
        this.editable = true;
    }

    /**
     * "Add a client…": the desk opens the booking form on the shown day and master, where
     * "Waitlist instead" puts the client on the list (or a free time books her).
     */
    public void setOnAdd(java.util.function.BiConsumer<Master, LocalDate> onAdd) {
        this.onAdd = Objects.requireNonNull(onAdd);
    }

    public void add() {
        onAdd.accept(master.get(), day.get());
    }

    public boolean mayEdit() {
        return editable;
    }

    /** The day's entries, and for admins the salon's rules. */
    public void load() {
        int mine = ++request;
        LocalDate d = day.get();
        Long m = master.get() == null ? null : master.get().id();
        loading.set(true);
        tasks.run(() -> desk.openOn(d, m), entries -> {
            if (mine != request) {
                return;   // an answer for a day or master no longer shown
            }
            loading.set(false);
            rows.setAll(entries.stream().map(this::row).toList());
        }, this::failed);
        if (admin && !rulesEdits.changed()) {
            tasks.run(desk::rules, r -> {
                if (rulesEdits.changed()) {
                    return;   // typed meanwhile: what was typed stays
                }
                enabled.set(r.enabled());
                autoBook.set(r.autoBook());
                lifetimeDays.set(r.lifetimeDays());
                maxPerClient.set(r.maxPerClient());
                rulesEdits.markUnchanged();
            }, this::failed);
        }
    }

    public void remove(Row row) {
        if (row == null) {
            return;
        }
        tasks.run(() -> desk.remove(row.entry().id()), removed -> {
            message.set(messages.format(removed ? "waitlist.removed" : "waitlist.closedMeanwhile", row.client()));
            load();
        }, this::failed);
    }

    /**
     * "Change…": what the entry waits for — master ({@code null}: any), days, and the part of the
     * day as typed ("13:00–17:00"; blank: any time). A problem is one sentence, nothing written.
     */
    public void edit(Row row, Master newMaster, LocalDate from, LocalDate to, String windowText) {
        if (row == null) {
            return;
        }
        Optional<DailyWindow> window = windowText == null || windowText.isBlank() ? Optional.of(DailyWindow.ALL_DAY)
                : DailyWindow.parse(windowText);
        if (window.isEmpty()) {
            message.set(messages.get("waitlist.edit.badWindow"));
            return;
        }
        if (from == null || to == null || to.isBefore(from) || from.plusDays(WaitlistRepository.MAX_RANGE_DAYS).isBefore(to)) {
            message.set(messages.format("waitlist.edit.badDays", WaitlistRepository.MAX_RANGE_DAYS));
            return;
        }
        Long masterId = newMaster == null ? null : newMaster.id();
        tasks.run(() -> desk.edit(row.entry().id(), masterId, from, to, window.get()), changed -> {
            message.set(messages.format(changed ? "waitlist.changed" : "waitlist.closedMeanwhile", row.client()));
            load();
        }, this::failed);
    }

    /** The rules typed and not saved: closing the window asks first. */
    public ReadOnlyBooleanProperty changedProperty() {
        return rulesEdits.changedProperty();
    }

    public String discardQuestion() {
        return messages.get("discard.waitlistRules");
    }

    /**
     * "Change…" of one entry: what it waits for, as typed in its small window, and whether that
     * differs from the entry (closing the window then asks first, issue 31). Holds no controls.
     */
    public final class EntryChange {
        private final Row row;
        private final ObjectProperty<Master> master = new SimpleObjectProperty<>(this, "master");
        private final ObjectProperty<LocalDate> from = new SimpleObjectProperty<>(this, "from");
        private final ObjectProperty<LocalDate> to = new SimpleObjectProperty<>(this, "to");
        private final javafx.beans.property.StringProperty window = new javafx.beans.property.SimpleStringProperty(this, "window", "");
        private final app.salondesk.gui.common.UnsavedEdits edits;

        private EntryChange(Row row) {
            this.row = row;
            WaitlistEntry e = row.entry();
            master.set(masters.stream().filter(m -> e.masterId() != null && m.id() == e.masterId()).findFirst().orElse(null));
            from.set(e.from());
            to.set(e.to());
            window.set(e.window().equals(DailyWindow.ALL_DAY) ? "" : e.window().toString());
            edits = new app.salondesk.gui.common.UnsavedEdits(master, from, to, window);
        }

        public ObjectProperty<Master> masterProperty() {
            return master;
        }

        public ObjectProperty<LocalDate> fromProperty() {
            return from;
        }

        public ObjectProperty<LocalDate> toProperty() {
            return to;
        }

        public javafx.beans.property.StringProperty windowProperty() {
            return window;
        }

        public ReadOnlyBooleanProperty changedProperty() {
            return edits.changedProperty();
        }

        public String discardQuestion() {
            return messages.format("discard.waitlistEntry", row.client());
        }

        /** "Save": asks the database to change the entry so (an answer in {@link #messageProperty()}). */
        public void save() {
            edit(row, master.get(), from.get(), to.get(), window.get());
        }
    }

    /** What "Change…" edits for one entry. */
    public EntryChange change(Row row) {
        return new EntryChange(row);
    }

    public void bookNow(Row row) {
        if (row != null) {
            onBookNow.accept(row.entry());
        }
    }

    /** The form booked {@code entry} by hand with its request id: the entry is fulfilled by that booking. */
    public void booked(WaitlistEntry entry, long bookingId) {
        tasks.run(() -> desk.markFulfilled(entry.id(), bookingId), done -> {
            message.set(messages.format(done ? "waitlist.bookedByHand" : "waitlist.closedMeanwhile", entry.clientName()));
            load();
        }, this::failed);
    }

    public void saveRules() {
        Integer life = lifetimeDays.get();
        Integer max = maxPerClient.get();
        if (life == null || life < 1 || life > WaitlistRules.MAX_LIFETIME_DAYS || max == null || max < 1
                || max > WaitlistRules.MAX_PER_CLIENT) {
            message.set(messages.format("waitlist.rules.invalid", WaitlistRules.MAX_LIFETIME_DAYS, WaitlistRules.MAX_PER_CLIENT));
            return;
        }
        WaitlistRules rules = new WaitlistRules(enabled.get(), autoBook.get(), life, max);
        tasks.run(() -> {
            desk.saveRules(rules);
            return rules;
        }, saved -> {
            message.set(messages.get("waitlist.rules.saved"));
            if (rules.equals(new WaitlistRules(enabled.get(), autoBook.get(), lifetimeDays.get(), maxPerClient.get()))) {
                rulesEdits.markUnchanged();   // what is on screen is what was saved (not if typed on meanwhile)
            }
        }, this::failed);
    }

    private void failed(Throwable t) {
        loading.set(false);
        message.set(messages.get(t instanceof WaitlistDesk.NotAllowed ? "waitlist.refused.no_permission" : "waitlist.failed"));
    }

    private Row row(WaitlistEntry e) {
        String what = e.serviceName() != null ? e.serviceName() : messages.format("waitlist.minutes", e.durationMin());
        String days = e.from().equals(e.to()) ? e.from().format(dates) : e.from().format(dates) + " \u2013 " + e.to().format(dates);
        String window = e.window().equals(DailyWindow.ALL_DAY) ? messages.get("waitlist.allDay") : e.window().toString();
        String state = e.state() == WaitlistState.OFFERED && e.offeredStart() != null
                ? messages.format("waitlist.state.offered", e.offeredStart().atZone(zone).format(stamps))
                : messages.get("waitlist.state." + e.state().dbValue());
        return new Row(e, e.createdAt().atZone(zone).format(stamps), e.clientName(),
                e.clientPhone() == null ? "" : PhoneNumbers.display(e.clientPhone(), country), what,
                e.masterName() != null ? e.masterName() : messages.get("waitlist.anyMaster"), days, window, state);
    }

    public ObservableList<Master> masters() {
        return masters;
    }

    public ObjectProperty<LocalDate> dayProperty() {
        return day;
    }

    public ObjectProperty<Master> masterProperty() {
        return master;
    }

    public ObservableList<Row> rows() {
        return rows;
    }

    public ReadOnlyStringProperty messageProperty() {
        return message.getReadOnlyProperty();
    }

    public ReadOnlyBooleanProperty loadingProperty() {
        return loading.getReadOnlyProperty();
    }

    public boolean admin() {
        return admin;
    }

    public BooleanProperty enabledProperty() {
        return enabled;
    }

    public BooleanProperty autoBookProperty() {
        return autoBook;
    }

    public ObjectProperty<Integer> lifetimeDaysProperty() {
        return lifetimeDays;
    }

    public ObjectProperty<Integer> maxPerClientProperty() {
        return maxPerClient;
    }
}
