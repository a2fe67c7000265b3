package app.salondesk.runtime;

import org.jooq.DSLContext;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Duration;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * Keeps the bounds of a staff session on a shared server whatever the session set for itself
 * (issue 29, migration 24): every {@link #EVERY}, {@code salondesk_end_overdue_sessions()} ends the
 * sessions of SalonDesk's logins that sit idle in a transaction for more than a minute or run one
 * statement for more than 40 s — and, while the server's notification queue is half full, any of
 * them in a transaction for more than 10 s, which is how a session holds that queue back for
 * every salon. A login may lift its own timeouts (a {@code SET}, or {@code ALTER ROLE} on itself:
 * PostgreSQL lets every role do both); then this is what holds. {@code salondesk serve} runs one;
 * several serve instances each run theirs, which is harmless.
 */
public final class SessionBounds implements AutoCloseable {

    private static final Logger log = LoggerFactory.getLogger(SessionBounds.class);
    public static final Duration EVERY = Duration.ofSeconds(10);

    private final ScheduledExecutorService timer;

    private SessionBounds(ScheduledExecutorService timer) {
        this.timer = timer;
    }

    /** Starts the watch on {@code dsl}'s pool, first run one {@code every} from now. */
    public static SessionBounds start(DSLContext dsl, Duration every) {
        ScheduledExecutorService timer = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "salondesk-session-bounds");
            t.setDaemon(true);
            return t;
        });
        timer.scheduleWithFixedDelay(() -> endOverdue(dsl), every.toMillis(), every.toMillis(), TimeUnit.MILLISECONDS);
        return new SessionBounds(timer);
    }

    /** One round; what it ended is logged. A failure (the server away, a schema before migration 24) is logged too. */
    static int endOverdue(DSLContext dsl) {
        try {
            Integer ended = dsl.resultQuery("SELECT salondesk_end_overdue_sessions()").fetchOne(0, Integer.class);
            if (ended != null && ended > 0) {
                log.warn("ended {} session(s) of SalonDesk's logins past the bounds of a staff session", ended);
            }
            return ended == null ? 0 : ended;
        } catch (RuntimeException e) {
            log.debug("the sessions' bounds were not checked this time: {}", e.getMessage());
            return 0;
        }
    }

    @Override
    public void close() {
        timer.shutdownNow();
    }
}
