package app.salondesk.cli;

import app.salondesk.model.booking.Booking;
import picocli.CommandLine.Option;

/**
 * {@code --id N [--version V]}: the booking a change is about, as the person saw it — at the
 * version they give (the change then answers "changed by someone else" if it has moved on since),
 * else as it is now.
 */
final class SeenBooking {

    @Option(names = "--id", required = true, paramLabel = "N", descriptionKey = "change.id", description = "The booking's number.")
    long id;

    @Option(names = "--version", paramLabel = "V", descriptionKey = "change.version", description = BookingChange.VERSION_HELP)
    Integer version;

    /** The salon's booking as seen; another salon's is no booking (the one-line refusal). */
    Booking in(BookingChange change) throws CliInvalid {
        return BookingChange.seen(change.booking(id), version);
    }
}
