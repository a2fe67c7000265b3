package app.salondesk.model.booking;

import java.time.Instant;
import java.util.UUID;

/**
 * A request for a new booking. The client is either an existing one ({@code clientId}) or
 * one to find or create in the same transaction ({@code newClient}), so a refused booking
 * leaves no stray client behind. {@code durationMin} may be null when a service gives it.
 * {@code requestId} is made when the form opens; sending the same one again is harmless.
 * {@code seriesId} names the series an occurrence of a recurring booking belongs to (null for a
 * booking of its own; {@code BookingSeries}).
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

    /** Name and (optional) phone of a client to match by phone, or create. */
    public record ClientDetails(String name, String phone) {
    }
}
