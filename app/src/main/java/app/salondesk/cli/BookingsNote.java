package app.salondesk.cli;

import app.salondesk.model.booking.Booking;
import app.salondesk.model.booking.NoteChange;
import app.salondesk.model.booking.Source;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;

import java.util.concurrent.Callable;

/** {@code bookings note}: a booking's note, and nothing else, through the engine's {@code changeNote}. */
@Command(name = "note", description = {"Change a booking's note, as the desk's form saves it (an empty text clears it).",
        "Prints one line. Exit codes: 0 saved, 3 changed by someone else, 4 try again, 2 invalid input (nothing written), "
                + "1 other failure."})
final class BookingsNote implements Callable<Integer> {
    @ParentCommand
    BookingsCommand bookings;
    @Spec
    CommandSpec spec;
    @Mixin
    SalonOption salon;
    @Option(names = {"-h", "--help"}, usageHelp = true, descriptionKey = "help", description = "Show this help message and exit.")
    boolean help;
    @Option(names = "--id", required = true, paramLabel = "N", descriptionKey = "change.id", description = "The booking's number.")
    long id;
    @Option(names = "--text", required = true, paramLabel = "TEXT", description = "The note (at most 2000 characters); it replaces the one there.")
    String text;
    @Option(names = "--version", paramLabel = "V", descriptionKey = "change.version", description = BookingChange.VERSION_HELP)
    Integer version;

    @Override
    public Integer call() {
        return BookingChange.run(bookings.root, spec.commandLine().getOut(), salon.tenant, c -> {
            Booking seen = BookingChange.seen(c.booking(id), version);
            return c.answer(c.engine.changeNote(new NoteChange(c.salon.id(), seen.id(), seen.version(), seen.masterId(), text, Source.CLI)),
                    seen.start(), b -> c.changed("noted", b));
        });
    }
}
