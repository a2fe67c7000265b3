package app.salondesk.cli;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * SIGTERM and SIGINT run {@code serve}'s own stop (the web server's graceful stop, then the
 * database), in that order, instead of the JVM's shutdown: there every hook runs at once, and
 * the embedded PostgreSQL's hook would stop the database under a booking still in flight. A
 * runtime without {@code sun.misc.Signal} falls back to a shutdown hook.
 */
final class StopSignals {

    private static final Logger log = LoggerFactory.getLogger(StopSignals.class);

    private StopSignals() {
    }

    static void install(Runnable stop) {
        try {
            for (String name : new String[]{"TERM", "INT"}) {
                sun.misc.Signal.handle(new sun.misc.Signal(name), signal -> {
                    log.info("SIG{} received: stopping gracefully", signal.getName());
                    new Thread(stop, "serve-stop").start();
                });
            }
        } catch (IllegalArgumentException | UnsupportedOperationException | LinkageError noSignals) {
            log.info("no signal handling here ({}); stopping from a shutdown hook", noSignals.toString());
            Runtime.getRuntime().addShutdownHook(new Thread(stop, "serve-stop"));
        }
    }
}
