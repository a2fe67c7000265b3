package app.salondesk.cli;

import app.salondesk.logic.staff.MasterRepository;
import app.salondesk.model.staff.MasterDetails;
import app.salondesk.model.staff.Week;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

import java.io.PrintWriter;
import java.time.LocalDate;
import java.time.LocalTime;
import java.util.List;

/** The exceptions to a master's week: a day with hours of its own, and undoing one or a dated week. */
final class HoursDayCommands {

    private HoursDayCommands() {
    }

    @Command(name = "day", mixinStandardHelpOptions = true,
            description = {"Give a master one date with hours of its own instead of the week's.",
                    "off: not working that day (the salon is closed); for holidays and sick days use time-off. Lists the "
                    + "bookings now outside the hours."})
    static final class SetDay extends SalonCommand {
        @Mixin
        MasterOption master;
        @Option(names = "--date", required = true, paramLabel = "DATE", descriptionKey = "setup.date", description = "The date, e.g. 2026-12-31.")
        String date;
        @Option(names = "--intervals", required = true, paramLabel = "HH:MM-HH:MM,…", descriptionKey = "setup.intervals",
                description = "When the master works, e.g. 09:00-13:00,14:00-18:00 (the gap is a break); off or \"\" for a day off.")
        String intervals;
        @Option(names = "--note", paramLabel = "TEXT", description = "Why, for colleagues (at most 200 characters).")
        String note;

        @Override
        int run(Setup setup) throws CliInvalid {
            PrintWriter out = setup.out;
            MasterDetails m = master.in(setup);
            LocalDate day = setup.input.date(date);
            List<LocalTime[]> times = setup.input.intervals(intervals);
            String why = setup.input.text(note, "--note", SetupInput.MAX_DAY_NOTE);
            new MasterRepository(setup.dsl).setDay(setup.salon.id(), m.id(), day, times, why);
            out.println("day #" + m.id() + " " + m.name() + " " + day + " " + SetupInput.intervals(times));
            setup.inTheWay(setup.warnInTheWay(m, setup.startOf(day), setup.startOf(day.plusDays(1))));
            return 0;
        }
    }

    @Command(name = "clear-day", mixinStandardHelpOptions = true,
            description = {"Let a date follow the master's week again.", "Lists the bookings now outside the hours."})
    static final class ClearDay extends SalonCommand {
        @Mixin
        MasterOption master;
        @Option(names = "--date", required = true, paramLabel = "DATE", descriptionKey = "setup.date", description = "The date, e.g. 2026-12-31.")
        String date;

        @Override
        int run(Setup setup) throws CliInvalid {
            PrintWriter out = setup.out;
            MasterDetails m = master.in(setup);
            LocalDate day = setup.input.date(date);
            boolean cleared = new MasterRepository(setup.dsl).clearDay(setup.salon.id(), m.id(), day);
            // nothing to clear is not a mistake: a script may clear a day twice
            out.println((cleared ? "cleared day #" : "unchanged: no own hours #") + m.id() + " " + m.name() + " " + day);
            setup.inTheWay(setup.warnInTheWay(m, setup.startOf(day), setup.startOf(day.plusDays(1))));
            return 0;
        }
    }

    @Command(name = "remove-week", mixinStandardHelpOptions = true,
            description = {"Remove a week that starts on a date (hours set --from): the week before it goes on.",
                    "Lists the bookings now outside the hours."})
    static final class RemoveWeek extends SalonCommand {
        @Mixin
        MasterOption master;
        @Option(names = "--from", required = true, paramLabel = "DATE", description = "The date the week starts on, as hours list shows it.")
        String from;

        @Override
        int run(Setup setup) throws CliInvalid {
            PrintWriter out = setup.out;
            MasterDetails m = master.in(setup);
            LocalDate validFrom = HoursCommand.weekStart(setup, from);
            if (validFrom.equals(Week.ALWAYS)) {
                // without it the master would have no hours before the next week at all
                throw new CliInvalid(setup.messages.get("cli.invalid.firstWeek"));
            }
            MasterRepository repository = new MasterRepository(setup.dsl);
            if (!repository.removeWeek(setup.salon.id(), m.id(), validFrom)) {
                throw new CliInvalid(setup.messages.format("cli.invalid.noSuchWeek", m.name(), validFrom));
            }
            out.println("removed week #" + m.id() + " " + m.name() + " " + validFrom);
            setup.inTheWay(setup.warnInTheWay(m, setup.startOf(validFrom),
                    HoursCommand.weekEnd(setup, repository.weeks(setup.salon.id(), m.id()), validFrom)));
            return 0;
        }
    }
}
