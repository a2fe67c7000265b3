package app.salondesk.model.clients;

import java.util.function.Function;

/** What became of saving a client card. Expected outcomes are values, not exceptions. */
public sealed interface ClientUpdateResult {

    /** Java 17 has no pattern switch: this is the exhaustive switch over the three outcomes. */
    default <R> R fold(Function<Saved, R> saved, Function<PhoneTaken, R> phoneTaken, Function<Invalid, R> invalid) {
        if (this instanceof Saved s) {
            return saved.apply(s);
        }
        if (this instanceof PhoneTaken p) {
            return phoneTaken.apply(p);
        }
        return invalid.apply((Invalid) this);
    }

    /** Stored; {@code client} is what the database now holds. */
    record Saved(ClientDetails client) implements ClientUpdateResult {
    }

    /**
     * Another client of the salon has this phone (the phone is a client's identity). The name
     * is empty when that client changed its phone again before it could be looked up.
     */
    record PhoneTaken(String otherClientName) implements ClientUpdateResult {
    }

    record Invalid(ClientProblem problem) implements ClientUpdateResult {
    }
}
