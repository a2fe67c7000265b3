package app.salondesk.model.waitlist;

import java.util.Locale;

/**
 * Where a waitlist entry stands. {@link #WAITING} and {@link #OFFERED} are open (they count
 * against the client's cap); the other three are closed for good — the database refuses any
 * change of a closed entry (migration 14).
 */
public enum WaitlistState {
    /** The worker looks for a time for it. */
    WAITING,
    /** A free time was proposed (the salon's rules say "propose only"); the desk books it by hand or declines it. */
    OFFERED,
    /** Booked: {@link WaitlistEntry#bookingId()} is the booking made with the entry's request id. */
    FULFILLED,
    /** Taken off the list by staff. */
    REMOVED,
    /** Its last day or its lifetime passed. */
    EXPIRED;

    public boolean open() {
        return this == WAITING || this == OFFERED;
    }

    public String dbValue() {
        return name().toLowerCase(Locale.ROOT);
    }

    public static WaitlistState fromDb(String value) {
        return valueOf(value.toUpperCase(Locale.ROOT));
    }
}
