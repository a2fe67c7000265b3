package app.salondesk.cli;

import app.salondesk.logic.booking.BookingSeries;
import app.salondesk.model.booking.Booking;
import app.salondesk.model.booking.BookingOutcome;
import app.salondesk.model.booking.Source;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;

import java.time.Instant;

/**
 * A series "from this booking on" on the command line, as the desk's "change its later bookings
 * the same way" and "cancel this and the later ones" do it ({@link BookingSeries}): one line per
 * occurrence, each answered on its own, then the counts ({@link BookingChange#series}).
 */
@Command(name = "series", mixinStandardHelpOptions = true,
        description = "Move or cancel a booking of a series and its later ones, through the same engine as the window.",
        subcommands = {SeriesCommand.Move.class, SeriesCommand.Cancel.class})
final class SeriesCommand implements Runnable {

    /** How far a series may be moved at once: a year either way. */
    static final int MAX_DAYS = 366;

    @ParentCommand
    SalonDeskCommand root;

    @Spec
    CommandSpec spec;

    @Override
    public void run() {
        spec.commandLine().usage(spec.commandLine().getOut());
    }

    @Command(name = "move", description = {"Move a booking of a series and each later one of it by the same number of days, at the same "
            + "time of day, with the same master and length.",
            "One line per booking, each moved through the engine on its own, then moved=N time-taken=N changed=N try-again=N invalid=N. "
                    + "Exit code 0 when every one moved, 3 when a time was taken or one was changed by someone else, else 4 (try again) "
                    + "or 2 (invalid). With --version, nothing is moved unless the booking is still at that version."})
    static final class Move extends ChangeCommand {
        @Option(names = "--booking", required = true, paramLabel = "N", descriptionKey = "series.booking",
                description = "The booking of the series to start from (it and the later ones change).")
        long booking;
        @Option(names = "--by-days", required = true, paramLabel = "D", description = "How many days later (or, negative, earlier): 7 is a week on.")
        int byDays;
        @Option(names = "--version", paramLabel = "V", descriptionKey = "change.version", description = BookingChange.VERSION_HELP)
        Integer version;

        @Override
        int run(BookingChange c) throws CliInvalid {
            if (byDays == 0 || Math.abs(byDays) > MAX_DAYS) {
                throw new CliInvalid(c.messages.format("cli.invalid.byDays", byDays, MAX_DAYS));
            }
            Booking seen = inSeries(c, booking, version);
            if (seen == null) {
                return BookingTools.EXIT_CHANGED;
            }
            // the same wall-clock time D days on; in a DST gap or overlap, resolved as book resolves a start
            Instant at = seen.start().atZone(c.salon.zone()).plusDays(byDays).toInstant();
            return c.series(new BookingSeries(c.engine).changeFrom(seen, seen.masterId(), at, seen.durationMin(), c.salon.zone(), Source.CLI),
                    "moved", b -> c.changed("moved", b));
        }
    }

    @Command(name = "cancel", description = {"Cancel a booking of a series and each later one of it.",
            "One line per booking, each cancelled through the engine on its own, then cancelled=N time-taken=N changed=N try-again=N "
                    + "invalid=N. Exit code 0 when every one was cancelled, 3 when one was changed by someone else, else 4 (try again) "
                    + "or 2 (invalid). With --version, nothing is cancelled unless the booking is still at that version."})
    static final class Cancel extends ChangeCommand {
        @Option(names = "--booking", required = true, paramLabel = "N", descriptionKey = "series.booking",
                description = "The booking of the series to start from (it and the later ones change).")
        long booking;
        @Option(names = "--version", paramLabel = "V", descriptionKey = "change.version", description = BookingChange.VERSION_HELP)
        Integer version;

        @Override
        int run(BookingChange c) throws CliInvalid {
            Booking seen = inSeries(c, booking, version);
            if (seen == null) {
                return BookingTools.EXIT_CHANGED;
            }
            return c.series(new BookingSeries(c.engine).cancelFrom(seen, Source.CLI), "cancelled",
                    b -> c.changed(BookingsCommand.word(b.status()), b));
        }
    }

    /**
     * The booking as the person saw it, if it is part of a series; null (after the line saying so)
     * when {@code version} is not its version any more: then no occurrence is written, where the
     * engine, asked, would refuse only this one and change the later ones all the same.
     */
    private static Booking inSeries(BookingChange c, long id, Integer version) throws CliInvalid {
        Booking now = c.booking(id);
        if (now.seriesId() == null) {
            throw new CliInvalid(c.messages.format("cli.invalid.notInSeries", Long.toString(id)));
        }
        if (version != null && version != now.version()) {
            c.answer(new BookingOutcome.ChangedByOthers(now), now.start(), b -> "");
            return null;
        }
        return now;
    }
}
