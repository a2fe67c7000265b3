package app.salondesk.model.online;

import java.time.Instant;
import java.util.List;

/**
 * What became of a client's move by her link: the engine's outcomes in the shape the link's page
 * needs. Values, not exceptions; switched over exhaustively.
 */
public sealed interface LinkMoveOutcome {

    /** Moved: the booking's new start and master. */
    record Moved(Instant start, long masterId) implements LinkMoveOutcome {
    }

    /** The time was just taken; the nearest free starts the page may offer (this service, bookable masters, the salon's window). */
    record TimeTaken(List<OnlineTime> nearestFree) implements LinkMoveOutcome {
        public TimeTaken {
            nearestFree = List.copyOf(nearestFree);
        }
    }

    /** The salon changed the booking since the client's page was shown: she sees it as it is now. */
    record ChangedByOthers() implements LinkMoveOutcome {
    }

    /** The master's schedule stayed locked for the whole wait: try again. */
    record TryAgain() implements LinkMoveOutcome {
    }

    /** The link may not move (any more): used, expired, too late, the salon not online for it, not found. */
    record LinkRefused(Why why) implements LinkMoveOutcome {
    }

    /** The time cannot be booked here (too soon, too far, outside the hours…); {@code reason} is a bundle key. */
    record Invalid(String reason) implements LinkMoveOutcome {
    }

    enum Why { USED, EXPIRED, TOO_LATE, CLOSED, NOT_FOUND }
}
