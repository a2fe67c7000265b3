package app.salondesk.logic.export;

import app.salondesk.i18n.Messages;
import app.salondesk.model.booking.BookingStatus;
import app.salondesk.model.booking.ExportedBooking;
import net.fortuna.ical4j.data.CalendarOutputter;
import net.fortuna.ical4j.model.Calendar;
import net.fortuna.ical4j.model.component.VEvent;
import net.fortuna.ical4j.model.property.Description;
import net.fortuna.ical4j.model.property.Status;
import net.fortuna.ical4j.model.property.Uid;
import net.fortuna.ical4j.model.property.XProperty;

import java.io.IOException;
import java.io.Writer;
import java.util.ArrayList;
import java.util.List;

/**
 * A master's schedule as an iCalendar file, written by ical4j (it comes with CalendarFX), for
 * the master's phone or a calendar program: one event per booking, summary "service · client",
 * the phone, status and note in the description. Times are written in UTC, which every calendar
 * program shows in its own zone, so no time-zone definitions travel with the file (as the online
 * page's "add to calendar" does). A booking's UID stays the same from one export to the next, so
 * importing a newer file updates the events instead of doubling them.
 */
final class ScheduleCalendar {

    private ScheduleCalendar() {
    }

    static int write(String salonName, String masterName, long tenantId, List<ExportedBooking> rows, Messages messages, Writer out)
            throws IOException {
        Calendar calendar = new Calendar().withProdId("-//SalonDesk//Schedule export//EN").withDefaults()
                .withProperty(new XProperty("X-WR-CALNAME", messages.format("export.ics.calendarName", masterName, salonName)))
                .getFluentTarget();
        for (ExportedBooking b : rows) {
            VEvent event = new VEvent(b.start(), b.end(), summary(b, messages));
            event.add(new Uid("booking-" + b.id() + "-" + tenantId + "@salondesk"));
            List<String> lines = new ArrayList<>();
            if (b.clientPhone() != null) {
                lines.add(b.clientPhone());
            }
            lines.add(messages.get("booking.status." + b.status().dbValue()));
            if (!b.note().isBlank()) {
                lines.add(b.note());
            }
            event.add(new Description(String.join("\n", lines)));
            // a pending booking (waitlist, online) still needs a call: tentative in the calendar
            event.add(new Status(b.status() == BookingStatus.PENDING ? Status.VALUE_TENTATIVE : Status.VALUE_CONFIRMED));
            calendar.add(event);
        }
        new CalendarOutputter(false).output(calendar, new CsvExports.NonClosing(out));
        return rows.size();
    }

    /** "Haircut · Iryna Savchenko" (a custom booking: "Custom · …"). */
    static String summary(ExportedBooking b, Messages messages) {
        String service = b.serviceName() != null ? b.serviceName() : messages.get("booking.customService");
        return messages.format("export.ics.summary", service, b.clientName());
    }
}
