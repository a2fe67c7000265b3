package app.salondesk.model.print;

import java.time.LocalDate;

/**
 * What to print: a day (or the week from that day), of all the desk's masters or of one.
 *
 * @param masterId         null: every master on the desk
 * @param week             seven days from {@code day} instead of the day alone
 * @param includeCancelled cancelled bookings too (as the desk shows them with "Show cancelled")
 */
public record SheetRequest(LocalDate day, Long masterId, boolean week, boolean includeCancelled) {

    public LocalDate lastDay() {
        return week ? day.plusDays(6) : day;
    }
}
