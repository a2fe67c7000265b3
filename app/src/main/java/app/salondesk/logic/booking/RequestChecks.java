package app.salondesk.logic.booking;

import app.salondesk.logic.clients.ClientRepository;
import app.salondesk.model.booking.BookingOutcome;
import app.salondesk.model.booking.InvalidReason;
import app.salondesk.model.booking.NewBooking.ClientDetails;
import app.salondesk.model.booking.NewBooking;
import app.salondesk.model.clients.PhoneNumbers;

import java.util.Optional;

/**
 * A new booking's request checked on its face, before any lock or transaction: what the engine
 * refuses without asking the database. Here rather than on {@link NewBooking}, since its limits
 * are the engine's and the client repository's, and a record of the model knows neither.
 */
final class RequestChecks {

    private RequestChecks() {
    }

    /**
     * What is wrong with the request on its face, before any lock ({@code region}: the salon's
     * country, for a phone typed without its code); empty when the engine may try it.
     */
    static Optional<BookingOutcome.Invalid> invalid(NewBooking r, String region) {
        if (r.start() == null) {
            return Optional.of(new BookingOutcome.Invalid(InvalidReason.START_MISSING));
        }
        if (r.durationMin() == null && r.serviceId() == null) {
            return Optional.of(new BookingOutcome.Invalid(InvalidReason.DURATION_MISSING));
        }
        if (r.durationMin() != null && (r.durationMin() <= 0 || r.durationMin() > BookingEngine.MAX_DURATION_MIN)) {
            return Optional.of(new BookingOutcome.Invalid(InvalidReason.DURATION_OUT_OF_RANGE, Integer.toString(r.durationMin())));
        }
        if (r.note() != null && r.note().length() > BookingEngine.MAX_NOTE_LENGTH) {
            return Optional.of(new BookingOutcome.Invalid(InvalidReason.NOTE_TOO_LONG));
        }
        if (r.clientId() == null) {
            ClientDetails c = r.newClient();
            if (c == null || c.name() == null || c.name().isBlank()) {
                return Optional.of(new BookingOutcome.Invalid(InvalidReason.CLIENT_NAME_MISSING));
            }
            if (c.name().strip().length() > ClientRepository.MAX_NAME_LENGTH || c.name().chars().anyMatch(ch -> ch < 0x20)) {
                return Optional.of(new BookingOutcome.Invalid(InvalidReason.CLIENT_NAME_TOO_LONG));
            }
            if (c.phone() != null && !c.phone().isBlank()
                    && PhoneNumbers.normalise(c.phone(), region).isEmpty()) {
                return Optional.of(new BookingOutcome.Invalid(InvalidReason.PHONE_INVALID, c.phone().length() > 40 ? c.phone().substring(0, 40) : c.phone()));
            }
        }
        return Optional.empty();
    }
}
