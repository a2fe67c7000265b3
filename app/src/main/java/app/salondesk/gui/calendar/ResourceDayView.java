package app.salondesk.gui.calendar;

import app.salondesk.i18n.Messages;
import app.salondesk.logic.booking.ResourceHoldsRepository.Hold;
import app.salondesk.logic.calendar.ResourceDay;
import app.salondesk.model.calendar.BookingRef;
import com.calendarfx.model.Calendar;
import com.calendarfx.model.Entry;
import com.calendarfx.model.Resource;
import com.calendarfx.view.DayViewBase;
import com.calendarfx.view.ResourcesView;
import com.calendarfx.view.VirtualGrid;
import javafx.scene.Node;
import javafx.scene.control.Label;
import javafx.scene.input.MouseEvent;
import javafx.scene.layout.StackPane;

import java.time.LocalTime;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * The salon day with one column per unit of each room and piece of equipment (issue 18): two
 * washing stations are two columns, "Washing station 1" and "2", because the database gives each
 * booking one unit and the exclusion constraint keeps each unit's holds apart — so a column never
 * holds two bookings at once, and the desk sees at a glance which station is free. Each booking
 * is shown for the time it holds the unit (from its start until its cleanup ends) with its client,
 * service and master. Read only: the unit is the database's choice, so there is nothing to drop a
 * booking onto; a double-click opens the booking (its form, or its history for a read-only desk).
 */
public final class ResourceDayView {

    private static final int GRID_MIN = 15;

    private final ResourceDayViewModel vm;
    private final Messages messages;
    private final BookingEntries entries;
    private final ResourcesView<Resource<ResourceDay.Column>> view = new ResourcesView<>();
    private final Label empty = new Label();
    private final StackPane root = new StackPane();
    private List<ResourceDay.Column> columns = List.of();
    private final List<Resource<ResourceDay.Column>> resources = new ArrayList<>();
    /** What each column shows, by a key of what the entry says: an unchanged hold keeps its entry. */
    private final Map<ResourceDay.Column, Map<String, Entry<?>>> shown = new HashMap<>();
    private Consumer<BookingRef> onOpenBooking = r -> { };
    private Consumer<BookingRef> onOpenHistory = r -> { };

    public ResourceDayView(ResourceDayViewModel vm, Messages messages) {
        this.vm = vm;
        this.messages = messages;
        this.entries = new BookingEntries(messages, vm.salon().zone());
        configure();
        view.dateProperty().bind(vm.dateProperty());
        vm.dayProperty().addListener((obs, old, now) -> {
            if (now != null) {
                show(now);
            }
        });
        empty.setId("resource-columns-empty");
        empty.getStyleClass().add("resource-columns-empty");
        empty.setWrapText(true);
        empty.textProperty().bind(vm.statusProperty());
        empty.visibleProperty().bind(vm.statusProperty().isNotEmpty());
        root.setId("resource-columns");
        root.getChildren().addAll(view, empty);
    }

    public Node node() {
        return root;
    }

    public void setOnOpenBooking(Consumer<BookingRef> handler) {
        this.onOpenBooking = handler;
    }

    public void setOnOpenHistory(Consumer<BookingRef> handler) {
        this.onOpenHistory = handler;
    }

    private void configure() {
        view.setType(ResourcesView.Type.RESOURCES_OVER_DATES);
        view.setAdjustToFirstDayOfWeek(false);
        view.setNumberOfDays(1);
        view.setScrollingEnabled(false);
        view.setShowAllDayView(false);
        view.setShowNoonMarker(false);
        // CalendarFX's now comes from the PC's clock and zone; these columns show none
        view.setEnableCurrentTimeMarker(false);
        view.setEnableCurrentTimeCircle(false);
        view.setShowToday(false);
        view.setZoneId(vm.salon().zone());
        view.setStartTime(LocalTime.of(8, 0));
        view.setEndTime(LocalTime.of(20, 0));
        view.setEarlyLateHoursStrategy(DayViewBase.EarlyLateHoursStrategy.SHOW_COMPRESSED);
        view.setHoursLayoutStrategy(DayViewBase.HoursLayoutStrategy.FIXED_HOUR_COUNT);
        view.setVisibleHours(13);
        view.setVirtualGrid(new VirtualGrid(GRID_MIN + " min", GRID_MIN + "", ChronoUnit.MINUTES, GRID_MIN));
        view.setResourceHeaderFactory(this::header);
        view.setWeekViewFactory(r -> entries.week(view::getNumberOfDays));
        view.setEditAvailability(false);
        view.setShowDetailsUponEntryCreation(false);
        // read only: which unit a booking holds is the database's choice, not a place to drop it
        view.setEntryEditPolicy(p -> false);
        view.setEntryFactory(p -> null);
        view.setContextMenuCallback(null);
        view.setEntryContextMenuCallback(null);
        view.setEntryDetailsCallback(p -> {
            if (p.getEntry().getUserObject() instanceof BookingRef ref) {
                (vm.editableProperty().get() ? onOpenBooking : onOpenHistory).accept(ref);
            }
            return true;
        });
        // as in the masters' day: a click or drag on empty time would make CalendarFX 11 create an
        // entry through the factory that makes none (an NPE); nothing is created here
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

    /** The day read onto the columns: new columns when the rooms changed, then every column's holds anew. */
    private void show(ResourceDay day) {
        if (!day.columns().equals(columns)) {
            columns = day.columns();
            resources.clear();
            shown.clear();
            for (ResourceDay.Column c : columns) {
                Resource<ResourceDay.Column> r = new Resource<>(c);
                Calendar<?> held = r.getCalendars().get(0);
                held.setName(columnName(c));
                held.setStyle(Calendar.Style.STYLE1);
                resources.add(r);
            }
            view.getResources().setAll(resources);
        }
        for (int i = 0; i < columns.size(); i++) {
            ResourceDay.Column c = columns.get(i);
            @SuppressWarnings("unchecked")
            Calendar<BookingRef> held = (Calendar<BookingRef>) resources.get(i).getCalendars().get(0);
            // entries that show the same stay (a reload after one change lays out one entry, and
            // the others' views are not pulled away from under the mouse)
            Map<String, Entry<?>> before = shown.getOrDefault(c, Map.of());
            Map<String, Entry<?>> now = new HashMap<>();
            List<Entry<BookingRef>> added = new ArrayList<>();
            for (Hold h : day.holdsOf(c)) {
                String title = entries.title(h.booking());
                String key = BookingEntries.key(h.booking(), title) + ":" + h.masterName() + ":" + h.from() + ":" + h.to();
                Entry<?> kept = before.get(key);
                if (kept != null) {
                    now.put(key, kept);
                } else {
                    Entry<BookingRef> made = entries.hold("hold:" + c.resourceId() + ":" + c.unit() + ":" + h.booking().id(),
                            h.booking(), h.masterName(), h.from(), h.to());
                    now.put(key, made);
                    added.add(made);
                }
            }
            List<Entry<?>> gone = before.entrySet().stream().filter(e -> !now.containsKey(e.getKey())).map(Map.Entry::getValue).toList();
            if (!gone.isEmpty() || !added.isEmpty()) {
                held.startBatchUpdates();
                try {
                    gone.forEach(Entry::removeFromCalendar);
                    added.forEach(held::addEntry);
                } finally {
                    held.stopBatchUpdates();
                }
            }
            shown.put(c, now);
        }
    }

    /** "Pedicure chair" when there is one; "Washing station 2" for the second of two. */
    private String columnName(ResourceDay.Column c) {
        return c.capacity() == 1 && c.unit() == 1 ? c.name() : messages.format("resources.columns.unit", c.name(), c.unit());
    }

    private Node header(Resource<ResourceDay.Column> r) {
        Label l = new Label(columnName(r.getUserObject()));
        l.getStyleClass().addAll("master-header", "resource-header");
        l.setMaxWidth(Double.MAX_VALUE);
        return l;
    }
}
