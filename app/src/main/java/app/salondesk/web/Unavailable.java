package app.salondesk.web;

import java.net.ConnectException;
import java.sql.SQLException;
import java.sql.SQLTransientConnectionException;

/**
 * Whether a failure means "the database cannot be reached right now" (server down, network
 * gone, the pool found no connection in time) rather than a bug. Read from the cause chain,
 * so the web road needs no jOOQ: the driver's and the pool's exceptions are java.sql's.
 */
final class Unavailable {

    private Unavailable() {
    }

    static boolean is(Throwable failure) {
        for (Throwable t = failure; t != null; t = t.getCause()) {
            // the pool's own timeout (SQLTransientConnectionException) says nothing by itself: with
            // the database away it carries the failed connect as its cause, which this loop meets;
            // without one the pool was only busy (poolBusy), and the page says "try again"
            if (t instanceof ConnectException) {
                return true;
            }
            if (t instanceof SQLException sql && sql.getSQLState() != null) {
                String state = sql.getSQLState();
                // 08: connection exception; 57P01-03: the server is shutting down or starting
                // 25006: a write reached a standby, a failover is under way (ADR 23)
                if (state.startsWith("08") || state.startsWith("57P0") || state.equals("25006")) {
                    return true;
                }
            }
            if (t.getCause() == t) {
                break;
            }
        }
        return false;
    }

    /**
     * The pool found no free connection in its wait, and none of its connects failed: every one is
     * in use (bookings waiting for a master's lock, say), the database is there. Busy, not down.
     */
    static boolean poolBusy(Throwable failure) {
        if (is(failure)) {
            return false;
        }
        for (Throwable t = failure; t != null && t.getCause() != t; t = t.getCause()) {
            if (t instanceof SQLTransientConnectionException) {
                return true;
            }
        }
        return false;
    }

    /** One line for the log: the innermost cause, no SQL text, no stack. */
    static String summary(Throwable failure) {
        Throwable last = failure;
        for (Throwable t = failure; t != null && t != t.getCause(); t = t.getCause()) {
            last = t;
        }
        return last.getClass().getSimpleName() + (last instanceof SQLException s ? " " + s.getSQLState() : "");
    }
}
