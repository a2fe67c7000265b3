package app.salondesk.db;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Starts the embedded server again when its postmaster is gone while the app runs (killed,
 * crashed, the OOM killer). Without it a desk whose server died stays "offline" until a person
 * closes and opens the app; with it the desk is back by itself within seconds: same data
 * directory, same port, PostgreSQL's crash recovery replays the write-ahead log, the pool makes
 * new connections on demand and the live listener reconnects (ADR 16).
 *
 * <p>A daemon thread looks at {@code postmaster.pid} once a second (a file and the process
 * table; no child process). A restart that fails (the port taken, the disk full) is tried again
 * after 1, 2, 4 … up to 30 s, with one log line per try. Only the embedded mode has one: a desk
 * on a shared server never starts anything.
 */
public final class EmbeddedWatchdog implements AutoCloseable {

    private static final Logger log = LoggerFactory.getLogger(EmbeddedWatchdog.class);
    static final Duration CHECK_EVERY = Duration.ofSeconds(1);
    static final Duration FIRST_RETRY = Duration.ofSeconds(1);
    static final Duration LONGEST_RETRY = Duration.ofSeconds(30);

    private final EmbeddedServer server;
    private final Thread thread;
    private final AtomicInteger restarts = new AtomicInteger();
    private volatile boolean closed;

    private EmbeddedWatchdog(EmbeddedServer server) {
        this.server = server;
        this.thread = new Thread(this::run, "embedded-postgres-watchdog");
        thread.setDaemon(true);
    }

    /** Starts watching {@code server}; {@link #close()} before closing the server. */
    public static EmbeddedWatchdog watch(EmbeddedServer server) {
        EmbeddedWatchdog watchdog = new EmbeddedWatchdog(server);
        watchdog.thread.start();
        return watchdog;
    }

    /** How many times it has started the server again. */
    public int restarts() {
        return restarts.get();
    }

    private void run() {
        Duration retry = FIRST_RETRY;
        while (!closed) {
            Duration pause = CHECK_EVERY;
            if (!server.postmasterAlive()) {
                if (retry.equals(FIRST_RETRY)) {
                    log.warn("the embedded PostgreSQL (data in {}) has stopped unexpectedly; starting it again",
                            server.dataDirectory());
                }
                try {
                    if (server.restartIfGone()) {
                        restarts.incrementAndGet();
                        log.warn("the embedded PostgreSQL (data in {}) had stopped; it was started again on port {}"
                                + " and recovered its data", server.dataDirectory(), server.port());
                    }
                    retry = FIRST_RETRY;
                } catch (RuntimeException e) {
                    if (closed) {
                        break;
                    }
                    log.error("the embedded PostgreSQL (data in {}) has stopped and could not be started again;"
                            + " trying again in {} s: {}", server.dataDirectory(), retry.toSeconds(), e.getMessage());
                    pause = retry;
                    retry = retry.multipliedBy(2).compareTo(LONGEST_RETRY) > 0 ? LONGEST_RETRY : retry.multipliedBy(2);
                }
            }
            try {
                Thread.sleep(pause.toMillis());
            } catch (InterruptedException e) {
                break;
            }
        }
    }

    /** Stops watching; returns once a restart in progress has finished. */
    @Override
    public void close() {
        closed = true;
        thread.interrupt();
        try {
            thread.join(Duration.ofSeconds(90).toMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
