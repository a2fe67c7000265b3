package app.salondesk.calendar;

import app.salondesk.i18n.Messages;
import app.salondesk.salon.Salon;
import app.salondesk.staff.Master;
import app.salondesk.ui.TaskRunner;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleObjectProperty;

import java.time.Clock;
import java.time.LocalDate;
import java.time.format.DateTimeFormatter;
import java.time.format.FormatStyle;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;

/**
 * The state of the day schedule: which salon day is shown, what was loaded for it, and what
 * the status bar says. No controls here; it runs without the FX toolkit in tests.
 */
public final class DayScheduleViewModel {

    private final Salon salon;
    private final List<Master> masters;
    private final ScheduleSource service;
    private final TaskRunner tasks;
    private final Messages messages;
    private final Clock clock;

    private final ObjectProperty<LocalDate> date = new SimpleObjectProperty<>(this, "date");
    private final ReadOnlyObjectWrapper<DaySchedule> schedule = new ReadOnlyObjectWrapper<>(this, "schedule");
    private final ReadOnlyBooleanWrapper loading = new ReadOnlyBooleanWrapper(this, "loading");
    private final ReadOnlyStringWrapper status = new ReadOnlyStringWrapper(this, "status", "");
    private final Set<LocalDate> inFlight = new HashSet<>();

    public DayScheduleViewModel(Salon salon, List<Master> masters, ScheduleSource service, TaskRunner tasks,
                                Messages messages, Clock clock) {
        this.salon = salon;
        this.masters = List.copyOf(masters);
        this.service = service;
        this.tasks = tasks;
        this.messages = messages;
        this.clock = clock;
        date.set(todayInSalon());
        date.addListener((obs, old, now) -> {
            if (now == null) {
                date.set(old);   // the date picker may be cleared; the schedule always shows a day
            }
        });
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

    public void previousDay() {
        date.set(date.get().minusDays(1));
    }

    public void nextDay() {
        date.set(date.get().plusDays(1));
    }

    public void today() {
        date.set(todayInSalon());
    }

    /** Today in the salon's time zone, whatever the PC's zone is. */
    public LocalDate todayInSalon() {
        return LocalDate.now(clock.withZone(salon.zone()));
    }

    /** Loads a salon day in the background; a day already being loaded is not asked for twice. */
    public void load(LocalDate day) {
        Objects.requireNonNull(day);
        if (!inFlight.add(day)) {
            return;
        }
        loading.set(true);
        status.set(messages.get("status.loading"));
        List<Long> ids = masters.stream().map(Master::id).toList();
        tasks.run(() -> service.loadDay(salon, ids, day, false),
                result -> {
                    inFlight.remove(day);
                    loading.set(!inFlight.isEmpty());
                    schedule.set(result);
                    if (day.equals(date.get())) {
                        long count = result.bookings().size();
                        status.set(messages.format("status.loaded", count,
                                day.format(DateTimeFormatter.ofLocalizedDate(FormatStyle.MEDIUM).withLocale(messages.locale()))));
                    }
                },
                failure -> {
                    inFlight.remove(day);
                    loading.set(!inFlight.isEmpty());
                    status.set(messages.format("status.loadFailed", failure.getMessage()));
                });
    }
}
