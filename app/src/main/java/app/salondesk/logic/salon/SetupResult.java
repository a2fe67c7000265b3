package app.salondesk.logic.salon;

import app.salondesk.model.salon.SetupRefusal;
import org.jooq.exception.DataAccessException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.function.Function;

/**
 * What became of a change to the salon's setup (a master, a service, hours, time off). The
 * database has the last word on who may change what and on which values are acceptable; its
 * refusals are expected outcomes, so they come back as values the screens show in one
 * sentence, not as exceptions with a stack trace.
 */
public sealed interface SetupResult<T> {

    /** Java 17 has no pattern switch: this is the exhaustive one. */
    default <R> R fold(Function<T, R> done, Function<SetupRefusal, R> refused) {
        if (this instanceof Done<T> d) {
            return done.apply(d.value());
        }
        return refused.apply(((Refused<T>) this).refusal());
    }

    record Done<T>(T value) implements SetupResult<T> {
    }

    record Refused<T>(SetupRefusal refusal) implements SetupResult<T> {
    }

    /**
     * Runs a change; a refusal the database words in an SQLSTATE the screens know becomes
     * {@link Refused}. Anything else (a lost connection, a bug) stays an exception: the task
     * runner logs it once and the screen says that something went wrong.
     */
    static <T> SetupResult<T> attempt(java.util.function.Supplier<T> change) {
        try {
            return new Done<>(change.get());
        } catch (DataAccessException e) {
            SetupRefusal refusal = SetupRefusal.of(e.sqlState()).orElseThrow(() -> e);
            Holder.log.info("setup change refused ({}): {}", e.sqlState(), e.getMessage());
            return new Refused<>(refusal);
        }
    }

    /** Interfaces cannot hold private fields. */
    final class Holder {
        private static final Logger log = LoggerFactory.getLogger(SetupResult.class);

        private Holder() {
        }
    }
}
