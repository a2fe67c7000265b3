package app.salondesk.model.reports;

/** A figure whose bookings can be listed (the drill-down): the flags of migration 50's {@code report_booking_rows}. */
public enum Figure {
    BOOKINGS, CANCELLED, LATE_CANCELLED, NO_SHOWS, VISITS, ONLINE, WAITLIST, DESK
}
