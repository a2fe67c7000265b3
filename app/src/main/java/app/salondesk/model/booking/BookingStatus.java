package app.salondesk.model.booking;

import java.util.Locale;

/** The six states of a booking; the first three hold the master's time. */
public enum BookingStatus {
    PENDING, CONFIRMED, ARRIVED, COMPLETED, CANCELLED, NO_SHOW;

    public boolean holdsTime() {
        return this == PENDING || this == CONFIRMED || this == ARRIVED;
    }

    /** The value stored in {@code bookings.status}. */
    public String dbValue() {
        return name().toLowerCase(Locale.ROOT);
    }

    public static BookingStatus fromDb(String value) {
        return valueOf(value.toUpperCase(Locale.ROOT));
    }
}
