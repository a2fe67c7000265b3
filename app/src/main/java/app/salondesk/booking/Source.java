package app.salondesk.booking;

import java.util.Locale;

/** The path a booking change came through; recorded on the booking and in its history. */
public enum Source {
    FORM, DRAG, IMPORT, CLI, WAITLIST, SQL, DEMO,
    /** A client's own booking on the salon's page (issue 13), by the server's least-privileged login. */
    ONLINE;

    public String dbValue() {
        return name().toLowerCase(Locale.ROOT);
    }
}
