package app.salondesk.cli;

import app.salondesk.logic.online.OnlineDeskService;
import app.salondesk.logic.salon.SalonRepository;
import app.salondesk.logic.staff.StaffRepository;
import app.salondesk.logic.waitlist.WaitlistWorker;
import app.salondesk.model.salon.Salon;
import app.salondesk.model.staff.StaffRole;
import app.salondesk.runtime.Backend;
import app.salondesk.web.WebServer;
import app.salondesk.web.WebSettings;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

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

    /**
     * How long a page waits for one of the pool's connections: with the database gone the page
     * says "temporarily unavailable" within 3 s (issue 37), not after the pool's 10 s.
     */
    public static final Duration CONNECTION_WAIT = Duration.ofMillis(2_000);

    public static WebServer start(Backend backend, WebSettings settings, Clock clock) {
        return start(backend, settings, clock, tenant -> { });
    }

    /** @param onWaitlistJoined told the salon of each client who joins its waitlist on the page */
    public static WebServer start(Backend backend, WebSettings settings, Clock clock, java.util.function.LongConsumer onWaitlistJoined) {
        backend.database().waitForConnectionAtMost(CONNECTION_WAIT);
        OnlineDeskService desk = new OnlineDeskService(backend.dsl(), clock, CATALOGUE_TTL, settings.capacity().lockWait());
        desk.onWaitlistJoined(onWaitlistJoined);
        return WebServer.start(desk, new app.salondesk.logic.messages.MessageLinks(backend.dsl()), () -> answers(backend), settings, clock);
    }

    /**
     * The waitlist workers {@code serve} runs on {@code backend}'s login (ADR 13): signed in as the
     * owner (the embedded database, {@code --demo}) one per salon; as a receptionist or admin of a
     * salon ({@code --waitlist-login}) that salon's; as anyone else — the online login, a manager —
     * none, since the database would refuse them the waitlist. Close each when serving stops.
     *
     * @param listenUrl where the workers LISTEN (serve's {@code --live-db-url}: straight to
     *                  PostgreSQL when the pool goes through PgBouncer, ADR 23), or null for the pool's URL
     */
    public static List<WaitlistWorker> startWaitlistWorkers(Backend backend, String listenUrl) {
        List<WaitlistWorker> workers = new ArrayList<>();
        app.salondesk.db.ConnectionSettings db = backend.database().settings();
        app.salondesk.db.ConnectionSettings listenAs = listenUrl == null ? db
                : new app.salondesk.db.ConnectionSettings(listenUrl, db.user(), db.password());
        if (new StaffRepository(backend.dsl()).signedInAsOwner()) {
            for (Salon s : new SalonRepository(backend.dsl()).findAll()) {
                workers.add(WaitlistWorker.start(backend.dsl(), listenAs, s.id()));
            }
            return workers;
        }
        // the online login has no salon (and may not read staff): asked first
        Long tenant = backend.dsl().resultQuery("SELECT salondesk_current_tenant()").fetchOne(0, Long.class);
        Optional<StaffRole> role = tenant == null ? Optional.empty() : new StaffRepository(backend.dsl()).currentRole();
        if (role.isPresent() && role.get().mayEditBookings()) {
            workers.add(WaitlistWorker.start(backend.dsl(), listenAs, tenant));
        } else {
            log.info("no waitlist worker: {} may not book the waitlist (give serve --waitlist-login)", backend.user());
        }
        return workers;
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
