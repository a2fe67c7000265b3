package app.salondesk.model.waitlist;

/**
 * What became of a request to join the waitlist: a value, like the engine's outcomes. Java 17
 * has no pattern switch; {@link #fold} is the exhaustive one.
 */
public sealed interface JoinOutcome {

    default <R> R fold(java.util.function.Function<Joined, R> joined, java.util.function.Function<Refused, R> refused) {
        return this instanceof Joined j ? joined.apply(j) : refused.apply((Refused) this);
    }

    /** On the list as entry {@code entryId}, for client {@code clientId}. */
    record Joined(long entryId, long clientId) implements JoinOutcome {
    }

    /** Not added, nothing written; {@code detail} is the offending value, if any. */
    record Refused(Reason reason, String detail) implements JoinOutcome {
        public Refused(Reason reason) {
            this(reason, "");
        }
    }

    /** Why not, each with its sentence in the message bundles ({@code waitlist.refused.*}). */
    enum Reason {
        WAITLIST_OFF, TOO_MANY_ENTRIES, CLIENT_NAME_MISSING, PHONE_INVALID, SERVICE_OR_DURATION, DURATION_OUT_OF_RANGE,
        DAYS_INVALID, DAYS_OVER, NOTE_TOO_LONG, UNKNOWN_MASTER, UNKNOWN_SERVICE, NO_PERMISSION;

        public String messageKey() {
            return "waitlist.refused." + name().toLowerCase(java.util.Locale.ROOT);
        }
    }
}
