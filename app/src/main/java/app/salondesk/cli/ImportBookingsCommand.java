package app.salondesk.cli;

import app.salondesk.booking.BookingEngine;
import app.salondesk.booking.BookingOutcome;
import app.salondesk.booking.NewBooking;
import app.salondesk.booking.Source;
import app.salondesk.i18n.Messages;
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
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Instant;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.Callable;

@Command(name = "bookings", mixinStandardHelpOptions = true,
        description = {"Import bookings from a CSV file, each row through the booking engine.",
                "Header: master,start,duration_min,client_name,client_phone[,service][,note]. Comma, semicolon or tab"
                + " between the columns, as the header line shows; UTF-8, with or without BOM. One line per row, then a"
                + " summary; a bad row never stops the import. Exit code 0 when every row was booked, else 2 (a row "
                + "invalid), 3 (a time taken) or 4 (try again). Importing the same file again finds the bookings it "
                + "made instead of making new ones."})
final class ImportBookingsCommand implements Callable<Integer> {

    static final List<String> REQUIRED = List.of("master", "start", "duration_min", "client_name", "client_phone");
    private static final String BOOKED = "booked";
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
                String fileKey = sha256(csv.text());
                Map<String, Integer> counts = csv.rows(out, List.of(BOOKED, TIME_TAKEN, TRY_AGAIN, CsvFile.INVALID), row -> {
                    NewBooking request = request(row, csv, tools, messages, fileKey);
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

    private static NewBooking request(CSVRecord row, CsvFile csv, BookingTools tools, Messages messages, String fileKey)
            throws CliInvalid {
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
        // the same row of the same file is the same request: importing twice books once
        UUID requestId = UUID.nameUUIDFromBytes(("import:" + tools.salon.id() + ":" + fileKey + ":" + row.getRecordNumber())
                .getBytes(StandardCharsets.UTF_8));
        return new NewBooking(tools.salon.id(), masterId, null, new NewBooking.ClientDetails(client, phone.isEmpty() ? null : phone),
                serviceId, at, minutes, note, requestId, Source.IMPORT, false);
    }

    private static String sha256(String text) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
