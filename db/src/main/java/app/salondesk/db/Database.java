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

    private final HikariDataSource pool;
    private volatile ConnectionSettings settings;

    private Database(HikariDataSource pool, ConnectionSettings settings) {
        this.pool = pool;
        this.settings = settings;
    }

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
        if (!sessionSettings.isEmpty()) {
            StringBuilder options = new StringBuilder();
            sessionSettings.forEach((name, value) -> options.append(options.isEmpty() ? "" : " ").append("-c ").append(name).append('=').append(value));
            cfg.addDataSourceProperty("options", options.toString());
        }
        return new Database(new HikariDataSource(cfg), settings);
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
        return migrate(pool);
    }

    public static int migrate(DataSource dataSource) {
        MigrateResult result = Flyway.configure()
                .dataSource(dataSource)
                .locations("classpath:db/migration")
                .load()
                .migrate();
        if (result.migrationsExecuted > 0) {
            log.info("applied {} migration(s), schema now at version {}", result.migrationsExecuted, result.targetSchemaVersion);
        }
        return result.migrationsExecuted;
    }

    @Override
    public void close() {
        pool.close();
    }
}
