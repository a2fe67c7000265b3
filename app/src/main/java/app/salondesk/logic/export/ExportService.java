package app.salondesk.logic.export;

import app.salondesk.i18n.Messages;
import app.salondesk.logic.booking.BookingExportRepository;
import app.salondesk.logic.clients.ClientRepository;
import app.salondesk.model.export.ExportRequest;
import app.salondesk.model.salon.Salon;
import app.salondesk.runtime.WholeFile;

import java.io.IOException;
import java.io.Writer;
import java.nio.file.Path;
import java.time.Clock;
import java.time.LocalDate;
import java.time.ZoneId;

/**
 * Writes the exports of one salon (issue 15) — bookings and clients as CSV, a master's schedule
 * as iCalendar — from what the signed-in login may read: row-level security decides, so a
 * receptionist's or a manager's export holds what their screens show, and nothing of another
 * salon. Used by the desk's Export window and by {@code salondesk export}. No JavaFX here.
 */
public final class ExportService {

    /** Spreadsheets (Excel above all) read a CSV file as UTF-8 only when it starts with this mark; the import skips it. */
    static final char BYTE_ORDER_MARK = '\uFEFF';

    private final BookingExportRepository bookings;
    private final ClientRepository clients;
    private final Salon salon;
    private final Messages messages;
    private final Clock clock;

    public ExportService(BookingExportRepository bookings, ClientRepository clients, Salon salon, Messages messages, Clock clock) {
        this.bookings = bookings;
        this.clients = clients;
        this.salon = salon;
        this.messages = messages;
        this.clock = clock;
    }

    /** Writes the export to {@code out} (left open); answers how many bookings or clients it holds. */
    public int write(ExportRequest request, Writer out) throws IOException {
        ZoneId zone = salon.zone();
        if (request instanceof ExportRequest.Bookings b) {
            return CsvExports.bookings(bookings.between(salon.id(), start(b.from()), start(b.to().plusDays(1))), zone, out);
        }
        if (request instanceof ExportRequest.Schedule s) {
            return ScheduleCalendar.write(salon.name(), s.masterName(), salon.id(),
                    bookings.scheduleOf(salon.id(), s.masterId(), start(s.from()), start(s.to().plusDays(1))), messages, out);
        }
        return CsvExports.clients(clients.all(salon.id()), bookings.visitCounts(salon.id(), clock.instant()), zone, out);
    }

    /**
     * Writes the export into {@code file}, whole or not at all ({@link WholeFile}); CSV files start
     * with a byte-order mark, for spreadsheets.
     */
    public int save(ExportRequest request, Path file) throws IOException {
        return WholeFile.write(file, out -> {
            if (request.csv()) {
                out.write(BYTE_ORDER_MARK);
            }
            return write(request, out);
        });
    }

    /** Today in the salon (the clients export's file name). */
    public LocalDate today() {
        return LocalDate.now(clock.withZone(salon.zone()));
    }

    private java.time.Instant start(LocalDate day) {
        return day.atStartOfDay(salon.zone()).toInstant();
    }
}
