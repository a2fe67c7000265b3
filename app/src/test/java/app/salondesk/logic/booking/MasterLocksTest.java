package app.salondesk.logic.booking;

import app.salondesk.db.ConnectionSettings;
import app.salondesk.db.Database;
import app.salondesk.model.booking.Source;
import org.jooq.DSLContext;
import org.jooq.SQLDialect;
import org.jooq.impl.DSL;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * Issue 19: behind PgBouncer the pools' start-up options never reach PostgreSQL, so the bound
 * on an idle transaction (ADR 17: a vanished desk never keeps a master's lock) must come with
 * the engine's transaction itself. The lock statement sets it for the transaction: 20 s on a
 * session that has none, the session's own when it is stricter.
 */
class MasterLocksTest {

    private static EngineFixture f;

    @BeforeAll
    static void salon() {
        f = new EngineFixture("masterlocks", 2);
    }

    @AfterAll
    static void close() {
        f.close();
    }

    @Test
    void anEngineTransactionBoundsItsOwnIdleTimeWhenTheSessionHasNoBound() {
        // what a server connection behind PgBouncer has: PostgreSQL's default, no bound
        assertEquals("20s", boundInsideTheTransaction("0"));
        assertEquals("20s", boundInsideTheTransaction("5min"));
    }

    @Test
    void aStricterBoundOfTheSessionStays() {
        assertEquals("3s", boundInsideTheTransaction("3s"));
    }

    @Test
    void theBoundEndsWithTheTransaction() {
        ConnectionSettings s = withSessionBound("0");
        try (Database db = Database.open(s, 1)) {
            DSLContext dsl = DSL.using(db.dataSource(), SQLDialect.POSTGRES);
            dsl.transaction(cfg -> new MasterLocks(f.tenant, List.of(f.anna), Source.FORM).take(cfg.dsl()));
            assertEquals("0", dsl.resultQuery("SHOW idle_in_transaction_session_timeout").fetchOne(0, String.class));
        }
    }

    private static String boundInsideTheTransaction(String sessionBound) {
        try (Database db = Database.open(withSessionBound(sessionBound), 1)) {
            return DSL.using(db.dataSource(), SQLDialect.POSTGRES).transactionResult(cfg -> {
                new MasterLocks(f.tenant, List.of(f.anna, f.bohdan), Source.FORM).take(cfg.dsl());
                return cfg.dsl().resultQuery("SHOW idle_in_transaction_session_timeout").fetchOne(0, String.class);
            });
        }
    }

    /** A pool whose sessions start with this idle bound (a URL's options win over the pool's own). */
    private static ConnectionSettings withSessionBound(String bound) {
        ConnectionSettings direct = f.backend.database().settings();
        String url = direct.url() + (direct.url().contains("?") ? "&" : "?") + "options=-c%20idle_in_transaction_session_timeout%3D" + bound;
        return new ConnectionSettings(url, direct.user(), direct.password());
    }
}
