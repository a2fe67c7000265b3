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
