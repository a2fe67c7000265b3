package app.salondesk.logic.live;

import app.salondesk.db.ConnectionSettings;
import app.salondesk.model.live.BookingChange;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.sql.SQLException;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Consumer;

/**
 * Tells this desk, within a fraction of a second, when a booking of its salon changes,
 * whoever changed it (DESIGN.md, "Live updates").
 *
 * <p>A daemon thread holds its own connection that LISTENs on the salon's own channel, whose
 * name only the salon's logins can read (migration 9). A payload is still checked before a
 * listener hears it: the salon must be this one, and its masters are confirmed by the
 * database, so a forged notification (a colleague's psql) can at most cause a reload of what
 * is real. Listeners are called on that thread, never on the FX thread: the UI hops over
 * itself. When the connection is lost it reports {@link State#OFFLINE} and reconnects with
 * jittered backoff; when it is back it reports {@link State#ONLINE} again. Changes made during
 * the outage were not seen, so a listener should reload everything it shows on every ONLINE
 * after an OFFLINE.
 */
public final class LiveUpdates implements AutoCloseable {

    /**
     * CONNECTING until the first connection is up, then ONLINE and OFFLINE as it comes and
     * goes. Reconnection attempts stay OFFLINE: for the user the changes are not arriving.
     * THROUGH_POOLER when the route reaches PostgreSQL through a connection pooler, where a
     * LISTEN hears nothing ({@link ThroughPoolerException}; ADR 23): final, nothing is tried
     * again, since only another route ({@code SALONDESK_LIVE_URL}) would change it. LAGGING
     * while connected to a server that announces no change (its notification queue is half
     * full, migration 24: someone holds it back, and the health check that found it ends that
     * session): a listener should reload what it shows now and then, and once more on ONLINE.
     */
    public enum State { CONNECTING, ONLINE, OFFLINE, THROUGH_POOLER, LAGGING }

    /** A booking spans at most two days; a move announces the old and the new ones. */
    static final int MAX_DAYS = 4;

    private static final Logger log = LoggerFactory.getLogger(LiveUpdates.class);
    // Short enough that a change shows well within a second, and that close() is noticed
    // promptly even if closing the socket did not wake the poll.
    private static final Duration POLL = Duration.ofMillis(250);
    private static final Duration QUIET_BEFORE_HEALTH_CHECK = Duration.ofSeconds(3);
    private static final Duration CLOSE_WAIT = Duration.ofSeconds(5);

    private volatile ConnectionSettings settings;
    private final long tenantId;
    private final ChangeFeed.Opener feeds;
    private final Backoff backoff;
    private final Thread thread;
    private final List<Consumer<BookingChange>> changeListeners = new CopyOnWriteArrayList<>();
    private final List<Consumer<State>> stateListeners = new CopyOnWriteArrayList<>();
    private final AtomicBoolean started = new AtomicBoolean();
    private volatile boolean closed;
    private volatile State state = State.CONNECTING;
    /** The state listeners last heard; only the listener thread touches it. */
    private State reported;
    private volatile ChangeFeed current;
    /** Masters the database confirmed are this salon's (read by the listener thread only). */
    private final Set<Long> confirmedMasters = new java.util.HashSet<>();

    /** Its own LISTEN connection, on the database {@code settings} name. */
    public LiveUpdates(ConnectionSettings settings, long tenantId) {
        this(settings, tenantId, ListenConnection::open);
    }

    /**
     * A desk's live updates by the route its administrator chose ({@code liveUrl}, from
     * {@code SALONDESK_LIVE_URL}; ADR 23): null or blank, its own LISTEN connection on the
     * desk's database URL; a {@code jdbc:postgresql:} URL, its own LISTEN connection there (the
     * desk's pool goes through PgBouncer, whose transaction pooling cannot carry a LISTEN);
     * {@code http(s)://} addresses (comma-separated, tried in order), a stream from the live
     * relay of {@code salondesk serve}, which LISTENs once for every desk and streams a desk for a
     * ticket its login asks the database for (ADR 25) — the few questions that route asks of the
     * database go through the desk's {@code pool} (null: a connection of their own). The desk's own
     * login and password sign in every way.
     */
    public static LiveUpdates forDesk(ConnectionSettings settings, javax.sql.DataSource pool, long tenantId, String liveUrl) {
        return new LiveUpdates(settings, tenantId, route(liveUrl, pool));
    }

    static ChangeFeed.Opener route(String liveUrl, javax.sql.DataSource pool) {
        if (liveUrl == null || liveUrl.isBlank()) {
            return ListenConnection::open;
        }
        String url = liveUrl.strip();
        if (url.startsWith("jdbc:postgresql:")) {
            return (s, tenant) -> ListenConnection.open(new ConnectionSettings(url, s.user(), s.password()), tenant);
        }
        return new RelayFeed.Route(RelayFeed.addresses(url), pool);
    }

    LiveUpdates(ConnectionSettings settings, long tenantId, ChangeFeed.Opener feeds) {
        this(settings, tenantId, feeds, new Backoff(Duration.ofMillis(250), Duration.ofSeconds(5),
                () -> ThreadLocalRandom.current().nextDouble()));
    }

    LiveUpdates(ConnectionSettings settings, long tenantId, Backoff backoff) {
        this(settings, tenantId, ListenConnection::open, backoff);
    }

    LiveUpdates(ConnectionSettings settings, long tenantId, ChangeFeed.Opener feeds, Backoff backoff) {
        this.settings = settings;
        this.tenantId = tenantId;
        this.feeds = feeds;
        this.backoff = backoff;
        this.thread = new Thread(this::run, "live-updates-tenant-" + tenantId);
        thread.setDaemon(true);   // an open LISTEN must never keep the JVM from exiting
    }

    /** Called on the listener thread for every change of this salon's bookings, and of its rooms ({@link BookingChange.Op#ROOMS}). */
    public void onChange(Consumer<BookingChange> listener) {
        changeListeners.add(listener);
    }

    /** Called on the listener thread on every change of {@link State}, starting with CONNECTING. */
    public void onState(Consumer<State> listener) {
        stateListeners.add(listener);
    }

    /**
     * Connects and starts listening. Register the listeners first: what happens before they
     * are added is not replayed (except through {@link #state()}).
     */
    public void start() {
        if (closed) {
            throw new IllegalStateException("live updates are closed");
        }
        if (!started.compareAndSet(false, true)) {
            throw new IllegalStateException("live updates are started already");
        }
        thread.start();
    }

    public State state() {
        return state;
    }

    /**
     * The login's password changed: the next reconnection signs in with the new one (the
     * connection that listens now stays signed in).
     */
    public void usePassword(String password) {
        ConnectionSettings s = settings;
        settings = new ConnectionSettings(s.url(), s.user(), password);
    }

    /**
     * Stops listening. When it returns, no listener is called any more (unless it is called
     * from a listener itself, or a listener keeps the thread busy for more than 5 s).
     */
    @Override
    public void close() {
        if (closed) {
            return;
        }
        closed = true;
        thread.interrupt();   // wakes a backoff pause
        ChangeFeed c = current;
        if (c != null) {
            c.close();        // wakes a poll now rather than at its timeout
        }
        if (Thread.currentThread() == thread || !started.get()) {
            return;
        }
        try {
            thread.join(CLOSE_WAIT.toMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        if (thread.isAlive()) {
            log.warn("the live-updates thread did not stop within {}", CLOSE_WAIT);
        }
    }

    /** For tests: whether the listener thread still runs. */
    boolean threadAlive() {
        return thread.isAlive();
    }

    // ---- the listener thread ---------------------------------------------------------------

    private void run() {
        report(State.CONNECTING);
        while (!closed) {
            try {
                listenUntilLost();
            } catch (ThroughPoolerException e) {
                log.error("live updates for salon {} are off: {}", tenantId, e.getMessage());
                report(State.THROUGH_POOLER);
                break;
            } catch (SQLException | RuntimeException e) {
                if (closed) {
                    break;   // close() pulled the connection from under us: not an outage
                }
                // A driver's or a listener's RuntimeException is one more lost connection: were
                // it to end this thread, the desk would show "offline" until it is restarted.
                connectionLost(e);
            }
            if (!closed && !pause(backoff.nextDelay())) {
                break;
            }
        }
        log.debug("live updates for salon {} stopped", tenantId);
    }

    private void listenUntilLost() throws SQLException {
        try (ChangeFeed conn = feeds.open(settings, tenantId)) {
            current = conn;
            if (closed) {
                return;   // close() ran while we connected and could not see this connection
            }
            confirmedMasters.addAll(conn.mastersKnownAtOpen());
            backoff.reset();
            if (reported == State.OFFLINE) {
                log.info("live updates for salon {} are back", tenantId);
            }
            report(State.ONLINE);
            long quietSince = System.nanoTime();
            while (!closed) {
                List<String> payloads = conn.poll(POLL);
                if (!payloads.isEmpty()) {
                    for (String payload : payloads) {
                        deliver(conn, payload);
                    }
                    quietSince = System.nanoTime();
                } else if (System.nanoTime() - quietSince >= QUIET_BEFORE_HEALTH_CHECK.toNanos()) {
                    boolean announced = conn.checkAlive();
                    if (!announced && reported != State.LAGGING) {
                        log.warn("live updates for salon {}: the server announces no changes now (its notification queue is "
                                + "half full); the desk reloads instead", tenantId);
                    }
                    report(announced ? State.ONLINE : State.LAGGING);
                    quietSince = System.nanoTime();
                }
            }
        } finally {
            current = null;
        }
    }

    private void connectionLost(Exception e) {
        if (reported == State.OFFLINE) {
            log.debug("live updates: reconnecting failed: {}", e.getMessage());
            return;
        }
        // Once per outage, not once per attempt: a server down for an hour must not fill the log.
        log.warn("live updates for salon {} are offline, reconnecting: {}", tenantId, e.getMessage());
        log.debug("live updates: the connection failed with", e);
        report(State.OFFLINE);
    }

    /** @return false when close() interrupted the pause */
    private boolean pause(Duration delay) {
        if (!closed) {
            // an interrupted login leaves the flag set; only close() may end the thread
            Thread.interrupted();
        }
        try {
            Thread.sleep(delay.toMillis());
            return true;
        } catch (InterruptedException e) {
            return !closed;   // only close() ends the thread
        }
    }

    private void deliver(ChangeFeed conn, String payload) throws SQLException {
        Optional<BookingChange> parsed = BookingChange.parse(payload);
        if (parsed.isEmpty()) {
            return;
        }
        BookingChange change = parsed.get();
        if (change.tenantId() == tenantId && change.op() == BookingChange.Op.ROOMS) {
            // names nothing to confirm: a forged one costs a reload of the room columns
            tell(changeListeners, change);
            return;
        }
        if (change.tenantId() != tenantId || change.masterIds().isEmpty() || change.days().size() > MAX_DAYS) {
            log.warn("skipping a change notification that no trigger of this salon sends: {}", change);
            return;
        }
        // the database confirms each master once: a master never moves to another salon and an id is
        // never given twice, so a confirmed one stays confirmed (through PgBouncer each question costs
        // the desk's login a server connection, and a salon's every change would ask it of every desk)
        List<Long> unconfirmed = change.masterIds().stream().filter(id -> !confirmedMasters.contains(id)).toList();
        if (!unconfirmed.isEmpty()) {
            confirmedMasters.addAll(conn.mastersOf(tenantId, unconfirmed));
        }
        List<Long> masters = change.masterIds().stream().filter(confirmedMasters::contains).toList();
        if (masters.isEmpty()) {
            log.warn("skipping a change notification about masters this salon does not have: {}", change);
            return;
        }
        tell(changeListeners, new BookingChange(change.tenantId(), change.bookingId(), change.op(), masters, change.days()));
    }

    private void report(State s) {
        state = s;
        if (s != reported) {
            reported = s;
            tell(stateListeners, s);
        }
    }

    private <T> void tell(List<Consumer<T>> listeners, T value) {
        for (Consumer<T> listener : listeners) {
            if (closed) {
                return;
            }
            try {
                listener.accept(value);
            } catch (RuntimeException e) {
                // A faulty listener is a bug to see in the log, but it must not end live
                // updates for the other listeners (nor be mistaken for a lost connection).
                log.error("a live-updates listener failed on {}", value, e);
            }
        }
    }
}
