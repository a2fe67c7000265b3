package app.salondesk.db;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import com.zaxxer.hikari.SQLExceptionOverride;
import org.flywaydb.core.Flyway;
import org.flywaydb.core.api.output.MigrateResult;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import javax.sql.DataSource;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;
import java.util.Optional;

/** The connection pool of one running application, and the schema migrations. */
public final class Database implements AutoCloseable {

    private static final Logger log = LoggerFactory.getLogger(Database.class);

    /** Where the migrations are: the newest one's version is the schema version this build knows. */
    public static final String MIGRATIONS = "classpath:db/migration";

    private final HikariDataSource pool;
    private final WaitingDataSource waiting;
    private final PoolerAwareDataSource source;
    private volatile ConnectionSettings settings;

    private Database(HikariDataSource pool, PoolerAwareDataSource source, ConnectionSettings settings) {
        this.pool = pool;
        this.waiting = new WaitingDataSource(pool);
        this.source = source;
        this.settings = settings;
    }

    /**
     * How long a call waits for the server's next byte before it gives up on the connection
     * (issue 15): a stalled network (Wi-Fi gone, a switch rebooting) keeps a connection open with
     * nothing answering, and without this bound a save waited for hours, holding one of the
     * desk's workers. A booking's statements take milliseconds and wait at most 5 s for a lock.
     * Migrations, which may build indexes for minutes, run on connections of their own.
     */
    public static final int SOCKET_TIMEOUT_SECONDS = 15;

    /**
     * Every session of the app's pools ends a transaction left idle this long (issue 15): a desk
     * whose network died in the middle of a save never keeps a master's lock longer than this,
     * and the write's fate is settled by then ({@code booking.LostConnection}).
     */
    public static final String IDLE_IN_TRANSACTION_TIMEOUT = "20s";

    /** Opens a pool; fails fast (one clear exception) when the server cannot be reached. */
    public static Database open(ConnectionSettings settings, int maxPoolSize) {
        return open(settings, maxPoolSize, java.util.Map.of());
    }

    /**
     * A pool whose sessions start with these server settings (sent in the start-up packet, as
     * {@code -c name=value}): what one road's sessions need and no other's.
     */
    public static Database open(ConnectionSettings settings, int maxPoolSize, java.util.Map<String, String> sessionSettings) {
        HikariConfig cfg = new HikariConfig();
        cfg.setPoolName("salondesk");
        if (settings.user() != null) {
            cfg.setUsername(settings.user());
        }
        if (settings.password() != null) {
            cfg.setPassword(settings.password());
        }
        cfg.setMaximumPoolSize(maxPoolSize);
        cfg.setMinimumIdle(1);
        cfg.setConnectionTimeout(10_000);
        cfg.setInitializationFailTimeout(1);
        java.util.Properties driver = new java.util.Properties();
        driver.setProperty("ApplicationName", "SalonDesk");
        driver.setProperty("connectTimeout", "10");
        driver.setProperty("tcpKeepAlive", "true");
        driver.setProperty("socketTimeout", Integer.toString(SOCKET_TIMEOUT_SECONDS));
        java.util.Map<String, String> session = new java.util.TreeMap<>(sessionSettings);
        session.putIfAbsent("idle_in_transaction_session_timeout", IDLE_IN_TRANSACTION_TIMEOUT);
        StringBuilder options = new StringBuilder();
        session.forEach((name, value) -> options.append(options.isEmpty() ? "" : " ").append("-c ").append(name).append('=').append(value));
        // a URL's own options= (a tool's, a benchmark's) takes precedence over these
        driver.setProperty("options", options.toString());
        // each new connection is checked for a pooler in between (PgBouncer: no server-side prepared statements)
        PoolerAwareDataSource source = new PoolerAwareDataSource(settings.url(), driver, settings.user(), settings.password());
        cfg.setDataSource(source);
        WholePoolEviction eviction = new WholePoolEviction();
        cfg.setExceptionOverride(eviction);
        HikariDataSource pool = new HikariDataSource(cfg);
        eviction.pool = pool;
        return new Database(pool, source, settings);
    }

    /**
     * How long a caller waits for a connection before the pool gives up (10 s unless told):
     * the online page says "temporarily unavailable" within 3 s of the database going away
     * (issue 37), where a desk's save may wait longer for a connection coming back.
     */
    public void waitForConnectionAtMost(java.time.Duration wait) {
        // Hikari reads its connectionTimeout once, when the pool starts: a wait of our own is
        // asked of the pool per call instead (HikariPool.getConnection(timeout))
        waiting.waitMs = Math.max(250, wait.toMillis());
    }

    /** The pool's own figures (metrics): connections in use, idle, and callers waiting for one. */
    public com.zaxxer.hikari.HikariPoolMXBean poolFigures() {
        return pool.getHikariPoolMXBean();
    }

    /** The pool, asked for a connection within the wait set by {@link #waitForConnectionAtMost} (else the pool's own). */
    private static final class WaitingDataSource implements DataSource {
        private final HikariDataSource pool;
        volatile long waitMs;

        WaitingDataSource(HikariDataSource pool) {
            this.pool = pool;
        }

        @java.lang.Override
        public Connection getConnection() throws SQLException {
            long wait = waitMs;
            if (wait > 0 && pool.getHikariPoolMXBean() instanceof com.zaxxer.hikari.pool.HikariPool p) {
                return p.getConnection(wait);
            }
            return pool.getConnection();
        }

        @java.lang.Override
        public Connection getConnection(String username, String password) throws SQLException {
            return pool.getConnection(username, password);
        }

        @java.lang.Override
        public java.io.PrintWriter getLogWriter() throws SQLException {
            return pool.getLogWriter();
        }

        @java.lang.Override
        public void setLogWriter(java.io.PrintWriter out) throws SQLException {
            pool.setLogWriter(out);
        }

        @java.lang.Override
        public void setLoginTimeout(int seconds) throws SQLException {
            pool.setLoginTimeout(seconds);
        }

        @java.lang.Override
        public int getLoginTimeout() throws SQLException {
            return pool.getLoginTimeout();
        }

        @java.lang.Override
        public java.util.logging.Logger getParentLogger() throws java.sql.SQLFeatureNotSupportedException {
            return pool.getParentLogger();
        }

        @java.lang.Override
        public <T> T unwrap(Class<T> type) throws SQLException {
            return type.isInstance(pool) ? type.cast(pool) : pool.unwrap(type);
        }

        @java.lang.Override
        public boolean isWrapperFor(Class<?> type) throws SQLException {
            return type.isInstance(pool) || pool.isWrapperFor(type);
        }
    }

    /**
     * Two errors on one pooled connection say that every other connection of the pool is as
     * useless, so all of them are replaced — the idle ones at once, the busy ones when they come
     * back:
     * <ul>
     * <li>a write refused with SQLSTATE 25006 (read_only_sql_transaction) means the server behind
     * it is a standby now (issue 19, ADR 23): a connection through PgBouncer outlives the
     * switchover of the node behind it, and a demoted primary takes no writes; the new
     * connections reach the primary (a multi-host URL with {@code targetServerType=primary}
     * checks that at connect);</li>
     * <li>a session ended by the server shutting down or restarting (57P01–57P03) means the
     * server the others were opened on is gone too: after a restart within Hikari's half-second
     * of trust in a recently used connection, the pool handed each of its dead connections out
     * once more, and a desk's reload on the server's return met one after another (its day stayed
     * as it was before the outage). 57P01 also ends one session an admin terminated
     * ({@code locks end}); replacing the pool's others then costs a few logins, nothing more.</li>
     * </ul>
     * Other errors are Hikari's to judge.
     */
    private static final class WholePoolEviction implements SQLExceptionOverride {
        volatile HikariDataSource pool;

        @java.lang.Override
        public SQLExceptionOverride.Override adjudicate(java.sql.SQLException e) {
            String state = e.getSQLState();
            if ("25006".equals(state)) {
                evictAll("the database server took no writes (a standby after a failover or switchover): "
                        + "the pool's connections are replaced");
                return Override.MUST_EVICT;
            }
            if (state != null && state.startsWith("57P0")) {
                evictAll("the database server ended a session (" + state + ", shut down or restarted): "
                        + "the pool's connections are replaced");
                return Override.MUST_EVICT;
            }
            return Override.CONTINUE_EVICT;
        }

        private void evictAll(String why) {
            HikariDataSource p = pool;
            if (p != null && p.getHikariPoolMXBean() != null) {
                log.warn(why);
                p.getHikariPoolMXBean().softEvictConnections();
            }
        }
    }

    public int maxPoolSize() {
        return pool.getMaximumPoolSize();
    }

    public DataSource dataSource() {
        return waiting;
    }

    public ConnectionSettings settings() {
        return settings;
    }

    /**
     * Where the pool connects, for people to read: the servers and the database of the URL,
     * without its parameters (which may hold a password, and say nothing to a receptionist):
     * {@code db1:6432,db2:6432/salondesk}.
     */
    public String where() {
        return ConnectionSettings.where(settings.url());
    }

    /**
     * The login's password changed while the pool is open: the connections it opens from now
     * on (after a lost connection, or when an old one retires) sign in with the new one. The
     * connections already open stay signed in.
     */
    public void usePassword(String password) {
        pool.getHikariConfigMXBean().setPassword(password);
        settings = new ConnectionSettings(settings.url(), settings.user(), password);
    }

    /**
     * Whether the pool's connections reach PostgreSQL through a connection pooler (PgBouncer;
     * ADR 23), as far as the connections made so far have shown ({@link Pooler}): known once the
     * pool is open, since it opens its first connection at once.
     */
    public boolean throughPooler() {
        return source.pooled();
    }

    /**
     * Brings the schema up to date; returns how many migrations were applied. Through a pooler
     * (ADR 23) a schema that is current already is left alone, and one that is not is refused
     * ({@link MigrationThroughPoolerException}): Flyway holds a session — its lock, its role, its
     * statements over many transactions — which transaction pooling would scatter over server
     * sessions that serve other desks in between.
     */
    public int migrate() {
        if (throughPooler()) {
            if (current()) {
                return 0;
            }
            throw new MigrationThroughPoolerException(where());
        }
        // connections of its own, without the pool's socket timeout: a migration may build an
        // index over a salon's whole history
        return migrate(Flyway.configure().dataSource(settings.url(), settings.user(), settings.password()), null);
    }

    /** Whether the schema is at exactly this build's migrations (one query on a pooled connection). */
    private boolean current() {
        Optional<List<BuildMigrations.Migration>> known = BuildMigrations.onClassPath();
        if (known.isPresent()) {
            try (Connection c = pool.getConnection()) {
                return BuildMigrations.allApplied(c, known.get());
            } catch (SQLException e) {
                log.debug("the schema's history could not be read; Flyway looks at it", e);
            }
        }
        return false;
    }

    /**
     * As {@link #migrate()}, except when the schema is at exactly this build's migrations already
     * ({@link BuildMigrations#allApplied}: one query on a pooled connection): then Flyway is left
     * out, its scan and validation too (issue 16: they cost a start of the desk about 0.6 s of CPU),
     * and {@link #validate()} is for the caller to run later. A schema behind, ahead or in any
     * other state is migrated by Flyway before this returns, as always.
     *
     * @return whether it was current (nothing migrated, Flyway's validation still to run)
     */
    public boolean migrateUnlessCurrent() {
        if (current()) {
            return true;
        }
        migrate();
        return false;
    }

    /**
     * Flyway's own validation of the schema's history against this build's migrations: what
     * {@link #migrateUnlessCurrent()} leaves for later. A difference is logged as an error (a landed
     * migration was edited, which the conventions forbid); the check that let the start go on
     * already compared versions, descriptions and checksums.
     *
     * @return whether Flyway found the history valid
     */
    public boolean validate() {
        // through a pooler Flyway's connections too must do without server-side prepared statements
        String url = settings.url() + (!throughPooler() ? "" : (settings.url().contains("?") ? "&" : "?") + "prepareThreshold=0");
        var result = Flyway.configure().dataSource(url, settings.user(), settings.password())
                .locations(MIGRATIONS).load().validateWithResult();
        if (!result.validationSuccessful) {
            log.error("the schema's history does not match this build's migrations: {}", result.getAllErrorMessages());
        }
        return result.validationSuccessful;
    }

    public static int migrate(DataSource dataSource) {
        return migrate(dataSource, null);
    }

    /**
     * Brings the schema up to {@code targetVersion} only (null: the newest): a backup of an
     * older version is loaded into the schema it was taken from, then migrated like any other.
     */
    public static int migrate(DataSource dataSource, String targetVersion) {
        return migrate(Flyway.configure().dataSource(dataSource), targetVersion);
    }

    private static int migrate(org.flywaydb.core.api.configuration.FluentConfiguration config, String targetVersion) {
        config.locations(MIGRATIONS);
        if (targetVersion != null) {
            config.target(targetVersion);
        }
        MigrateResult result = config.load().migrate();
        if (result.migrationsExecuted > 0) {
            log.info("applied {} migration(s), schema now at version {}", result.migrationsExecuted, result.targetSchemaVersion);
        }
        return result.migrationsExecuted;
    }

    /** The newest schema version the migrations of this build reach (read from the class path, not the database). */
    public static String newestKnownVersion(DataSource dataSource) {
        var all = Flyway.configure().dataSource(dataSource).locations(MIGRATIONS).load().info().all();
        org.flywaydb.core.api.MigrationVersion newest = null;
        for (var m : all) {
            if (m.getVersion() != null && (newest == null || m.getVersion().compareTo(newest) > 0)) {
                newest = m.getVersion();
            }
        }
        return newest == null ? null : newest.getVersion();
    }

    @Override
    public void close() {
        pool.close();
    }
}
