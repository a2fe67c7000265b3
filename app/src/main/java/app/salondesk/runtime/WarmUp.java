package app.salondesk.runtime;

import org.jooq.SQLDialect;
import org.jooq.conf.Settings;
import org.jooq.impl.DSL;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import static app.salondesk.jooq.Tables.MASTERS;
import static app.salondesk.jooq.Tables.SERVICES;
import static app.salondesk.jooq.Tables.TENANTS;

/**
 * Readies, while the embedded server starts, what the desk's first queries need (issue 16):
 * jOOQ renders a query like its first ones (its own classes, the generated schema's tables), and
 * the driver's and the pool's classes are loaded. The opening thread spends that time waiting
 * for {@code pg_ctl}; without this it did all of it afterwards, one after the other. Nothing
 * here touches the database, and whatever fails is only logged: the queries do it again.
 */
public final class WarmUp {

    private static final Logger log = LoggerFactory.getLogger(WarmUp.class);

    private WarmUp() {
    }

    /** On a daemon thread of its own, now. */
    public static void inBackground() {
        Thread t = new Thread(WarmUp::run, "salondesk-warm-up");
        t.setDaemon(true);
        t.start();
    }

    static void run() {
        try {
            DSL.using(SQLDialect.POSTGRES, new Settings().withRenderSchema(false))
                    .select(TENANTS.ID, TENANTS.NAME, TENANTS.TIME_ZONE, MASTERS.ID, MASTERS.NAME, SERVICES.DURATION_MIN)
                    .from(TENANTS)
                    .join(MASTERS).on(MASTERS.TENANT_ID.eq(TENANTS.ID))
                    .join(SERVICES).on(SERVICES.TENANT_ID.eq(TENANTS.ID))
                    .where(TENANTS.ID.eq(1L).and(MASTERS.ACTIVE))
                    .orderBy(TENANTS.IS_DEMO, MASTERS.SORT_ORDER)
                    .limit(1)
                    .getSQL();
            ClassLoader loader = WarmUp.class.getClassLoader();
            for (String name : new String[]{"org.postgresql.Driver", "org.postgresql.jdbc.PgConnection",
                    "org.postgresql.core.v3.ConnectionFactoryImpl", "com.zaxxer.hikari.HikariDataSource",
                    "com.zaxxer.hikari.pool.HikariPool"}) {
                Class.forName(name, true, loader);
            }
        } catch (ClassNotFoundException | RuntimeException | LinkageError e) {
            log.debug("warming up failed; the first queries load what they need themselves", e);
        }
    }
}
