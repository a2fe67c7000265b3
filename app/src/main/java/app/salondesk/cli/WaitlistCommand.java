package app.salondesk.cli;

import app.salondesk.logic.waitlist.WaitlistRepository;
import app.salondesk.model.booking.Source;
import app.salondesk.model.waitlist.DailyWindow;
import app.salondesk.model.waitlist.JoinOutcome;
import app.salondesk.model.waitlist.NewWaitlistEntry;
import app.salondesk.model.waitlist.WaitlistEntry;
import app.salondesk.model.waitlist.WaitlistRules;
import app.salondesk.model.waitlist.WaitlistState;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

import java.io.PrintWriter;
import java.time.LocalDate;
import java.util.EnumSet;
import java.util.List;

/**
 * {@code salondesk waitlist}: clients waiting for a time that is taken (issue 14). The worker of
 * the desk or of {@code serve} books freed time for them; these commands add, list and remove
 * entries, and set the salon's rules. Refused input is one {@code invalid: …} line and exit code
 * 2, with nothing written.
 */
@Command(name = "waitlist", mixinStandardHelpOptions = true,
        description = "Clients waiting for a time that is taken: freed time is booked for the first who fits (pending).",
        subcommands = {WaitlistCommand.Add.class, WaitlistCommand.ListEntries.class, WaitlistCommand.Remove.class,
                WaitlistCommand.Settings.class})
final class WaitlistCommand implements Runnable {

    @Spec
    CommandSpec spec;

    @Override
    public void run() {
        spec.commandLine().usage(spec.commandLine().getOut());
    }

    @Command(name = "add", mixinStandardHelpOptions = true,
            description = {"Put a client on the waitlist. Prints waitlist_id=N.",
                    "The client is found by phone (or made), as the booking form does. Dates and times are the salon's."})
    static final class Add extends SalonCommand {
        @Option(names = "--client", required = true, paramLabel = "NAME", description = "The client's name.")
        String client;
        @Option(names = "--phone", paramLabel = "PHONE", description = "The client's phone: an existing client with it is used.")
        String phone;
        @Option(names = "--service", paramLabel = "ID|NAME", description = "The service (its length with each master counts).")
        String service;
        @Option(names = "--duration", paramLabel = "MINUTES", description = "Or a length in minutes.")
        String duration;
        @Option(names = "--master", paramLabel = "ID|NAME|any", defaultValue = "any",
                description = "The master, by id or name, or any (default: any master who does the service).")
        String master;
        @Option(names = "--from", required = true, paramLabel = "DATE", descriptionKey = "setup.date", description = "The first day, e.g. 2026-12-01.")
        String from;
        @Option(names = "--to", required = true, paramLabel = "DATE", description = "The last day (at most 92 days after the first).")
        String to;
        @Option(names = "--window", paramLabel = "HH:MM-HH:MM", defaultValue = "00:00-24:00",
                description = "The part of each day the whole visit must lie in (default: all day).")
        String window;
        @Option(names = "--note", paramLabel = "TEXT", description = "A note for colleagues (at most 500 characters).")
        String note;

        @Override
        int run(Setup setup) throws CliInvalid {
            PrintWriter out = setup.out;
            if ((service == null) == (duration == null)) {
                throw new CliInvalid(setup.messages.get(JoinOutcome.Reason.SERVICE_OR_DURATION.messageKey()));
            }
            Long serviceId = service != null ? setup.service(service).id() : null;
            Integer minutes = duration != null ? setup.input.minutes(duration) : null;
            Long masterId = master == null || master.isBlank() || master.strip().equalsIgnoreCase("any") ? null
                    : setup.master(master).id();
            LocalDate first = setup.input.date(from);
            LocalDate last = setup.input.date(to);
            DailyWindow w = DailyWindow.parse(window)
                    .orElseThrow(() -> new CliInvalid(setup.messages.format("cli.invalid.window", window)));
            String why = setup.input.text(note, "--note", WaitlistRepository.MAX_NOTE_LENGTH);
            JoinOutcome o = new WaitlistRepository(setup.dsl).add(new NewWaitlistEntry(setup.salon.id(), null, setup.input.name(client),
                    phone, serviceId, minutes, masterId, first, last, w, why), Source.CLI);
            if (o instanceof JoinOutcome.Refused r) {
                throw new CliInvalid(setup.messages.format(r.reason().messageKey(), r.detail()));
            }
            out.println("waitlist_id=" + ((JoinOutcome.Joined) o).entryId());
            return 0;
        }
    }

    @Command(name = "list", mixinStandardHelpOptions = true,
            description = {"List the open entries (waiting, offered), first come first; --all also the closed ones.",
                    "One tab-separated line each: id, state, since, client, phone, service or minutes, master, days, window, booking or offer."})
    static final class ListEntries extends SalonCommand {
        @Option(names = "--all", description = "Also fulfilled, removed and expired entries.")
        boolean all;

        @Override
        int run(Setup setup) throws CliInvalid {
            PrintWriter out = setup.out;
            WaitlistRepository repo = new WaitlistRepository(setup.dsl);
            List<WaitlistEntry> entries = all ? repo.list(setup.salon.id(), EnumSet.allOf(WaitlistState.class)) : repo.open(setup.salon.id());
            for (WaitlistEntry e : entries) {
                out.println(line(setup, e));
            }
            return 0;
        }

        private static String line(Setup setup, WaitlistEntry e) {
            String what = e.serviceName() != null ? e.serviceName() : e.durationMin() + " min";
            String outcome = e.state() == WaitlistState.FULFILLED ? "booking #" + e.bookingId()
                    : e.state() == WaitlistState.OFFERED ? "offered " + e.offeredStart().atZone(setup.salon.zone()).format(Setup.DAY_TIME)
                    + " master #" + e.offeredMasterId() : "";
            return String.join("\t", Long.toString(e.id()), e.state().dbValue(),
                    e.createdAt().atZone(setup.salon.zone()).format(Setup.DAY_TIME), e.clientName(),
                    e.clientPhone() == null ? "" : e.clientPhone(), what, e.anyMaster() ? "any" : e.masterName(),
                    e.from() + ".." + e.to(), e.window().toString(), outcome);
        }
    }

    @Command(name = "remove", mixinStandardHelpOptions = true, description = "Take an open entry off the waitlist, by the id waitlist list shows.")
    static final class Remove extends SalonCommand {
        @Parameters(index = "0", paramLabel = "ID", descriptionKey = "waitlist.entry", description = "The entry's id.")
        long id;

        @Override
        int run(Setup setup) throws CliInvalid {
            PrintWriter out = setup.out;
            if (!new WaitlistRepository(setup.dsl).remove(setup.salon.id(), id)) {
                throw new CliInvalid(setup.messages.format("cli.invalid.unknownWaitlistEntry", id));
            }
            out.println("removed waitlist entry #" + id);
            return 0;
        }
    }

    @Command(name = "settings", mixinStandardHelpOptions = true,
            description = {"Show the salon's waitlist rules, or change them (the salon's admins).",
                    "Prints enabled, auto_book, lifetime_days, max_per_client, one name=value line each."})
    static final class Settings extends SalonCommand {
        @Option(names = "--enabled", arity = "1", paramLabel = "true|false", description = "Whether the salon keeps a waitlist.")
        Boolean enabled;
        @Option(names = "--auto-book", arity = "1", paramLabel = "true|false",
                description = "true: freed time is booked (pending, call to confirm); false: only proposed to the desk.")
        Boolean autoBook;
        @Option(names = "--lifetime-days", paramLabel = "N", description = "How many days an entry waits at most (1-366).")
        Integer lifetimeDays;
        @Option(names = "--max-per-client", paramLabel = "N", description = "How many open entries one client may have (1-20).")
        Integer maxPerClient;

        @Override
        int run(Setup setup) throws CliInvalid {
            PrintWriter out = setup.out;
            WaitlistRepository repo = new WaitlistRepository(setup.dsl);
            WaitlistRules now = repo.rules(setup.salon.id());
            if (enabled != null || autoBook != null || lifetimeDays != null || maxPerClient != null) {
                int days = lifetimeDays != null ? lifetimeDays : now.lifetimeDays();
                int max = maxPerClient != null ? maxPerClient : now.maxPerClient();
                if (days < 1 || days > WaitlistRules.MAX_LIFETIME_DAYS || max < 1 || max > WaitlistRules.MAX_PER_CLIENT) {
                    throw new CliInvalid(setup.messages.get("cli.invalid.waitlistRules"));
                }
                now = new WaitlistRules(enabled != null ? enabled : now.enabled(), autoBook != null ? autoBook : now.autoBook(), days, max);
                repo.saveRules(setup.salon.id(), now);
            }
            out.println("enabled=" + now.enabled());
            out.println("auto_book=" + now.autoBook());
            out.println("lifetime_days=" + now.lifetimeDays());
            out.println("max_per_client=" + now.maxPerClient());
            return 0;
        }
    }
}
