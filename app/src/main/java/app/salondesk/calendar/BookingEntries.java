package app.salondesk.calendar;

import app.salondesk.booking.BookingStatus;
import app.salondesk.booking.ScheduledBooking;
import app.salondesk.i18n.Messages;
import com.calendarfx.model.Entry;
import com.calendarfx.model.Interval;
import com.calendarfx.view.DayEntryView;
import com.calendarfx.view.WeekDayView;
import com.calendarfx.view.WeekView;
import javafx.geometry.Pos;
import javafx.scene.control.Label;
import javafx.scene.control.Tooltip;

import java.time.ZoneId;
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

    private final Messages messages;
    private final ZoneId zone;

    BookingEntries(Messages messages, ZoneId zone) {
        this.messages = messages;
        this.zone = zone;
    }

    String title(ScheduledBooking b) {
        String service = b.serviceName() != null ? b.serviceName() : messages.get("booking.customService");
        return b.clientName() + " \u2014 " + service;
    }

    /** Equal keys show the same: the entry already on the calendar stays. */
    static String key(ScheduledBooking b, String title) {
        return "booking:" + b.masterId() + ":" + b.id() + ":" + b.version() + ":" + b.status().dbValue()
                + ":" + b.start() + ":" + b.end() + ":" + b.source().dbValue() + ":" + title;
    }

    Entry<BookingRef> entry(ScheduledBooking b, String title) {
        Entry<BookingRef> e = new Entry<>(title, new Interval(b.start(), b.end(), zone), Long.toString(b.id()));
        e.setUserObject(new BookingRef(b.id(), b.masterId(), b.version(), b.status(), b.source(), b.serviceId()));
        String status = messages.get("booking.status." + b.status().dbValue());
        e.setLocation(b.online() ? status + " \u00b7 " + messages.get("schedule.online")
                : b.fromWaitlist() ? status + " \u00b7 " + messages.get("schedule.waitlist") : status);
        e.getStyleClass().add("booking-" + b.status().dbValue().replace('_', '-'));
        if (b.online()) {
            e.getStyleClass().add(ONLINE_STYLE);
        }
        if (b.fromWaitlist()) {
            e.getStyleClass().add(WAITLIST_STYLE);
        }
        return e;
    }

    /** The view of an entry, as CalendarFX would make it, with the online or waitlist mark of the road that made it. */
    DayEntryView view(Entry<?> entry) {
        DayEntryView view = new DayEntryView(entry);
        BookingDrag.hideMoveGhost(view);
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
