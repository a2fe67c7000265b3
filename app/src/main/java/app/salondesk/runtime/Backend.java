package app.salondesk.runtime;

import app.salondesk.db.ConnectionSettings;
import app.salondesk.db.Database;
import app.salondesk.db.EmbeddedServer;
import app.salondesk.db.EmbeddedWatchdog;
import app.salondesk.db.StartupTimeline;
import org.jooq.DSLContext;
import org.jooq.SQLDialect;
import org.jooq.conf.Settings;
import org.jooq.impl.DSL;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.net.ConnectException;
import java.net.UnknownHostException;
import java.sql.SQLException;

/**
 * Everything the application runs on: the embedded server (default) or a shared one, the
 * pool, and jOOQ. Opening it migrates the schema; closing it stops what it started.
 */
public final class Backend implements AutoCloseable {

    private static final Logger log = LoggerFactory.getLogger(Backend.class);

    private final AppHome.Lock lock;
    private final EmbeddedServer server;
    private final EmbeddedWatchdog watchdog;
    private volatile Database database;
    private volatile DSLContext dsl;
    private final boolean embedded;
    private final java.util.concurrent.atomic.AtomicBoolean validationDeferred = new java.util.concurrent.atomic.AtomicBoolean();

    private Backend(AppHome.Lock lock, EmbeddedServer server, Database database) {
        this(lock, server, database, false);
    }

    private Backend(AppHome.Lock lock, EmbeddedServer server, Database database, boolean validationDeferred) {
        this.validationDeferred.set(validationDeferred);
        this.lock = lock;
        this.server = server;
        this.database = database;
        this.embedded = server != null;
        // the embedded server is ours to bring back when it dies; a shared one is its administrator's
        this.watchdog = server != null ? EmbeddedWatchdog.watch(server) : null;
        this.dsl = dsl(database);
    }

    private static DSLContext dsl(Database database) {
        return dslOn(database.dataSource());
    }

    /** jOOQ on a pool as the application uses it: with the check that no call is made on the FX thread. */
    public static DSLContext dslOn(javax.sql.DataSource pool) {
        return DSL.using(new FxThreadGuard(pool), SQLDialect.POSTGRES,
                new Settings().withExecuteLogging(false).withRenderSchema(false));
    }

    /**
     * Closes the pool, so that this process holds no connection to the database (a restore
     * swaps it for another); {@link #reopenPool()} opens a new one on the same name. The
     * server, and the home's lock, stay.
     */
    public synchronized void closePool() {
        database.close();
    }

    /**
     * A new pool on the database's name, migrated: after a restore. Whatever was built on the
     * old {@link #dsl()} must be built again.
     */
    public synchronized void reopenPool() {
        database = openAndMigrate(database.settings(), database.maxPoolSize());
        dsl = dsl(database);
    }

    /**
     * Opens the database the options name, migrating it. Throws {@link StartupException}.
     *
     * <p>A shared server's schema that is at exactly this build's migrations already is left
     * alone, Flyway too (issue 29): Flyway's first step is an advisory lock of a constant key, and
     * on a server where the superuser's step (db/superuser.sql) has not taken the advisory-lock
     * functions from PUBLIC any login may hold that key — every command of every salon then waited
     * a minute and failed. Only a schema behind (an upgrade: the owner's {@code db migrate}) still
     * meets Flyway and its lock; the cheap check compares versions, descriptions and checksums.
     */
    public static Backend open(AppHome home, DbOptions options) {
        return options.shared() ? openSharedMigrated(options, true) : openEmbedded(home, false);
    }

    /**
     * As {@link #open}, for the desk's start (issue 16): a schema at exactly this build's
     * migrations is not validated by Flyway now but by {@link #validateSchemaIfDeferred()},
     * which the desk calls after its first paint. A schema behind is migrated before this returns.
     */
    public static Backend openForDesk(AppHome home, DbOptions options) {
        return options.shared() ? openSharedMigrated(options, true) : openEmbedded(home, true);
    }

    /**
     * Runs Flyway's validation that the start left out, if it did (once); call off the FX thread.
     * A failure is logged: the start's own check had found the same versions, names and checksums.
     *
     * @return empty when nothing was left for later, else whether Flyway found the history valid
     */
    public java.util.Optional<Boolean> validateSchemaIfDeferred() {
        if (!validationDeferred.compareAndSet(true, false)) {
            return java.util.Optional.empty();
        }
        try {
            return java.util.Optional.of(database.validate());
        } catch (RuntimeException e) {
            log.error("Flyway could not validate the schema", e);
            return java.util.Optional.of(false);
        }
    }

    /**
     * The online server's sessions plan each statement once (ADR 12): with PostgreSQL's default
     * it planned the page's free-time search anew on every request (1.4–2.8 ms of planning for
     * 0.3–0.5 ms of work), because its generic plan's estimated cost looked higher than the
     * custom ones'. The server's statements are all by ids and a salon's days, so one generic plan
     * fits every request.
     */
    private static final java.util.Map<String, String> SERVER_SESSION = java.util.Map.of("plan_cache_mode", "force_generic_plan");

    /**
     * A shared server, without running (or reading) its migrations: for {@code salondesk serve}
     * signed in as the online login, which may not touch the schema and is not shown its
     * history. The database owner brings the schema up to date first ({@code db migrate}).
     */
    public static Backend openShared(DbOptions options, boolean migrate) {
        if (migrate) {
            return openSharedMigrated(options, false);
        }
        ConnectionSettings settings;
        try {
            settings = new ConnectionSettings(options.url(), options.user(), options.password());
        } catch (IllegalArgumentException e) {
            throw new StartupException(StartupException.Reason.BAD_URL, options.url(), e);
        }
        try {
            return new Backend(null, null, Database.open(settings, 8, SERVER_SESSION));
        } catch (RuntimeException e) {
            throw classify(settings, e);
        }
    }

    /** For tests and tools that already have a server: no lock, no embedded server. */
    public static Backend connect(ConnectionSettings settings) {
        return connect(settings, 8);
    }

    public static Backend connect(ConnectionSettings settings, int poolSize) {
        return new Backend(null, null, openAndMigrate(settings, poolSize));
    }

    private static Backend openSharedMigrated(DbOptions options, boolean deferValidation) {
        ConnectionSettings settings;
        try {
            settings = new ConnectionSettings(options.url(), options.user(), options.password());
        } catch (IllegalArgumentException e) {
            throw new StartupException(StartupException.Reason.BAD_URL, options.url(), e);
        }
        Opened opened = openAndMigrate(settings, SHARED_DESK_POOL, deferValidation);
        return new Backend(null, null, opened.database(), opened.validationDeferred());
    }

    /**
     * A desk (or a command) on a shared server runs at most four calls at once — its four
     * background workers (the live listener has a connection of its own, and the waitlist
     * worker and backups run on the embedded desk only) — so a fifth connection would never be
     * used. A chain's server counts every desk's connections (ADR 23): 4 at most, 1 when idle.
     */
    static final int SHARED_DESK_POOL = 4;

    private static Backend openEmbedded(AppHome home, boolean deferValidation) {
        AppHome.Lock lock = home.lock();
        EmbeddedServer server = null;
        try {
            try {
                server = EmbeddedServer.start(home.postgres(), home.binaries(), EmbeddedServer.Durability.DURABLE);
            } catch (RuntimeException e) {
                throw new StartupException(StartupException.Reason.EMBEDDED_FAILED, home.postgres().toString(), e);
            }
            Opened opened = openAndMigrate(server.settings(), 8, deferValidation);
            return new Backend(lock, server, opened.database(), opened.validationDeferred());
        } catch (RuntimeException e) {
            if (server != null) {
                server.close();
            }
            lock.close();
            throw e;
        }
    }

    private static Database openAndMigrate(ConnectionSettings settings, int poolSize) {
        return openAndMigrate(settings, poolSize, false).database();
    }

    /** A pool, and whether Flyway's validation was left for later. */
    private record Opened(Database database, boolean validationDeferred) {
    }

    /** @param deferValidation whether a schema already current may skip Flyway until {@link #validateSchemaIfDeferred()} */
    private static Opened openAndMigrate(ConnectionSettings settings, int poolSize, boolean deferValidation) {
        Database db;
        try {
            db = Database.open(settings, poolSize);
        } catch (RuntimeException e) {
            throw classify(settings, e);
        }
        try {
            boolean deferred = false;
            if (deferValidation) {
                deferred = db.migrateUnlessCurrent();
            } else {
                db.migrate();
            }
            StartupTimeline.mark("schema");
            return new Opened(db, deferred);
        } catch (RuntimeException e) {
            db.close();
            throw classify(settings, e);
        }
    }

    /** Turns a driver or pool failure into the reason a person can act on. */
    static StartupException classify(ConnectionSettings settings, Throwable failure) {
        String where = settings.url();
        // the network cause first: the driver wraps it in an SQLException of class 08
        for (Throwable t = failure; t != null; t = t.getCause()) {
            if (t instanceof UnknownHostException) {
                return new StartupException(StartupException.Reason.UNKNOWN_HOST, where, failure);
            }
            if (t instanceof ConnectException) {
                return new StartupException(StartupException.Reason.CONNECTION_REFUSED, where, failure);
            }
        }
        for (Throwable t = failure; t != null; t = t.getCause()) {
            if (t instanceof app.salondesk.db.MigrationThroughPoolerException m) {
                return new StartupException(StartupException.Reason.MIGRATE_THROUGH_POOLER, m.where(), failure);
            }
        }
        for (Throwable t = failure; t != null; t = t.getCause()) {
            // migration 8 stops on a server where every login may plant objects in schema public
            if (t instanceof org.postgresql.util.PSQLException p && p.getServerErrorMessage() != null
                    && String.valueOf(p.getServerErrorMessage().getMessage()).startsWith("every login may create objects in schema public")) {
                return new StartupException(StartupException.Reason.SCHEMA_PUBLIC_OPEN, p.getServerErrorMessage().getHint(), failure);
            }
        }
        for (Throwable t = failure; t != null; t = t.getCause()) {
            if (t instanceof SQLException sql && sql.getSQLState() != null) {
                String state = sql.getSQLState();
                if (state.equals("28P01")) {
                    return new StartupException(StartupException.Reason.BAD_CREDENTIALS, where, failure);
                }
                if (state.equals("28000")) {
                    // a disabled login (NOLOGIN), or one pg_hba.conf does not admit from here
                    return new StartupException(StartupException.Reason.LOGIN_REFUSED, where, failure);
                }
                if (state.equals("3D000")) {
                    return new StartupException(StartupException.Reason.NO_DATABASE, where, failure);
                }
                if (state.equals("42501")) {
                    return new StartupException(StartupException.Reason.NO_PERMISSION, where, failure);
                }
                if (state.startsWith("08")) {
                    return new StartupException(StartupException.Reason.CONNECTION_REFUSED, where, failure);
                }
            }
        }
        return new StartupException(StartupException.Reason.OTHER, where, failure);
    }

    public DSLContext dsl() {
        return dsl;
    }

    public Database database() {
        return database;
    }

    public boolean embedded() {
        return embedded;
    }

    /** Where the data lives, for the status bar: a host or "this computer". */
    public String location() {
        return database.settings().url();
    }

    public String user() {
        return database.settings().user();
    }

    /** How many times the embedded server was started again after it had stopped by itself (0 on a shared server). */
    public int serverRestarts() {
        return watchdog == null ? 0 : watchdog.restarts();
    }

    @Override
    public void close() {
        if (watchdog != null) {
            watchdog.close();   // first: closing the server below must not look like a crash to restart from
        }
        database.close();
        if (server != null) {
            server.close();
        }
        if (lock != null) {
            lock.close();
        }
        log.info("backend closed");
    }
}
