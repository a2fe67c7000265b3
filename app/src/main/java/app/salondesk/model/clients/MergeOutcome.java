package app.salondesk.model.clients;

import java.util.Map;

/** What became of merging one client into another (issue 36). Expected outcomes are values. */
public sealed interface MergeOutcome {

    /** Merged: how many of each kind moved ({@code bookings}, {@code visits}, {@code notes}, …). */
    record Merged(long from, long into, Map<String, Integer> moved) implements MergeOutcome {
        public Merged {
            moved = Map.copyOf(moved);
        }
    }

    /** Not merged, and nothing changed. */
    record Refused(Why why) implements MergeOutcome {
    }

    enum Why {
        /** A client is not merged into herself. */
        SAME_CLIENT,
        /** The salon has no such client. */
        UNKNOWN_CLIENT,
        /** One of them was merged into another client already. */
        ALREADY_MERGED,
        /** One of them was forgotten. */
        FORGOTTEN,
        /** Only the salon's admins merge clients (the database says so). */
        NO_PERMISSION;

        public String messageKey() {
            return "merge.refused." + name().toLowerCase(java.util.Locale.ROOT);
        }
    }
}
