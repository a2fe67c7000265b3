package app.salondesk.model.booking;

import java.time.Instant;

/**
 * A client's bookings counted for the clients export: all of them, the visits (completed), the
 * no-shows and the cancellations, the last visit and the next booking that holds time (null
 * when there is none).
 */
public record VisitCounts(int bookings, int visits, int noShows, int cancelled, Instant lastVisit, Instant nextBooking) {

    public static final VisitCounts NONE = new VisitCounts(0, 0, 0, 0, null, null);
}
