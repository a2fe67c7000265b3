package app.salondesk.model.checkout;

import java.time.Instant;
import java.time.LocalDate;
import java.util.List;

/**
 * A salon day at the till: the float it opened with, cash put in and taken out, the cash its sales
 * brought and its refunds gave back, what should be in the drawer — and its closing, once closed
 * (then the day is read-only).
 *
 * @param floatMinor null while the day has not been opened with a float
 */
public record TillDay(LocalDate day, Long floatMinor, List<Move> moves, long cashSalesMinor, long cashRefundsMinor,
                      long expectedMinor, Closing closing) {

    public TillDay {
        moves = List.copyOf(moves);
    }

    public boolean closed() {
        return closing != null;
    }

    /** Cash put in (positive) or taken out (negative), why, who, when. */
    public record Move(long id, Instant at, String by, long amountMinor, String reason) {
    }

    public record Closing(long countedMinor, long expectedMinor, long differenceMinor, String reason, Instant at, String by) {
    }
}
