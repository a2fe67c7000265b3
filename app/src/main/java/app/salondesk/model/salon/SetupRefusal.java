package app.salondesk.model.salon;

import java.util.Locale;
import java.util.Optional;

/**
 * Why the database refused a change of the salon's setup, by SQLSTATE. Each has one sentence
 * in the bundles ({@code setup.refused.<name>}).
 */
public enum SetupRefusal {
    /** 42501: the login's role may not (only a salon's admins change its setup). */
    NO_PERMISSION("42501"),
    /** 23505: a unique key, in practice a service's name. */
    NAME_TAKEN("23505"),
    /** 23514: a check, e.g. an end before its start, a name too long, a negative price. */
    OUT_OF_RANGE("23514"),
    /** 23P01: overlapping intervals of working hours. */
    OVERLAP("23P01"),
    /** 22023: a value a definer function does not accept (an unknown master, a bad weekday). */
    BAD_VALUE("22023"),
    /** The row is not there (any more): another admin changed the list meanwhile. */
    GONE("");

    private final String sqlState;

    SetupRefusal(String sqlState) {
        this.sqlState = sqlState;
    }

    public static Optional<SetupRefusal> of(String sqlState) {
        for (SetupRefusal r : values()) {
            if (!r.sqlState.isEmpty() && r.sqlState.equals(sqlState)) {
                return Optional.of(r);
            }
        }
        return Optional.empty();
    }

    public String messageKey() {
        return "setup.refused." + name().toLowerCase(Locale.ROOT);
    }
}
