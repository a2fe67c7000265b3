package app.salondesk.logic.waitlist;

import app.salondesk.model.waitlist.DailyWindow;
import app.salondesk.model.waitlist.JoinOutcome;
import app.salondesk.model.waitlist.NewWaitlistEntry;
import app.salondesk.model.waitlist.WaitlistEntry;
import app.salondesk.model.waitlist.WaitlistRules;

import java.time.LocalDate;
import java.util.List;

/**
 * What a desk asks of its salon's waitlist (issue 14): the door the form's "join the waitlist",
 * the Waitlist window and its rules go through. No JavaFX and no SQL behind the interface's
 * callers; the implementation ({@link WaitlistDeskService}) is the repository for one salon,
 * and wakes the desk's worker when an entry joins. Every method may throw
 * {@link org.jooq.exception.DataAccessException} when the database cannot be reached.
 */
public interface WaitlistDesk {

    /** Puts a client on the list; the worker looks for a time at once. */
    JoinOutcome join(NewWaitlistEntry entry);

    /** Open entries (waiting, offered) whose days include {@code day}, for this master ({@code null}: any), oldest first. */
    List<WaitlistEntry> openOn(LocalDate day, Long masterId);

    /**
     * Changes what an open entry waits for: the master ({@code null}: any), the days, the part of
     * the day; false when it was closed meanwhile or the days are no range.
     */
    boolean edit(long entryId, Long masterId, LocalDate from, LocalDate to, DailyWindow window);

    /** Takes an open entry off the list; false when it was closed meanwhile. */
    boolean remove(long entryId);

    /**
     * Marks an entry fulfilled by a booking made by hand with the entry's request id ("book
     * now"); the database refuses any other booking.
     */
    boolean markFulfilled(long entryId, long bookingId);

    WaitlistRules rules();

    /** Admins only: PostgreSQL refuses the others ({@link NotAllowed}). */
    void saveRules(WaitlistRules rules);

    /** PostgreSQL refused the signed-in login this change of the waitlist. */
    final class NotAllowed extends RuntimeException {
        public NotAllowed(Throwable cause) {
            super("not allowed", cause);
        }
    }
}
