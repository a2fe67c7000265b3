package app.salondesk.model.staff;

import java.util.Locale;

/** What a signed-in person may do; PostgreSQL enforces it, the UI only follows it. */
public enum StaffRole {
    RECEPTIONIST, ADMIN, MANAGER;

    /** Receptionists and admins book and change bookings; managers only look. */
    public boolean mayEditBookings() {
        return this != MANAGER;
    }

    public static StaffRole fromDb(String value) {
        return valueOf(value.toUpperCase(Locale.ROOT));
    }
}
