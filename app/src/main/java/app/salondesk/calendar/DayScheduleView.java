package app.salondesk.calendar;

import app.salondesk.booking.ScheduledBooking;
import app.salondesk.i18n.Messages;
import app.salondesk.staff.Master;
import app.salondesk.staff.TimeOff;
import com.calendarfx.model.Calendar;
import com.calendarfx.model.Entry;
import com.calendarfx.model.Interval;
import com.calendarfx.model.LoadEvent;
import com.calendarfx.model.Resource;
import com.calendarfx.view.DayViewBase;
import com.calendarfx.view.ResourcesView;
import javafx.scene.Node;
import javafx.scene.control.Label;
import javafx.scene.input.MouseEvent;

import java.time.LocalDate;
import java.time.LocalTime;
import java.time.ZoneId;
import java.time.ZonedDateTime;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * One salon day, one column per active master (CalendarFX {@code ResourcesView}): each
 * master's working hours are the unshaded time, bookings show client, service and time.
 * Read only in this version; editing arrives with the booking engine.
 */
public final class DayScheduleView {

    private final DayScheduleViewModel vm;
    private final Messages messages;
    private final ZoneId zone;
    private final ResourcesView<Resource<Master>> view = new ResourcesView<>();
    private final Map<Long, Resource<Master>> resources = new HashMap<>();
    /** Days already asked for; guards against CalendarFX's reload on every calendar change. */
    private final Set<LocalDate> requested = new HashSet<>();

    public DayScheduleView(DayScheduleViewModel vm, Messages messages) {
        this.vm = vm;
        this.messages = messages;
        this.zone = vm.salon().zone();
        configure();
        for (Master m : vm.masters()) {
            Resource<Master> r = new Resource<>(m);
            Calendar<?> bookings = r.getCalendars().get(0);
            bookings.setName(m.name());
            bookings.setStyle(Calendar.Style.STYLE1);
            bookings.setReadOnly(true);
            resources.put(m.id(), r);
            view.getResources().add(r);
        }
        view.addEventHandler(LoadEvent.LOAD, e -> {
            for (LocalDate d = e.getStartDate(); !d.isAfter(e.getEndDate()); d = d.plusDays(1)) {
                if (requested.add(d)) {
                    vm.load(d);
                }
            }
        });
        view.dateProperty().bindBidirectional(vm.dateProperty());
        // a new day: forget what was shown, CalendarFX's LoadEvent asks for the new one
        vm.dateProperty().addListener((obs, old, now) -> {
            requested.clear();
            clearAll();
        });
        vm.scheduleProperty().addListener((obs, old, schedule) -> {
            if (schedule != null) {
                show(schedule);
            }
        });
    }

    public Node node() {
        return view;
    }

    /** Reloads the shown day (after a change elsewhere). */
    public void refresh() {
        requested.add(vm.dateProperty().get());
        vm.load(vm.dateProperty().get());
    }

    private void clearAll() {
        for (Resource<Master> r : resources.values()) {
            r.getAvailabilityCalendar().clear();
            r.getCalendars().get(0).clear();
        }
    }

    private void configure() {
        view.setType(ResourcesView.Type.RESOURCES_OVER_DATES);
        view.setNumberOfDays(1);
        // CalendarFX 11 snaps the date to the start of the week unless told not to
        view.setAdjustToFirstDayOfWeek(false);
        view.setScrollingEnabled(false);
        view.setShowAllDayView(false);
        view.setShowNoonMarker(false);
        view.setZoneId(zone);
        LocalTime[] span = openingSpan();
        view.setStartTime(span[0]);
        view.setEndTime(span[1]);
        view.setEarlyLateHoursStrategy(DayViewBase.EarlyLateHoursStrategy.SHOW_COMPRESSED);
        view.setHoursLayoutStrategy(DayViewBase.HoursLayoutStrategy.FIXED_HOUR_COUNT);
        view.setVisibleHours(Math.max(6, span[1].getHour() - span[0].getHour() + 1));
        view.setResourceHeaderFactory(this::header);

        // read only for now: no creation, moving, resizing, deleting, menus or popovers
        view.setEditAvailability(false);
        view.setShowDetailsUponEntryCreation(false);
        view.setEntryEditPolicy(p -> false);
        view.setEntryFactory(p -> null);
        view.setContextMenuCallback(null);
        view.setEntryContextMenuCallback(null);
        view.setEntryDetailsCallback(p -> false);
        // CalendarFX 11.12.7 throws an NPE when a click or drag on empty time of a read-only
        // calendar tries to create an entry (fixed upstream in 12.x, PR #216): swallow those.
        view.addEventFilter(MouseEvent.MOUSE_CLICKED, e -> {
            if (e.getTarget() instanceof DayViewBase) {
                e.consume();
            }
        });
        view.addEventFilter(MouseEvent.MOUSE_DRAGGED, e -> {
            if (e.getTarget() instanceof DayViewBase) {
                e.consume();
            }
        });
    }

    /** The part of the day drawn at full height; earlier and later hours are compressed, not hidden. */
    private LocalTime[] openingSpan() {
        return new LocalTime[]{LocalTime.of(8, 0), LocalTime.of(20, 0)};
    }

    private Node header(Resource<Master> r) {
        Master m = r.getUserObject();
        Label l = new Label(m.name());
        l.getStyleClass().add("master-header");
        l.setStyle("-master-colour: " + m.colour() + ";");
        l.setMaxWidth(Double.MAX_VALUE);
        return l;
    }

    private void show(DaySchedule day) {
        LocalDate d = day.date();
        if (!d.equals(vm.dateProperty().get())) {
            return;   // the user moved on while this day was loading
        }
        clearAll();
        for (Master m : vm.masters()) {
            Resource<Master> r = resources.get(m.id());
            Calendar<BookingRef> cal = bookingsCalendar(r);
            Calendar<?> closed = r.getAvailabilityCalendar();

            // availability: CalendarFX shades every entry of this calendar as "not available"
            List<Entry<?>> off = new ArrayList<>();
            LocalTime t = LocalTime.MIN;
            for (LocalTime[] iv : day.workingTimeOf(m.id())) {
                if (iv[0].isAfter(t)) {
                    off.add(block(d, t, iv[0], messages.get("schedule.closed")));
                }
                t = iv[1];
            }
            if (day.workingTimeOf(m.id()).isEmpty()) {
                off.add(block(d, LocalTime.MIN, LocalTime.MAX, messages.get("schedule.dayOff")));
            } else if (t.isBefore(LocalTime.MAX)) {
                off.add(block(d, t, LocalTime.MAX, messages.get("schedule.closed")));
            }
            for (TimeOff to : day.timeOff()) {
                if (to.masterId() == m.id()) {
                    Entry<Void> e = new Entry<>(messages.get("schedule.timeOff"));
                    e.setInterval(new Interval(to.start(), to.end(), zone));
                    off.add(e);
                }
            }
            off.forEach(e -> addUnchecked(closed, e));

            List<Entry<BookingRef>> entries = new ArrayList<>();
            for (ScheduledBooking b : day.bookingsOf(m.id())) {
                String service = b.serviceName() != null ? b.serviceName() : messages.get("booking.customService");
                Entry<BookingRef> e = new Entry<>(b.clientName() + " \u2014 " + service,
                        new Interval(b.start(), b.end(), zone), Long.toString(b.id()));
                e.setUserObject(new BookingRef(b.id(), b.masterId(), b.version()));
                e.setLocation(messages.get("booking.status." + b.status().dbValue()));
                e.getStyleClass().add("booking-" + b.status().dbValue().replace('_', '-'));
                entries.add(e);
            }
            entries.forEach(cal::addEntry);
        }
    }

    @SuppressWarnings("unchecked")
    private static Calendar<BookingRef> bookingsCalendar(Resource<Master> r) {
        return (Calendar<BookingRef>) r.getCalendars().get(0);
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    private static void addUnchecked(Calendar calendar, Entry entry) {
        calendar.addEntry(entry);
    }

    private Entry<Void> block(LocalDate d, LocalTime from, LocalTime to, String title) {
        ZonedDateTime s = d.atTime(from).atZone(zone);
        ZonedDateTime e = d.atTime(to).atZone(zone);
        Entry<Void> entry = new Entry<>(title);
        entry.setInterval(new Interval(s, e));
        return entry;
    }
}
