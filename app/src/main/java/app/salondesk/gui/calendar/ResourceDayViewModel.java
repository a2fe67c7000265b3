package app.salondesk.gui.calendar;

import app.salondesk.gui.common.TaskRunner;
import app.salondesk.i18n.Messages;
import app.salondesk.logic.calendar.ResourceDay;
import app.salondesk.logic.calendar.ResourceScheduleSource;
import app.salondesk.model.salon.Salon;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleBooleanProperty;

import java.time.LocalDate;
import java.util.Collection;

/**
 * The state of the day seen by rooms and equipment (issue 18): whether the desk shows those
 * columns instead of the masters', the day they show — the masters' day's own date, so the
 * toolbar's arrows, "today" and the date picker move both — and what was read for it. Read off
 * the FX thread ({@link TaskRunner}); a load asked for while one is in flight is made once more
 * after it, and an answer for a day no longer shown is dropped (the idea of
 * {@link DayScheduleViewModel}'s coalescing). Live updates name the masters and days a change of a
 * booking touches; a room's unit is held by a booking of any master, so here any change of a shown
 * day reloads it. No controls here; it runs without the FX toolkit in tests.
 */
public final class ResourceDayViewModel {

    private final Salon salon;
    private final ObjectProperty<LocalDate> date;
    private final ResourceScheduleSource source;
    private final TaskRunner tasks;
    private final Messages messages;
    private final BooleanProperty shown = new SimpleBooleanProperty(this, "shown", false);
    private final BooleanProperty editable = new SimpleBooleanProperty(this, "editable", true);
    private final ReadOnlyObjectWrapper<ResourceDay> day = new ReadOnlyObjectWrapper<>(this, "day");
    private final ReadOnlyStringWrapper status = new ReadOnlyStringWrapper(this, "status", "");
    private boolean inFlight;
    private boolean again;

    /** @param date the shown day, shared with the masters' columns */
    public ResourceDayViewModel(Salon salon, ObjectProperty<LocalDate> date, ResourceScheduleSource source, TaskRunner tasks,
                                Messages messages) {
        this.salon = salon;
        this.date = date;
        this.source = source;
        this.tasks = tasks;
        this.messages = messages;
        date.addListener((obs, old, now) -> reload());
        shown.addListener((obs, old, now) -> reload());
    }

    /** Whether the desk shows a column per unit of each room and piece of equipment instead of the masters' columns. */
    public BooleanProperty shownProperty() {
        return shown;
    }

    /** Whether a booking may be opened to change it (false while offline, or for a read-only role). */
    public BooleanProperty editableProperty() {
        return editable;
    }

    /** The last day read; its date may lag behind {@link #dateProperty()} for as long as a load takes. */
    public ReadOnlyObjectProperty<ResourceDay> dayProperty() {
        return day.getReadOnlyProperty();
    }

    /** "" when the day is shown; else why not, in one sentence (nothing set up yet, the database did not answer). */
    public ReadOnlyStringProperty statusProperty() {
        return status.getReadOnlyProperty();
    }

    public ObjectProperty<LocalDate> dateProperty() {
        return date;
    }

    public Salon salon() {
        return salon;
    }

    /** Reads the shown day again, if these columns are shown. */
    public void reload() {
        if (shown.get()) {
            load();
        }
    }

    /** Bookings changed on these salon days (a live update, another desk or this one): a shown one is read again. */
    public void changed(Collection<LocalDate> days) {
        if (days.contains(date.get())) {
            reload();
        }
    }

    private void load() {
        if (inFlight) {
            again = true;
            return;
        }
        inFlight = true;
        LocalDate asked = date.get();
        tasks.run(() -> source.loadDay(salon, asked),
                result -> {
                    inFlight = false;
                    if (asked.equals(date.get())) {
                        day.set(result);
                        status.set(result.columns().isEmpty() ? messages.get("resources.columns.none") : "");
                    }
                    loadAgainIfAsked();
                },
                failure -> {
                    inFlight = false;
                    status.set(app.salondesk.gui.common.Failures.say(messages, "status.loadFailed", failure));
                    loadAgainIfAsked();
                });
    }

    private void loadAgainIfAsked() {
        if (again) {
            again = false;
            reload();
        }
    }
}
