package app.salondesk.gui.calendar;

import app.salondesk.model.booking.BookingStatus;

import java.util.List;

import static app.salondesk.model.booking.BookingStatus.ARRIVED;
import static app.salondesk.model.booking.BookingStatus.CANCELLED;
import static app.salondesk.model.booking.BookingStatus.COMPLETED;
import static app.salondesk.model.booking.BookingStatus.CONFIRMED;
import static app.salondesk.model.booking.BookingStatus.NO_SHOW;

/**
 * Which status changes a booking's right-click menu offers from the status it has: only those
 * that mean something at the desk (issue 31: "Confirm" on a confirmed booking did nothing and
 * said nothing). The engine accepts any change; this is the desk's choice of words, not a rule.
 * A cancelled booking, or a client marked as not come, is restored to confirmed ({@link Choice#restore}).
 */
final class StatusChoices {

    /** A change the menu offers: the status it sets, and whether the menu calls it "Restore". */
    record Choice(BookingStatus to, boolean restore) {
    }

    private StatusChoices() {
    }

    static List<Choice> from(BookingStatus now) {
        return switch (now) {
            case PENDING -> List.of(to(CONFIRMED), to(ARRIVED), to(COMPLETED), to(NO_SHOW));
            case CONFIRMED -> List.of(to(ARRIVED), to(COMPLETED), to(NO_SHOW));
            case ARRIVED -> List.of(to(COMPLETED));
            // marked done too early, or she came late after all: back to arrived
            case COMPLETED -> List.of(to(ARRIVED));
            case NO_SHOW -> List.of(to(ARRIVED), new Choice(CONFIRMED, true));
            case CANCELLED -> List.of(new Choice(CONFIRMED, true));
        };
    }

    /** Whether the menu offers "Cancel booking…": a booking that still holds the master's time. */
    static boolean cancellable(BookingStatus now) {
        return now.holdsTime();
    }

    private static Choice to(BookingStatus s) {
        return new Choice(s, false);
    }
}
