package app.salondesk.model.booking;

import java.util.Locale;

/** The path a booking change came through; recorded on the booking and in its history. */
public enum Source {
    /** The booking form (a new booking, or a change of one saved in it). */
    FORM,
    /** A drag or resize on the calendar. */
    DRAG,
    IMPORT, CLI, WAITLIST, SQL, DEMO,
    /** A client's own booking on the salon's page (issue 13), by the server's least-privileged login. */
    ONLINE,
    /** The calendar's right-click menu: a status, Move to ▸, Cancel (issue 30). */
    MENU,
    /** Ctrl+Z at the desk: a change taken back (issue 30). */
    UNDO,
    /** A change or cancel of a series' occurrences from one on (issue 30). */
    SERIES,
    /** A checkout at the desk: the bookings it pays for become completed (issue 34, migration 35). */
    CHECKOUT;

    public String dbValue() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** The source a row says; one this version does not know reads as plain SQL. */
    public static Source fromDb(String value) {
        for (Source s : values()) {
            if (s.dbValue().equals(value)) {
                return s;
            }
        }
        return SQL;
    }
}
