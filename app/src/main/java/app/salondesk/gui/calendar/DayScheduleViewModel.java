package app.salondesk.gui.calendar;

import app.salondesk.gui.common.TaskRunner;
import app.salondesk.i18n.Messages;
import app.salondesk.logic.calendar.BookingCommands;
import app.salondesk.logic.calendar.RuleQuestions;
import app.salondesk.logic.calendar.ScheduleSource;
import app.salondesk.model.booking.BookingOutcome;
import app.salondesk.model.booking.BookingStatus;
import app.salondesk.model.booking.ScheduledBooking;
import app.salondesk.model.calendar.BookingRef;
import app.salondesk.model.calendar.DaySchedule;
import app.salondesk.model.catalog.Offer;
import app.salondesk.model.catalog.Service;
import app.salondesk.model.salon.Salon;
import app.salondesk.model.staff.Master;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.IntegerProperty;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleIntegerProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;

import java.time.Clock;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalTime;
import java.time.format.DateTimeFormatter;
import java.time.format.FormatStyle;
import java.time.temporal.ChronoUnit;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.function.Consumer;
import java.util.stream.Collectors;

/**
 * The state of the day schedule: which salon day is shown, what was loaded for it, and what
 * the status bar says. No controls here; it runs without the FX toolkit in tests.
 */
public final class DayScheduleViewModel {

    private final Salon salon;
    private final List<Master> masters;
    private final List<Long> masterIds;
    private final ScheduleSource service;
    private final TaskRunner tasks;
    private final Messages messages;
    private final Clock clock;

    private final ObjectProperty<LocalDate> date = new SimpleObjectProperty<>(this, "date");
    private final ReadOnlyObjectWrapper<DaySchedule> schedule = new ReadOnlyObjectWrapper<>(this, "schedule");
    private final ReadOnlyBooleanWrapper loading = new ReadOnlyBooleanWrapper(this, "loading");
    private final ReadOnlyStringWrapper status = new ReadOnlyStringWrapper(this, "status", "");
    private final Set<LocalDate> inFlight = new HashSet<>();
    /** Days asked for again while a load was in flight: the answer on its way may be stale. */
    private final Set<LocalDate> again = new HashSet<>();
    /** The answers kept of the days on screen, and of the days read ahead or left behind (newest only). */
    private final KeptDays kept = new KeptDays();
    /** Days next to the shown ones being read ahead. */
    private final Set<LocalDate> aheadInFlight = new HashSet<>();
    private final BooleanProperty showCancelled = new SimpleBooleanProperty(this, "showCancelled");
    private final ReadOnlyStringWrapper notification = new ReadOnlyStringWrapper(this, "notification", "");
    private final BooleanProperty editable = new SimpleBooleanProperty(this, "editable", true);
    private BookingCommands commands;
    /** This desk's own changes, for Ctrl+Z; and whether the notice on screen offers "Undo". */
    private final DeskUndo undo;
    private final ReadOnlyBooleanWrapper undoOffered = new ReadOnlyBooleanWrapper(this, "undoOffered");
    private final IntegerProperty numberOfDays = new SimpleIntegerProperty(this, "numberOfDays", 1);
    private final ObjectProperty<Master> masterFilter = new SimpleObjectProperty<>(this, "masterFilter");
    private final ObservableList<Master> shownMasters = FXCollections.observableArrayList();

    public DayScheduleViewModel(Salon salon, List<Master> masters, ScheduleSource service, TaskRunner tasks,
                                Messages messages, Clock clock) {
        this.salon = salon;
        this.masters = List.copyOf(masters);
        this.masterIds = this.masters.stream().map(Master::id).toList();
        this.service = service;
        this.tasks = tasks;
        this.messages = messages;
        this.clock = clock;
        date.set(todayInSalon());
        date.addListener((obs, old, now) -> {
            if (now == null) {
                date.set(old);   // the date picker may be cleared; the schedule always shows a day
                return;
            }
            // the days left behind are as fresh as the screen was: kept, for going back
            kept.leftScreen(visibleDays());
        });
        showCancelled.addListener((obs, old, now) -> reload());
        shownMasters.setAll(this.masters);
        numberOfDays.addListener((obs, old, now) -> updateShownMasters());
        masterFilter.addListener((obs, old, now) -> updateShownMasters());
        // any other notice (or none) offers nothing to undo; an undoable one says so after it is set
        notification.addListener((obs, old, now) -> undoOffered.set(false));
        this.undo = new DeskUndo(salon.zone(), this.masters, tasks, messages, new DeskUndo.Screen() {
            @Override
            public void notice(String text, boolean undoable) {
                notification.set("");   // the same sentence twice is a new notice too
                notification.set(text);
                undoOffered.set(undoable);
            }

            @Override
            public void reload() {
                DayScheduleViewModel.this.reload();
            }
        });
    }

    /**
     * Day view: every master (or the one picked in the filter) for one day. Week view: the same
     * masters, each with her seven days from the shown date (ADR 0028; issue 31: "All masters"
     * showed only the first master's week).
     */
    public IntegerProperty numberOfDaysProperty() {
        return numberOfDays;
    }

    public void showDay() {
        numberOfDays.set(1);
    }

    public void showWeek() {
        numberOfDays.set(7);
    }

    /** null: all masters. */
    public ObjectProperty<Master> masterFilterProperty() {
        return masterFilter;
    }

    /** The masters whose columns are on screen. */
    public ObservableList<Master> shownMasters() {
        return shownMasters;
    }

    /** The salon days on screen. */
    public List<LocalDate> visibleDays() {
        List<LocalDate> days = new java.util.ArrayList<>();
        for (int i = 0; i < numberOfDays.get(); i++) {
            days.add(date.get().plusDays(i));
        }
        return days;
    }

    private void updateShownMasters() {
        Master pick = masterFilter.get();
        if (pick != null) {
            shownMasters.setAll(pick);
        } else {
            shownMasters.setAll(masters);
        }
    }

    /** Which master does which service (ids), and the services' names; null until told. */
    private volatile Map<Long, Set<Long>> servicesByMaster;
    private volatile Map<Long, String> serviceNames = Map.of();

    /**
     * What the masters do, as the desk last read it: a drag marks a master who does not do the
     * booking's service before the drop, the "Move to" menu does not offer her. A hint only —
     * the engine's rule book asks the database.
     */
    public void setOffers(List<Service> services, List<Offer> offers) {
        Map<Long, Set<Long>> by = new HashMap<>();
        for (Offer o : offers) {
            by.computeIfAbsent(o.masterId(), k -> new HashSet<>()).add(o.serviceId());
        }
        Map<Long, String> names = new HashMap<>();
        services.forEach(sv -> names.put(sv.id(), sv.name()));
        serviceNames = Map.copyOf(names);
        servicesByMaster = Map.copyOf(by);
    }

    /** Whether the master does the service as far as the desk knows (a custom service, or nothing known yet: yes). */
    public boolean offers(long masterId, Long serviceId) {
        Map<Long, Set<Long>> by = servicesByMaster;
        return serviceId == null || by == null || by.getOrDefault(masterId, Set.of()).contains(serviceId);
    }

    /** The service's name as last read ("" when not known). */
    public String serviceName(Long serviceId) {
        return serviceId == null ? "" : serviceNames.getOrDefault(serviceId, "");
    }

    /** Now, by the clock the desk was given. */
    public Instant now() {
        return clock.instant();
    }

    /** Where the calendar asks the rule book before anything is written (the database's, in the app); null: nowhere. */
    private RuleQuestions rules;

    public void setRuleQuestions(RuleQuestions rules) {
        this.rules = rules;
    }

    /**
     * Ctrl+N: the first start of {@code day} among {@code candidates} that the rule book accepts for
     * a booking of {@code minutes}, asked in the background ({@link NextFreeTime}); {@code answer}
     * gets it on the FX thread, or nothing (none free, no rule book, or the question failed).
     */
    public void nextFree(List<Master> candidates, LocalDate day, int minutes, Consumer<Optional<NextFreeTime.Pick>> answer) {
        NextFreeTime.ask(rules, tasks, salon, candidates, day, minutes, answer);
    }

    /** The rule book's answers for a drag's targets ({@link DropVerdicts}). */
    DropVerdicts dropVerdicts(Runnable onAnswered) {
        return new DropVerdicts(salon, rules, tasks, onAnswered);
    }

    /**
     * A booking as the desk shows it at this version — its real start and length, which a calendar
     * entry cannot hold: its interval is wall-clock times, and the two 23:30s of a fall-back night are one.
     */
    Optional<ScheduledBooking> booking(long bookingId, int version) {
        return shownDays().flatMap(d -> d.bookings().stream()).filter(b -> b.id() == bookingId && b.version() == version).findFirst();
    }

    /** Where changes go (the booking engine in the app); without it the schedule is read only. */
    public void setCommands(BookingCommands commands) {
        this.commands = commands;
        // an undo is recorded as one in the booking's history, not as the change it takes back
        undo.setCommands(commands == null ? null : commands.via(app.salondesk.model.booking.Source.UNDO));
    }

    /** Ctrl+Z: takes back the newest change made at this desk, through the engine ({@link DeskUndo}). */
    public void undo() {
        if (editable.get()) {
            undo.undo();
        }
    }

    /** Whether the notice on screen is of a change this desk can undo. */
    public ReadOnlyBooleanProperty undoOfferedProperty() {
        return undoOffered.getReadOnlyProperty();
    }

    /** How many of this desk's changes Ctrl+Z can still take back. */
    public int undoable() {
        return undo.size();
    }

    /** The booking form saved a change of a booking ({@code before} as the form opened it): undoable. */
    public void edited(app.salondesk.model.booking.Booking before, app.salondesk.model.booking.Booking after, String clientName) {
        undo.edited(before, after, clientName);
    }

    /** The booking as the desk shows it now (the days on screen, else the last one loaded). */
    private Optional<ScheduledBooking> shown(long bookingId) {
        return shownDays().flatMap(d -> d.bookings().stream()).filter(b -> b.id() == bookingId).findFirst();
    }

    private java.util.stream.Stream<DaySchedule> shownDays() {
        List<DaySchedule> days = new java.util.ArrayList<>(kept.shownDays());
        if (schedule.get() != null) {
            days.add(schedule.get());
        }
        return days.stream();
    }

    public BooleanProperty showCancelledProperty() {
        return showCancelled;
    }

    /** False while offline or for a read-only role: no drags, no menus that write. */
    public BooleanProperty editableProperty() {
        return editable;
    }

    /** One short sentence about the last change's fate, for the notification bar ("" = none). */
    public ReadOnlyStringProperty notificationProperty() {
        return notification.getReadOnlyProperty();
    }

    public void clearNotification() {
        notification.set("");
    }

    /** Reloads every day on screen; the days read ahead are read again once it has come. */
    public void reload() {
        forgetAhead();
        visibleDays().forEach(this::load);
    }

    /**
     * Days changed elsewhere (a live update): what was read ahead of them is stale. The days on
     * screen are the caller's to reload.
     */
    public void changed(java.util.Collection<LocalDate> days) {
        kept.changed(days);
    }

    private void forgetAhead() {
        kept.forgetAll();
    }

    /**
     * Reads the days on either side of the shown ones in the background (issue 16: a day switch
     * waited for the database), so that the next or previous day shows at once. What is read
     * ahead is shown as soon as its day is asked for, and that day is read again at once all the
     * same: a change whose live update has not come yet is there a query later, not never. An
     * answer is parked only if it is the newest of its day ({@link KeptDays}): a read-ahead that
     * comes after a newer load of its day is dropped.
     */
    private void readAhead() {
        int n = numberOfDays.get();
        LocalDate first = date.get();
        List<LocalDate> around = new java.util.ArrayList<>();
        for (int i = 0; i < n; i++) {
            around.add(first.minusDays(n - i));
            around.add(first.plusDays(n + i));
        }
        // only the neighbours are kept
        kept.keepParked(around);
        boolean cancelled = showCancelled.get();
        for (LocalDate d : around) {
            if (kept.isParked(d) || aheadInFlight.contains(d) || inFlight.contains(d)) {
                continue;
            }
            aheadInFlight.add(d);
            long ticket = kept.ask();
            tasks.run(() -> service.loadDay(salon, masterIds, d, cancelled),
                    result -> {
                        aheadInFlight.remove(d);
                        if (cancelled == showCancelled.get() && !visibleDays().contains(d)) {
                            kept.park(result, ticket);
                        }
                    },
                    failure -> aheadInFlight.remove(d));
        }
    }

    /**
     * Moves or resizes a booking by a drag; {@code done} gets true when saved, false when the
     * calendar must put the entry back where it was. The answer is shown as a notification.
     */
    public void move(BookingRef ref, long toMaster, Instant start, int minutes, Consumer<Boolean> done) {
        move(ref, toMaster, start, minutes, app.salondesk.model.booking.Source.DRAG, done);
    }

    /** The same, by {@code road} (the right-click menu's Move to ▸), which the booking's history records. */
    public void move(BookingRef ref, long toMaster, Instant start, int minutes, app.salondesk.model.booking.Source road, Consumer<Boolean> done) {
        if (commands == null || !editable.get()) {
            done.accept(false);
            return;
        }
        String what = messages.format("save.move", start.atZone(salon.zone()).toLocalTime()
                        .format(DateTimeFormatter.ofLocalizedTime(FormatStyle.SHORT).withLocale(messages.locale())),
                masters.stream().filter(m -> m.id() == toMaster).map(Master::name).findFirst().orElse(""));
        Optional<ScheduledBooking> was = shown(ref.bookingId());
        BookingCommands by = commands.via(road);
        tasks.save(what, () -> by.move(ref, toMaster, start, minutes),
                outcome -> {
                    boolean saved = outcome instanceof BookingOutcome.Booked;
                    notify(outcome);
                    undo.saved(ref, was, outcome);
                    done.accept(saved);
                    reload();
                },
                failure -> {
                    notification.set(messages.get("notify.failed"));
                    done.accept(false);
                    reload();
                });
    }

    /**
     * The versions of {@code ref}'s visit as the person sees it now, when the desk asks "the whole
     * visit?" (issue 30): the parts on screen at their entries' versions, the dragged one at its
     * own; the others read now, off the FX thread, while the question is on screen. Empty without
     * a visit.
     */
    Optional<VisitAsSeen> visitAsSeen(BookingRef ref) {
        if (commands == null || ref.visitId() == null) {
            return Optional.empty();
        }
        Map<Long, Integer> onDesk = new HashMap<>();
        List<DaySchedule> days = new java.util.ArrayList<>(kept.shownDays());
        if (schedule.get() != null) {
            days.add(schedule.get());
        }
        days.stream().flatMap(d -> d.bookings().stream()).filter(b -> ref.visitId().equals(b.visitId()))
                .forEach(b -> onDesk.put(b.id(), b.version()));
        onDesk.put(ref.bookingId(), ref.version());
        java.util.concurrent.CompletableFuture<List<app.salondesk.model.booking.Booking>> read = new java.util.concurrent.CompletableFuture<>();
        BookingCommands asked = commands;
        long visit = ref.visitId();
        tasks.run(() -> {
            try {
                return read.complete(asked.visitParts(visit));
            } catch (RuntimeException e) {
                read.completeExceptionally(e);
                throw e;
            }
        }, ok -> { }, failure -> { });
        return Optional.of(new VisitAsSeen(visit, onDesk, read));
    }

    /**
     * Moves the booking's whole visit by {@code by}, each part checked at the version in
     * {@code seen}; {@code done} as for {@link #move}.
     */
    void moveVisit(BookingRef ref, VisitAsSeen seen, java.time.Duration by, Consumer<Boolean> done) {
        if (commands == null || !editable.get() || ref.visitId() == null) {
            done.accept(false);
            return;
        }
        Optional<ScheduledBooking> was = shown(ref.bookingId());
        tasks.save(messages.get("visit.moveWhole"), () -> commands.moveVisit(seen.visitId(), seen.versions(), by),
                outcome -> {
                    boolean saved = outcome instanceof app.salondesk.model.booking.VisitOutcome.Booked;
                    notification.set(saved ? messages.get("visit.moved")
                            : outcome instanceof app.salondesk.model.booking.VisitOutcome.TimeTaken ? messages.get("visit.moveTaken")
                            : outcome instanceof app.salondesk.model.booking.VisitOutcome.ChangedByOthers ? messages.get("notify.changedByOthers")
                            : messages.get("notify.failed"));
                    if (outcome instanceof app.salondesk.model.booking.VisitOutcome.Booked b) {
                        undo.visitMoved(ref, was, by, b.parts());   // said with its Undo, in place of the line above
                    }
                    done.accept(saved);
                    reload();
                },
                failure -> {
                    notification.set(messages.get("notify.failed"));
                    done.accept(false);
                    reload();
                });
    }

    /** A status from the right-click menu (confirm, arrived, completed, no-show, cancel, restore). */
    public void changeStatus(BookingRef ref, BookingStatus status) {
        if (commands == null || !editable.get()) {
            return;
        }
        if (ref.status() == status) {
            // nothing to change, said rather than silent (issue 31)
            notification.set(messages.format("notify.alreadyStatus", messages.get("booking.status." + status.dbValue())));
            return;
        }
        BookingCommands menu = commands.via(app.salondesk.model.booking.Source.MENU);
        Optional<ScheduledBooking> was = shown(ref.bookingId());
        tasks.save(messages.format("save.status", messages.get("booking.status." + status.dbValue())),
                () -> menu.changeStatus(ref, status),
                outcome -> {
                    notify(outcome);
                    undo.saved(ref, was, outcome);
                    // the salon's confirmation of a booking (the online page's above all) carries the client's alerts (issue 36)
                    String alert = was.map(ScheduledBooking::alert).orElse(null);
                    if (status == BookingStatus.CONFIRMED && alert != null && outcome instanceof BookingOutcome.Booked) {
                        notification.set(messages.format("notify.confirmedAlert", notification.get(), alert));
                    }
                    reload();
                },
                failure -> notification.set(messages.get("notify.failed")));
    }

    private void notify(BookingOutcome outcome) {
        notification.set(outcome.fold(
                booked -> "",
                taken -> messages.format("notify.timeTaken", taken.nearestFree().stream()
                        .map(s -> s.start().atZone(salon.zone()).toLocalTime()
                                .format(DateTimeFormatter.ofLocalizedTime(FormatStyle.SHORT).withLocale(messages.locale()))
                                + (s.sameMaster() ? "" : " (" + s.masterName() + ")"))
                        .collect(Collectors.joining(", "))),
                tryAgain -> messages.get(switch (tryAgain.why()) {
                    case BUSY -> "notify.tryAgain";
                    case CONNECTION_LOST -> "notify.lost";
                    case CONNECTION_LOST_UNKNOWN -> "notify.lostUnknown";
                }),
                changed -> messages.get("notify.changedByOthers"),
                invalid -> messages.format("notify.invalid", invalid.reason().sentence(messages, invalid.detail()))));
    }

    public Salon salon() {
        return salon;
    }

    public List<Master> masters() {
        return masters;
    }

    public ObjectProperty<LocalDate> dateProperty() {
        return date;
    }

    public ReadOnlyObjectProperty<DaySchedule> scheduleProperty() {
        return schedule.getReadOnlyProperty();
    }

    public ReadOnlyBooleanProperty loadingProperty() {
        return loading.getReadOnlyProperty();
    }

    public ReadOnlyStringProperty statusProperty() {
        return status.getReadOnlyProperty();
    }

    /** Back one day in the day view, one week in the week view. */
    public void previousDay() {
        date.set(date.get().minusDays(numberOfDays.get()));
    }

    public void nextDay() {
        date.set(date.get().plusDays(numberOfDays.get()));
    }

    public void today() {
        date.set(todayInSalon());
    }

    /** Today in the salon's time zone, whatever the PC's zone is. */
    public LocalDate todayInSalon() {
        return LocalDate.now(clock.withZone(salon.zone()));
    }

    /** The salon's wall-clock time now, whatever the PC's zone is. */
    public LocalTime timeInSalon() {
        return LocalTime.now(clock.withZone(salon.zone())).truncatedTo(ChronoUnit.MINUTES);
    }

    /**
     * The status bar's count: the bookings drawn — of the masters on screen, on the days on screen,
     * a booking across midnight once (issue 31: the week of one master said the day of all).
     */
    private void sayWhatIsShown() {
        List<LocalDate> days = visibleDays();
        Set<Long> shownIds = shownMasters.stream().map(Master::id).collect(Collectors.toSet());
        long count = kept.shownDays().stream().filter(d -> days.contains(d.date()))
                .flatMap(d -> d.bookings().stream())
                .filter(b -> masterFilter.get() == null || shownIds.contains(b.masterId()))
                .map(ScheduledBooking::id).distinct().count();
        DateTimeFormatter medium = DateTimeFormatter.ofLocalizedDate(FormatStyle.MEDIUM).withLocale(messages.locale());
        String first = days.get(0).format(medium);
        if (days.size() == 1) {
            status.set(count == 0 ? messages.format("status.loaded.none", first) : messages.plural("status.loaded", count, first));
        } else {
            String last = days.get(days.size() - 1).format(medium);
            status.set(count == 0 ? messages.format("status.loadedDays.none", first, last)
                    : messages.plural("status.loadedDays", count, first, last));
        }
    }

    /**
     * Loads a salon day in the background. A day already being loaded is not queried twice at
     * once; its answer is shown, and it is loaded once more, since the answer may predate the
     * request.
     */
    public void load(LocalDate day) {
        load(day, 1);
    }

    /**
     * @param retries how many times more a load whose connection turned out to be dead is tried at
     *                once: after an outage the pool may still hand out a connection the server closed
     *                (the first query finds out and the pool drops it), and the reload on the desk's
     *                return would then leave the day as it was before the outage
     */
    private void load(LocalDate day, int retries) {
        Objects.requireNonNull(day);
        if (!inFlight.add(day)) {
            again.add(day);
            return;
        }
        DaySchedule early = kept.unpark(day).orElse(null);
        if (early != null) {
            if (schedule.get() == early) {
                schedule.set(null);   // the same answer again is still a day to show again
            }
            schedule.set(early);   // read ahead: shown at once, and read again below
        }
        loading.set(true);
        status.set(messages.get("status.loading"));
        boolean cancelled = showCancelled.get();
        long ticket = kept.ask();
        tasks.run(() -> service.loadDay(salon, masterIds, day, cancelled),
                result -> {
                    inFlight.remove(day);
                    // shown even when another load was asked for meanwhile: it is newer than what
                    // is on screen, and under a steady stream of changes (an import) throwing it
                    // away kept the day from ever repainting (issue 16)
                    schedule.set(result);
                    if (visibleDays().contains(day)) {
                        kept.shown(result, ticket);
                    } else if (cancelled == showCancelled.get()) {
                        kept.park(result, ticket);   // its day was left meanwhile: kept for going back
                    }
                    if (again.remove(day)) {
                        load(day);
                        return;
                    }
                    loading.set(!inFlight.isEmpty());
                    if (day.equals(date.get())) {
                        readAhead();
                    }
                    if (visibleDays().contains(day) && visibleDays().stream().noneMatch(inFlight::contains)) {
                        sayWhatIsShown();
                    }
                },
                failure -> {
                    inFlight.remove(day);
                    if (retries > 0 && app.salondesk.logic.booking.LostConnection.isLost(failure)) {
                        again.remove(day);
                        load(day, retries - 1);
                        return;
                    }
                    if (again.remove(day)) {
                        // Asked for while this attempt was failing — typically the reload after
                        // the connection came back, while a query started in the outage was still
                        // waiting for the pool. That request deserves its own attempt.
                        load(day);
                        return;
                    }
                    loading.set(!inFlight.isEmpty());
                    // never the driver's text: it holds the whole statement; the details are in the log
                    status.set(app.salondesk.gui.common.Failures.say(messages, "status.loadFailed", failure));
                });
    }
}
