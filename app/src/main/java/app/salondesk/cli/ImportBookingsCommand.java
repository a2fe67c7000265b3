package app.salondesk.cli;

import app.salondesk.i18n.Messages;
import app.salondesk.logic.booking.BookingEngine;
import app.salondesk.logic.booking.BookingRequests;
import app.salondesk.model.booking.Booking;
import app.salondesk.model.booking.BookingOutcome;
import app.salondesk.model.booking.NewBooking;
import app.salondesk.model.booking.Source;
import app.salondesk.runtime.Backend;
import org.apache.commons.csv.CSVRecord;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;

import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.Callable;

@Command(name = "bookings", mixinStandardHelpOptions = true,
        description = {"Import bookings from a CSV file, each row through the booking engine.",
                "Header: master,start,duration_min,client_name,client_phone[,service][,note]. Comma, semicolon or tab"
                + " between the columns, as the header line shows; UTF-8, with or without BOM. One line per row, then a"
                + " summary; a bad row never stops the import. Exit code 0 when every row was booked (now or before), else 2 (a row "
                + "invalid), 3 (a time taken) or 4 (try again). Importing the same rows again (the same file, renamed, "
                + "moved or saved again) books none of them twice: each is reported as already imported."})
final class ImportBookingsCommand implements Callable<Integer> {

    static final List<String> REQUIRED = List.of("master", "start", "duration_min", "client_name", "client_phone");
    private static final String BOOKED = "booked";
    static final String ALREADY_IMPORTED = "already-imported";
    private static final String TIME_TAKEN = "time-taken";
    private static final String TRY_AGAIN = "try-again";

    @ParentCommand
    ImportCommand importCommand;

    @Spec
    CommandSpec spec;

    @Parameters(index = "0", paramLabel = "FILE", descriptionKey = "file", description = "The CSV file.")
    Path file;

    @Option(names = "--tenant", paramLabel = "ID", description = "The salon (needed when the database holds several).")
    Long tenant;

    @Override
    public Integer call() {
        Messages messages = Messages.forDefaultLocale();
        PrintWriter out = spec.commandLine().getOut();
        try (CsvFile csv = CsvFile.open(file, messages)) {
            csv.require(REQUIRED, "cli.invalid.header");
            try (Backend backend = importCommand.root.openBackend()) {
                BookingTools tools = new BookingTools(backend, messages, tenant);
                BookingEngine engine = new BookingEngine(backend.dsl());
                BookingRequests made = new BookingRequests(backend.dsl());
                Map<String, Integer> seen = new HashMap<>();
                Map<String, Integer> counts = csv.rows(out, List.of(BOOKED, ALREADY_IMPORTED, TIME_TAKEN, TRY_AGAIN, CsvFile.INVALID), row -> {
                    NewBooking request = request(row, csv, tools, messages, seen);
                    Optional<Booking> before = made.madeBy(request.tenantId(), request.requestId());
                    if (before.isPresent()) {
                        // booked by an earlier run of this import (one that may have been killed half-way)
                        return new CsvFile.Outcome(ALREADY_IMPORTED, "already imported (booking #" + before.get().id() + ")");
                    }
                    BookingOutcome outcome = engine.book(request);
                    return new CsvFile.Outcome(outcome.fold(b -> BOOKED, t -> TIME_TAKEN, a -> TRY_AGAIN, c -> TRY_AGAIN,
                            i -> CsvFile.INVALID), tools.line(outcome, request.start()));
                });
                out.println(CsvFile.summary(counts));
                return exitCode(counts);
            }
        } catch (CliInvalid e) {
            out.println("invalid: " + e.getMessage());
            return BookingTools.EXIT_INVALID;
        }
    }

    /**
     * Not 0 when a row was not booked, so that a script notices: 2 when a row was invalid,
     * else 3 when a time was taken, else 4 when the schedule was busy (as {@code book} says).
     */
    static int exitCode(Map<String, Integer> counts) {
        if (counts.get(CsvFile.INVALID) > 0) {
            return BookingTools.EXIT_INVALID;
        }
        if (counts.get(TIME_TAKEN) > 0) {
            return BookingTools.EXIT_TIME_TAKEN;
        }
        return counts.get(TRY_AGAIN) > 0 ? BookingTools.EXIT_TRY_AGAIN : BookingTools.EXIT_BOOKED;
    }

    private static NewBooking request(CSVRecord row, CsvFile csv, BookingTools tools, Messages messages,
                                      Map<String, Integer> seen) throws CliInvalid {
        String master = csv.value(row, "master");
        String start = csv.value(row, "start");
        String duration = csv.value(row, "duration_min");
        String client = csv.value(row, "client_name");
        String phone = csv.value(row, "client_phone");
        String service = csv.value(row, "service");
        String note = csv.value(row, "note");
        if (client.isEmpty()) {
            throw new CliInvalid(messages.format("cli.invalid.missingValue", "client_name"));
        }
        long masterId = tools.master(master);
        Instant at = tools.start(start);
        Integer minutes = null;
        if (!duration.isEmpty()) {
            try {
                minutes = Integer.valueOf(duration);
            } catch (NumberFormatException e) {
                throw new CliInvalid(messages.format("cli.invalid.durationFormat", duration));
            }
        }
        Long serviceId = service.isEmpty() ? null : tools.service(service).id();
        if (minutes == null && serviceId == null) {
            throw new CliInvalid(messages.format("cli.invalid.missingValue", "duration_min"));
        }
        String rowKey = rowKey(masterId, at, minutes, serviceId, client, phone, note);
        int occurrence = seen.merge(rowKey, 1, Integer::sum);
        UUID requestId = requestId(tools.salon.id(), rowKey, occurrence);
        return new NewBooking(tools.salon.id(), masterId, null, new NewBooking.ClientDetails(client, phone.isEmpty() ? null : phone),
                serviceId, at, minutes, note, requestId, Source.IMPORT, false);
    }

    /**
     * What makes two rows "the same row" (ADR 16): the booking they ask for, as the import reads
     * it — master, start instant, length, service (by id, so a different spelling or a changed
     * column order does not matter), client's name and phone, note. Not the file's name, place,
     * line endings, byte-order mark, delimiter, quoting or row order: a file moved, renamed or
     * saved again by a spreadsheet books nothing twice, and neither does a later export that
     * repeats rows an earlier one had.
     */
    static String rowKey(long masterId, Instant start, Integer minutes, Long serviceId, String client, String phone, String note) {
        // U+001F (unit separator) between the values: no cell of a CSV line can hold it unnoticed
        return String.join("\u001F", Long.toString(masterId), Long.toString(start.getEpochSecond()),
                String.valueOf(minutes), String.valueOf(serviceId), client, phone, note);
    }

    /**
     * The row's request id: the salon, the row's values, and which occurrence of those values in
     * this file it is (a file listing one booking twice asks for two bookings, and the second is
     * told that the time is taken, on every run).
     */
    static UUID requestId(long salonId, String rowKey, int occurrence) {
        return UUID.nameUUIDFromBytes(("import-row:" + salonId + ":" + occurrence + ":" + rowKey).getBytes(StandardCharsets.UTF_8));
    }
}
