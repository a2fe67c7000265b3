package app.salondesk.model.booking;

import java.time.Instant;

/**
 * A client's past no-shows, as the booking form warns of them when she is booked again ("2
 * no-shows, last 12 Oct"): how many, and when the latest was (null when there was none).
 */
public record NoShows(int count, Instant last) {

    public static final NoShows NONE = new NoShows(0, null);
}
