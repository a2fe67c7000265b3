package app.salondesk.gui.booking.form;

import app.salondesk.gui.common.TaskRunner;
import app.salondesk.i18n.Messages;
import app.salondesk.logic.booking.BookingEngine;
import app.salondesk.logic.booking.FreeSlotFinder;
import app.salondesk.model.booking.FreeSlot;
import app.salondesk.model.salon.Salon;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;

import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalTime;

/**
 * The form's free starts: every free start of a master on the chosen day for the chosen length,
 * in time order, each of a part of the day ({@link Part}) for the form to group them by, and why
 * none are listed (nothing to look for yet, none that day, not loaded). They are the engine's own
 * ({@link BookingEngine#freeSlots}: walked in real minutes from each working interval, so on
 * daylight-saving days it offers only starts it accepts) and stay instants, so on a fall-back day
 * the two 03:30s are two starts. An answer overtaken by a newer question (another master, day or
 * length) is dropped. Issue 31: a dozen around the asked time hid the evening ("the last is 4:00
 * PM while she works to 19:00").
 */
final class FreeStarts {

    /** Where a start falls in the salon's day: before noon, until 17:00, from 17:00. */
    enum Part {
        MORNING, AFTERNOON, EVENING;

        static Part of(LocalTime t) {
            return t.isBefore(LocalTime.NOON) ? MORNING : t.isBefore(LocalTime.of(17, 0)) ? AFTERNOON : EVENING;
        }

        String messageKey() {
            return "form.freeStarts." + name().toLowerCase(java.util.Locale.ROOT);
        }
    }

    private static final int GRID_MIN = 15;

    private final Salon salon;
    private final BookingEngine engine;
    private final TaskRunner tasks;
    private final Messages messages;
    private final ObservableList<Instant> starts = FXCollections.observableArrayList();
    /** Why no free times are listed ("" while they are, or while they are being looked for). */
    private final ReadOnlyStringWrapper note = new ReadOnlyStringWrapper(this, "note", "");
    private int request;

    FreeStarts(Salon salon, BookingEngine engine, TaskRunner tasks, Messages messages) {
        this.salon = salon;
        this.engine = engine;
        this.tasks = tasks;
        this.messages = messages;
    }

    /**
     * Asks again. {@code masterId}, {@code day}, {@code minutes} null: nothing to look for yet,
     * and the note says what is missing.
     */
    void refresh(Long masterId, LocalDate day, Integer minutes, Long serviceId, Long excludeBookingId) {
        int asked = ++request;
        if (masterId == null || day == null || minutes == null) {
            starts.clear();
            // the master may well have free time: the form only lacks what to look for (issue 16)
            note.set(messages.get(masterId == null ? "form.freeStarts.needMaster"
                    : day == null ? "form.freeStarts.needDate" : "form.freeStarts.needLength"));
            return;
        }
        note.set("");
        FreeSlotFinder.Question q = FreeSlotFinder.Question.dayOf(salon.id(), minutes, app.salondesk.model.salon.WallClock.startOfDay(day, salon.zone()),
                masterId, serviceId, excludeBookingId, GRID_MIN);
        tasks.run(() -> engine.freeSlots(q), slots -> {
            if (asked != request) {
                return;   // the user changed master, day or length meanwhile
            }
            // every start of the day, in time order: the form groups them by part of the day
            starts.setAll(slots.stream()
                    .filter(FreeSlot::sameMaster)
                    .map(FreeSlot::start)
                    .filter(t -> t.atZone(salon.zone()).toLocalDate().equals(day))
                    .distinct()
                    .sorted()
                    .toList());
            note.set(starts.isEmpty() ? messages.get("form.noFreeStarts") : "");
        }, failure -> {
            starts.clear();
            note.set(messages.get("form.freeStarts.failed"));
        });
    }

    /** The part of the salon's day a start falls in (by its wall-clock time). */
    Part partOf(Instant t) {
        return Part.of(t.atZone(salon.zone()).toLocalTime());
    }

    ObservableList<Instant> starts() {
        return starts;
    }

    ReadOnlyStringProperty noteProperty() {
        return note.getReadOnlyProperty();
    }
}
