package app.salondesk.gui.calendar;

import app.salondesk.model.calendar.BookingRef;
import com.calendarfx.view.EntryViewBase;
import javafx.animation.PauseTransition;
import javafx.event.Event;
import javafx.geometry.Bounds;
import javafx.geometry.Point2D;
import javafx.scene.Node;
import javafx.scene.Parent;
import javafx.scene.input.ContextMenuEvent;
import javafx.scene.input.KeyCode;
import javafx.scene.input.KeyEvent;
import javafx.scene.input.PickResult;
import javafx.util.Duration;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * The day's bookings without the mouse: ↓ and ↑ go from booking to booking in time order (from
 * anywhere on the desk but a field), Enter opens the focused one, and the context-menu key or
 * Shift+F10 opens its menu (Confirm, Arrived…, Move to ▸, Cancel) under it, whose items the
 * arrows and Enter choose. Desktop platforms send that menu request themselves; where one does
 * not (a headless screen), it is sent here — only when none came, so a menu never opens twice.
 */
final class EntryKeys {

    private final Parent calendar;
    private long lastMenuShown;

    EntryKeys(Parent calendar) {
        this.calendar = calendar;
        calendar.addEventFilter(KeyEvent.KEY_PRESSED, this::key);
    }

    /** Told by the calendar each time it makes an entry's menu (for any reason). */
    void menuShown() {
        lastMenuShown = System.nanoTime();
    }

    /** The booking after (or before) the focused one in time order; the first (last) when none is focused. */
    boolean focusNext(boolean forward) {
        List<EntryViewBase<?>> entries = entries();
        if (entries.isEmpty()) {
            return false;
        }
        Node focused = calendar.getScene() == null ? null : calendar.getScene().getFocusOwner();
        int at = entries.indexOf(focused);
        int next = at < 0 ? (forward ? 0 : entries.size() - 1) : Math.max(0, Math.min(entries.size() - 1, at + (forward ? 1 : -1)));
        entries.get(next).requestFocus();
        return true;
    }

    /** The day's bookings on screen, by start, then from the left column to the right. */
    private List<EntryViewBase<?>> entries() {
        List<EntryViewBase<?>> found = new ArrayList<>();
        collect(calendar, found);
        found.sort(Comparator.<EntryViewBase<?>, java.time.ZonedDateTime>comparing(e -> e.getEntry().getStartAsZonedDateTime())
                .thenComparingDouble(e -> e.localToScene(0, 0).getX()));
        return found;
    }

    private static void collect(Node n, List<EntryViewBase<?>> out) {
        if (n instanceof EntryViewBase<?> e) {
            if (e.isVisible() && e.getEntry() != null && e.getEntry().getUserObject() instanceof BookingRef && e.getScene() != null) {
                out.add(e);
            }
            return;
        }
        if (n instanceof Parent p && n.isVisible()) {
            p.getChildrenUnmodifiable().forEach(c -> collect(c, out));
        }
    }

    private void key(KeyEvent e) {
        Node focused = calendar.getScene() == null ? null : calendar.getScene().getFocusOwner();
        boolean onEntry = focused instanceof EntryViewBase<?>;
        if (e.getCode() == KeyCode.CONTEXT_MENU || e.getCode() == KeyCode.F10 && e.isShiftDown()) {
            if (onEntry) {
                long asked = System.nanoTime();
                // the platform's own menu request, if it sends one, comes right after the key
                PauseTransition wait = new PauseTransition(Duration.millis(150));
                wait.setOnFinished(x -> {
                    if (lastMenuShown < asked && focused.getScene() != null) {
                        openMenu((EntryViewBase<?>) focused);
                    }
                });
                wait.play();
                e.consume();
            }
        } else if (onEntry && (e.getCode() == KeyCode.DOWN || e.getCode() == KeyCode.UP) && !e.isShortcutDown() && !e.isAltDown()) {
            focusNext(e.getCode() == KeyCode.DOWN);
            e.consume();
        }
    }

    private static void openMenu(EntryViewBase<?> entry) {
        Bounds b = entry.getLayoutBounds();
        double x = Math.min(b.getWidth() / 2, 40);
        double y = Math.min(b.getHeight() / 2, 12);
        Point2D screen = entry.localToScreen(x, y);
        Point2D scene = entry.localToScene(x, y);
        Event.fireEvent(entry, new ContextMenuEvent(ContextMenuEvent.CONTEXT_MENU_REQUESTED, scene.getX(), scene.getY(),
                screen.getX(), screen.getY(), true, new PickResult(entry, scene.getX(), scene.getY())));
    }
}
