package app.salondesk.gui.calendar;

import app.salondesk.i18n.Messages;
import app.salondesk.model.booking.BookingStatus;
import app.salondesk.model.calendar.BookingRef;
import app.salondesk.model.calendar.DaySchedule;
import app.salondesk.model.staff.Master;
import com.calendarfx.model.Calendar;
import com.calendarfx.model.Entry;
import com.calendarfx.model.LoadEvent;
import com.calendarfx.model.Resource;
import com.calendarfx.view.DateControl;
import com.calendarfx.view.DayViewBase;
import com.calendarfx.view.ResourcesView;
import com.calendarfx.view.VirtualGrid;
import javafx.animation.Animation;
import javafx.animation.KeyFrame;
import javafx.animation.Timeline;
import javafx.scene.Node;
import javafx.scene.control.Alert;
import javafx.scene.control.ButtonBar;
import javafx.scene.control.ButtonType;
import javafx.scene.control.ContextMenu;
import javafx.scene.control.Label;
import javafx.scene.control.Menu;
import javafx.scene.control.MenuItem;
import javafx.scene.control.SeparatorMenuItem;
import javafx.scene.input.MouseButton;
import javafx.scene.input.MouseEvent;
import javafx.scene.layout.StackPane;

import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalTime;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.time.format.FormatStyle;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.BiConsumer;
import java.util.function.Consumer;

/**
 * One salon day, one column per active master (CalendarFX {@code ResourcesView}): each
 * master's working hours are the unshaded time, bookings show client, service and time.
 * Bookings are dragged to another time (or another master's column) and resized with the
 * mouse; every change goes to the booking engine and springs back unless it was saved.
 */
public final class DayScheduleView {

    private static final int GRID_MIN = 15;

    private final DayScheduleViewModel vm;
    private final Messages messages;
    private final ZoneId zone;
    private final ResourcesView<Resource<Master>> view = new ResourcesView<>();
    private final BookingEntries entries;
    private final StackPane root = new StackPane();
    private final Map<Long, Resource<Master>> resources = new HashMap<>();
    private final Map<Calendar<?>, Master> masterByCalendar = new HashMap<>();
    /** Days already asked for; guards against CalendarFX's reload on every calendar change. */
    private final Set<LocalDate> requested = new HashSet<>();
    /** True while CalendarFX asks for the days it shows (its date is changing). */
    private boolean inLoadEvent;
    /** What each loaded day put on the calendars, and how a new answer replaces it. */
    private final ShownDays shownDays;

    private BiConsumer<Master, Instant> onNewBooking = (m, t) -> { };
    private Consumer<BookingRef> onOpenBooking = r -> { };
    private Consumer<BookingRef> onOpenClient = r -> { };
    private Consumer<BookingRef> onCheckout = null;
    private Consumer<BookingRef> onOpenHistory = r -> { };
    private Consumer<BookingRef> onOpenMessages = r -> { };

    /** A booking's drag: its preview, Esc, the move and its saving state. */
    private final BookingDrag drag;
    /** Reloads that arrived while the user was dragging, by day (a week view reloads several). */
    private final Map<LocalDate, DaySchedule> deferred = new HashMap<>();
    /** ↓/↑ between bookings, the context-menu key on one (issue 17). */
    private final EntryKeys keys;
    private Instant emptyPressTime;
    private Master emptyPressMaster;

    public DayScheduleView(DayScheduleViewModel vm, Messages messages) {
        this.vm = vm;
        this.messages = messages;
        this.zone = vm.salon().zone();
        this.entries = new BookingEntries(messages, zone);
        this.shownDays = new ShownDays(messages, zone, entries, resources, vm.masters());
        configure();
        followSalonClock();
        for (Master m : vm.masters()) {
            Resource<Master> r = new Resource<>(m);
            Calendar<?> bookings = r.getCalendars().get(0);
            bookings.setName(m.name());
            bookings.setStyle(Calendar.Style.STYLE1);
            // the words that say why her day is closed, when it is (ShownDays): read only, never a booking
            Calendar<Void> why = new Calendar<>("");
            why.setStyle(Calendar.Style.STYLE7);
            why.setReadOnly(true);
            r.getCalendarSources().get(0).getCalendars().add(why);
            resources.put(m.id(), r);
            masterByCalendar.put(bookings, m);
        }
        showMasters();
        drag = new BookingDrag(vm, messages, view, this::masterOf, this::showDeferred);
        drag.setAskVisit(this::askWholeVisit);
        vm.shownMasters().addListener((javafx.collections.ListChangeListener<Master>) c -> {
            showMasters();
            requested.clear();
            vm.reload();
        });
        view.numberOfDaysProperty().bind(vm.numberOfDaysProperty());
        vm.numberOfDaysProperty().addListener((obs, old, now) -> {
            // week → day: the other days' entries go, so none of them can hide or keep a booking
            shownDays.keepOnly(vm.visibleDays());
            requested.clear();
            vm.reload();
        });
        view.addEventHandler(LoadEvent.LOAD, e -> {
            inLoadEvent = true;
            try {
                for (LocalDate d = e.getStartDate(); !d.isAfter(e.getEndDate()); d = d.plusDays(1)) {
                    if (requested.add(d)) {
                        vm.load(d);
                    }
                }
            } finally {
                inLoadEvent = false;
            }
        });
        view.dateProperty().bindBidirectional(vm.dateProperty());
        // a new day: forget what was shown, CalendarFX's LoadEvent asks for the new one
        vm.dateProperty().addListener((obs, old, now) -> {
            requested.clear();
            shownDays.clear();
        });
        vm.scheduleProperty().addListener((obs, old, schedule) -> {
            if (schedule != null) {
                if (drag.active()) {
                    deferred.put(schedule.date(), schedule);   // never pull the entry away under the user's mouse
                } else if (inLoadEvent) {
                    // a day read ahead, given while CalendarFX is still changing its date: shown once
                    // it has (its views would otherwise make every entry's view twice)
                    deferred.put(schedule.date(), schedule);
                    javafx.application.Platform.runLater(this::showDeferred);
                } else {
                    show(schedule);
                }
            }
        });
        root.getChildren().addAll(view, drag.preview());
        keys = new EntryKeys(view);
    }

    public Node node() {
        return root;
    }

    /** Double-click (or drag) on empty time of a master: open the form there. */
    public void setOnNewBooking(BiConsumer<Master, Instant> handler) {
        this.onNewBooking = handler;
    }

    public void setOnOpenBooking(Consumer<BookingRef> handler) {
        this.onOpenBooking = handler;
    }

    /** Right-click → Check out… (issue 34); null: not offered. */
    public void setOnCheckout(Consumer<BookingRef> handler) {
        this.onCheckout = handler;
    }

    public void setOnOpenClient(Consumer<BookingRef> handler) {
        this.onOpenClient = handler;
    }

    public void setOnOpenHistory(Consumer<BookingRef> handler) {
        this.onOpenHistory = handler;
    }

    /** The right-click menu's "Messages…": the booking's messages to its client (issue 33). */
    public void setOnOpenMessages(Consumer<BookingRef> handler) {
        this.onOpenMessages = handler;
    }

    /**
     * Focuses the next booking of the day in time order (the first when none is focused), or the
     * previous one: the way into the calendar from the keyboard. False when the day has none.
     */
    public boolean focusBooking(boolean forward) {
        return keys.focusNext(forward);
    }

    /** Reloads the shown day (after a change elsewhere). */
    public void refresh() {
        requested.add(vm.dateProperty().get());
        vm.reload();
    }

    private void showMasters() {
        List<Resource<Master>> shown = new ArrayList<>();
        for (Master m : vm.shownMasters()) {
            shown.add(resources.get(m.id()));
        }
        view.getResources().setAll(shown);
    }

    /**
     * CalendarFX's "today" and its now-line come from the PC's clock and zone, once, when the
     * view is made (only its CalendarView keeps them moving). They are the salon's here, and
     * move with it: a desk on another zone's PC, or open since yesterday, still sees the salon's
     * now. The ticker ends when the view has left its window (a language change gives the
     * window a new scene).
     */
    private void followSalonClock() {
        ticker.getKeyFrames().add(new KeyFrame(javafx.util.Duration.seconds(15), e -> {
            boolean inAWindow = root.getScene() != null && root.getScene().getWindow() != null;
            if (inAWindow) {
                shownOnce = true;
            } else if (shownOnce) {
                ticker.stop();
                return;
            }
            showSalonNow();
        }));
        ticker.setCycleCount(Animation.INDEFINITE);
        showSalonNow();
        ticker.play();
    }

    private boolean shownOnce;
    /**
     * Runs until the view has left its window, or {@link #close()}: the toolkit's timer holds a
     * running timeline, and with it this view and its whole desk. A desk replaced before its
     * first tick (a language switched within 15 s of the start, the desks of the tests) never
     * saw its window, so only close() ends it (a heap dump of the benchmark's JVM held six desks
     * this way, 200 MB live).
     */
    private final Timeline ticker = new Timeline();

    /** The desk is closed: the clock stops following it. */
    public void close() {
        ticker.stop();
    }

    /** Whether the salon's clock still moves this view (a closed desk's must not: tests). */
    public boolean followsSalonClock() {
        return ticker.getStatus() == javafx.animation.Animation.Status.RUNNING;
    }

    private void showSalonNow() {
        view.setToday(vm.todayInSalon());
        view.setTime(vm.timeInSalon());
    }

    private void configure() {
        view.setType(ResourcesView.Type.RESOURCES_OVER_DATES);
        // CalendarFX 11 snaps the date to the start of the week unless told not to
        view.setAdjustToFirstDayOfWeek(false);
        view.setScrollingEnabled(false);
        view.setShowAllDayView(false);
        view.setShowNoonMarker(false);
        view.setZoneId(zone);
        view.setStartTime(LocalTime.of(8, 0));
        view.setEndTime(LocalTime.of(20, 0));
        view.setEarlyLateHoursStrategy(DayViewBase.EarlyLateHoursStrategy.SHOW_COMPRESSED);
        view.setHoursLayoutStrategy(DayViewBase.HoursLayoutStrategy.FIXED_HOUR_COUNT);
        view.setVisibleHours(13);
        VirtualGrid grid = new VirtualGrid(GRID_MIN + " min", GRID_MIN + "", ChronoUnit.MINUTES, GRID_MIN);
        view.setVirtualGrid(grid);
        view.setResourceHeaderFactory(this::header);
        // CalendarFX's own week of a master, whose days mark bookings made online
        view.setWeekViewFactory(r -> entries.week(view::getNumberOfDays));

        view.setEditAvailability(false);
        view.setShowDetailsUponEntryCreation(false);
        // moving and resizing bookings that hold time; never deleting with a key
        view.setEntryEditPolicy(p -> vm.editableProperty().get()
                && p.getEditOperation() != DateControl.EditOperation.DELETE
                && drag.editable(p.getEntry())   // not dragged again until its last move is answered
                && p.getEntry().getUserObject() instanceof BookingRef ref && ref.status().holdsTime());
        view.setEntryFactory(p -> null);
        view.setContextMenuCallback(null);
        view.setEntryContextMenuCallback(p -> p.getEntry().getUserObject() instanceof BookingRef ref
                ? menu(p.getEntry(), ref) : null);
        view.setEntryDetailsCallback(p -> {
            if (p.getEntry().getUserObject() instanceof BookingRef ref) {
                if (vm.editableProperty().get()) {
                    onOpenBooking.accept(ref);
                } else {
                    onOpenHistory.accept(ref);
                }
            }
            return true;
        });

        view.addEventFilter(MouseEvent.MOUSE_PRESSED, this::pressed);
        view.addEventFilter(MouseEvent.MOUSE_DRAGGED, this::dragged);
        view.addEventFilter(MouseEvent.MOUSE_RELEASED, this::released);
        view.addEventFilter(MouseEvent.MOUSE_CLICKED, e -> {
            // CalendarFX 11.12.7 throws an NPE when a click on empty time tries to create an
            // entry (our factory creates none; fixed upstream in 12.x, PR #216): the click is
            // ours, a double-click opens the booking form there.
            if (e.getTarget() instanceof DayViewBase dv) {
                e.consume();
                if (e.getButton() == MouseButton.PRIMARY && e.getClickCount() == 2 && vm.editableProperty().get()) {
                    Master m = masterOf(dv);
                    if (m != null) {
                        onNewBooking.accept(m, roundDown(dv.getZonedDateTimeAt(e.getX(), e.getY()).withZoneSameInstant(zone)));
                    }
                } else if (e.getButton() == MouseButton.SECONDARY && vm.editableProperty().get()) {
                    // a right-click on empty time: book here, or put a client on the waitlist for the day
                    Master m = masterOf(dv);
                    if (m != null) {
                        Instant at = roundDown(dv.getZonedDateTimeAt(e.getX(), e.getY()).withZoneSameInstant(zone));
                        javafx.scene.control.MenuItem book = new javafx.scene.control.MenuItem(messages.get("schedule.menu.bookHere"));
                        book.setId("menu-book-here");
                        book.setOnAction(a -> onNewBooking.accept(m, at));
                        new ContextMenu(book).show(dv, e.getScreenX(), e.getScreenY());
                    }
                }
            }
        });
    }

    // ---- mouse: drags on empty time (a booking's drag is BookingDrag's) ------------------------

    private void pressed(MouseEvent e) {
        emptyPressTime = null;
        if (e.getButton() == MouseButton.PRIMARY && e.getTarget() instanceof DayViewBase dv && vm.editableProperty().get()) {
            emptyPressMaster = masterOf(dv);
            emptyPressTime = roundDown(dv.getZonedDateTimeAt(e.getX(), e.getY()).withZoneSameInstant(zone));
        }
    }

    private void dragged(MouseEvent e) {
        if (e.getTarget() instanceof DayViewBase) {
            e.consume();   // no CalendarFX lasso/creation on empty time (see the NPE note above)
        }
    }

    /** A drag over a master's empty time opens the form there. */
    private void released(MouseEvent e) {
        if (emptyPressTime != null && e.getTarget() instanceof DayViewBase dv && masterOf(dv) == emptyPressMaster) {
            Instant end = roundDown(dv.getZonedDateTimeAt(e.getX(), e.getY()).withZoneSameInstant(zone));
            if (end.isAfter(emptyPressTime.plus(java.time.Duration.ofMinutes(GRID_MIN - 1)))) {
                onNewBooking.accept(emptyPressMaster, emptyPressTime);
            }
        }
        emptyPressTime = null;
    }

    private void showDeferred() {
        if (!deferred.isEmpty() && !drag.active()) {
            List<DaySchedule> days = new ArrayList<>(deferred.values());
            deferred.clear();
            days.forEach(this::show);
        }
    }

    /** A loaded day onto the calendars, if it is still on screen. */
    private void show(DaySchedule day) {
        if (vm.visibleDays().contains(day.date())) {
            shownDays.show(day);
        }
    }

    private Master masterOf(DateControl control) {
        for (Calendar<?> c : control.getCalendars()) {
            Master m = masterByCalendar.get(c);
            if (m != null) {
                return m;
            }
        }
        return null;
    }

    /**
     * Down to the grid line, as an instant: on a fall-back day a click in the second 03:00 hour
     * is that hour's, not the first one's (ZonedDateTime keeps its offset through both steps).
     */
    private static Instant roundDown(java.time.ZonedDateTime t) {
        return t.truncatedTo(ChronoUnit.HOURS).plusMinutes((t.getMinute() / GRID_MIN) * GRID_MIN).toInstant();
    }

    // ---- context menu ----------------------------------------------------------------------

    /** A status the menu sets: its words' key and its item's id. */
    private static final Map<BookingStatus, String[]> STATUS_ITEMS = Map.of(
            BookingStatus.CONFIRMED, new String[]{"menu.confirm", "menu-confirm"},
            BookingStatus.ARRIVED, new String[]{"menu.arrived", "menu-arrived"},
            BookingStatus.COMPLETED, new String[]{"menu.completed", "menu-completed"},
            BookingStatus.NO_SHOW, new String[]{"menu.noShow", "menu-no-show"});

    private ContextMenu menu(Entry<?> entry, BookingRef ref) {
        keys.menuShown();
        ContextMenu menu = new ContextMenu();
        MenuItem client = item("menu.clientCard", "menu-client-card", () -> onOpenClient.accept(ref));
        MenuItem history = item("menu.history", "menu-history", () -> onOpenHistory.accept(ref));
        MenuItem sent = item("menu.messages", "menu-messages", () -> onOpenMessages.accept(ref));
        if (!vm.editableProperty().get()) {
            menu.getItems().addAll(client, history, sent);   // looking is always allowed, changing is not
            return menu;
        }
        MenuItem open = item("menu.open", "menu-open", () -> onOpenBooking.accept(ref));
        menu.getItems().addAll(open, client, history, sent);
        if (onCheckout != null && (ref.status().holdsTime() || ref.status() == BookingStatus.COMPLETED)) {
            // paying for it (and the rest of its visit); a booking paid already is said so in the window
            menu.getItems().add(1, item("menu.checkout", "menu-checkout", () -> onCheckout.accept(ref)));
        }
        menu.getItems().add(new SeparatorMenuItem());
        // the status it has, said and not offered; then only the changes that mean something (issue 31)
        MenuItem now = new MenuItem(messages.format("menu.statusNow", messages.get("booking.status." + ref.status().dbValue())));
        now.setId("menu-status");
        now.setDisable(true);
        menu.getItems().add(now);
        for (StatusChoices.Choice c : StatusChoices.from(ref.status())) {
            menu.getItems().add(c.restore() ? item("menu.restore", "menu-restore", () -> vm.changeStatus(ref, c.to()))
                    : item(STATUS_ITEMS.get(c.to())[0], STATUS_ITEMS.get(c.to())[1], () -> vm.changeStatus(ref, c.to())));
        }
        if (ref.status().holdsTime()) {
            Menu moveTo = new Menu(messages.get("menu.moveTo"));
            moveTo.setId("menu-move-to");
            for (Master m : vm.masters()) {
                if (m.id() != ref.masterId()) {
                    MenuItem to = new MenuItem(m.name());
                    to.getStyleClass().add("menu-move-to-master");
                    // a master who does not do the service is shown, but not offered
                    to.setDisable(!vm.offers(m.id(), ref.serviceId()));
                    to.setOnAction(e -> {
                        drag.savingUntilAnswered(entry);
                        // the booking's own start and length: the entry's interval is wall-clock times only (issue 30)
                        var b = vm.booking(ref.bookingId(), ref.version());
                        vm.move(ref, m.id(), b.map(x -> x.start()).orElse(entry.getStartAsZonedDateTime().toInstant()),
                                b.map(x -> x.durationMin()).orElse((int) entry.getDuration().toMinutes()),
                                app.salondesk.model.booking.Source.MENU, saved -> drag.answered(entry));
                    });
                    moveTo.getItems().add(to);
                }
            }
            menu.getItems().add(moveTo);
        }
        if (StatusChoices.cancellable(ref.status())) {
            menu.getItems().addAll(new SeparatorMenuItem(),
                    item("menu.cancel", "menu-cancel", () -> confirmCancel(entry, ref)));
        }
        return menu;
    }

    /** One part of a visit was dragged: move the whole visit, only this booking, or neither (issue 18). */
    private BookingDrag.VisitChoice askWholeVisit(Entry<?> entry) {
        ButtonType whole = new ButtonType(messages.get("visit.moveWhole"), ButtonBar.ButtonData.YES);
        ButtonType one = new ButtonType(messages.get("visit.moveOne"), ButtonBar.ButtonData.NO);
        ButtonType neither = new ButtonType(messages.get("confirm.no"), ButtonBar.ButtonData.CANCEL_CLOSE);
        Alert ask = new Alert(Alert.AlertType.CONFIRMATION, messages.format("visit.moveWholeText", entry.getTitle()), whole, one, neither);
        ask.setTitle(messages.get("visit.moveWholeTitle"));
        ask.setHeaderText(null);
        if (root.getScene() != null) {
            ask.initOwner(root.getScene().getWindow());
        }
        ask.getDialogPane().lookupButton(whole).setId("visit-move-whole");
        ask.getDialogPane().lookupButton(one).setId("visit-move-one");
        ask.getDialogPane().lookupButton(neither).setId("visit-move-neither");
        ButtonType answer = app.salondesk.gui.common.DeskWindows.showAndWait(ask).orElse(neither);
        return answer == whole ? BookingDrag.VisitChoice.WHOLE : answer == one ? BookingDrag.VisitChoice.ONLY_THIS
                : BookingDrag.VisitChoice.NEITHER;
    }

    private void confirmCancel(Entry<?> entry, BookingRef ref) {
        ButtonType yes = new ButtonType(messages.get("confirm.yes"), ButtonBar.ButtonData.OK_DONE);
        ButtonType no = new ButtonType(messages.get("confirm.no"), ButtonBar.ButtonData.CANCEL_CLOSE);
        Alert ask = new Alert(Alert.AlertType.CONFIRMATION,
                messages.format("confirm.cancelText", entry.getTitle(),
                        entry.getStartAsZonedDateTime().format(DateTimeFormatter.ofLocalizedDateTime(FormatStyle.MEDIUM, FormatStyle.SHORT)
                                .withLocale(messages.locale()))), yes, no);
        ask.setTitle(messages.get("confirm.cancelTitle"));
        ask.setHeaderText(null);
        if (root.getScene() != null) {
            ask.initOwner(root.getScene().getWindow());
        }
        ask.getDialogPane().lookupButton(yes).setId("confirm-yes");
        ask.getDialogPane().lookupButton(no).setId("confirm-no");
        app.salondesk.gui.common.DeskWindows.showAndWait(ask).filter(b -> b == yes).ifPresent(b -> vm.changeStatus(ref, BookingStatus.CANCELLED));
    }

    private MenuItem item(String key, String id, Runnable action) {
        MenuItem i = new MenuItem(messages.get(key));
        i.setId(id);
        i.setOnAction(e -> action.run());
        return i;
    }

    // ---- showing a day ---------------------------------------------------------------------

    private Node header(Resource<Master> r) {
        Master m = r.getUserObject();
        Label l = new Label(m.name());
        l.getStyleClass().add("master-header");
        l.setStyle("-master-colour: " + m.colour() + ";");
        l.setMaxWidth(Double.MAX_VALUE);
        return l;
    }
}
