package app.salondesk.model.booking;

import java.time.Instant;
import java.util.List;
import java.util.UUID;

/**
 * One client's bookings in sequence, booked together or not at all (issue 18): a colour with
 * Marta at 10:00, then a cut with Olena at 11:40. The client is a known one ({@code clientId}), or
 * one found by phone or made in the same transaction ({@code newClient}): a refused visit leaves
 * no stray client. Each part is a master, a service (or none, with
 * minutes), and its start. {@code requestId} is made when the form opens, as for a booking: the
 * same request again returns the visit already made.
 */
public record NewVisit(long tenantId, Long clientId, NewBooking.ClientDetails newClient, List<Part> parts, String note, UUID requestId,
                       Source source) {

    public static final int MAX_PARTS = 6;

    public NewVisit {
        parts = List.copyOf(parts);
    }

    /** A visit of a known client. */
    public NewVisit(long tenantId, long clientId, List<Part> parts, String note, UUID requestId, Source source) {
        this(tenantId, Long.valueOf(clientId), null, parts, note, requestId, source);
    }

    /**
     * {@code durationMin} null: the service's length with this master. {@code start} null (any part
     * but the first): after the parts before it, as {@link VisitSequence} places it — when the client
     * is free, and after the cleanup of an earlier part with the same master or the same room.
     */
    public record Part(long masterId, Long serviceId, Instant start, Integer durationMin) {
    }

    /** The same visit, every part moved so that the first starts at {@code start}. */
    public NewVisit startingAt(Instant start) {
        java.time.Duration by = java.time.Duration.between(parts.get(0).start(), start);
        return new NewVisit(tenantId, clientId, newClient, parts.stream()
                .map(p -> new Part(p.masterId(), p.serviceId(), p.start() == null ? null : p.start().plus(by), p.durationMin())).toList(),
                note, requestId, source);
    }
}
