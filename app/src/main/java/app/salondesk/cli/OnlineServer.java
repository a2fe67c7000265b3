package app.salondesk.cli;

import app.salondesk.online.OnlineDeskService;
import app.salondesk.runtime.Backend;
import app.salondesk.web.WebServer;
import app.salondesk.web.WebSettings;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Clock;
import java.time.Duration;

/**
 * The composition root of {@code salondesk serve}: the online desk on the backend's pool, the
 * health probe, the web server. Tests start the server through here, as {@code serve} does.
 */
public final class OnlineServer {

    private static final Logger log = LoggerFactory.getLogger(OnlineServer.class);

    private OnlineServer() {
    }

    /**
     * How long the page keeps a salon's catalogue between pages: a change at the desk shows
     * on the page within this (README, online booking).
     */
    public static final Duration CATALOGUE_TTL = Duration.ofSeconds(3);

    public static WebServer start(Backend backend, WebSettings settings, Clock clock) {
        return WebServer.start(new OnlineDeskService(backend.dsl(), clock, CATALOGUE_TTL), () -> answers(backend), settings, clock);
    }

    /** /health's question: does the database answer a trivial query? */
    private static boolean answers(Backend backend) {
        try {
            Integer one = backend.dsl().resultQuery("SELECT 1").fetchOne(0, Integer.class);
            return one != null && one == 1;
        } catch (RuntimeException e) {
            log.debug("health: the database does not answer", e);
            return false;
        }
    }
}
