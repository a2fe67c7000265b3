package app.salondesk.db;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import org.flywaydb.core.Flyway;
import org.flywaydb.core.api.output.MigrateResult;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import javax.sql.DataSource;

/** The connection pool of one running application, and the schema migrations. */
public final class Database implements AutoCloseable {

    private static final Logger log = LoggerFactory.getLogger(Database.class);

    /** Where the migrations are: the newest one's version is the schema version this build knows. */
    public static final String MIGRATIONS = "classpath:db/migration";

    private final HikariDataSource pool;
    private volatile ConnectionSettings settings;

    private Database(HikariDataSource pool, ConnectionSettings settings) {
        this.pool = pool;
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
        cfg.setJdbcUrl(settings.url());
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
        cfg.addDataSourceProperty("ApplicationName", "SalonDesk");
        cfg.addDataSourceProperty("connectTimeout", "10");
        cfg.addDataSourceProperty("tcpKeepAlive", "true");
        cfg.addDataSourceProperty("socketTimeout", Integer.toString(SOCKET_TIMEOUT_SECONDS));
        java.util.Map<String, String> session = new java.util.TreeMap<>(sessionSettings);
        session.putIfAbsent("idle_in_transaction_session_timeout", IDLE_IN_TRANSACTION_TIMEOUT);
        StringBuilder options = new StringBuilder();
        session.forEach((name, value) -> options.append(options.isEmpty() ? "" : " ").append("-c ").append(name).append('=').append(value));
        // a URL's own options= (a tool's, a benchmark's) takes precedence over these
        cfg.addDataSourceProperty("options", options.toString());
        return new Database(new HikariDataSource(cfg), settings);
    }

    public int maxPoolSize() {
        return pool.getMaximumPoolSize();
    }

    public DataSource dataSource() {
        return pool;
    }

    public ConnectionSettings settings() {
        return settings;
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

    /** Brings the schema up to date; returns how many migrations were applied. */
    public int migrate() {
        // connections of its own, without the pool's socket timeout: a migration may build an
        // index over a salon's whole history
        return migrate(Flyway.configure().dataSource(settings.url(), settings.user(), settings.password()), null);
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
