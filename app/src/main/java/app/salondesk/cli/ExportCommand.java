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
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.time.Clock;
import java.time.LocalDate;
import java.util.concurrent.Callable;

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

    @ParentCommand
    SalonDeskCommand root;

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

        Path file(Setup setup, String suggested) throws CliInvalid {
            String name = out == null || out.isBlank() ? suggested : out;
            try {
                return Path.of(name).toAbsolutePath();
            } catch (InvalidPathException e) {
                throw new CliInvalid(setup.messages.format("export.invalid.path", name));
            }
        }
    }

    /** Writes a salon export where {@code --out} says; the lines a script reads afterwards. */
    private static int export(Setup setup, Out where, ExportRequest request, PrintWriter out) throws CliInvalid {
        ExportService service = new ExportService(new BookingExportRepository(setup.dsl), new ClientRepository(setup.dsl), setup.salon,
                setup.messages, Clock.systemUTC());
        try {
            if (where.toStandardOutput()) {
                service.write(request, out);
                out.flush();
                return 0;
            }
            Path file = where.file(setup, request.fileName());
            int rows = service.save(request, file);
            out.println("file=" + file);
            out.println("rows=" + rows);
            return 0;
        } catch (IOException e) {
            throw new CliInvalid(setup.messages.format("export.invalid.write", where.out == null ? request.fileName() : where.out,
                    e.getMessage()));
        }
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
    static final class Bookings implements Callable<Integer> {
        @ParentCommand
        ExportCommand export;
        @Spec
        CommandSpec spec;
        @Mixin
        SalonOption salon;
        @Mixin
        Out out;
        @Mixin
        Days days;

        @Override
        public Integer call() {
            PrintWriter w = spec.commandLine().getOut();
            return Setup.run(export.root, w, salon.tenant, setup -> {
                LocalDate[] range = days.read(setup);
                return export(setup, out, new ExportRequest.Bookings(range[0], range[1]), w);
            });
        }
    }

    @Command(name = "clients", mixinStandardHelpOptions = true,
            description = {"The salon's clients as CSV, with their visits counted.",
                    "Columns: id,name,phone,notes,bookings,visits,no_shows,cancelled,last_visit,next_booking"
                            + " (name, phone, notes are the columns import clients reads)."})
    static final class Clients implements Callable<Integer> {
        @ParentCommand
        ExportCommand export;
        @Spec
        CommandSpec spec;
        @Mixin
        SalonOption salon;
        @Mixin
        Out out;

        @Override
        public Integer call() {
            PrintWriter w = spec.commandLine().getOut();
            return Setup.run(export.root, w, salon.tenant, setup -> export(setup, out, new ExportRequest.Clients(setup.today()), w));
        }
    }

    @Command(name = "schedule", mixinStandardHelpOptions = true,
            description = {"A master's bookings on these days (not the cancelled ones) as an iCalendar file (.ics),",
                    "for a phone or a calendar program. Exporting again later updates the same events."})
    static final class Schedule implements Callable<Integer> {
        @ParentCommand
        ExportCommand export;
        @Spec
        CommandSpec spec;
        @Mixin
        SalonOption salon;
        @Mixin
        Out out;
        @Option(names = "--master", required = true, paramLabel = "ID|NAME", descriptionKey = "setup.master", description = "The master: id or name.")
        String master;
        @Mixin
        Days days;

        @Override
        public Integer call() {
            PrintWriter w = spec.commandLine().getOut();
            return Setup.run(export.root, w, salon.tenant, setup -> {
                MasterDetails m = setup.master(master);
                LocalDate[] range = days.read(setup);
                return export(setup, out, new ExportRequest.Schedule(m.id(), m.name(), range[0], range[1]), w);
            });
        }
    }

    @Command(name = "client", mixinStandardHelpOptions = true,
            description = {"Everything stored about one client, as one JSON file: the card, every booking, every change of",
                    "those bookings, the waitlist entries (a client's request for their data). The salon's admins only."})
    static final class ClientData implements Callable<Integer> {
        @ParentCommand
        ExportCommand export;
        @Spec
        CommandSpec spec;
        @Mixin
        SalonOption salon;
        @Mixin
        Out out;
        @Parameters(index = "0", paramLabel = "ID", descriptionKey = "export.client", description = "The client's id.")
        long client;

        @Override
        public Integer call() {
            PrintWriter w = spec.commandLine().getOut();
            return Setup.run(export.root, w, salon.tenant, setup -> {
                ClientDataService data = new ClientDataService(new ClientDataRepository(setup.dsl), setup.salon, Clock.systemUTC(), Source.CLI);
                if (!new ClientRepository(setup.dsl).exists(setup.salon.id(), client)) {
                    throw new CliInvalid(setup.messages.format("export.invalid.unknownClient", client));
                }
                String name = "client-" + client + ".json";
                try {
                    if (out.toStandardOutput()) {
                        w.println(data.exportText(client));
                        w.flush();
                        return 0;
                    }
                    Path file = out.file(setup, name);
                    int bookings = data.export(client, file);
                    w.println("file=" + file);
                    w.println("bookings=" + bookings);
                    return 0;
                } catch (ClientDataService.NotAllowed e) {
                    throw new CliInvalid(setup.messages.get("invalid.no_permission"));
                } catch (IOException e) {
                    throw new CliInvalid(setup.messages.format("export.invalid.write", out.out == null ? name : out.out, e.getMessage()));
                }
            });
        }
    }
}
