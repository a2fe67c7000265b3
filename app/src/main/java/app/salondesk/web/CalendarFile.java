package app.salondesk.web;

import app.salondesk.model.online.OnlineBooking;
import net.fortuna.ical4j.data.CalendarOutputter;
import net.fortuna.ical4j.model.Calendar;
import net.fortuna.ical4j.model.component.VEvent;
import net.fortuna.ical4j.model.property.Description;
import net.fortuna.ical4j.model.property.Location;
import net.fortuna.ical4j.model.property.Uid;
import net.fortuna.ical4j.model.property.Url;

import java.io.IOException;
import java.io.StringWriter;
import java.net.URI;
import java.time.Duration;

/**
 * "Add to calendar": one booking as an iCalendar file, written by ical4j (it comes with
 * CalendarFX already). Times are written in UTC, which every calendar program shows in its own
 * zone, so no time-zone definitions travel with the file.
 */
final class CalendarFile {

    private CalendarFile() {
    }

    /**
     * The event's UID: the same for every download behind one link (a calendar updates the event
     * rather than adds it twice), and no count of anything. The booking's id was in it before
     * (issue 29): ids are one sequence for every salon on the server, so two bookings a visitor
     * made told her how many every salon had made between them. A hash of the link's secret says
     * nothing of it, nor of the secret (the database keeps SHA-256 of the bare secret).
     */
    static String uid(String token) {
        try {
            byte[] d = java.security.MessageDigest.getInstance("SHA-256")
                    .digest(("salondesk-ics:" + token).getBytes(java.nio.charset.StandardCharsets.US_ASCII));
            return java.util.HexFormat.of().formatHex(d, 0, 16);
        } catch (java.security.NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java has SHA-256", e);
        }
    }

    static String of(OnlineBooking b, WebText t, String link, String host) {
        VEvent event = new VEvent(b.start(), b.start().plus(Duration.ofMinutes(b.minutes())),
                t.format("web.ics.summary", b.serviceName(), b.salon().name()));
        event.add(new Uid("booking-" + uid(b.token()) + "@" + host));
        String where = b.salon().address() == null || b.salon().address().isBlank() ? b.salon().name()
                : b.salon().name() + ", " + b.salon().address();
        event.add(new Location(where));
        event.add(new Description(t.format("web.ics.description", b.masterName(), link)));
        event.add(new Url(URI.create(link)));
        Calendar calendar = new Calendar().withProdId("-//SalonDesk//Online booking//EN").withDefaults()
                .withComponent(event).getFluentTarget();
        StringWriter out = new StringWriter();
        try {
            new CalendarOutputter(false).output(calendar, out);
        } catch (IOException e) {
            throw new IllegalStateException("writing to a string", e);
        }
        return out.toString();
    }
}
