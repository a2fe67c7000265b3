package app.salondesk.logic.export;

import app.salondesk.model.booking.ExportedBooking;
import app.salondesk.model.booking.VisitCounts;
import app.salondesk.model.clients.ClientDetails;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVPrinter;

import java.io.IOException;
import java.io.Writer;
import java.math.BigDecimal;
import java.time.Instant;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.Map;

/**
 * The CSV files, written by commons-csv. Column names are the import's where the import has
 * them ({@code master, start, duration_min, client_name, client_phone, service, note} for bookings,
 * {@code name, phone, notes} for clients), so an exported file can be imported into another
 * salon; they are a file format, like the command line's outcome words, and stay English in every
 * language. Times are the salon's wall clock, written as the import reads them ({@code 2026-12-01T10:00}).
 * No text cell begins with a character a spreadsheet runs as a formula ({@link SpreadsheetCells});
 * the import takes the quote off again.
 */
final class CsvExports {

    static final List<String> BOOKING_COLUMNS = List.of("id", "start", "end", "duration_min", "master", "client_name", "client_phone",
            "service", "price", "status", "source", "note");
    static final List<String> CLIENT_COLUMNS = List.of("id", "name", "phone", "notes", "bookings", "visits", "no_shows", "cancelled",
            "last_visit", "next_booking");
    static final DateTimeFormatter LOCAL = DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HH:mm");

    private CsvExports() {
    }

    static int bookings(List<ExportedBooking> rows, ZoneId zone, Writer out) throws IOException {
        try (CSVPrinter csv = printer(out, BOOKING_COLUMNS)) {
            for (ExportedBooking b : rows) {
                csv.printRecord(b.id(), local(b.start(), zone), local(b.end(), zone), b.durationMin(), text(b.masterName()),
                        text(b.clientName()), text(b.clientPhone()), text(b.serviceName()), price(b.price()), text(b.status().dbValue()),
                        text(b.source()), text(b.note()));
            }
        }
        return rows.size();
    }

    static int clients(List<ClientDetails> rows, Map<Long, VisitCounts> counts, ZoneId zone, Writer out) throws IOException {
        try (CSVPrinter csv = printer(out, CLIENT_COLUMNS)) {
            for (ClientDetails c : rows) {
                VisitCounts v = counts.getOrDefault(c.id(), VisitCounts.NONE);
                csv.printRecord(c.id(), text(c.name()), text(c.phone()), text(c.notes()), v.bookings(), v.visits(), v.noShows(), v.cancelled(),
                        local(v.lastVisit(), zone), local(v.nextBooking(), zone));
            }
        }
        return rows.size();
    }

    private static CSVPrinter printer(Writer out, List<String> columns) throws IOException {
        // the caller owns the stream (standard output stays open): flush, never close it
        return new CSVPrinter(new NonClosing(out), CSVFormat.DEFAULT.builder().setHeader(columns.toArray(String[]::new)).get());
    }

    private static String local(Instant at, ZoneId zone) {
        return at == null ? "" : LOCAL.format(at.atZone(zone));
    }

    private static String price(BigDecimal price) {
        return price == null ? "" : price.toPlainString();
    }

    /**
     * Every text cell, whoever typed it (a name, a note, a master, a phone): one a spreadsheet
     * would run as a formula is written with a quote in front ({@link SpreadsheetCells}).
     */
    private static String text(String s) {
        return SpreadsheetCells.neutral(s);
    }

    /** A writer whose close only flushes. */
    static final class NonClosing extends java.io.FilterWriter {
        NonClosing(Writer out) {
            super(out);
        }

        @Override
        public void close() throws IOException {
            flush();
        }
    }
}
