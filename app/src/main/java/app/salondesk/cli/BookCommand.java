package app.salondesk.cli;

import app.salondesk.booking.BookingEngine;
import app.salondesk.booking.BookingOutcome;
import app.salondesk.booking.NewBooking;
import app.salondesk.booking.Source;
import app.salondesk.i18n.Messages;
import app.salondesk.runtime.Backend;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;

import java.io.PrintWriter;
import java.time.Instant;
import java.util.UUID;
import java.util.concurrent.Callable;

@Command(name = "book", mixinStandardHelpOptions = true,
        description = {"Book a client with a master, through the same engine as the window.",
                "Prints one line. Exit codes: 0 booked, 3 time taken, 4 try again, 2 invalid input, 1 other failure."})
final class BookCommand implements Callable<Integer> {

    @ParentCommand
    SalonDeskCommand root;

    @Spec
    CommandSpec spec;

    @Option(names = "--master", required = true, paramLabel = "ID|NAME", description = "The master, by id or by name.")
    String master;

    @Option(names = "--start", required = true, paramLabel = "DATE-TIME",
            description = "Start in the salon's time zone, e.g. 2026-12-01T15:00.")
    String start;

    @Option(names = "--duration", paramLabel = "MINUTES", description = "Length in minutes (default: the service's).")
    Integer duration;

    @Option(names = "--service", paramLabel = "NAME", description = "The service, by name.")
    String service;

    @Option(names = "--client", required = true, paramLabel = "NAME", description = "The client's name.")
    String client;

    @Option(names = "--phone", paramLabel = "PHONE", description = "The client's phone: an existing client with it is used.")
    String phone;

    @Option(names = "--note", paramLabel = "TEXT", description = "A note on the booking.")
    String note;

    @Option(names = "--tenant", paramLabel = "ID", description = "The salon (needed when the database holds several).")
    Long tenant;

    @Option(names = "--outside-hours", description = "Book even outside the master's working hours or in time off (recorded).")
    boolean outsideHours;

    @Override
    public Integer call() {
        Messages messages = Messages.forDefaultLocale();
        PrintWriter out = spec.commandLine().getOut();
        if (duration == null && service == null) {
            out.println("invalid: " + messages.get("cli.invalid.durationOrService"));
            return BookingTools.EXIT_INVALID;
        }
        try (Backend backend = root.openBackend()) {
            BookingTools tools;
            long masterId;
            Long serviceId;
            Instant at;
            try {
                tools = new BookingTools(backend, messages, tenant);
                masterId = tools.master(master);
                serviceId = service != null ? tools.service(service).id() : null;
                at = tools.start(start);
            } catch (CliInvalid e) {
                out.println("invalid: " + e.getMessage());
                return BookingTools.EXIT_INVALID;
            }
            BookingOutcome outcome = new BookingEngine(backend.dsl()).book(new NewBooking(tools.salon.id(), masterId, null,
                    new NewBooking.ClientDetails(client, phone), serviceId, at, duration, note, UUID.randomUUID(), Source.CLI, outsideHours));
            out.println(tools.line(outcome, at));
            return BookingTools.exitCode(outcome);
        }
    }
}
