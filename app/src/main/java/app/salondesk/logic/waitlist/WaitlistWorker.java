package app.salondesk.logic.waitlist;

import app.salondesk.db.ConnectionSettings;
import app.salondesk.logic.live.LiveUpdates;
import app.salondesk.model.live.BookingChange;
import org.jooq.DSLContext;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Duration;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;

/**
 * The waitlist worker of one salon: gives freed time to the oldest waiting entry that fits,
 * within seconds, whoever freed it (a desk, the command line, the online page, plain SQL).
 *
 * <ul>
 *   <li><b>Hears</b> every booking change of the salon on its own LISTEN connection
 *       ({@link LiveUpdates}: the salon's channel, reconnect with backoff). An UPDATE or DELETE
 *       (cancel, no-show, move, shorter, deleted) may have freed time: a pass tries the waiting
 *       entries that want those masters and days (an INSERT never frees time).</li>
 *   <li><b>Sweeps</b> the whole list on start, every {@code sweepEvery}, and when the connection
 *       is back after an outage (changes made meanwhile were not heard): expires what is over,
 *       then tries every waiting entry.</li>
 *   <li><b>Books</b> through {@link WaitlistBooker}: claim with {@code FOR UPDATE SKIP LOCKED} and
 *       find the free times without any master's lock, then book each through the engine as a
 *       write of its own that claims the entry again and marks it fulfilled in the booking's
 *       transaction. Several workers (two desks,
 *       a desk and {@code serve}) may run for one salon: none books an entry twice, none waits
 *       for another (ADR 13). When an older entry is held by another worker, the pass is run
 *       again a moment later, so that a younger entry does not overtake it.</li>
 * </ul>
 * All database work runs on one daemon thread of its own, never on the caller's or the listener's.
 * Runs as whoever the pool signs in as: the owner (embedded mode) or a receptionist or admin of
 * the salon; a manager or the online login may not book and is refused by the database.
 */
public final class WaitlistWorker implements AutoCloseable {

    /** How often the safety-net sweep runs when nothing is heard. */
    public static final Duration SWEEP_EVERY = Duration.ofMinutes(1);
    /** How soon a pass that met an entry held by another worker runs again. */
    static final Duration AGAIN_AFTER_HELD = Duration.ofSeconds(1);
    private static final Duration CLOSE_WAIT = Duration.ofSeconds(10);

    private static final Logger log = LoggerFactory.getLogger(WaitlistWorker.class);

    private final long tenantId;
    private final WaitlistBooker booker;
    private final LiveUpdates live;
    private final ScheduledThreadPoolExecutor thread;
    /** Places heard of but not passed over yet, merged; guarded by {@code this}. */
    private Scope pending;
    private boolean passQueued;
    private boolean wasOffline;
    private volatile boolean closed;

    private WaitlistWorker(DSLContext dsl, ConnectionSettings listenAs, long tenantId) {
        this.tenantId = tenantId;
        this.booker = new WaitlistBooker(dsl);
        this.live = new LiveUpdates(listenAs, tenantId);
        this.thread = new ScheduledThreadPoolExecutor(1, r -> {
            Thread t = new Thread(r, "waitlist-tenant-" + tenantId);
            t.setDaemon(true);   // a worker must never keep the JVM from exiting
            return t;
        });
        // a pass asked for later is not run once the worker is closed
        thread.setExecuteExistingDelayedTasksAfterShutdownPolicy(false);
    }

    /**
     * Starts the worker of salon {@code tenantId}: database work on {@code dsl}'s pool, change
     * notifications on a connection of its own made with {@code listenAs} (the same login). Close
     * it to stop. This is the hook the desk (embedded mode) and {@code salondesk serve} call.
     */
    /** The salon this worker books for. */
    public long tenantId() {
        return tenantId;
    }

    public static WaitlistWorker start(DSLContext dsl, ConnectionSettings listenAs, long tenantId) {
        return start(dsl, listenAs, tenantId, SWEEP_EVERY);
    }

    /** The same, with a sweep of the whole list every {@code sweepEvery} (tests use seconds). */
    public static WaitlistWorker start(DSLContext dsl, ConnectionSettings listenAs, long tenantId, Duration sweepEvery) {
        WaitlistWorker w = new WaitlistWorker(dsl, listenAs, tenantId);
        w.live.onChange(w::heard);
        w.live.onState(w::connection);
        w.thread.scheduleWithFixedDelay(w::sweep, 0, sweepEvery.toMillis(), TimeUnit.MILLISECONDS);
        w.live.start();
        log.info("waitlist worker of salon {} started (sweep every {})", tenantId, sweepEvery);
        return w;
    }

    /**
     * Looks at the whole list now rather than at the next sweep: call it after adding an entry
     * (a time may be free already) or after changing the salon's rules.
     */
    public void wake() {
        enqueue(Scope.EVERYWHERE);
    }

    /** The login's password changed: the listening connection's next sign-in uses the new one. */
    public void usePassword(String password) {
        live.usePassword(password);
    }

    /** Whether the worker hears changes right now (false while offline or connecting). */
    public boolean listening() {
        return live.state() == LiveUpdates.State.ONLINE;
    }

    /** For tests: returns once everything asked of the worker so far has run (its one thread is idle). */
    void awaitQuiet() throws InterruptedException {
        java.util.concurrent.CountDownLatch done = new java.util.concurrent.CountDownLatch(1);
        thread.execute(done::countDown);
        done.await();
    }

    private void heard(BookingChange change) {
        if (change.op() == BookingChange.Op.INSERT) {
            return;   // a new booking takes time, it frees none
        }
        if (change.op() == BookingChange.Op.ROOMS) {
            enqueue(Scope.EVERYWHERE);   // a room more may free times on any day
            return;
        }
        enqueue(Scope.of(change.masterIds(), change.days()));
    }

    private void connection(LiveUpdates.State state) {
        if (state == LiveUpdates.State.OFFLINE || state == LiveUpdates.State.LAGGING) {
            // changes go unheard (LAGGING: the server announces none now); the sweeps go on
            wasOffline = true;
        } else if (state == LiveUpdates.State.ONLINE && wasOffline) {
            wasOffline = false;
            enqueue(Scope.EVERYWHERE);   // what changed meanwhile was not heard
        }
    }

    private void enqueue(Scope scope) {
        synchronized (this) {
            pending = pending == null ? scope : pending.merge(scope);
            if (passQueued || closed) {
                return;
            }
            passQueued = true;
        }
        submit(this::drain, Duration.ZERO);
    }

    /** One pass over everything heard since the last one. */
    private void drain() {
        Scope scope;
        synchronized (this) {
            scope = pending;
            pending = null;
            passQueued = false;
        }
        if (scope == null || closed) {
            return;
        }
        if (run(scope) && !closed) {
            submit(() -> enqueue(scope), AGAIN_AFTER_HELD);
        }
    }

    private void sweep() {
        if (closed) {
            return;
        }
        try {
            WaitlistBooker.Pass p = booker.sweep(tenantId);
            if (p.heldElsewhere()) {
                submit(() -> enqueue(Scope.EVERYWHERE), AGAIN_AFTER_HELD);
            }
        } catch (RuntimeException e) {
            // the database is away (the next sweep tries again) or a bug: logged, never the end of the worker
            log.warn("waitlist sweep of salon {} failed: {}", tenantId, e.getMessage());
            log.debug("waitlist sweep failed with", e);
        }
    }

    /** @return whether an entry was held by another worker (run the pass again soon) */
    private boolean run(Scope scope) {
        try {
            return booker.pass(tenantId, scope).heldElsewhere();
        } catch (RuntimeException e) {
            log.warn("waitlist pass of salon {} failed: {}", tenantId, e.getMessage());
            log.debug("waitlist pass failed with", e);
            return false;
        }
    }

    private void submit(Runnable task, Duration delay) {
        try {
            thread.schedule(task, delay.toMillis(), TimeUnit.MILLISECONDS);
        } catch (java.util.concurrent.RejectedExecutionException e) {
            // closed meanwhile
        }
    }

    /** Stops hearing and sweeping; waits for a pass in flight to finish (its transaction commits or rolls back). */
    @Override
    public void close() {
        if (closed) {
            return;
        }
        closed = true;
        live.close();
        thread.shutdown();
        try {
            if (!thread.awaitTermination(CLOSE_WAIT.toMillis(), TimeUnit.MILLISECONDS)) {
                log.warn("the waitlist worker of salon {} did not stop within {}", tenantId, CLOSE_WAIT);
                thread.shutdownNow();
            }
        } catch (InterruptedException e) {
            thread.shutdownNow();
            Thread.currentThread().interrupt();
        }
        log.info("waitlist worker of salon {} stopped", tenantId);
    }
}
