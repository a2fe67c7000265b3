package app.salondesk.cli;

import app.salondesk.booking.BookingEngine;
import app.salondesk.booking.BookingOutcome;
import app.salondesk.booking.NewBooking;
import app.salondesk.booking.Source;
import app.salondesk.i18n.Messages;
import app.salondesk.runtime.Backend;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVParser;
import org.apache.commons.csv.CSVRecord;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Instant;
import java.util.HexFormat;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.UUID;
import java.util.concurrent.Callable;

@Command(name = "bookings", mixinStandardHelpOptions = true,
        description = {"Import bookings from a CSV file, each row through the booking engine.",
                "Header: master,start,duration_min,client_name,client_phone[,service][,note].",
                "One line per row, then a summary; a bad row never stops the import.",
                "Importing the same file again finds the bookings it made instead of making new ones."})
final class ImportBookingsCommand implements Callable<Integer> {

    static final List<String> REQUIRED = List.of("master", "start", "duration_min", "client_name", "client_phone");

    @ParentCommand
    ImportCommand importCommand;

    @Spec
    CommandSpec spec;

    @Parameters(index = "0", paramLabel = "FILE", descriptionKey = "file", description = "The CSV file (UTF-8).")
    Path file;

    @Option(names = "--tenant", paramLabel = "ID", description = "The salon (needed when the database holds several).")
    Long tenant;

    @Override
    public Integer call() {
        Messages messages = Messages.forDefaultLocale();
        PrintWriter out = spec.commandLine().getOut();
        String text;
        try {
            text = Files.readString(file, StandardCharsets.UTF_8);
        } catch (IOException | UncheckedIOException e) {
            out.println("invalid: " + messages.format("cli.invalid.unreadable", file));
            return BookingTools.EXIT_INVALID;
        }
        if (text.startsWith("\uFEFF")) {
            text = text.substring(1);   // a spreadsheet's byte-order mark
        }
        CSVFormat format = CSVFormat.DEFAULT.builder().setHeader().setSkipHeaderRecord(true)
                .setIgnoreEmptyLines(true).setTrim(true).setAllowMissingColumnNames(true).get();
        try (Backend backend = importCommand.root.openBackend();
             CSVParser csv = CSVParser.parse(new StringReader(text), format)) {
            Map<String, Integer> header = new TreeMap<>(String.CASE_INSENSITIVE_ORDER);
            header.putAll(csv.getHeaderMap());
            if (!header.keySet().containsAll(REQUIRED)) {
                out.println("invalid: " + messages.get("cli.invalid.header"));
                return BookingTools.EXIT_INVALID;
            }
            BookingTools tools;
            try {
                tools = new BookingTools(backend, messages, tenant);
            } catch (CliInvalid e) {
                out.println("invalid: " + e.getMessage());
                return BookingTools.EXIT_INVALID;
            }
            BookingEngine engine = new BookingEngine(backend.dsl());
            String fileKey = sha256(text);
            int[] counts = new int[4];   // booked, time-taken, try-again, invalid
            Iterator<CSVRecord> rows = csv.iterator();
            long line = 1;
            while (true) {
                CSVRecord row;
                try {
                    if (!rows.hasNext()) {
                        break;
                    }
                    row = rows.next();
                } catch (UncheckedIOException | IllegalStateException e) {
                    // a broken quote swallows the rest of the file: say so and stop reading
                    out.println("row " + (line + 1) + ": invalid: " + messages.format("cli.invalid.malformed", e.getMessage()));
                    counts[3]++;
                    break;
                }
                line = row.getRecordNumber() + 1;   // the header is line 1
                String result;
                try {
                    NewBooking request = request(row, header, tools, messages, fileKey);
                    BookingOutcome outcome = engine.book(request);
                    result = tools.line(outcome, request.start());
                    counts[outcome.fold(b -> 0, t -> 1, a -> 2, c -> 2, i -> 3)]++;
                } catch (CliInvalid e) {
                    result = "invalid: " + e.getMessage();
                    counts[3]++;
                }
                out.println("row " + line + ": " + result);
            }
            out.println("booked=" + counts[0] + " time-taken=" + counts[1] + " try-again=" + counts[2] + " invalid=" + counts[3]);
            return 0;
        } catch (IOException e) {
            out.println("invalid: " + messages.format("cli.invalid.malformed", e.getMessage()));
            return BookingTools.EXIT_INVALID;
        }
    }

    private NewBooking request(CSVRecord row, Map<String, Integer> header, BookingTools tools, Messages messages, String fileKey)
            throws CliInvalid {
        String master = value(row, header, "master");
        String start = value(row, header, "start");
        String duration = value(row, header, "duration_min");
        String client = value(row, header, "client_name");
        String phone = value(row, header, "client_phone");
        String service = value(row, header, "service");
        String note = value(row, header, "note");
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

    private static String value(CSVRecord row, Map<String, Integer> header, String column) {
        Integer index = header.get(column);
        return index != null && index < row.size() ? row.get(index).strip() : "";
    }

    private static String sha256(String text) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
