package app.salondesk.model.booking;

import java.time.Instant;
import java.util.UUID;

/**
 * A request for a new booking. The client is either an existing one ({@code clientId}) or
 * one to find or create in the same transaction ({@code newClient}), so a refused booking
 * leaves no stray client behind. {@code durationMin} may be null when a service gives it.
 * {@code requestId} is made when the form opens; sending the same one again is harmless.
 * {@code seriesId} names the series an occurrence of a recurring booking belongs to (null for a
 * booking of its own; {@code BookingSeries}). {@code waivePatchTest}: book a service that needs a
 * patch test although the client has none that does (an admin's right, recorded on the booking;
 * ADR 36) — used only when the rule book refuses for that alone.
 */
public record NewBooking(long tenantId, long masterId, Long clientId, ClientDetails newClient, Long serviceId,
                         Instant start, Integer durationMin, String note, UUID requestId, Source source,
                         boolean overrideHours, UUID seriesId, boolean waivePatchTest) {

    /** A booking in a series (or none), the patch test not waived. */
    public NewBooking(long tenantId, long masterId, Long clientId, ClientDetails newClient, Long serviceId,
                      Instant start, Integer durationMin, String note, UUID requestId, Source source,
                      boolean overrideHours, UUID seriesId) {
        this(tenantId, masterId, clientId, newClient, serviceId, start, durationMin, note, requestId, source, overrideHours, seriesId, false);
    }

    /** A booking of its own, in no series. */
    public NewBooking(long tenantId, long masterId, Long clientId, ClientDetails newClient, Long serviceId,
                      Instant start, Integer durationMin, String note, UUID requestId, Source source, boolean overrideHours) {
        this(tenantId, masterId, clientId, newClient, serviceId, start, durationMin, note, requestId, source, overrideHours, null, false);
    }

    /** The same request as an occurrence of a series: its own start, master and request id. */
    public NewBooking occurrence(long master, Instant at, UUID occurrenceRequestId, UUID series) {
        return new NewBooking(tenantId, master, clientId, newClient, serviceId, at, durationMin, note, occurrenceRequestId, source,
                overrideHours, series, waivePatchTest);
    }

    /** The same request, booked without the patch test its service needs (an admin's, ADR 36) or not. */
    public NewBooking withPatchTestWaived(boolean waive) {
        return new NewBooking(tenantId, masterId, clientId, newClient, serviceId, start, durationMin, note, requestId, source,
                overrideHours, seriesId, waive);
    }

    /** Name and (optional) phone of a client to match by phone, or create. */
    public record ClientDetails(String name, String phone) {
    }
}
