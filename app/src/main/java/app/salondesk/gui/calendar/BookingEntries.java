package app.salondesk.gui.calendar;

import app.salondesk.i18n.Messages;
import app.salondesk.model.booking.BookingStatus;
import app.salondesk.model.booking.ScheduledBooking;
import app.salondesk.model.booking.Shape;
import app.salondesk.model.calendar.BookingRef;
import com.calendarfx.model.Entry;
import com.calendarfx.model.Interval;
import com.calendarfx.view.DayEntryView;
import com.calendarfx.view.WeekDayView;
import com.calendarfx.view.WeekView;
import javafx.geometry.Pos;
import javafx.scene.control.Label;
import javafx.scene.control.Tooltip;

import java.time.Instant;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.time.format.FormatStyle;
import java.util.function.IntSupplier;

/**
 * How a booking looks on the day view: its entry (client — service, the status words and style),
 * the key that says when a reload must replace it, and the view CalendarFX draws for it — a
 * booking the client made on the salon's page carries an "online" badge (and, while pending,
 * "pending — confirm"), one the waitlist made a "waitlist — call to confirm" badge while pending;
 * each says so in its tooltip. Only those get anything extra: the badge is made once, when
 * CalendarFX makes the entry's view, never on a repaint.
 */
final class BookingEntries {

    static final String ONLINE_STYLE = "booking-online";
    static final String WAITLIST_STYLE = "booking-waitlist";
    /** A booking with processing time (migration 17), and the lighter band of each of its gaps. */
    static final String PHASED_STYLE = "booking-phased";
    static final String PROCESSING_STYLE = "processing-band";
    /** The client said "yes" by her message's link (issue 33): a mark on the entry, on every desk. */
    static final String CLIENT_CONFIRMED_STYLE = "booking-client-confirmed";
    static final String CLIENT_ALERT_STYLE = "booking-client-alert";
    /** The alert of each booking entry that has one, by the entry's id (the entry's user object holds ids only). */
    private final java.util.Map<String, String> alerts = new java.util.concurrent.ConcurrentHashMap<>();

    private final Messages messages;
    private final ZoneId zone;
    private final DateTimeFormatter time;

    BookingEntries(Messages messages, ZoneId zone) {
        this.messages = messages;
        this.zone = zone;
        this.time = DateTimeFormatter.ofLocalizedTime(FormatStyle.SHORT).withLocale(messages.locale());
    }

    String title(ScheduledBooking b) {
        String service = b.serviceName() != null ? b.serviceName() : messages.get("booking.customService");
        return b.clientName() + " \u2014 " + service;
    }

    /** Equal keys show the same: the entry already on the calendar stays. */
    static String key(ScheduledBooking b, String title) {
        return "booking:" + b.masterId() + ":" + b.id() + ":" + b.version() + ":" + b.status().dbValue()
                + ":" + b.start() + ":" + b.end() + ":" + b.source().dbValue() + ":" + title + ":" + b.shape() + ":" + b.visitId()
                + ":" + b.clientConfirmed() + ":" + b.alert();
    }

    Entry<BookingRef> entry(ScheduledBooking b, String title) {
        return entry(Long.toString(b.id()), b, title, b.start(), b.end(), b.shape());
    }

    /**
     * A booking as a room's or an equipment's column shows it: for the time it holds the unit
     * (until its cleanup ends), the master named in the title, without processing bands — the
     * client stays in the chair while the colour takes.
     */
    Entry<BookingRef> hold(String id, ScheduledBooking b, String masterName, Instant from, Instant to) {
        return entry(id, b, title(b) + " \u00b7 " + masterName, from, to, Shape.PLAIN);
    }

    private Entry<BookingRef> entry(String id, ScheduledBooking b, String title, Instant from, Instant to, Shape shape) {
        Entry<BookingRef> e = new Entry<>(title, new Interval(from, to, zone), id);
        e.setUserObject(new BookingRef(b.id(), b.masterId(), b.version(), b.status(), b.source(), b.serviceId(), shape, b.visitId()));
        if (shape.hasProcessing()) {
            e.getStyleClass().add(PHASED_STYLE);
        }
        String status = messages.get("booking.status." + b.status().dbValue())
                + (b.clientConfirmed() ? " \u00b7 " + messages.get("schedule.clientConfirmed") : "");
        e.setLocation(b.online() ? status + " \u00b7 " + messages.get("schedule.online")
                : b.fromWaitlist() ? status + " \u00b7 " + messages.get("schedule.waitlist") : status);
        if (b.clientConfirmed()) {
            e.getStyleClass().add(CLIENT_CONFIRMED_STYLE);
        }
        if (b.alert() != null) {
            e.getStyleClass().add(CLIENT_ALERT_STYLE);
            alerts.put(id, b.alert());
        } else {
            alerts.remove(id);
        }
        e.getStyleClass().add("booking-" + b.status().dbValue().replace('_', '-'));
        if (b.online()) {
            e.getStyleClass().add(ONLINE_STYLE);
        }
        if (b.fromWaitlist()) {
            e.getStyleClass().add(WAITLIST_STYLE);
        }
        return e;
    }

    /** The view of an entry ({@link BookingEntryView}: CalendarFX's, with a lighter skin), with the online or waitlist mark of the road that made it. */
    DayEntryView view(Entry<?> entry) {
        DayEntryView view = new BookingEntryView(entry, time, zone);
        BookingDrag.hideMoveGhost(view);
        if (entry.getStyleClass().contains(ShownDays.CLOSED_WHY_STYLE)) {
            view.setMouseTransparent(true);   // words in the shading: a click there is a click on the column
            view.setFocusTraversable(false);
            return view;
        }
        if (entry.getUserObject() instanceof BookingRef ref && ref.shape().hasProcessing()) {
            processingBands(view, entry, ref);
        }
        if (entry.getStyleClass().contains(CLIENT_CONFIRMED_STYLE)) {
            // top right, clear of the online and waitlist badges at the bottom
            Label mark = new Label(messages.get("schedule.clientConfirmedMark"));
            mark.getStyleClass().add("client-confirmed-mark");
            mark.setMouseTransparent(true);
            view.addNode(Pos.TOP_RIGHT, mark);
            Tooltip.install(view, new Tooltip(entry.getTitle() + "\n" + messages.get("schedule.clientConfirmedTip")));
        }
        String alert = entry.getStyleClass().contains(CLIENT_ALERT_STYLE) ? alerts.get(entry.getId()) : null;
        if (alert != null) {
            // the client's alert (issue 36): a mark whoever looks at the day sees, the words under the mouse
            Label mark = new Label(messages.get("schedule.alertMark"));
            mark.getStyleClass().add("client-alert-mark");
            view.addNode(Pos.CENTER_RIGHT, mark);
            Tooltip.install(mark, new Tooltip(messages.format("schedule.alertTip", alert)));
        }
        if (entry.getUserObject() instanceof BookingRef ref && ref.online()) {
            boolean pending = ref.status() == BookingStatus.PENDING;
            badge(view, entry, pending ? "schedule.onlinePending" : "schedule.online",
                    pending ? "schedule.onlinePendingTip" : "schedule.onlineTip", pending);
        } else if (entry.getUserObject() instanceof BookingRef ref && ref.fromWaitlist() && ref.status() == BookingStatus.PENDING) {
            // until a receptionist has called the client and confirmed (or cancelled) it
            badge(view, entry, "schedule.waitlistPending", "schedule.waitlistPendingTip", true);
        }
        return view;
    }

    /**
     * The processing phases drawn lighter over the entry, where the master is free: a band per
     * gap, placed by its minutes from the start (mouse-transparent: a press there is a press on
     * the booking, and a drop of another booking there lands on the column).
     */
    private void processingBands(DayEntryView view, Entry<?> entry, BookingRef ref) {
        javafx.scene.layout.Pane bands = new javafx.scene.layout.Pane();
        bands.setMouseTransparent(true);
        bands.setManaged(true);
        bands.getStyleClass().add("processing-bands");
        double total = Math.max(1, entry.getDuration().toMinutes());
        for (int[] gap : ref.shape().processing()) {
            javafx.scene.layout.Region band = new javafx.scene.layout.Region();
            band.getStyleClass().add(PROCESSING_STYLE);
            band.setMouseTransparent(true);
            band.layoutYProperty().bind(view.heightProperty().multiply(gap[0] / total));
            band.prefHeightProperty().bind(view.heightProperty().multiply((gap[1] - gap[0]) / total));
            band.prefWidthProperty().bind(view.widthProperty());
            band.resize(0, 0);
            bands.getChildren().add(band);
        }
        bands.prefWidthProperty().bind(view.widthProperty());
        bands.prefHeightProperty().bind(view.heightProperty());
        view.addNode(Pos.TOP_LEFT, bands);
        Tooltip.install(view, new Tooltip(entry.getTitle() + "\n" + messages.get("schedule.processingTip")));
    }

    private void badge(DayEntryView view, Entry<?> entry, String text, String tip, boolean pending) {
        Label badge = new Label(messages.get(text));
        badge.getStyleClass().add("online-badge");
        if (pending) {
            badge.getStyleClass().add("online-badge-pending");
        }
        badge.setMouseTransparent(true);   // a press on it is a press on the booking (drag, menu)
        view.addNode(Pos.BOTTOM_RIGHT, badge);
        Tooltip.install(view, new Tooltip(entry.getTitle() + "\n" + messages.get(tip)));
    }

    /** CalendarFX's week of one master (its default), whose days draw entries with {@link #view}. */
    WeekView week(IntSupplier numberOfDays) {
        WeekView week = new WeekView(numberOfDays.getAsInt());
        week.setWeekDayViewFactory(p -> {
            WeekDayView day = new WeekDayView();
            day.setEntryViewFactory(this::view);
            return day;
        });
        return week;
    }
}
