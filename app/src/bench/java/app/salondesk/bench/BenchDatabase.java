package app.salondesk.bench;

import app.salondesk.db.ConnectionSettings;
import app.salondesk.db.EmbeddedServer;
import app.salondesk.runtime.Backend;
import org.jooq.DSLContext;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import javax.sql.DataSource;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;

/**
 * The database the figures run on: a fresh embedded PostgreSQL of our own (default), or the
 * one {@code SALONDESK_DB_URL} names — a scratch database, since the run adds four benchmark
 * salons, a million bookings and a table {@code bench_raw_bookings} to it and leaves them.
 *
 * <p>The pool the figures use carries a {@code statement_timeout} (see {@link BenchConfig});
 * bulk loading, VACUUM and EXPLAIN go through {@link #admin()}, which has none.
 */
final class BenchDatabase implements AutoCloseable {

    private static final Logger log = LoggerFactory.getLogger(BenchDatabase.class);

    /** 16 writers + 2, as the write figures need (each writer holds one connection per transaction). */
    static final int POOL_SIZE = 20;

    private final EmbeddedServer server;
    private final ConnectionSettings settings;
    private final Backend backend;
    private final String where;

    private BenchDatabase(EmbeddedServer server, ConnectionSettings settings, Backend backend, String where) {
        this.server = server;
        this.settings = settings;
        this.backend = backend;
        this.where = where;
    }

    static BenchDatabase open(BenchConfig cfg) {
        String url = System.getenv("SALONDESK_DB_URL");
        if (url != null && !url.isBlank()) {
            ConnectionSettings s = new ConnectionSettings(url, System.getenv("SALONDESK_DB_USER"), System.getenv("SALONDESK_DB_PASSWORD"));
            log.warn("benchmarking {} (SALONDESK_DB_URL): it gets benchmark salons and a million bookings", s);
            return new BenchDatabase(null, s, Backend.connect(withTimeout(s, cfg), POOL_SIZE), "SALONDESK_DB_URL");
        }
        Path base = cfg.dir().resolve("postgres");
        try {
            // a new cluster every run: the row counts the figures name are then exact
            EmbeddedServer.deleteTree(base);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        EmbeddedServer server = EmbeddedServer.start(base, EmbeddedServer.sharedBinaryCache(), cfg.durability());
        try {
            return new BenchDatabase(server, server.settings(), Backend.connect(withTimeout(server.settings(), cfg), POOL_SIZE),
                    "embedded, " + cfg.durability() + (cfg.durability() == EmbeddedServer.Durability.DURABLE
                            ? " (PostgreSQL's defaults: fsync on, synchronous_commit on)"
                            : " (fsync, synchronous_commit and full_page_writes off)"));
        } catch (RuntimeException e) {
            server.close();
            throw e;
        }
    }

    /** The same login with {@code statement_timeout} set for every session (pgjdbc's {@code options}). */
    private static ConnectionSettings withTimeout(ConnectionSettings s, BenchConfig cfg) {
        // the seeding's long statements: no socket timeout of the app's pools (a URL's settings win)
        String option = "options=-c%20statement_timeout%3D" + cfg.statementTimeoutSeconds() + "s&socketTimeout="
                + (cfg.statementTimeoutSeconds() + 60);
        return new ConnectionSettings(s.url() + (s.url().contains("?") ? "&" : "?") + option, s.user(), s.password());
    }

    DSLContext dsl() {
        return backend.dsl();
    }

    DataSource dataSource() {
        return backend.database().dataSource();
    }

    /** The database without the pool's statement timeout (LISTEN connections, bulk loads). */
    ConnectionSettings settings() {
        return settings;
    }

    /** A connection of its own, without statement timeout, for bulk work; the caller closes it. */
    Connection admin() throws SQLException {
        Properties p = new Properties();
        if (settings.user() != null) {
            p.setProperty("user", settings.user());
        }
        if (settings.password() != null) {
            p.setProperty("password", settings.password());
        }
        return DriverManager.getConnection(settings.url(), p);
    }

    boolean embedded() {
        return server != null;
    }

    /** The embedded server's postmaster (its backends are its children), when the server is embedded and running. */
    java.util.Optional<Long> postmasterPid() {
        return server == null ? java.util.Optional.empty() : server.postmasterPid();
    }

    String where() {
        return where;
    }

    /** Opens every pooled connection now, so that no timed round pays for a login. */
    void fillPool() {
        List<Connection> held = new ArrayList<>();
        try {
            for (int i = 0; i < POOL_SIZE; i++) {
                held.add(dataSource().getConnection());
            }
        } catch (SQLException e) {
            throw new IllegalStateException("could not open " + POOL_SIZE + " connections", e);
        } finally {
            for (Connection c : held) {
                try {
                    c.close();
                } catch (SQLException e) {
                    log.debug("returning a connection failed", e);
                }
            }
        }
    }

    @Override
    public void close() {
        backend.close();
        if (server != null) {
            server.close();
        }
    }
}
