package app.salondesk.gui.calendar;

import app.salondesk.i18n.Messages;
import app.salondesk.model.booking.ScheduledBooking;
import app.salondesk.model.calendar.BookingRef;
import app.salondesk.model.calendar.DaySchedule;
import app.salondesk.model.salon.WallClock;
import app.salondesk.model.staff.Master;
import app.salondesk.model.staff.TimeOff;
import app.salondesk.model.staff.WorkingTime;
import com.calendarfx.model.Calendar;
import com.calendarfx.model.Entry;
import com.calendarfx.model.Interval;
import com.calendarfx.model.Resource;

import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Supplier;

/**
 * What each loaded salon day has put on the masters' calendars, and how a newly loaded day
 * replaces it (issue 16: the schedule never shows what is not so). Owns the entries; the view
 * ({@link DayScheduleView}) owns the controls and the mouse.
 * <ul>
 *   <li>Entries are compared by what they show (a key of master, times, words and version):
 *       unchanged ones stay, so a reload after one booking moved lays out two entries, not the
 *       whole day — with 30 masters the difference between a stutter and none.</li>
 *   <li>Days load apart and their answers arrive in any order. A booking is on screen once, in
 *       its newest version: a day whose answer holds a booking another shown day already has in
 *       a newer version skips it (that answer is older for it); one that holds a newer version
 *       takes it over from the other day (a booking moved from Monday to Tuesday shows on
 *       Tuesday as soon as Tuesday's answer comes, and Monday's later answer finds nothing to
 *       remove); the same version on two days is a booking across midnight, shown once.</li>
 *   <li>Days no longer on screen (week → day, another date) are forgotten with their entries,
 *       so none of them can hide or keep a booking of a shown day.</li>
 * </ul>
 */
final class ShownDays {

    /** The style of the words that say why a master's day is closed; their entry is a label, not a booking. */
    static final String CLOSED_WHY_STYLE = "closed-why";
    /** Where those words stand on a day without hours: the top of the desk's day. */
    private static final java.time.LocalTime WHY_AT = java.time.LocalTime.of(8, 0);

    private final Messages messages;
    private final ZoneId zone;
    private final BookingEntries entries;
    private final Map<Long, Resource<Master>> resources;
    private final List<Master> masters;
    private final Map<LocalDate, Map<String, Entry<?>>> shown = new HashMap<>();

    ShownDays(Messages messages, ZoneId zone, BookingEntries entries, Map<Long, Resource<Master>> resources, List<Master> masters) {
        this.messages = messages;
        this.zone = zone;
        this.entries = entries;
        this.resources = resources;
        this.masters = List.copyOf(masters);
    }

    /** Forgets every day and takes every entry off the calendars. */
    void clear() {
        shown.clear();
        batched(() -> {
            for (Resource<Master> r : resources.values()) {
                r.getAvailabilityCalendar().clear();
                r.getCalendars().forEach(Calendar::clear);
            }
        });
    }

    /**
     * Changes to the calendars in one batch: each calendar tells its views once, at the end, that
     * it changed, and each view lays out its entries once — rather than an event, and a layout
     * request, per entry added or removed (issue 16: a day of 30 masters is some 600 entries).
     */
    private void batched(Runnable changes) {
        List<Calendar<?>> calendars = new ArrayList<>();
        for (Resource<Master> r : resources.values()) {
            calendars.add(r.getAvailabilityCalendar());
            r.getCalendars().forEach(c -> calendars.add((Calendar<?>) c));
        }
        calendars.forEach(Calendar::startBatchUpdates);
        try {
            changes.run();
        } finally {
            calendars.forEach(Calendar::stopBatchUpdates);
        }
    }

    /** Forgets the days not among {@code visible}, taking their entries off the calendars. */
    void keepOnly(Collection<LocalDate> visible) {
        for (Iterator<Map.Entry<LocalDate, Map<String, Entry<?>>>> it = shown.entrySet().iterator(); it.hasNext(); ) {
            Map.Entry<LocalDate, Map<String, Entry<?>>> day = it.next();
            if (!visible.contains(day.getKey())) {
                day.getValue().values().forEach(Entry::removeFromCalendar);
                it.remove();
            }
        }
    }

    /** Puts a loaded day on the calendars in place of what its previous answer put there. */
    void show(DaySchedule day) {
        LocalDate d = day.date();
        Map<String, Entry<?>> before = shown.getOrDefault(d, Map.of());
        Map<String, Entry<?>> now = new HashMap<>();
        List<Runnable> additions = new ArrayList<>();
        for (Master m : masters) {
            Resource<Master> r = resources.get(m.id());
            Calendar<?> closed = r.getAvailabilityCalendar();

            // availability: CalendarFX shades every entry of this calendar as "not available" — from
            // the instants the database made of the working hours, so that the shading ends where the
            // rule book's hours do also on a night the clocks change (issue 30)
            Instant dayStart = WallClock.startOfDay(d, zone);
            Instant dayEnd = WallClock.startOfDay(d.plusDays(1), zone);
            Instant t = dayStart;
            for (WorkingTime iv : day.workingTimeOf(m.id())) {
                if (iv.start().isAfter(t)) {
                    place(before, now, additions, closed, block(m, t, iv.start(), messages.get("schedule.closed")));
                }
                t = iv.end();
            }
            if (day.workingTimeOf(m.id()).isEmpty()) {
                place(before, now, additions, closed, block(m, dayStart, dayEnd, messages.get("schedule.dayOff")));
            } else if (t.isBefore(dayEnd)) {
                place(before, now, additions, closed, block(m, t, dayEnd, messages.get("schedule.closed")));
            }
            for (TimeOff to : day.timeOff()) {
                if (to.masterId() == m.id()) {
                    String title = messages.get("schedule.timeOff");
                    place(before, now, additions, closed, new Shown("off:" + m.id() + ":" + to.start() + ":" + to.end() + ":" + title, () -> {
                        Entry<Void> e = new Entry<>(title);
                        e.setInterval(new Interval(to.start(), to.end(), zone));
                        return e;
                    }));
                }
            }

            // a day closed from start to end says why, in the shading (issue 31)
            if (r.getCalendars().size() > 1) {
                java.util.Optional<String> why = ClosedDay.why(day, m, messages);
                if (why.isPresent()) {
                    List<WorkingTime> hours = day.workingTimeOf(m.id());
                    Instant from = hours.isEmpty() ? d.atTime(WHY_AT).atZone(zone).toInstant() : hours.get(0).start();
                    Instant to = from.plus(java.time.Duration.ofHours(2)).isAfter(dayEnd) ? dayEnd : from.plus(java.time.Duration.ofHours(2));
                    String text = why.get();
                    place(before, now, additions, r.getCalendars().get(1), new Shown("why:" + m.id() + ":" + from + ":" + text, () -> {
                        Entry<Void> e = new Entry<>(text);
                        e.setInterval(new Interval(from, to, zone));
                        e.getStyleClass().add(CLOSED_WHY_STYLE);
                        return e;
                    }));
                }
            }

            for (ScheduledBooking b : day.bookingsOf(m.id())) {
                if (shownElsewhere(d, b)) {
                    continue;
                }
                String title = entries.title(b);
                place(before, now, additions, bookingsCalendar(r), new Shown(BookingEntries.key(b, title), () -> entries.entry(b, title)));
            }
        }
        // the old entries go before the new ones come: a changed booking keeps its entry id, and
        // CalendarFX's views know an entry by its id
        List<Entry<?>> gone = before.entrySet().stream().filter(e -> !now.containsKey(e.getKey())).map(Map.Entry::getValue).toList();
        if (!gone.isEmpty() || !additions.isEmpty()) {
            batched(() -> {
                gone.forEach(Entry::removeFromCalendar);
                additions.forEach(Runnable::run);
            });
        }
        shown.put(d, now);
    }

    /**
     * Whether another shown day keeps this booking (the same version: across midnight; a newer
     * one: this answer is older for it). An older version shown on another day is taken off it
     * here, so that the booking is shown once, where it is now.
     */
    private boolean shownElsewhere(LocalDate d, ScheduledBooking b) {
        for (Map.Entry<LocalDate, Map<String, Entry<?>>> other : shown.entrySet()) {
            if (other.getKey().equals(d)) {
                continue;
            }
            for (Iterator<Map.Entry<String, Entry<?>>> it = other.getValue().entrySet().iterator(); it.hasNext(); ) {
                Entry<?> e = it.next().getValue();
                if (e.getUserObject() instanceof BookingRef ref && ref.bookingId() == b.id()) {
                    if (ref.version() >= b.version()) {
                        return true;
                    }
                    e.removeFromCalendar();
                    it.remove();
                }
            }
        }
        return false;
    }

    /** The days whose entries are on the calendars now. */
    Set<LocalDate> days() {
        return Set.copyOf(shown.keySet());
    }

    /** An entry as the loaded day wants it: its key, and how to make it if it is not there yet. */
    private record Shown(String key, Supplier<Entry<?>> make) {
    }

    /** Keeps the entry already shown under this key, or makes one and notes its addition for later. */
    private static void place(Map<String, Entry<?>> before, Map<String, Entry<?>> now, List<Runnable> additions,
                              Calendar<?> calendar, Shown shown) {
        if (now.containsKey(shown.key())) {
            return;
        }
        Entry<?> kept = before.get(shown.key());
        if (kept != null && kept.getCalendar() == calendar) {
            now.put(shown.key(), kept);
            return;
        }
        Entry<?> made = shown.make().get();
        now.put(shown.key(), made);
        additions.add(() -> addUnchecked(calendar, made));
    }

    @SuppressWarnings("unchecked")
    private static Calendar<BookingRef> bookingsCalendar(Resource<Master> r) {
        return (Calendar<BookingRef>) r.getCalendars().get(0);
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    private static void addUnchecked(Calendar calendar, Entry entry) {
        calendar.addEntry(entry);
    }

    private Shown block(Master m, Instant from, Instant to, String title) {
        return new Shown("closed:" + m.id() + ":" + from + ":" + to + ":" + title, () -> {
            Entry<Void> entry = new Entry<>(title);
            entry.setInterval(new Interval(from, to, zone));
            return entry;
        });
    }
}
