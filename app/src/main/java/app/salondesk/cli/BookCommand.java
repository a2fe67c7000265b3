package app.salondesk.cli;

import app.salondesk.i18n.Messages;
import app.salondesk.logic.booking.BookingEngine;
import app.salondesk.logic.booking.BookingSeries;
import app.salondesk.model.booking.BookingOutcome;
import app.salondesk.model.booking.NewBooking;
import app.salondesk.model.booking.Repeat;
import app.salondesk.model.booking.Source;
import app.salondesk.runtime.Backend;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;

import java.io.PrintWriter;
import java.time.Instant;
import java.time.LocalDate;
import java.time.format.DateTimeParseException;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.Callable;

@Command(name = "book", mixinStandardHelpOptions = true,
        description = {"Book a client with a master, through the same engine as the window.",
                "Prints one line. Exit codes: 0 booked, 3 time taken, 4 try again, 2 invalid input, 1 other failure.",
                "With --repeat-weeks N and --times M (or --until DATE) it books a series: one line per booking of it, each through "
                        + "the engine on its own, then booked=N time-taken=N try-again=N invalid=N. Exit code 0 when every one "
                        + "was booked, 3 when some time was taken, else 4 or 2. Run again with the same --request-id, it books "
                        + "nothing twice."})
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

    @Option(names = "--email", paramLabel = "ADDRESS",
            description = "The client's e-mail: the confirmation and reminders go there (the client gave it for that: consent recorded).")
    String email;

    @Option(names = "--note", paramLabel = "TEXT", description = "A note on the booking.")
    String note;

    @Option(names = "--tenant", paramLabel = "ID", description = "The salon (needed when the database holds several).")
    Long tenant;

    @Option(names = "--outside-hours", description = "Book even outside the master's working hours or in time off (recorded).")
    boolean outsideHours;

    @Option(names = "--repeat-weeks", paramLabel = "N", description = "Repeat every N weeks (1 to 12), with --times or --until.")
    Integer repeatWeeks;

    @Option(names = "--times", paramLabel = "M", description = "How many bookings the series has, the first included (2 to 52).")
    Integer times;

    @Option(names = "--until", paramLabel = "DATE", description = "The last day a booking of the series may fall on, e.g. 2026-06-30.")
    String until;

    @Option(names = "--request-id", paramLabel = "UUID",
            description = "The request's id: the same command run again with it books nothing twice (default: a new one).")
    String requestId;

    @Override
    public Integer call() {
        Messages messages = Messages.forDefaultLocale();
        PrintWriter out = spec.commandLine().getOut();
        if (duration == null && service == null) {
            out.println("invalid: " + messages.get("cli.invalid.durationOrService"));
            return BookingTools.EXIT_INVALID;
        }
        if (email != null && !email.strip().matches("[^@\\s]+@[^@\\s]+\\.[^@\\s]+")) {
            out.println("invalid: " + messages.format("cli.invalid.email", email));
            return BookingTools.EXIT_INVALID;
        }
        try (Backend backend = root.openBackend()) {
            BookingTools tools;
            long masterId;
            Long serviceId;
            Instant at;
            UUID request;
            Repeat repeat;
            try {
                tools = new BookingTools(backend, messages, tenant);
                masterId = tools.master(master);
                serviceId = service != null ? tools.service(service).id() : null;
                at = tools.start(start);
                request = requestId();
                repeat = repeat(tools, at);
            } catch (CliInvalid e) {
                out.println("invalid: " + e.getMessage());
                return BookingTools.EXIT_INVALID;
            }
            // her alerts first ("allergic to ammonia"): whoever books her reads them before the answer
            knownClient(backend, tools).ifPresent(id -> ClientRecordCommands.printAlerts(out,
                    new app.salondesk.logic.booking.ClientAlerts(backend.dsl()).forClient(tools.salon.id(), id)));
            BookingEngine engine = new BookingEngine(backend.dsl());
            NewBooking booking = new NewBooking(tools.salon.id(), masterId, null, new NewBooking.ClientDetails(client, phone), serviceId,
                    at, duration, note, request, Source.CLI, outsideHours);
            if (repeat != null) {
                return series(out, tools, new BookingSeries(engine).book(booking, repeat, tools.salon.zone()));
            }
            BookingOutcome outcome = engine.book(booking);
            if (email != null && outcome instanceof app.salondesk.model.booking.BookingOutcome.Booked b) {
                // the address the client gave for this booking's messages; a message already skipped
                // for want of it is planned again by the database (migration 30)
                new app.salondesk.logic.messages.MessagesRepository(backend.dsl()).setClientContactForMessages(tools.salon.id(),
                        b.booking().clientId(), email.strip(), Source.CLI);
            }
            out.println(tools.line(outcome, at));
            return BookingTools.exitCode(outcome);
        }
    }

    /** The client the engine will book: found by phone as it finds her, or by name when no phone is given; empty for a new one. */
    private Optional<Long> knownClient(Backend backend, BookingTools tools) {
        app.salondesk.logic.clients.ClientRepository clients = new app.salondesk.logic.clients.ClientRepository(backend.dsl());
        if (phone != null && !phone.isBlank()) {
            return app.salondesk.model.clients.PhoneNumbers.normalise(phone, tools.salon.country())
                    .flatMap(e164 -> clients.findByPhone(tools.salon.id(), e164));
        }
        return clients.findByNameWithoutPhone(tools.salon.id(), client.strip());
    }

    private UUID requestId() throws CliInvalid {
        if (requestId == null) {
            return UUID.randomUUID();
        }
        try {
            return UUID.fromString(requestId.strip());
        } catch (IllegalArgumentException e) {
            throw new CliInvalid(Messages.forDefaultLocale().format("cli.invalid.requestId", requestId));
        }
    }

    /** The series asked for, or null for one booking. */
    private Repeat repeat(BookingTools tools, Instant first) throws CliInvalid {
        Messages messages = Messages.forDefaultLocale();
        if (repeatWeeks == null) {
            if (times != null || until != null) {
                throw new CliInvalid(messages.get("cli.invalid.repeatAlone"));
            }
            return null;
        }
        LocalDate last = null;
        if (until != null) {
            try {
                last = LocalDate.parse(until.strip());
            } catch (DateTimeParseException e) {
                throw new CliInvalid(messages.format("cli.invalid.date", until));
            }
        }
        Repeat r = new Repeat(repeatWeeks, times, last);
        Optional<Repeat.Problem> problem = r.problem(first, tools.salon.zone());
        if (problem.isPresent()) {
            throw new CliInvalid(messages.get(problem.get().messageKey()));
        }
        return r;
    }

    /** One line per occurrence, then the counts; the exit code of the worst answer that matters most. */
    private static int series(PrintWriter out, BookingTools tools, List<BookingSeries.Occurrence> answers) {
        int[] counts = new int[4];   // booked, time taken, try again, invalid
        for (BookingSeries.Occurrence o : answers) {
            out.println((o.index() + 1) + "/" + answers.size() + " " + tools.dayTime(o.wished()) + ": " + tools.line(o.outcome(), o.wished()));
            counts[o.outcome().<Integer>fold(b -> 0, t -> 1, a -> 2, c -> 2, i -> 3)]++;
        }
        out.println("booked=" + counts[0] + " time-taken=" + counts[1] + " try-again=" + counts[2] + " invalid=" + counts[3]);
        if (counts[1] > 0) {
            return BookingTools.EXIT_TIME_TAKEN;
        }
        if (counts[2] > 0) {
            return BookingTools.EXIT_TRY_AGAIN;
        }
        return counts[3] > 0 ? BookingTools.EXIT_INVALID : BookingTools.EXIT_BOOKED;
    }
}
