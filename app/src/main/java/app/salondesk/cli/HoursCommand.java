package app.salondesk.cli;

import app.salondesk.logic.staff.MasterRepository;
import app.salondesk.model.staff.MasterDetails;
import app.salondesk.model.staff.OwnDay;
import app.salondesk.model.staff.Week;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

import java.io.PrintWriter;
import java.time.DayOfWeek;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalTime;
import java.time.format.TextStyle;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * A master's working hours: weeks in force from a date on, and single days with hours of their
 * own. A change never moves a booking: those it leaves outside the hours are listed as warnings.
 */
@Command(name = "hours", mixinStandardHelpOptions = true, description = "A master's working hours (the salon's admins).",
        subcommands = {HoursCommand.SetWeekDays.class, HoursDayCommands.SetDay.class, HoursDayCommands.ClearDay.class,
                HoursDayCommands.RemoveWeek.class, HoursCommand.ListHours.class})
final class HoursCommand implements Runnable {

    @Spec
    CommandSpec spec;

    @Override
    public void run() {
        spec.commandLine().usage(spec.commandLine().getOut());
    }

    /** "always" for the first week, else its first date: what --from takes back. */
    static String weekName(LocalDate validFrom) {
        return validFrom.equals(Week.ALWAYS) ? "always" : validFrom.toString();
    }

    /** --from of a week: a date, or "always" for the first week. */
    static LocalDate weekStart(Setup setup, String text) throws CliInvalid {
        return text.strip().equalsIgnoreCase("always") ? Week.ALWAYS : setup.input.date(text);
    }

    /** The week in force on the salon's today (the first week when the master has none yet). */
    static LocalDate currentWeek(List<Week> weeks, LocalDate today) {
        return weeks.stream().map(Week::validFrom).filter(d -> !d.isAfter(today)).reduce((a, b) -> b).orElse(Week.ALWAYS);
    }

    /** Where the week from {@code validFrom} ends: the next week's start, else never. */
    static Instant weekEnd(Setup setup, List<Week> weeks, LocalDate validFrom) {
        return weeks.stream().map(Week::validFrom).filter(d -> d.isAfter(validFrom)).findFirst()
                .map(setup::startOf).orElse(Setup.FAR_FUTURE);
    }

    static String weekdayName(Setup setup, DayOfWeek day) {
        return day.getDisplayName(TextStyle.SHORT, setup.messages.locale());
    }

    @Command(name = "set", mixinStandardHelpOptions = true,
            description = {"Set a master's working hours on one or more weekdays.",
                    "Changes the week in force today, or with --from a week from that date on (it starts as a copy of the"
                    + " week before it). Lists the bookings now outside the hours; they are never moved."})
    static final class SetWeekDays extends SalonCommand {
        @Mixin
        MasterOption master;
        @Option(names = "--weekday", required = true, paramLabel = "1-7",
                description = "1 (Monday) to 7 (Sunday); several as 1,3,5 or 1-5.")
        String weekday;
        @Option(names = "--intervals", required = true, paramLabel = "HH:MM-HH:MM,…", descriptionKey = "setup.intervals",
                description = "When the master works, e.g. 09:00-13:00,14:00-18:00 (the gap is a break); off or \"\" for a day off.")
        String intervals;
        @Option(names = "--from", paramLabel = "DATE", description = "A week in force from this date on, e.g. 2026-03-01 (always: the first week).")
        String from;

        @Override
        int run(Setup setup) throws CliInvalid {
            PrintWriter out = setup.out;
            MasterDetails m = master.in(setup);
            Set<DayOfWeek> days = setup.input.weekdays(weekday);
            List<LocalTime[]> times = setup.input.intervals(intervals);
            MasterRepository repository = new MasterRepository(setup.dsl);
            LocalDate validFrom = from == null ? currentWeek(repository.weeks(setup.salon.id(), m.id()), setup.today())
                    : weekStart(setup, from);
            Map<DayOfWeek, List<LocalTime[]>> change = new java.util.EnumMap<>(DayOfWeek.class);
            days.forEach(d -> change.put(d, times));
            repository.setWeekDays(setup.salon.id(), m.id(), validFrom, change);
            out.println("hours #" + m.id() + " " + m.name() + " week " + weekName(validFrom) + " "
                    + days.stream().map(d -> Integer.toString(d.getValue())).collect(Collectors.joining(",")) + " "
                    + SetupInput.intervals(times));
            List<Week> weeks = repository.weeks(setup.salon.id(), m.id());
            setup.inTheWay(setup.warnInTheWay(m, setup.startOf(validFrom), weekEnd(setup, weeks, validFrom)));
            return 0;
        }
    }

    @Command(name = "list", mixinStandardHelpOptions = true,
            description = {"List a master's weeks and days with hours of their own.",
                    "One tab-separated line each: week FROM, weekday, intervals (or off); day DATE, weekday, intervals "
                    + "(or off), note. Days from today on unless --from/--to say otherwise."})
    static final class ListHours extends SalonCommand {
        @Mixin
        MasterOption master;
        @Option(names = "--from", paramLabel = "DATE", description = "The first day to show (default: today; weeks: all).")
        String from;
        @Option(names = "--to", paramLabel = "DATE", description = "The last day to show (default: no end).")
        String to;

        @Override
        int run(Setup setup) throws CliInvalid {
            PrintWriter out = setup.out;
            MasterDetails m = master.in(setup);
            LocalDate first = from == null ? null : setup.input.date(from);
            LocalDate last = to == null ? LocalDate.of(9999, 12, 31) : setup.input.date(to);
            if (first != null && last.isBefore(first)) {
                throw new CliInvalid(setup.messages.format("cli.invalid.endBeforeStart", first + " - " + last));
            }
            MasterRepository repository = new MasterRepository(setup.dsl);
            List<Week> weeks = repository.weeks(setup.salon.id(), m.id());
            for (int i = 0; i < weeks.size(); i++) {
                Week w = weeks.get(i);
                LocalDate next = i + 1 < weeks.size() ? weeks.get(i + 1).validFrom() : null;
                boolean shown = !w.validFrom().isAfter(last) && (first == null || next == null || next.isAfter(first));
                for (DayOfWeek day : shown ? DayOfWeek.values() : new DayOfWeek[0]) {
                    out.println("week " + weekName(w.validFrom()) + "\t" + day.getValue() + " " + weekdayName(setup, day) + "\t"
                            + SetupInput.intervals(w.on(day)));
                }
            }
            for (OwnDay d : repository.ownDays(setup.salon.id(), m.id(), first == null ? setup.today() : first, last)) {
                out.println("day " + d.day() + "\t" + weekdayName(setup, d.day().getDayOfWeek()) + "\t"
                        + SetupInput.intervals(d.intervals()) + "\t" + d.note());
            }
            return 0;
        }
    }
}
