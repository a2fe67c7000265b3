package app.salondesk.booking;

import java.time.Instant;
import java.util.UUID;

/**
 * A request for a new booking. The client is either an existing one ({@code clientId}) or
 * one to find or create in the same transaction ({@code newClient}), so a refused booking
 * leaves no stray client behind. {@code durationMin} may be null when a service gives it.
 * {@code requestId} is made when the form opens; sending the same one again is harmless.
 */
public record NewBooking(long tenantId, long masterId, Long clientId, ClientDetails newClient, Long serviceId,
                         Instant start, Integer durationMin, String note, UUID requestId, Source source,
                         boolean overrideHours) {

    /** Name and (optional) phone of a client to match by phone, or create. */
    public record ClientDetails(String name, String phone) {
    }
}
