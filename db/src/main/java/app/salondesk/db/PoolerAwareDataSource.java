package app.salondesk.db;

import com.zaxxer.hikari.util.DriverDataSource;
import org.postgresql.PGConnection;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import javax.sql.DataSource;
import java.io.PrintWriter;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;
import java.util.Properties;

/**
 * The pool's source of connections: pgjdbc through HikariCP's own driver data source, as a
 * plain JDBC URL would be, and each new connection checked for a pooler in between
 * ({@link Pooler}). Behind one, the connection uses no server-side prepared statements
 * ({@code prepareThreshold=0}): pgjdbc names a statement it has run five times on a connection
 * and from then on only binds that name, but behind PgBouncer 1.18's transaction pooling the
 * next transaction may run on another server session, where no statement has that name
 * ("prepared statement "S_1" does not exist", ADR 23). So a desk signed in to a PgBouncer by the
 * sign-in's server field works as one given {@code prepareThreshold=0} in its URL does.
 */
final class PoolerAwareDataSource implements DataSource {

    private static final Logger log = LoggerFactory.getLogger(PoolerAwareDataSource.class);

    private final DriverDataSource driver;
    private final String where;
    private volatile boolean pooled;

    PoolerAwareDataSource(String url, Properties properties, String user, String password) {
        this.driver = new DriverDataSource(url, null, properties, user, password);
        this.where = ConnectionSettings.where(url);
    }

    /** Whether a connection made so far reached PostgreSQL through a pooler. */
    boolean pooled() {
        return pooled;
    }

    @Override
    public Connection getConnection() throws SQLException {
        return checked(driver.getConnection());
    }

    @Override
    public Connection getConnection(String username, String password) throws SQLException {
        return checked(driver.getConnection(username, password));
    }

    private Connection checked(Connection c) throws SQLException {
        try {
            if (Pooler.between(c)) {
                c.unwrap(PGConnection.class).setPrepareThreshold(0);
                if (!pooled) {
                    pooled = true;
                    log.info("{} is reached through a connection pooler (PgBouncer): no server-side prepared statements", where);
                }
            }
            return c;
        } catch (SQLException | RuntimeException e) {
            try {
                c.close();
            } catch (SQLException closing) {
                e.addSuppressed(closing);
            }
            throw e;
        }
    }

    @Override
    public PrintWriter getLogWriter() throws SQLException {
        return driver.getLogWriter();
    }

    @Override
    public void setLogWriter(PrintWriter out) throws SQLException {
        driver.setLogWriter(out);
    }

    @Override
    public void setLoginTimeout(int seconds) throws SQLException {
        driver.setLoginTimeout(seconds);
    }

    @Override
    public int getLoginTimeout() throws SQLException {
        return driver.getLoginTimeout();
    }

    @Override
    public java.util.logging.Logger getParentLogger() throws SQLFeatureNotSupportedException {
        return driver.getParentLogger();
    }

    @Override
    public <T> T unwrap(Class<T> iface) throws SQLException {
        if (iface.isInstance(this)) {
            return iface.cast(this);
        }
        throw new SQLException("not a wrapper of " + iface.getName());
    }

    @Override
    public boolean isWrapperFor(Class<?> iface) {
        return iface.isInstance(this);
    }
}
