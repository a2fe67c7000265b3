package app.salondesk.cli;

import app.salondesk.model.booking.Booking;
import app.salondesk.model.booking.BookingStatus;
import app.salondesk.model.booking.Reschedule;
import app.salondesk.model.booking.Source;
import app.salondesk.model.booking.StatusChange;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;

import java.time.Instant;
import java.util.Locale;

/**
 * The desk's changes of one booking on the command line — move, status, note ({@link BookingsNote}), show —
 * through the same engine and protocol as the desk, written as {@link Source#CLI}: one line
 * each, the exit codes of {@link BookingChange}.
 */
@Command(name = "bookings", mixinStandardHelpOptions = true,
        description = "Change or show one booking, through the same engine as the window (receptionists and admins change; everyone shows).",
        subcommands = {BookingsCommand.Move.class, BookingsCommand.Status.class, BookingsNote.class, BookingsCommand.Show.class})
final class BookingsCommand implements Runnable {

    @ParentCommand
    SalonDeskCommand root;

    @Spec
    CommandSpec spec;

    @Override
    public void run() {
        spec.commandLine().usage(spec.commandLine().getOut());
    }

    @Command(name = "move", description = {"Move a booking to another time, master or length, as a drag at the desk does.",
            "Prints one line. Exit codes: 0 moved, 3 time taken (with the nearest free times) or changed by someone else, "
                    + "4 try again, 2 invalid input (nothing written), 1 other failure."})
    static final class Move extends ChangeCommand {
        @Mixin
        SeenBooking booking;
        @Option(names = "--start", required = true, paramLabel = "DATE-TIME",
                description = "The new start in the salon's time zone, e.g. 2026-12-01T15:00.")
        String start;
        @Option(names = "--master", paramLabel = "ID|NAME", description = "Another master, by id or by name (default: the same).")
        String master;
        @Option(names = "--duration", paramLabel = "MINUTES", description = "Another length in minutes (default: the same).")
        Integer duration;

        @Override
        int run(BookingChange c) throws CliInvalid {
            Booking seen = booking.in(c);
            Instant at = c.tools.start(start);
            long to = master == null ? seen.masterId() : c.tools.master(master);
            int minutes = duration == null ? seen.durationMin() : duration;
            // a booking an admin placed outside the hours keeps that leave: a move changes the time, not the rule
            return c.answer(c.engine.reschedule(new Reschedule(c.salon.id(), seen.id(), seen.version(), seen.masterId(), to, at, minutes,
                    Source.CLI, seen.outsideHours())), at, b -> c.changed("moved", b));
        }
    }

    @Command(name = "status", description = {"Confirm a booking, mark it arrived, completed or a no-show, or cancel it.",
            "A cancelled booking given another status comes back if its time is still free. Prints one line. Exit codes: 0 done, "
                    + "3 time taken or changed by someone else, 4 try again, 2 invalid input (nothing written), 1 other failure."})
    static final class Status extends ChangeCommand {
        @Mixin
        SeenBooking booking;
        @Option(names = "--to", required = true, paramLabel = "STATUS", description = "confirmed, arrived, completed, no-show or cancelled.")
        String to;

        @Override
        int run(BookingChange c) throws CliInvalid {
            BookingStatus status = status(c, to);
            Booking seen = booking.in(c);
            return c.answer(c.engine.changeStatus(new StatusChange(c.salon.id(), seen.id(), seen.version(), seen.masterId(), status,
                    Source.CLI)), seen.start(), b -> c.changed(word(b.status()), b));
        }

        private static BookingStatus status(BookingChange c, String text) throws CliInvalid {
            return switch (text.strip().toLowerCase(Locale.ROOT)) {
                case "confirmed" -> BookingStatus.CONFIRMED;
                case "arrived" -> BookingStatus.ARRIVED;
                case "completed" -> BookingStatus.COMPLETED;
                case "no-show", "no_show" -> BookingStatus.NO_SHOW;
                case "cancelled", "canceled" -> BookingStatus.CANCELLED;
                default -> throw new CliInvalid(c.messages.format("cli.invalid.status", text));
            };
        }
    }

    /** A status as the command line writes it (and {@code --to} takes it): no-show with a hyphen. */
    static String word(BookingStatus status) {
        return status == BookingStatus.NO_SHOW ? "no-show" : status.dbValue();
    }

    @Command(name = "show",
            description = {"Show a booking: one name=value line per field (client, phone, master, service, start, minutes, status, "
                    + "note, source, version; visit and series when it is part of one), then its history, one tab-separated line per "
                    + "change: history, when, who, how (the road it came by), what changed.",
                    "Exit codes: 0 shown, 2 no such booking in this salon."})
    static final class Show extends ChangeCommand {
        @Option(names = "--id", required = true, paramLabel = "N", descriptionKey = "change.id", description = "The booking's number.")
        long id;

        @Override
        int run(BookingChange c) throws CliInvalid {
            return BookingCardLines.print(c, id);
        }
    }
}
