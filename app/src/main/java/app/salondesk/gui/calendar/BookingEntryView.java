package app.salondesk.gui.calendar;

import com.calendarfx.model.Calendar;
import com.calendarfx.model.Entry;
import com.calendarfx.view.DayEntryView;
import com.calendarfx.view.DraggedEntry;
import javafx.beans.InvalidationListener;
import javafx.beans.WeakInvalidationListener;
import javafx.collections.MapChangeListener;
import javafx.geometry.HPos;
import javafx.geometry.Pos;
import javafx.geometry.VPos;
import javafx.scene.Node;
import javafx.scene.control.Skin;
import javafx.scene.control.SkinBase;
import javafx.scene.shape.Rectangle;
import javafx.scene.text.Text;

import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.Map;

/**
 * A booking on the day view: CalendarFX's {@link DayEntryView} — its behaviour, selection,
 * drag and resize, context menu and style classes all CalendarFX's — drawn by a lighter skin.
 *
 * <p>CalendarFX's own skin makes two {@code Label}s per entry (each a control with a skin and a
 * text node of its own), a clip bound to the view and a flow pane for every position that holds
 * a node. A salon day of 30 masters holds about 600 bookings, and on every change of the shown
 * day JavaFX styled and laid out all of those nodes anew: a profile of day switches put more
 * than half the FX thread's time in CSS and in making those skins (BENCHMARKS.md, issue 16).
 * This skin draws the same — the title in bold, wrapped, and the start time under it when there
 * is room, the badges of {@link BookingEntries} in their corner — with two {@link Text} nodes,
 * which CSS styles with a fraction of the work. Its style classes are CalendarFX's, so the
 * status colours of salondesk.css apply unchanged.
 */
final class BookingEntryView extends DayEntryView {

    static final String TITLE_STYLE = "booking-entry-title";
    static final String TIME_STYLE = "booking-entry-time";

    private final DateTimeFormatter time;
    private final ZoneId zone;

    BookingEntryView(Entry<?> entry, DateTimeFormatter time, ZoneId zone) {
        super(entry);
        this.time = time;
        this.zone = zone;
        // styled before it enters the scene: classes set by the skin, which JavaFX makes during
        // the CSS pass, made that pass style the entry twice
        updateStyles();
    }

    /** CalendarFX's entry style classes (what salondesk.css colours by status), as its own skin sets them. */
    private void updateStyles() {
        Entry<?> entry = getEntry();
        Calendar calendar = entry instanceof DraggedEntry d ? d.getOriginalCalendar() : entry.getCalendar();
        if (calendar == null) {
            return;   // the entry has just left its calendar
        }
        List<String> classes = new java.util.ArrayList<>(2 + entry.getStyleClass().size());
        classes.add("default-style-entry");
        classes.add(calendar.getStyle() + "-entry");
        classes.addAll(entry.getStyleClass());
        if (!getStyleClass().equals(classes)) {
            getStyleClass().setAll(classes);
        }
    }

    @Override
    protected Skin<?> createDefaultSkin() {
        return new LightSkin(this);
    }

    /** What the entry's text says: its title, and its start in the salon's time. */
    String titleText() {
        return getEntry().getTitle();
    }

    String timeText() {
        if (getEntry().getStyleClass().contains(ShownDays.CLOSED_WHY_STYLE)) {
            return "";   // words in the shading say why the day is closed, not when
        }
        return time.format(getEntry().getStartAsZonedDateTime().withZoneSameInstant(zone));
    }

    /**
     * The skin: two text nodes, the entry's badges, a clip; no controls of its own but for a
     * small spinner while a save of the booking has been under way for a while
     * ({@link BookingDrag#SAVING_SHOWN_STYLE}), made only then.
     */
    private static final class LightSkin extends SkinBase<BookingEntryView> {

        private static final double PAD_X = 4;
        private static final double PAD_TOP = 1;
        private static final double TIME_GAP = 2;

        private final Text title = new Text();
        private final Text start = new Text();
        private final Rectangle clip = new Rectangle();
        private final InvalidationListener labels = it -> updateLabels();
        private final InvalidationListener styles = it -> getSkinnable().updateStyles();
        private javafx.scene.control.ProgressIndicator spinner;
        private static final double SPINNER = 14;

        LightSkin(BookingEntryView view) {
            super(view);
            title.getStyleClass().add(TITLE_STYLE);
            start.getStyleClass().add(TIME_STYLE);
            title.setManaged(false);
            start.setManaged(false);
            title.setMouseTransparent(true);
            start.setMouseTransparent(true);
            getChildren().addAll(title, start);
            view.setClip(clip);

            Entry<?> entry = view.getEntry();
            // weak, as CalendarFX's skin listens: an entry outlives the views made of it
            entry.intervalProperty().addListener(new WeakInvalidationListener(labels));
            entry.titleProperty().addListener(new WeakInvalidationListener(labels));
            entry.calendarProperty().addListener(new WeakInvalidationListener(styles));
            view.getNodes().addListener((MapChangeListener<Pos, List<Node>>) c -> updateNodes());
            view.getStyleClass().addListener((InvalidationListener) it -> updateSpinner());
            updateLabels();
            updateNodes();
            updateSpinner();
        }

        private void updateSpinner() {
            boolean saving = getSkinnable().getStyleClass().contains(BookingDrag.SAVING_SHOWN_STYLE);
            if (saving && spinner == null) {
                spinner = new javafx.scene.control.ProgressIndicator();
                spinner.getStyleClass().add("entry-saving-spinner");
                spinner.setManaged(false);
                spinner.setMouseTransparent(true);
                spinner.resize(SPINNER, SPINNER);
                getChildren().add(spinner);
            } else if (!saving && spinner != null) {
                getChildren().remove(spinner);
                spinner = null;
            }
        }

        private void updateLabels() {
            title.setText(getSkinnable().titleText());
            start.setText(getSkinnable().timeText());
        }

        private void updateNodes() {
            getChildren().removeIf(n -> n != title && n != start && n != spinner);
            for (Map.Entry<Pos, List<Node>> at : getSkinnable().getNodes().entrySet()) {
                for (Node n : at.getValue()) {
                    n.setManaged(false);
                    getChildren().add(n);
                }
            }
        }

        @Override
        protected void layoutChildren(double x, double y, double w, double h) {
            clip.setWidth(getSkinnable().getWidth());
            clip.setHeight(getSkinnable().getHeight());
            double textWidth = Math.max(0, w - 2 * PAD_X);
            title.setWrappingWidth(textWidth);
            double titleHeight = title.getLayoutBounds().getHeight();
            title.relocate(snapPositionX(x + PAD_X), snapPositionY(y + PAD_TOP));
            double timeHeight = start.getLayoutBounds().getHeight();
            boolean room = h - PAD_TOP - titleHeight - TIME_GAP > timeHeight;
            start.setVisible(room);
            if (room) {
                start.relocate(snapPositionX(x + PAD_X), snapPositionY(y + PAD_TOP + titleHeight + TIME_GAP));
            }
            if (spinner != null) {
                spinner.resizeRelocate(snapPositionX(x + w - SPINNER - 2), snapPositionY(y + 2), SPINNER, SPINNER);
            }
            // the nodes of BookingEntries (badges, processing bands) at their corner, side by side
            for (Map.Entry<Pos, List<Node>> at : getSkinnable().getNodes().entrySet()) {
                Pos pos = at.getKey();
                double left = x;
                double right = x + w;
                for (Node n : at.getValue()) {
                    n.autosize();
                    double nw = n.getLayoutBounds().getWidth();
                    double nh = n.getLayoutBounds().getHeight();
                    double ny = pos.getVpos() == VPos.TOP ? y : pos.getVpos() == VPos.CENTER ? y + (h - nh) / 2 : y + h - nh;
                    double nx;
                    if (pos.getHpos() == HPos.LEFT) {
                        nx = left;
                        left += nw;
                    } else if (pos.getHpos() == HPos.CENTER) {
                        nx = x + (w - nw) / 2;
                    } else {
                        nx = right - nw;
                        right -= nw;
                    }
                    n.relocate(snapPositionX(nx), snapPositionY(ny));
                }
            }
        }

        @Override
        protected double computeMinHeight(double width, double top, double right, double bottom, double left) {
            return top + bottom;   // as CalendarFX's skin: a short booking is as tall as its time, its text clipped
        }
    }
}
