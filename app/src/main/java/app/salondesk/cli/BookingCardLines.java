package app.salondesk.cli;

import app.salondesk.logic.booking.BookingCardRepository;
import app.salondesk.logic.booking.BookingHistoryRepository;
import app.salondesk.logic.history.HistoryText;
import app.salondesk.logic.staff.MasterRepository;
import app.salondesk.model.booking.Booking;
import app.salondesk.model.booking.BookingCard;
import app.salondesk.model.booking.HistoryEntry;

import java.io.PrintWriter;
import java.time.format.DateTimeFormatter;

/**
 * {@code bookings show}: a booking's fields as {@code name=value} lines (what a script greps, e.g.
 * {@code version=}), then its history as the desk's history window words it, one tab-separated
 * line per change — when (the salon's time), who (the person, as the desk's history names them:
 * a staff member's name, "the salon's admin" for the database's owner, "the client, online"…, never
 * the database login the desk signed in with; issue 31), how (the road), what changed.
 */
final class BookingCardLines {

    private static final DateTimeFormatter DAY_TIME = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm");

    private BookingCardLines() {
    }

    static int print(BookingChange c, long id) throws CliInvalid {
        BookingCard card = new BookingCardRepository(c.backend.dsl()).find(c.salon.id(), id)
                .orElseThrow(() -> new CliInvalid(c.messages.format("invalid.unknown_booking", Long.toString(id))));
        Booking b = card.booking();
        PrintWriter out = c.out;
        out.println("id=" + b.id());
        out.println("client=" + oneLine(card.clientName()));
        out.println("phone=" + oneLine(card.clientPhone()));
        out.println("master=" + oneLine(card.masterName()));
        out.println("service=" + oneLine(card.serviceName()));
        out.println("start=" + c.tools.dayTime(b.start()));
        out.println("minutes=" + b.durationMin());
        out.println("status=" + BookingsCommand.word(b.status()));
        out.println("note=" + oneLine(b.note()));
        out.println("source=" + b.source().dbValue());
        out.println("version=" + b.version());
        if (b.outsideHours()) {
            out.println("outside_hours=true");
        }
        if (card.visitId() != null) {
            out.println("visit=" + card.visitId());
        }
        if (b.seriesId() != null) {
            out.println("series=" + b.seriesId());
        }
        HistoryText text = new HistoryText(c.messages, c.salon.zone(), new MasterRepository(c.backend.dsl()).names(c.salon.id()), DAY_TIME);
        for (HistoryEntry e : new BookingHistoryRepository(c.backend.dsl()).ofBooking(c.salon.id(), id)) {
            out.println("history\t" + e.at().atZone(c.salon.zone()).format(DAY_TIME) + "\t" + oneLine(text.who(e)) + "\t" + text.how(e) + "\t"
                    + oneLine(text.describe(e)));
        }
        return BookingTools.EXIT_BOOKED;
    }

    /** A value on one line: a note's line breaks and tabs are written \n and \t (and a backslash \\). */
    static String oneLine(String value) {
        if (value == null) {
            return "";
        }
        return value.replace("\\", "\\\\").replace("\r\n", "\\n").replace("\n", "\\n").replace("\r", "\\n").replace("\t", "\\t");
    }
}
