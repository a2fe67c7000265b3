package app.salondesk.gui.calendar;

import app.salondesk.model.booking.BookingStatus;
import org.junit.jupiter.api.Test;

import java.time.Instant;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The stack of a desk's undoable changes, alone. */
class UndoHistoryTest {

    private static final Instant TEN = Instant.parse("2030-01-07T08:00:00Z");

    private static UndoableChange move(long id, int fromVersion, int hoursLater) {
        return new UndoableChange(id, "Iryna",
                new UndoableChange.State(7, TEN.plusSeconds(3600L * (hoursLater - 1)), 60, BookingStatus.CONFIRMED, fromVersion),
                new UndoableChange.State(7, TEN.plusSeconds(3600L * hoursLater), 60, BookingStatus.CONFIRMED, fromVersion + 1));
    }

    @Test
    void theNewestComesFirstAndOnlyTheLastTwentyAreKept() {
        UndoHistory h = new UndoHistory();
        for (int i = 1; i <= 25; i++) {
            h.record(move(i, 1, 1));
        }
        assertEquals(UndoHistory.LIMIT, h.size());
        assertEquals(25, h.newest().orElseThrow().bookingId());
        for (int i = 25; i > 5; i--) {
            UndoableChange c = h.newest().orElseThrow();
            assertEquals(i, c.bookingId());
            h.undone(c, 3);
        }
        assertTrue(h.isEmpty(), "bookings 1-5 were forgotten when the 21st to 25th came");
    }

    @Test
    void aSaveThatChangedNothingLeavesNothingToUndo() {
        UndoHistory h = new UndoHistory();
        UndoableChange.State same = new UndoableChange.State(7, TEN, 60, BookingStatus.CONFIRMED, 4);
        h.record(new UndoableChange(1, "Iryna", same, same));
        assertTrue(h.isEmpty());
    }

    @Test
    void undoingTwoChangesOfOneBookingUndoesBothNotCallingTheFirstUndoAChangeElsewhere() {
        UndoHistory h = new UndoHistory();
        UndoableChange first = move(1, 1, 1);     // v1 -> v2
        UndoableChange second = move(1, 2, 2);    // v2 -> v3
        h.record(first);
        h.record(move(9, 1, 1));                  // another booking in between
        h.record(second);
        h.undone(second, 4);                      // the undo made v4, the booking as the first change left it
        h.undone(h.newest().orElseThrow(), 2);    // booking 9
        UndoableChange next = h.newest().orElseThrow();
        assertEquals(1, next.bookingId());
        assertEquals(4, next.after().version(), "the first change is now at the undo's version");
        assertEquals(first.before(), next.before());
    }

    @Test
    void aChangeElsewhereBetweenTwoOfTheDesksChangesIsNotPapered() {
        UndoHistory h = new UndoHistory();
        h.record(move(1, 1, 1));                  // v1 -> v2 here
        h.record(move(1, 3, 2));                  // someone made v3 elsewhere; v3 -> v4 here
        h.undone(h.newest().orElseThrow(), 5);
        assertEquals(2, h.newest().orElseThrow().after().version(), "still v2: the engine will say someone changed it since");
    }

    @Test
    void aChangeThatCannotBeUndoneIsForgotten() {
        UndoHistory h = new UndoHistory();
        h.record(move(1, 1, 1));
        h.record(move(2, 1, 1));
        h.forget(h.newest().orElseThrow());
        assertEquals(1, h.newest().orElseThrow().bookingId());
    }
}
