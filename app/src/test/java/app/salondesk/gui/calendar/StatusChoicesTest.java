package app.salondesk.gui.calendar;

import app.salondesk.model.booking.BookingStatus;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Issue 31: the menu never offers the status a booking already has, and only changes that mean something. */
class StatusChoicesTest {

    @Test
    void noStatusIsOfferedToTheBookingThatAlreadyHasIt() {
        for (BookingStatus now : BookingStatus.values()) {
            assertFalse(StatusChoices.from(now).stream().anyMatch(c -> c.to() == now), now + " offers itself");
        }
    }

    @Test
    void eachStatusOffersTheChangesThatMeanSomething() {
        assertEquals(List.of(BookingStatus.ARRIVED, BookingStatus.COMPLETED, BookingStatus.NO_SHOW), to(BookingStatus.CONFIRMED));
        assertEquals(List.of(BookingStatus.CONFIRMED, BookingStatus.ARRIVED, BookingStatus.COMPLETED, BookingStatus.NO_SHOW),
                to(BookingStatus.PENDING));
        assertEquals(List.of(BookingStatus.COMPLETED), to(BookingStatus.ARRIVED), "who came is not a no-show");
        assertEquals(List.of(new StatusChoices.Choice(BookingStatus.CONFIRMED, true)), StatusChoices.from(BookingStatus.CANCELLED));
        assertTrue(StatusChoices.from(BookingStatus.NO_SHOW).contains(new StatusChoices.Choice(BookingStatus.CONFIRMED, true)));
        assertTrue(StatusChoices.cancellable(BookingStatus.ARRIVED));
        assertFalse(StatusChoices.cancellable(BookingStatus.COMPLETED), "a visit that happened is not cancelled");
        assertFalse(StatusChoices.cancellable(BookingStatus.CANCELLED));
    }

    private static List<BookingStatus> to(BookingStatus now) {
        return StatusChoices.from(now).stream().map(StatusChoices.Choice::to).toList();
    }
}
