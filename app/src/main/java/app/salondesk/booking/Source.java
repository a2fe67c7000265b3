package app.salondesk.booking;

import java.util.Locale;

/** The path a booking change came through; recorded on the booking and in its history. */
public enum Source {
    FORM, DRAG, IMPORT, CLI, WAITLIST, SQL, DEMO;

    public String dbValue() {
        return name().toLowerCase(Locale.ROOT);
    }
}
