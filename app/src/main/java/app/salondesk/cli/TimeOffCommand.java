package app.salondesk.cli;

import app.salondesk.logic.staff.MasterRepository;
import app.salondesk.model.staff.MasterDetails;
import app.salondesk.model.staff.TimeOffEntry;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

import java.io.PrintWriter;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;

/** A master's time off: a holiday, sick days, training. For the salon's admins. */
@Command(name = "time-off", mixinStandardHelpOptions = true, description = "A master's time off: holidays, sick days, training (the salon's admins).",
        subcommands = {TimeOffCommand.Add.class, TimeOffCommand.ListTimeOff.class, TimeOffCommand.Remove.class})
final class TimeOffCommand implements Runnable {

    static final int MAX_REASON = 200;

    @Spec
    CommandSpec spec;

    @Override
    public void run() {
        spec.commandLine().usage(spec.commandLine().getOut());
    }

    @Command(name = "add", mixinStandardHelpOptions = true,
            description = {"Add time off for a master. Prints time_off_id=N.",
                    "Then lists the bookings under it: they stay until someone moves or cancels them. Times are the "
                    + "salon's; a date alone is the whole day."})
    static final class Add extends SalonCommand {
        @Mixin
        MasterOption master;
        @Option(names = "--from", required = true, paramLabel = "DATE-TIME", description = "The start, e.g. 2026-07-01T09:00, or 2026-07-01 for the whole day.")
        String from;
        @Option(names = "--to", required = true, paramLabel = "DATE-TIME", description = "The end, e.g. 2026-07-14T21:00, or 2026-07-14 up to the end of that day.")
        String to;
        @Option(names = "--reason", paramLabel = "TEXT", description = "Why, for colleagues (at most 200 characters).")
        String reason;

        @Override
        int run(Setup setup) throws CliInvalid {
            PrintWriter out = setup.out;
            MasterDetails m = master.in(setup);
            LocalDateTime start = setup.input.dateTime(from, false);
            LocalDateTime end = setup.input.dateTime(to, true);
            String why = setup.input.text(reason, "--reason", MAX_REASON);
            Instant a = start.atZone(setup.salon.zone()).toInstant();
            Instant b = end.atZone(setup.salon.zone()).toInstant();
            if (!b.isAfter(a)) {
                throw new CliInvalid(setup.messages.format("cli.invalid.endBeforeStart",
                        start.format(Setup.DAY_TIME) + " - " + end.format(Setup.DAY_TIME)));
            }
            long id = new MasterRepository(setup.dsl).addTimeOff(setup.salon.id(), m.id(), a, b, why);
            out.println("time_off_id=" + id);
            setup.inTheWay(setup.warnInTheWay(m, a, b));
            return 0;
        }
    }

    @Command(name = "list", mixinStandardHelpOptions = true,
            description = {"List a master's time off from today on (or from --from).",
                    "One tab-separated line each: id, start, end (the salon's time), reason."})
    static final class ListTimeOff extends SalonCommand {
        @Mixin
        MasterOption master;
        @Option(names = "--from", paramLabel = "DATE", description = "Time off that has not ended by this date (default: today).")
        String from;

        @Override
        int run(Setup setup) throws CliInvalid {
            PrintWriter out = setup.out;
            MasterDetails m = master.in(setup);
            LocalDate first = from == null ? setup.today() : setup.input.date(from);
            for (TimeOffEntry e : new MasterRepository(setup.dsl).timeOffEntries(setup.salon.id(), m.id(), setup.startOf(first),
                    Setup.FAR_FUTURE)) {
                out.println(e.id() + "\t" + e.start().atZone(setup.salon.zone()).format(Setup.DAY_TIME) + "\t"
                        + e.end().atZone(setup.salon.zone()).format(Setup.DAY_TIME) + "\t" + e.reason());
            }
            return 0;
        }
    }

    @Command(name = "remove", mixinStandardHelpOptions = true, description = "Remove time off, by the id time-off list shows.")
    static final class Remove extends SalonCommand {
        @Option(names = "--id", required = true, paramLabel = "N", description = "The time off's id.")
        long id;

        @Override
        int run(Setup setup) throws CliInvalid {
            PrintWriter out = setup.out;
            if (!new MasterRepository(setup.dsl).removeTimeOff(setup.salon.id(), id)) {
                throw new CliInvalid(setup.messages.format("cli.invalid.unknownTimeOff", id));
            }
            out.println("removed time off #" + id);
            return 0;
        }
    }
}
