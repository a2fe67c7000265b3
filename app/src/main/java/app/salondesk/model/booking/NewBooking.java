package app.salondesk.model.booking;

import java.time.Instant;
import java.util.Optional;
import java.util.UUID;
import app.salondesk.logic.booking.BookingEngine;

/**
 * A request for a new booking. The client is either an existing one ({@code clientId}) or
 * one to find or create in the same transaction ({@code newClient}), so a refused booking
 * leaves no stray client behind. {@code durationMin} may be null when a service gives it.
 * {@code requestId} is made when the form opens; sending the same one again is harmless.
 * {@code seriesId} names the series an occurrence of a recurring booking belongs to (null for a
 * booking of its own; {@link BookingSeries}).
 */
public record NewBooking(long tenantId, long masterId, Long clientId, ClientDetails newClient, Long serviceId,
                         Instant start, Integer durationMin, String note, UUID requestId, Source source,
                         boolean overrideHours, UUID seriesId) {

    /** A booking of its own, in no series. */
    public NewBooking(long tenantId, long masterId, Long clientId, ClientDetails newClient, Long serviceId,
                      Instant start, Integer durationMin, String note, UUID requestId, Source source, boolean overrideHours) {
        this(tenantId, masterId, clientId, newClient, serviceId, start, durationMin, note, requestId, source, overrideHours, null);
    }

    /** The same request as an occurrence of a series: its own start, master and request id. */
    public NewBooking occurrence(long master, Instant at, UUID occurrenceRequestId, UUID series) {
        return new NewBooking(tenantId, master, clientId, newClient, serviceId, at, durationMin, note, occurrenceRequestId, source,
                overrideHours, series);
    }

    /**
     * What is wrong with the request on its face, before any lock ({@code region}: the salon's
     * country, for a phone typed without its code); empty when the engine may try it.
     */
    public Optional<BookingOutcome.Invalid> invalid(String region) {
        if (start == null) {
            return Optional.of(new BookingOutcome.Invalid(InvalidReason.START_MISSING));
        }
        if (durationMin == null && serviceId == null) {
            return Optional.of(new BookingOutcome.Invalid(InvalidReason.DURATION_MISSING));
        }
        if (durationMin != null && (durationMin <= 0 || durationMin > BookingEngine.MAX_DURATION_MIN)) {
            return Optional.of(new BookingOutcome.Invalid(InvalidReason.DURATION_OUT_OF_RANGE, Integer.toString(durationMin)));
        }
        if (note != null && note.length() > BookingEngine.MAX_NOTE_LENGTH) {
            return Optional.of(new BookingOutcome.Invalid(InvalidReason.NOTE_TOO_LONG));
        }
        if (clientId == null) {
            ClientDetails c = newClient;
            if (c == null || c.name() == null || c.name().isBlank()) {
                return Optional.of(new BookingOutcome.Invalid(InvalidReason.CLIENT_NAME_MISSING));
            }
            if (c.name().strip().length() > app.salondesk.logic.clients.ClientRepository.MAX_NAME_LENGTH || c.name().chars().anyMatch(ch -> ch < 0x20)) {
                return Optional.of(new BookingOutcome.Invalid(InvalidReason.CLIENT_NAME_TOO_LONG));
            }
            if (c.phone() != null && !c.phone().isBlank()
                    && app.salondesk.model.clients.PhoneNumbers.normalise(c.phone(), region).isEmpty()) {
                return Optional.of(new BookingOutcome.Invalid(InvalidReason.PHONE_INVALID, c.phone().length() > 40 ? c.phone().substring(0, 40) : c.phone()));
            }
        }
        return Optional.empty();
    }

    /** Name and (optional) phone of a client to match by phone, or create. */
    public record ClientDetails(String name, String phone) {
    }
}
