package app.salondesk.cli;

import app.salondesk.logic.staff.MasterRepository;
import app.salondesk.model.staff.MasterDetails;
import app.salondesk.model.staff.Week;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;

import java.io.PrintWriter;
import java.time.LocalDate;
import java.time.LocalTime;
import java.util.List;
import java.util.concurrent.Callable;

/** The exceptions to a master's week: a day with hours of its own, and undoing one or a dated week. */
final class HoursDayCommands {

    private HoursDayCommands() {
    }

    @Command(name = "day", mixinStandardHelpOptions = true,
            description = {"Give a master one date with hours of its own instead of the week's.",
                    "off: not working that day (the salon is closed); for holidays and sick days use time-off. Lists the "
                    + "bookings now outside the hours."})
    static final class SetDay implements Callable<Integer> {
        @ParentCommand
        HoursCommand hours;
        @Spec
        CommandSpec spec;
        @Mixin
        SalonOption salon;
        @Option(names = "--master", required = true, paramLabel = "ID|NAME", descriptionKey = "setup.master",
                description = "The master, by id or by name.")
        String master;
        @Option(names = "--date", required = true, paramLabel = "DATE", descriptionKey = "setup.date", description = "The date, e.g. 2026-12-31.")
        String date;
        @Option(names = "--intervals", required = true, paramLabel = "HH:MM-HH:MM,…", descriptionKey = "setup.intervals",
                description = "When the master works, e.g. 09:00-13:00,14:00-18:00 (the gap is a break); off or \"\" for a day off.")
        String intervals;
        @Option(names = "--note", paramLabel = "TEXT", description = "Why, for colleagues (at most 200 characters).")
        String note;

        @Override
        public Integer call() {
            PrintWriter out = spec.commandLine().getOut();
            return Setup.run(hours.root, out, salon.tenant, setup -> {
                MasterDetails m = setup.master(master);
                LocalDate day = setup.input.date(date);
                List<LocalTime[]> times = setup.input.intervals(intervals);
                String why = setup.input.text(note, "--note", SetupInput.MAX_DAY_NOTE);
                new MasterRepository(setup.dsl).setDay(setup.salon.id(), m.id(), day, times, why);
                out.println("day #" + m.id() + " " + m.name() + " " + day + " " + SetupInput.intervals(times));
                setup.inTheWay(setup.warnInTheWay(m, setup.startOf(day), setup.startOf(day.plusDays(1))));
                return 0;
            });
        }
    }

    @Command(name = "clear-day", mixinStandardHelpOptions = true,
            description = {"Let a date follow the master's week again.", "Lists the bookings now outside the hours."})
    static final class ClearDay implements Callable<Integer> {
        @ParentCommand
        HoursCommand hours;
        @Spec
        CommandSpec spec;
        @Mixin
        SalonOption salon;
        @Option(names = "--master", required = true, paramLabel = "ID|NAME", descriptionKey = "setup.master",
                description = "The master, by id or by name.")
        String master;
        @Option(names = "--date", required = true, paramLabel = "DATE", descriptionKey = "setup.date", description = "The date, e.g. 2026-12-31.")
        String date;

        @Override
        public Integer call() {
            PrintWriter out = spec.commandLine().getOut();
            return Setup.run(hours.root, out, salon.tenant, setup -> {
                MasterDetails m = setup.master(master);
                LocalDate day = setup.input.date(date);
                boolean cleared = new MasterRepository(setup.dsl).clearDay(setup.salon.id(), m.id(), day);
                // nothing to clear is not a mistake: a script may clear a day twice
                out.println((cleared ? "cleared day #" : "unchanged: no own hours #") + m.id() + " " + m.name() + " " + day);
                setup.inTheWay(setup.warnInTheWay(m, setup.startOf(day), setup.startOf(day.plusDays(1))));
                return 0;
            });
        }
    }

    @Command(name = "remove-week", mixinStandardHelpOptions = true,
            description = {"Remove a week that starts on a date (hours set --from): the week before it goes on.",
                    "Lists the bookings now outside the hours."})
    static final class RemoveWeek implements Callable<Integer> {
        @ParentCommand
        HoursCommand hours;
        @Spec
        CommandSpec spec;
        @Mixin
        SalonOption salon;
        @Option(names = "--master", required = true, paramLabel = "ID|NAME", descriptionKey = "setup.master",
                description = "The master, by id or by name.")
        String master;
        @Option(names = "--from", required = true, paramLabel = "DATE", description = "The date the week starts on, as hours list shows it.")
        String from;

        @Override
        public Integer call() {
            PrintWriter out = spec.commandLine().getOut();
            return Setup.run(hours.root, out, salon.tenant, setup -> {
                MasterDetails m = setup.master(master);
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
            });
        }
    }
}
