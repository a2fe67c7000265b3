package app.salondesk.gui.calendar;

import app.salondesk.gui.common.SaveInFlight;
import app.salondesk.i18n.Messages;
import app.salondesk.logic.booking.RuleBookBatch;
import app.salondesk.model.calendar.BookingRef;
import app.salondesk.model.staff.Master;
import com.calendarfx.model.Entry;
import com.calendarfx.model.Interval;
import com.calendarfx.model.Resource;
import com.calendarfx.util.ViewHelper;
import com.calendarfx.view.DateControl;
import com.calendarfx.view.DayEntryView;
import com.calendarfx.view.DayView;
import com.calendarfx.view.DayViewBase;
import com.calendarfx.view.DraggedEntry;
import com.calendarfx.view.ResourcesView;
import com.calendarfx.view.VirtualGrid;
import javafx.application.Platform;
import javafx.geometry.Bounds;
import javafx.geometry.Point2D;
import javafx.geometry.Pos;
import javafx.scene.Node;
import javafx.scene.control.Label;
import javafx.scene.input.KeyCode;
import javafx.scene.input.KeyEvent;
import javafx.scene.input.MouseButton;
import javafx.scene.input.MouseEvent;
import javafx.scene.layout.Pane;

import java.time.Duration;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.time.format.FormatStyle;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;

/**
 * The drag of a booking on the schedule, within its master's column or across to another's
 * (issue 16: the preview lied — half the length, an hour off — and nothing showed a save in
 * flight). It owns the mouse and key filters of a drag, the one preview of where the booking
 * will land, and the saving state of a dropped booking; {@link DayScheduleView} owns the
 * controls, the shown days and the menus, as CalendarFX keeps behaviour apart from skins.
 * <ul>
 *   <li><b>One preview</b> (label {@code #drop-preview}): the booking's real length from the
 *       start it will land on — snapped to the 15-minute grid the way CalendarFX snaps, laid out
 *       by the target column's own time scale — with its start, end and the target master's
 *       name. CalendarFX's own ghost of a move is hidden, so there is one. The drop lands
 *       exactly on the preview's start and master.</li>
 *   <li><b>Targets that cannot take it</b> are marked before the drop ({@code drop-invalid} and
 *       why), as the database's rule book answers them ({@link DropVerdicts}, asked in one batch
 *       when the drag starts, issue 30): closed, day off, time off, another booking's busy time or
 *       cleanup, its own cleanup past closing, a room taken, a start in the past, a master who does
 *       not do the service. Until the answers come the preview says only where it lands; the engine
 *       still decides the drop.</li>
 *   <li><b>Wall-clock times</b> (issue 30): CalendarFX's intervals are local times, which on the
 *       night the clocks go back cannot tell the two 23:30s apart. So the booking's real start and
 *       length are read from the schedule, never back from its entry: a move keeps its length in
 *       real minutes, a time on the grid is read as the database reads it ({@link
 *       app.salondesk.model.salon.WallClock}: the second of two), and a booking dropped where it was
 *       does not move.</li>
 *   <li><b>Esc</b> ends a drag: the booking stays where it was, nothing is asked.</li>
 *   <li><b>Saving</b>: from the drop until the engine's answer the entry is faded, says
 *       "saving…", then "waiting for the schedule…" as {@link SaveInFlight} times it (the lock
 *       is someone else's), and cannot be dragged again; the answer settles it.</li>
 * </ul>
 */
final class BookingDrag {

    /** What a receptionist answers when she drags one part of a visit. */
    enum VisitChoice { WHOLE, ONLY_THIS, NEITHER }

    /** Asks "the whole visit?" (the view shows the question; a test may answer it). */
    private java.util.function.Function<Entry<?>, VisitChoice> askVisit = e -> VisitChoice.ONLY_THIS;

    void setAskVisit(java.util.function.Function<Entry<?>, VisitChoice> ask) {
        this.askVisit = ask;
    }

    /** The lines CalendarFX snaps a drag to (the view's {@code VirtualGrid}). */
    static final int GRID_MIN = 15;

    static final String SAVING_STYLE = "saving";
    /** The save has taken long enough (300 ms) to say so: the entry shows a spinner too. */
    static final String SAVING_SHOWN_STYLE = "saving-shown";
    static final String INVALID_STYLE = "drop-invalid";
    /** CalendarFX starts a resize this close to an entry's top or bottom edge. */
    private static final double RESIZE_EDGE = 5;

    private final DayScheduleViewModel vm;
    private final Messages messages;
    private final ZoneId zone;
    private final ResourcesView<Resource<Master>> view;
    private final Function<DateControl, Master> masterOf;
    private final Runnable onEnded;
    /** Where a dragged booking will land: its real length, start, end and master. */
    private final Label preview = new Label();
    /** Entries whose move is on its way to the engine, and how each shows it. */
    private final Map<Entry<?>, SaveInFlight> saving = new HashMap<>();
    /** Their own titles meanwhile. */
    private final Map<Entry<?>, String> savingTitles = new HashMap<>();

    /**
     * A drag in progress: the entry, where it was (its wall-clock interval, and the booking's real
     * start and length), its column, how far below the booking's start it was grabbed (on the
     * column's clock), whether a resize.
     */
    private record Drag(Entry<BookingRef> entry, Interval original, Instant start, int minutes, DayView origin, Master fromMaster,
                        Duration grabOffset, boolean resize) {
    }

    /**
     * Where a move would land — the salon wall-clock time on the grid, its instant, its end — and why
     * the target cannot take it (empty: it can, or the rule book has not answered yet).
     */
    record Landing(Master master, LocalDateTime local, Instant start, Instant end, Optional<String> refusal) {
    }

    private Drag drag;
    /** The rule book's answers for this drag's targets. */
    private final DropVerdicts verdicts;
    /** Whether this drag has asked the rule book yet. */
    private boolean verdictsAsked;
    /** Where the pointer last was during a move (scene), to show the answers once they come. */
    private double lastX;
    private double lastY;
    /** The masters' day columns when the drag began. */
    private List<DayView> columns = List.of();
    /** A drag ended with Esc: its remaining mouse events are not CalendarFX's to act on. */
    private boolean cancelled;
    /**
     * The press was on a booking whose last move is unanswered: this gesture is nobody's (CalendarFX
     * vetoes the edit, and 11.12.7 then throws on the drag), so its drags and release are swallowed.
     */
    private boolean onSaving;

    BookingDrag(DayScheduleViewModel vm, Messages messages, ResourcesView<Resource<Master>> view,
                Function<DateControl, Master> masterOf, Runnable onEnded) {
        this.vm = vm;
        this.messages = messages;
        this.zone = vm.salon().zone();
        this.view = view;
        this.masterOf = masterOf;
        this.onEnded = onEnded;
        this.verdicts = vm.dropVerdicts(this::verdictsCame);
        preview.getStyleClass().add("drop-marker");
        preview.setId("drop-preview");
        preview.setAlignment(Pos.TOP_LEFT);
        preview.setManaged(false);
        preview.setVisible(false);
        preview.setMouseTransparent(true);
        view.addEventFilter(MouseEvent.MOUSE_PRESSED, this::pressed);
        view.addEventFilter(MouseEvent.MOUSE_DRAGGED, this::dragged);
        view.addEventFilter(MouseEvent.MOUSE_RELEASED, this::released);
        view.sceneProperty().addListener((obs, old, now) -> {
            if (old != null) {
                old.removeEventFilter(KeyEvent.KEY_PRESSED, this::keyPressed);
            }
            if (now != null) {
                now.addEventFilter(KeyEvent.KEY_PRESSED, this::keyPressed);
            }
        });
    }

    /** The preview label, for the view to lay over the columns. */
    Node preview() {
        return preview;
    }

    /** Whether a booking is being dragged (reloads wait until it is dropped). */
    boolean active() {
        return drag != null;
    }

    /** Whether CalendarFX may start an edit of this entry: not while its last move is unanswered. */
    boolean editable(Entry<?> entry) {
        return !saving.containsKey(entry);
    }

    /**
     * The view of CalendarFX's own moving copy of a dragged booking: hidden, since the preview
     * shows where it lands (a resize keeps it: the copy is then the preview).
     */
    static void hideMoveGhost(DayEntryView entryView) {
        if (entryView.getEntry() instanceof DraggedEntry d && d.getDragMode() == DraggedEntry.DragMode.START_AND_END_TIME) {
            entryView.setOpacity(0);
            entryView.setMouseTransparent(true);
        }
    }

    // ---- the mouse and Esc --------------------------------------------------------------------

    @SuppressWarnings("unchecked")
    private void pressed(MouseEvent e) {
        drag = null;
        cancelled = false;
        onSaving = false;
        if (e.getButton() != MouseButton.PRIMARY) {
            return;
        }
        DayEntryView ev = ancestor(e.getTarget(), DayEntryView.class);
        if (ev == null || !(ev.getEntry().getUserObject() instanceof BookingRef)) {
            return;
        }
        if (saving.containsKey(ev.getEntry())) {
            onSaving = true;
            return;
        }
        Entry<BookingRef> entry = (Entry<BookingRef>) ev.getEntry();
        DayView dv = ancestor(ev, DayView.class);
        Master from = dv == null ? null : masterOf.apply(dv);
        if (from == null) {
            return;
        }
        Point2D p = dv.sceneToLocal(e.getSceneX(), e.getSceneY());
        Point2D inEntry = ev.sceneToLocal(e.getSceneX(), e.getSceneY());
        boolean resize = inEntry.getY() < RESIZE_EDGE || inEntry.getY() > ev.getHeight() - RESIZE_EDGE;
        Interval original = entry.getInterval();
        BookingRef ref = entry.getUserObject();
        // the booking's own start and length; its entry's interval is wall-clock times only
        var booking = vm.booking(ref.bookingId(), ref.version());
        Instant start = booking.map(b -> b.start()).orElse(original.getStartZonedDateTime().toInstant());
        int minutes = booking.map(b -> b.durationMin()).orElse((int) original.getDuration().toMinutes());
        drag = new Drag(entry, original, start, minutes, dv, from,
                Duration.between(original.getStartDateTime(), localAt(dv, p)), resize);
        verdictsAsked = false;
        // the columns, found once: looking them up on every move walked every booking's nodes
        // (600 on a day of 30 masters) and made the drag itself lag behind the mouse
        columns = view.lookupAll(".day-view").stream()
                .filter(n -> n instanceof DayView c && masterOf.apply(c) != null)
                .map(DayView.class::cast)
                .toList();
    }

    private void dragged(MouseEvent e) {
        if (cancelled || onSaving) {
            e.consume();   // Esc ended it: CalendarFX would start its copy again on the next move
            return;
        }
        if (drag == null || e.getTarget() instanceof DayViewBase) {
            return;
        }
        if (!drag.entry().getUserObject().status().holdsTime() || !vm.editableProperty().get()) {
            // CalendarFX 11.12.7 throws an NPE when it drags an entry whose edit is vetoed
            e.consume();
            return;
        }
        if (drag.resize()) {
            preview.setVisible(false);   // CalendarFX's copy is the preview of a resize
            return;
        }
        if (!verdictsAsked) {
            // asked once the booking really moves: a click on it (to select it, to open it) asks nothing
            verdictsAsked = true;
            verdicts.ask(drag.entry().getUserObject(), drag.minutes(), vm.shownMasters().stream().map(Master::id).toList(),
                    vm.visibleDays(), GRID_MIN);
        }
        lastX = e.getSceneX();
        lastY = e.getSceneY();
        showPreviewAt(lastX, lastY);
    }

    private void showPreviewAt(double sceneX, double sceneY) {
        Optional<Landing> landing = landingAt(sceneX, sceneY);
        landing.ifPresentOrElse(l -> showPreview(l, columnAt(sceneX, sceneY)), () -> preview.setVisible(false));
    }

    /** The rule book answered: the preview on screen says what it said. */
    private void verdictsCame() {
        if (drag != null && !drag.resize() && preview.isVisible()) {
            showPreviewAt(lastX, lastY);
        }
    }

    private void keyPressed(KeyEvent e) {
        if (e.getCode() == KeyCode.ESCAPE && drag != null) {
            e.consume();
            cancel();
        }
    }

    /** Esc: the booking stays where it was; CalendarFX's copy goes, so its release applies nothing. */
    private void cancel() {
        Drag d = drag;
        drag = null;
        verdicts.forget();
        cancelled = true;
        preview.setVisible(false);
        for (Node n = d.origin(); n != null; n = n.getParent()) {
            if (n instanceof DateControl dc && dc.getDraggedEntry() != null) {
                dc.setDraggedEntry(null);
            }
        }
        d.entry().setInterval(d.original());
        for (Node n : view.lookupAll(".day-entry-view")) {
            if (n instanceof DayEntryView ev && ev.getEntry() == d.entry()) {
                ev.getProperties().put("dragged", false);
                ev.getProperties().put("dragged-start", false);
                ev.getProperties().put("dragged-end", false);
            }
        }
        onEnded.run();
    }

    private void released(MouseEvent e) {
        Drag d = drag;
        Optional<Landing> landing = d == null || d.resize() || onSaving || cancelled ? Optional.empty()
                : landingAt(d, e.getSceneX(), e.getSceneY());
        drag = null;
        verdicts.forget();
        preview.setVisible(false);
        if (onSaving) {
            onSaving = false;
            e.consume();
            return;
        }
        if (cancelled) {
            cancelled = false;
            e.consume();
            onEnded.run();
            return;
        }
        if (d == null) {
            return;
        }
        // CalendarFX applies its copy's interval in its own release filter, on the scene, before
        // this one; what it did is looked at once the event is over
        Platform.runLater(() -> {
            finish(d, landing);
            onEnded.run();
        });
    }

    private void finish(Drag d, Optional<Landing> landing) {
        Entry<BookingRef> entry = d.entry();
        BookingRef ref = entry.getUserObject();
        if (!ref.status().holdsTime() || !vm.editableProperty().get()) {
            entry.setInterval(d.original());
            return;
        }
        Instant start;
        long master;
        int minutes;
        if (landing.isPresent()) {
            // a move lands where the preview said, in whichever column, as long as it was in real minutes
            master = landing.get().master().id();
            minutes = d.minutes();
            if (master == d.fromMaster().id() && landing.get().local().equals(d.original().getStartDateTime())) {
                entry.setInterval(d.original());   // dropped where it was (either 23:30 of a fall-back night)
                return;
            }
            start = landing.get().start();
            if (master == d.fromMaster().id()) {
                entry.setInterval(new Interval(start, landing.get().end(), zone));
            } else {
                entry.setInterval(d.original());   // it moves column once the engine has saved it
            }
        } else {
            // a resize: the edge that moved is read as the database reads a wall-clock time; the other
            // keeps the booking's own instant
            Interval now = entry.getInterval();
            if (now.equals(d.original())) {
                return;
            }
            DragTimes.Change c = DragTimes.resized(d.start(), d.minutes(), d.original().getStartDateTime(), d.original().getEndDateTime(),
                    now.getStartDateTime(), now.getEndDateTime(), zone);
            start = c.start();
            master = d.fromMaster().id();
            minutes = c.minutes();
        }
        if (ref.visitId() != null && master == d.fromMaster().id() && minutes == d.minutes()) {
            // a part of a visit moved in time: the whole visit, only this booking, or neither — each
            // part checked at the version the person sees while asked (issue 30)
            Optional<VisitAsSeen> seen = vm.visitAsSeen(ref);
            VisitChoice choice = askVisit.apply(entry);
            if (choice == VisitChoice.NEITHER) {
                entry.setInterval(d.original());
                return;
            }
            if (choice == VisitChoice.WHOLE && seen.isPresent()) {
                savingUntilAnswered(entry);
                vm.moveVisit(ref, seen.get(), Duration.between(d.start(), start), saved -> {
                    answered(entry);
                    if (!saved) {
                        entry.setInterval(d.original());
                    }
                });
                return;
            }
        }
        savingUntilAnswered(entry);
        vm.move(ref, master, start, minutes, saved -> {
            answered(entry);
            if (!saved) {
                entry.setInterval(d.original());   // spring back; the notification says why
            }
        });
    }

    // ---- where it lands ---------------------------------------------------------------------

    private Optional<Landing> landingAt(double sceneX, double sceneY) {
        return landingAt(drag, sceneX, sceneY);
    }

    /** Where the dragged booking lands with the pointer at a scene point; empty off the columns. */
    private Optional<Landing> landingAt(Drag d, double sceneX, double sceneY) {
        DayView over = columnAt(sceneX, sceneY);
        Master target = over == null ? null : masterOf.apply(over);
        if (target == null) {
            return Optional.empty();
        }
        // on the column's clock: the wall-clock time under the pointer, less where the booking was grabbed, on the grid
        LocalDateTime local = snap(over, localAt(over, over.sceneToLocal(sceneX, sceneY)).minus(d.grabOffset()));
        Optional<RuleBookBatch.Verdict> verdict = verdicts.at(target.id(), local);
        Instant start = verdict.map(RuleBookBatch.Verdict::start).orElseGet(() -> DragTimes.landing(local, zone));
        Instant end = start.plus(Duration.ofMinutes(d.minutes()));
        boolean moved = target.id() != d.fromMaster().id() || !local.equals(d.original().getStartDateTime());
        Optional<String> refusal = moved ? verdict.map(RuleBookBatch.Verdict::refusal).map(this::why) : Optional.empty();
        return Optional.of(new Landing(target, local, start, end, refusal));
    }

    /** The salon wall-clock time a column shows at a point of it. */
    private LocalDateTime localAt(DayView column, Point2D p) {
        return column.getZonedDateTimeAt(p.getX(), p.getY(), zone).toLocalDateTime();
    }

    /** Rounded to the nearest line of the grid, as CalendarFX rounds its own copy of a move (on the clock, not in instants). */
    private LocalDateTime snap(DayViewBase column, LocalDateTime t) {
        VirtualGrid grid = column.getVirtualGrid();
        if (grid == null) {
            return t;
        }
        LocalDateTime lower = grid.adjustTime(t, false, column.getFirstDayOfWeek());
        LocalDateTime upper = grid.adjustTime(t, true, column.getFirstDayOfWeek());
        return Duration.between(t, upper).abs().compareTo(Duration.between(t, lower).abs()) < 0 ? upper : lower;
    }

    /** The rule book's refusal in the desk's words. */
    private String why(RuleBookBatch.Refusal r) {
        return switch (r.kind()) {
            case TAKEN -> messages.get("schedule.dropTaken");
            case ROOM_TAKEN -> messages.get("schedule.dropRoomTaken");
            case INVALID -> r.reason().sentence(messages, r.detail());
        };
    }

    /**
     * The preview, laid out by the column's own time scale (its early and late hours are
     * compressed, so minutes are not pixels at one rate).
     */
    private void showPreview(Landing l, DayView over) {
        Pane parent = (Pane) preview.getParent();
        if (parent == null || over == null) {
            return;
        }
        Bounds column = parent.sceneToLocal(over.localToScene(over.getBoundsInLocal()));
        double top = ViewHelper.getTimeLocation(over, l.local().toLocalTime());
        double bottom = ViewHelper.getTimeLocation(over, l.end());
        DateTimeFormatter time = DateTimeFormatter.ofLocalizedTime(FormatStyle.SHORT).withLocale(messages.locale());
        String where = messages.format("schedule.dropPreview", l.local().format(time), l.end().atZone(zone).format(time),
                l.master().name());
        preview.setText(l.refusal().map(why -> messages.format("schedule.dropRefused", where, why)).orElse(where));
        if (l.refusal().isPresent() != preview.getStyleClass().contains(INVALID_STYLE)) {
            if (l.refusal().isPresent()) {
                preview.getStyleClass().add(INVALID_STYLE);
            } else {
                preview.getStyleClass().remove(INVALID_STYLE);
            }
        }
        preview.setUserData(l);
        preview.resizeRelocate(column.getMinX() + 2, column.getMinY() + top, column.getWidth() - 4, Math.max(12, bottom - top));
        preview.setVisible(true);
    }

    /** The master's day column under a scene point, if any. */
    private DayView columnAt(double sceneX, double sceneY) {
        for (DayView dv : columns) {
            if (dv.isVisible() && dv.localToScene(dv.getBoundsInLocal()).contains(sceneX, sceneY)) {
                return dv;
            }
        }
        return null;
    }

    // ---- saving --------------------------------------------------------------------------------

    /**
     * From the drop until the answer the entry shows it is being saved: faded at once, and as
     * {@link SaveInFlight} times it its title says "saving…", then "waiting for the schedule…"
     * (the form's Save says the same). It cannot be dragged meanwhile.
     */
    void savingUntilAnswered(Entry<?> entry) {
        entry.getStyleClass().add(SAVING_STYLE);
        String title = entry.getTitle();
        savingTitles.put(entry, title);
        SaveInFlight flight = SaveInFlight.start();
        flight.phaseProperty().addListener((obs, was, phase) -> {
            if (SaveInFlight.shown(phase)) {
                entry.setTitle(messages.format("schedule.savingTitle", title, SaveInFlight.words(messages, phase)));
                if (!entry.getStyleClass().contains(SAVING_SHOWN_STYLE)) {
                    entry.getStyleClass().add(SAVING_SHOWN_STYLE);
                }
            }
        });
        saving.put(entry, flight);
    }

    void answered(Entry<?> entry) {
        SaveInFlight flight = saving.remove(entry);
        if (flight != null) {
            flight.settle();
        }
        entry.getStyleClass().removeAll(SAVING_STYLE, SAVING_SHOWN_STYLE);
        String title = savingTitles.remove(entry);
        if (title != null) {
            entry.setTitle(title);
        }
    }

    private static <T> T ancestor(Object target, Class<T> type) {
        for (Node n = target instanceof Node node ? node : null; n != null; n = n.getParent()) {
            if (type.isInstance(n)) {
                return type.cast(n);
            }
        }
        return null;
    }
}
