package app.salondesk.logic.salon;

import org.jooq.exception.DataAccessException;

import java.util.Optional;

/**
 * Why PostgreSQL refused a change of a salon's setup, in terms a person can act on: each is one
 * sentence in the bundles ({@link #messageKey}), never a stack trace. Anything else is a fault,
 * not a refusal, and is logged where it is finally handled.
 */
public enum Refusal {
    /** 42501: the login may not do this (staff have no DELETE; only a salon's admins change its setup). */
    NO_PERMISSION("refusal.noPermission"),
    /** 23505: a name or number that must be unique is taken (two services of one name). */
    DUPLICATE("refusal.duplicate"),
    /** 23514: a check failed — in practice a text too long for its column. */
    CHECK_FAILED("refusal.checkFailed"),
    /** 22023 (a value a function refuses, e.g. an unknown time zone), 23P01 (overlapping hours). */
    BAD_VALUE("refusal.badValue");

    public final String messageKey;

    Refusal(String messageKey) {
        this.messageKey = messageKey;
    }

    /** The refusal this failure is, if it is one of the expected ones. */
    public static Optional<Refusal> of(Throwable failure) {
        for (Throwable t = failure; t != null; t = t.getCause()) {
            if (t instanceof DataAccessException e && e.sqlState() != null) {
                switch (e.sqlState()) {
                    case "42501":
                        return Optional.of(NO_PERMISSION);
                    case "23505":
                        return Optional.of(DUPLICATE);
                    case "23514":
                        return Optional.of(CHECK_FAILED);
                    case "22023", "23P01":
                        return Optional.of(BAD_VALUE);
                    default:
                        break;
                }
            }
        }
        return Optional.empty();
    }
}
