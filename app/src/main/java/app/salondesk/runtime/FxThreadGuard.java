package app.salondesk.runtime;

import org.jooq.ConnectionProvider;
import org.jooq.exception.DataAccessException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import javax.sql.DataSource;
import java.sql.Connection;
import java.sql.SQLException;

/**
 * The pool as jOOQ sees it, with a check that no connection is taken on the JavaFX
 * application thread (issue 16: the window froze while the server was slow; CONVENTIONS:
 * database work never on the FX thread). In tests ({@value #STRICT} set, as the build sets it)
 * such a call fails loudly, so a GUI test that reaches one is red; in the application it is
 * logged once per calling place and carried out, a slower window being better than a lost
 * change. Knows the FX thread by its name, so nothing here needs JavaFX.
 * <p>A strict failure is also kept for {@link FxThreadCalls}: app code that catches the
 * exception (a "could not load" shown instead of a crash) would otherwise leave the test green.
 */
final class FxThreadGuard implements ConnectionProvider {

    /** The system property that turns a call on the FX thread into an exception. */
    static final String STRICT = "salondesk.noDatabaseOnFxThread";
    private static final String FX_THREAD = "JavaFX Application Thread";
    private static final Logger log = LoggerFactory.getLogger(FxThreadGuard.class);
    private static final java.util.Set<String> reported = java.util.concurrent.ConcurrentHashMap.newKeySet();

    private final DataSource dataSource;

    FxThreadGuard(DataSource dataSource) {
        this.dataSource = dataSource;
    }

    @Override
    public Connection acquire() {
        if (FX_THREAD.equals(Thread.currentThread().getName())) {
            IllegalStateException where = new IllegalStateException("a database call on the JavaFX application thread");
            if (Boolean.getBoolean(STRICT)) {
                FxThreadCalls.seen(where);
                throw where;
            }
            StackTraceElement caller = firstOutsideJooq(where.getStackTrace());
            if (reported.add(String.valueOf(caller))) {
                log.warn("A database call on the JavaFX application thread (the window waits for it) at {}", caller, where);
            }
        }
        try {
            return dataSource.getConnection();
        } catch (SQLException e) {
            throw new DataAccessException("Error getting connection from data source " + dataSource, e);
        }
    }

    @Override
    public void release(Connection connection) {
        try {
            connection.close();
        } catch (SQLException e) {
            throw new DataAccessException("Error closing connection " + connection, e);
        }
    }

    private static StackTraceElement firstOutsideJooq(StackTraceElement[] stack) {
        for (StackTraceElement e : stack) {
            if (!e.getClassName().startsWith("org.jooq") && !e.getClassName().equals(FxThreadGuard.class.getName())) {
                return e;
            }
        }
        return stack.length > 0 ? stack[0] : null;
    }
}
