package app.salondesk.cli;

import app.salondesk.logic.booking.BookingExportRepository;
import app.salondesk.logic.clients.ClientDataRepository;
import app.salondesk.logic.clients.ClientDataService;
import app.salondesk.logic.clients.ClientRepository;
import app.salondesk.logic.export.ExportService;
import app.salondesk.model.booking.Source;
import app.salondesk.model.export.ExportRequest;
import app.salondesk.model.staff.MasterDetails;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.time.Clock;
import java.time.LocalDate;

/**
 * {@code salondesk export}: the salon's bookings and clients as CSV, a master's schedule as an
 * iCalendar file, and everything stored about one client (issue 15). Read with the signed-in
 * login: row-level security decides what the file holds. Prints {@code file=PATH} and
 * {@code rows=N}; with {@code --out -} the file itself goes to standard output. Refused input is
 * one {@code invalid: …} line and exit code 2, with no file written.
 */
@Command(name = "export", mixinStandardHelpOptions = true,
        description = "Export the salon's data: bookings and clients as CSV, a master's schedule as iCalendar, one client's data as JSON.",
        subcommands = {ExportCommand.Bookings.class, ExportCommand.Clients.class, ExportCommand.Schedule.class,
                ExportCommand.ClientData.class})
final class ExportCommand implements Runnable {

    @Spec
    CommandSpec spec;

    @Override
    public void run() {
        spec.commandLine().usage(spec.commandLine().getOut());
    }

    /** {@code --out}: where the file goes. */
    static final class Out {
        @Option(names = "--out", paramLabel = "FILE", descriptionKey = "export.out",
                description = "Where to write it (default: a file named after what it holds, in the current folder); - for standard output.")
        String out;

        boolean toStandardOutput() {
            return "-".equals(out);
        }

        /** What goes to standard output; what is saved to a file, counted. */
        interface Stream {
            void write(PrintWriter out) throws IOException;
        }

        interface Save {
            int save(Path file) throws IOException;
        }

        /**
         * Where {@code --out} says: standard output, or the file (named {@code suggested} when not
         * given), then the lines a script reads afterwards, {@code file=} and {@code <counted>=N}.
         * A file that cannot be written is the one-line refusal.
         */
        int deliver(Setup setup, String suggested, String counted, Stream stream, Save save) throws CliInvalid {
            PrintWriter w = setup.out;
            try {
                if (toStandardOutput()) {
                    stream.write(w);
                    w.flush();
                    return 0;
                }
                Path file = file(setup, suggested);
                int n = save.save(file);
                w.println("file=" + file);
                w.println(counted + "=" + n);
                return 0;
            } catch (IOException e) {
                throw new CliInvalid(setup.messages.format("export.invalid.write", out == null ? suggested : out, e.getMessage()));
            }
        }

        private Path file(Setup setup, String suggested) throws CliInvalid {
            String name = out == null || out.isBlank() ? suggested : out;
            try {
                return Path.of(name).toAbsolutePath();
            } catch (InvalidPathException e) {
                throw new CliInvalid(setup.messages.format("export.invalid.path", name));
            }
        }
    }

    /** Writes a salon export where {@code --out} says; the lines a script reads afterwards. */
    private static int export(Setup setup, Out where, ExportRequest request) throws CliInvalid {
        ExportService service = new ExportService(new BookingExportRepository(setup.dsl), new ClientRepository(setup.dsl), setup.salon,
                setup.messages, Clock.systemUTC());
        return where.deliver(setup, request.fileName(), "rows", w -> service.write(request, w), file -> service.save(request, file));
    }

    /** {@code --from} and {@code --to}: the salon days an export covers, read and checked together. */
    static final class Days {
        @Option(names = "--from", required = true, paramLabel = "DATE", descriptionKey = "export.from", description = "The first day, e.g. 2026-12-01.")
        String from;
        @Option(names = "--to", required = true, paramLabel = "DATE", descriptionKey = "export.to", description = "The last day (included).")
        String to;

        /** The first and the last day, or the one-line refusal. */
        LocalDate[] read(Setup setup) throws CliInvalid {
            LocalDate first = setup.input.date(from);
            LocalDate last = setup.input.date(to);
            var problem = ExportRequest.rangeProblem(first, last);
            if (problem.isPresent()) {
                throw new CliInvalid(setup.messages.format(problem.get(), first, last, ExportRequest.MAX_DAYS));
            }
            return new LocalDate[]{first, last};
        }
    }

    @Command(name = "bookings", mixinStandardHelpOptions = true,
            description = {"The salon's bookings starting on these days (the salon's), cancelled ones included, as CSV.",
                    "Columns: id,start,end,duration_min,master,client_name,client_phone,service,price,status,source,note"
                            + " (times on the salon's clock; the columns import bookings reads)."})
    static final class Bookings extends SalonCommand {
        @Mixin
        Out out;
        @Mixin
        Days days;

        @Override
        int run(Setup setup) throws CliInvalid {
            LocalDate[] range = days.read(setup);
            return export(setup, out, new ExportRequest.Bookings(range[0], range[1]));
        }
    }

    @Command(name = "clients", mixinStandardHelpOptions = true,
            description = {"The salon's clients as CSV, with their visits counted.",
                    "Columns: id,name,phone,notes,bookings,visits,no_shows,cancelled,last_visit,next_booking"
                            + " (name, phone, notes are the columns import clients reads)."})
    static final class Clients extends SalonCommand {
        @Mixin
        Out out;

        @Override
        int run(Setup setup) throws CliInvalid {
            return export(setup, out, new ExportRequest.Clients(setup.today()));
        }
    }

    @Command(name = "schedule", mixinStandardHelpOptions = true,
            description = {"A master's bookings on these days (not the cancelled ones) as an iCalendar file (.ics),",
                    "for a phone or a calendar program. Exporting again later updates the same events."})
    static final class Schedule extends SalonCommand {
        @Mixin
        Out out;
        @Mixin
        MasterOption master;
        @Mixin
        Days days;

        @Override
        int run(Setup setup) throws CliInvalid {
            MasterDetails m = master.in(setup);
            LocalDate[] range = days.read(setup);
            return export(setup, out, new ExportRequest.Schedule(m.id(), m.name(), range[0], range[1]));
        }
    }

    @Command(name = "client", mixinStandardHelpOptions = true,
            description = {"Everything stored about one client, as one JSON file: the card, every booking, every change of",
                    "those bookings, the waitlist entries (a client's request for their data). The salon's admins only."})
    static final class ClientData extends SalonCommand {
        @Mixin
        Out out;
        @Parameters(index = "0", paramLabel = "ID", descriptionKey = "export.client", description = "The client's id.")
        long client;

        @Override
        int run(Setup setup) throws CliInvalid {
            ClientDataService data = new ClientDataService(new ClientDataRepository(setup.dsl), setup.salon, Clock.systemUTC(), Source.CLI);
            if (!new ClientRepository(setup.dsl).exists(setup.salon.id(), client)) {
                throw new CliInvalid(setup.messages.format("export.invalid.unknownClient", client));
            }
            try {
                return out.deliver(setup, "client-" + client + ".json", "bookings", w -> w.println(data.exportText(client)),
                        file -> data.export(client, file));
            } catch (ClientDataService.NotAllowed e) {
                throw new CliInvalid(setup.messages.get("invalid.no_permission"));
            }
        }
    }
}
