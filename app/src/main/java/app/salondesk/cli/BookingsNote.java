package app.salondesk.cli;

import app.salondesk.model.booking.Booking;
import app.salondesk.model.booking.NoteChange;
import app.salondesk.model.booking.Source;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** {@code bookings note}: a booking's note, and nothing else, through the engine's {@code changeNote}. */
@Command(name = "note", description = {"Change a booking's note, as the desk's form saves it (an empty text clears it).",
        "Prints one line. Exit codes: 0 saved, 3 changed by someone else, 4 try again, 2 invalid input (nothing written), "
                + "1 other failure."})
final class BookingsNote extends ChangeCommand {
    @Mixin
    SeenBooking booking;
    @Option(names = "--text", required = true, paramLabel = "TEXT", description = "The note (at most 2000 characters); it replaces the one there.")
    String text;

    @Override
    int run(BookingChange c) throws CliInvalid {
        Booking seen = booking.in(c);
        return c.answer(c.engine.changeNote(new NoteChange(c.salon.id(), seen.id(), seen.version(), seen.masterId(), text, Source.CLI)),
                seen.start(), b -> c.changed("noted", b));
    }
}
