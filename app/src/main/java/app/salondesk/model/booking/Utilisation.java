package app.salondesk.model.booking;

import java.time.LocalDate;

/** A master's day: minutes booked (what holds or held the master's time) against minutes of work. */
public record Utilisation(long masterId, LocalDate day, int bookedMinutes, int workingMinutes) {

    /** Booked share of the working time, 0..1 (0 on a day off). */
    public double share() {
        return workingMinutes == 0 ? 0 : Math.min(1.0, (double) bookedMinutes / workingMinutes);
    }
}
