package app.salondesk.model.online;

import java.util.List;
import java.util.function.Function;

/**
 * What became of an online booking request: the engine's outcomes in the shape the page
 * needs. Values, not exceptions; {@link #fold} is the exhaustive switch (Java 17).
 */
public sealed interface OnlineOutcome {

    default <R> R fold(Function<Booked, R> booked, Function<TimeTaken, R> timeTaken, Function<TryAgain, R> tryAgain,
                       Function<Invalid, R> invalid) {
        if (this instanceof Booked b) {
            return booked.apply(b);
        }
        if (this instanceof TimeTaken t) {
            return timeTaken.apply(t);
        }
        if (this instanceof TryAgain a) {
            return tryAgain.apply(a);
        }
        return invalid.apply((Invalid) this);
    }

    /** Booked (or found booked already by the same request id). */
    record Booked(OnlineBooking booking) implements OnlineOutcome {
    }

    /** The time was just taken; the nearest free starts (as the page may offer them). */
    record TimeTaken(List<OnlineTime> nearestFree) implements OnlineOutcome {
        public TimeTaken {
            nearestFree = List.copyOf(nearestFree);
        }
    }

    /** The master's schedule stayed locked by someone else for the engine's whole wait. */
    record TryAgain() implements OnlineOutcome {
    }

    /**
     * The request cannot be carried out. {@code field} names the form field at fault
     * ("phone", "name", "email", "note", "start", "service", "master", "consentForm") or is empty;
     * {@code reason} is a message-bundle key the page writes in the client's language.
     */
    record Invalid(String field, String reason) implements OnlineOutcome {
    }
}
