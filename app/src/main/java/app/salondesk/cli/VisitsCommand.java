package app.salondesk.cli;

import app.salondesk.model.booking.Booking;
import app.salondesk.model.booking.Source;
import app.salondesk.model.booking.VisitOutcome;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;

import java.time.Duration;
import java.time.Instant;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * A whole visit moved on the command line, as a drag at the desk answered "the whole visit" moves
 * it ({@code BookingEngine.moveVisit}): every part or none, one line, the exit codes of
 * {@link BookingChange}.
 */
@Command(name = "visits", mixinStandardHelpOptions = true,
        description = "Move a whole visit (a client's bookings one after another), through the same engine as the window.",
        subcommands = {VisitsCommand.Move.class})
final class VisitsCommand implements Runnable {

    /** How far a visit may be moved at once: a week either way. */
    static final int MAX_MINUTES = 7 * 24 * 60;
    private static final DateTimeFormatter TIME = DateTimeFormatter.ofPattern("HH:mm");

    @ParentCommand
    SalonDeskCommand root;

    @Spec
    CommandSpec spec;

    @Override
    public void run() {
        spec.commandLine().usage(spec.commandLine().getOut());
    }

    @Command(name = "move", description = {"Move every part of a visit by the same number of minutes, all or none.",
            "Prints one line. Exit codes: 0 moved, 3 time taken (with the nearest starts at which the whole visit fits) or changed "
                    + "by someone else, 4 try again, 2 invalid input (nothing written), 1 other failure."})
    static final class Move extends ChangeCommand {
        @Option(names = "--visit", required = true, paramLabel = "N", description = "The visit's number (bookings show prints it as visit=N).")
        long visit;
        @Option(names = "--by-minutes", required = true, paramLabel = "M", description = "How many minutes later (or, negative, earlier).")
        int byMinutes;
        @Option(names = "--version", paramLabel = "BOOKING=V", description = "A part's version when you looked (bookings show), e.g. "
                + "--version 412=2, once per part: if a part has changed since, nothing is written and the answer is \"changed by "
                + "someone else\" (default: each part as it is now).")
        Map<Long, Integer> versions = new LinkedHashMap<>();

        @Override
        int run(BookingChange c) throws CliInvalid {
            if (byMinutes == 0 || Math.abs(byMinutes) > MAX_MINUTES) {
                throw new CliInvalid(c.messages.format("cli.invalid.byMinutes", byMinutes, MAX_MINUTES));
            }
            List<Booking> parts = c.engine.visitParts(c.salon.id(), visit);
            if (parts.isEmpty()) {
                throw new CliInvalid(c.messages.format("cli.invalid.unknownVisit", Long.toString(visit)));
            }
            Map<Long, Integer> seen = new LinkedHashMap<>();
            parts.forEach(p -> seen.put(p.id(), p.version()));
            for (Map.Entry<Long, Integer> v : versions.entrySet()) {
                if (!seen.containsKey(v.getKey())) {
                    throw new CliInvalid(c.messages.format("cli.invalid.notAPart", Long.toString(v.getKey()), Long.toString(visit)));
                }
                seen.put(v.getKey(), v.getValue());
            }
            Duration by = Duration.ofMinutes(byMinutes);
            VisitOutcome outcome = c.engine.moveVisit(c.salon.id(), visit, seen, by, Source.CLI);
            c.out.println(line(c, outcome, parts.get(0).start().plus(by)));
            return exitCode(outcome);
        }
    }

    static String line(BookingChange c, VisitOutcome outcome, Instant wished) {
        if (outcome instanceof VisitOutcome.Booked b) {
            return "moved visit #" + b.visitId() + ": " + b.parts().stream().map(p -> c.tools.booking(p) + " version " + p.version())
                    .collect(Collectors.joining(", "));
        }
        if (outcome instanceof VisitOutcome.TimeTaken t) {
            return "time-taken (part " + (t.part() + 1) + "); nearest free: " + starts(c, t.nearestStarts(), wished);
        }
        if (outcome instanceof VisitOutcome.TryAgain a) {
            return "try again: " + c.tools.tryAgain(a.why());
        }
        if (outcome instanceof VisitOutcome.ChangedByOthers o) {
            return "changed by someone else: the visit is now " + o.current().stream().map(p -> "#" + p.id() + " version " + p.version())
                    .collect(Collectors.joining(", "));
        }
        VisitOutcome.Invalid i = (VisitOutcome.Invalid) outcome;
        return "invalid: " + i.reason().sentence(c.messages, i.detail());
    }

    static int exitCode(VisitOutcome outcome) {
        if (outcome instanceof VisitOutcome.Booked) {
            return BookingTools.EXIT_BOOKED;
        }
        if (outcome instanceof VisitOutcome.TimeTaken) {
            return BookingTools.EXIT_TIME_TAKEN;
        }
        if (outcome instanceof VisitOutcome.TryAgain) {
            return BookingTools.EXIT_TRY_AGAIN;
        }
        if (outcome instanceof VisitOutcome.ChangedByOthers) {
            return BookingTools.EXIT_CHANGED;
        }
        return BookingTools.EXIT_INVALID;
    }

    /** The first part's nearest starts: a time on the wished day, else the date too. */
    private static String starts(BookingChange c, List<Instant> starts, Instant wished) {
        if (starts.isEmpty()) {
            return c.messages.get("cli.nearestNone");
        }
        return starts.stream().map(s -> {
            ZonedDateTime t = s.atZone(c.salon.zone());
            return t.toLocalDate().equals(wished.atZone(c.salon.zone()).toLocalDate()) ? t.format(TIME) : c.tools.dayTime(s);
        }).collect(Collectors.joining(", "));
    }
}
