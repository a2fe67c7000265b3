package app.salondesk.logic.booking;

import app.salondesk.db.ConnectionSettings;
import app.salondesk.db.Database;
import app.salondesk.db.PgBouncer;
import app.salondesk.db.TestPostgres;
import app.salondesk.model.booking.Booking;
import app.salondesk.model.booking.BookingOutcome.TryAgain;
import app.salondesk.model.booking.BookingOutcome;
import app.salondesk.model.booking.NewBooking;
import app.salondesk.model.booking.Source;
import org.jooq.DSLContext;
import org.jooq.SQLDialect;
import org.jooq.impl.DSL;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import static app.salondesk.logic.booking.EngineFixture.at;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * Issue 19 asks to prove it (ADR 23): the engine's transaction-scoped named lock, its timeouts and
 * its audit source ({@code set_config(…, true)}) work through PgBouncer's transaction pooling,
 * which hands a server session to another client as soon as a transaction ends. Against a real
 * PgBouncer: one pooled client holds a master's lock in a transaction (the engine's own lock
 * statement), and another pooled client's booking waits for it on the server — seen in
 * {@code pg_locks} — and is answered "try again" after the 5 s lock_timeout, or books once the
 * first commits; what a transaction set for itself is gone for the next client of the same
 * server session.
 */
class NamedLockThroughPgBouncerTest {

    /** Other tests' databases share the server: only this one's locks count. */
    private static final String THIS_DATABASE = "database = (SELECT oid FROM pg_database WHERE datname = current_database())";

    private static EngineFixture f;
    private static PgBouncer bouncer;
    private static Database desk;
    private static BookingEngine deskEngine;
    private static ConnectionSettings pooled;
    /** The same database through a pool of ONE server session: every client gets the same one. */
    private static ConnectionSettings oneSession;

    @BeforeAll
    static void twoClientsBehindPgBouncer() {
        assumeTrue(PgBouncer.installed(), "Debian's pgbouncer is not installed (apt-get install pgbouncer)");
        f = new EngineFixture("lockpooler", 2);
        ConnectionSettings direct = f.backend.database().settings();
        String database = PgBouncer.databaseOf(direct.url());
        bouncer = PgBouncer.inFrontOf(TestPostgres.server()).poolSize(4).alias("one_session", database, 1).start();
        pooled = bouncer.through(direct);
        oneSession = new ConnectionSettings(bouncer.url("one_session"), direct.user(), direct.password());
        desk = Database.open(pooled, 4);
        deskEngine = new BookingEngine(DSL.using(desk.dataSource(), SQLDialect.POSTGRES));
    }

    @AfterAll
    static void close() {
        if (desk != null) {
            desk.close();
        }
        if (bouncer != null) {
            bouncer.close();
        }
        if (f != null) {
            f.close();
        }
    }

    @BeforeEach
    void bareWeek() {
        f.clearSchedule();
    }

    @Test
    void aBookingWaitsForTheLockAnotherPooledClientHoldsAndIsAnsweredTryAgainAfterTheLockTimeout() throws Exception {
        NewBooking cmd = f.cutWith(f.anna, at(10, 0));
        try (Connection holder = client(pooled)) {
            int holderSession = holdTheMastersLock(holder, f.anna);
            long t0 = System.nanoTime();
            CompletableFuture<BookingOutcome> booking = CompletableFuture.supplyAsync(() -> deskEngine.book(cmd));
            int waiting = awaitAWaiterOnTheLock();
            assertNotEquals(holderSession, waiting, "the booking waits on a server session of its own, for the lock");
            TryAgain answer = assertInstanceOf(TryAgain.class, booking.get(30, TimeUnit.SECONDS));
            long waitedMs = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - t0);
            assertEquals(TryAgain.Why.BUSY, answer.why());
            assertTrue(waitedMs >= 4_500, "waited out the 5 s lock_timeout, not less: " + waitedMs + " ms");
            holder.rollback();
        }
        assertEquals(0, f.count("SELECT count(*) FROM bookings WHERE request_id = '" + cmd.requestId() + "'"));
        assertEquals(0, advisoryLocks(), "no named lock outlives its transaction on a pooled server session");
    }

    @Test
    void aBookingThatWaitedForTheLockBooksOnceTheOtherPooledClientCommits() throws Exception {
        NewBooking cmd = f.cutWith(f.anna, at(11, 0));
        long t0;
        CompletableFuture<BookingOutcome> booking;
        try (Connection holder = client(pooled)) {
            holdTheMastersLock(holder, f.anna);
            t0 = System.nanoTime();
            booking = CompletableFuture.supplyAsync(() -> deskEngine.book(cmd));
            awaitAWaiterOnTheLock();
            Thread.sleep(1_000);
            assertFalse(booking.isDone(), "the booking still waits while the lock is held");
            holder.commit();
        }
        Booking made = f.booked(booking.get(30, TimeUnit.SECONDS));
        long waitedMs = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - t0);
        assertTrue(waitedMs >= 1_000 && waitedMs < 5_000, "booked once the lock was let go: " + waitedMs + " ms");
        assertEquals(made.id(), f.id("SELECT id FROM bookings WHERE request_id = '" + cmd.requestId() + "'"));
        assertEquals(0, advisoryLocks());
    }

    @Test
    void whatATransactionSetForItselfIsGoneForTheNextClientOfTheSameServerSession() throws Exception {
        try (Connection first = client(oneSession); Connection next = client(oneSession)) {
            int firstSession = holdTheMastersLock(first, f.bohdan);
            try (Statement s = first.createStatement();
                 ResultSet rs = s.executeQuery("SELECT current_setting('lock_timeout'), current_setting('salondesk.source'), "
                         + "current_setting('idle_in_transaction_session_timeout')")) {
                rs.next();
                assertEquals("5s", rs.getString(1));
                assertEquals("form", rs.getString(2));
                assertEquals("20s", rs.getString(3));
            }
            first.commit();
            next.setAutoCommit(true);
            try (Statement s = next.createStatement();
                 ResultSet rs = s.executeQuery("SELECT pg_backend_pid(), current_setting('lock_timeout'), "
                         + "coalesce(current_setting('salondesk.source', true), ''), current_setting('idle_in_transaction_session_timeout'), "
                         + "(SELECT count(*) FROM pg_locks WHERE locktype = 'advisory' AND " + THIS_DATABASE + ")")) {
                rs.next();
                assertEquals(firstSession, rs.getInt(1), "the pool of one hands the next client the same server session");
                assertEquals("0", rs.getString(2), "lock_timeout went with the transaction");
                assertEquals("", rs.getString(3), "the audit's source went with the transaction");
                assertEquals("0", rs.getString(4), "the idle bound went with the transaction (PgBouncer dropped the pool's options)");
                assertEquals(0, rs.getInt(5), "the named lock went with the transaction");
            }
            // what this test would see if a setting did leak: set for the session, it is there for the next client
            try (Statement s = first.createStatement()) {
                s.execute("SELECT set_config('salondesk.probe', 'leaked', false)");
                first.commit();
            }
            try (Statement s = next.createStatement(); ResultSet rs = s.executeQuery("SELECT current_setting('salondesk.probe', true)")) {
                rs.next();
                assertEquals("leaked", rs.getString(1));
                s.execute("SELECT set_config('salondesk.probe', '', false)");
            }
        }
    }

    /** A pooled client of its own (a desk's connection: no server-side prepared statements), in a transaction. */
    private static Connection client(ConnectionSettings through) throws SQLException {
        Connection c = TestPostgres.connect(new ConnectionSettings(through.url() + "?prepareThreshold=0", through.user(), through.password()));
        c.setAutoCommit(false);
        return c;
    }

    /** The engine's own lock statement (timeouts, source, the master's named lock); returns the server session it ran on. */
    private static int holdTheMastersLock(Connection c, long master) throws SQLException {
        DSLContext tx = DSL.using(c, SQLDialect.POSTGRES);
        new MasterLocks(f.tenant, List.of(master), Source.FORM).take(tx);
        return tx.resultQuery("SELECT pg_backend_pid()").fetchOne(0, Integer.class);
    }

    /** The server session that waits for a named lock, seen straight on PostgreSQL. */
    private static int awaitAWaiterOnTheLock() throws InterruptedException {
        long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(4);
        while (System.nanoTime() < until) {
            Integer pid = f.dsl.resultQuery("SELECT pid FROM pg_locks WHERE locktype = 'advisory' AND NOT granted AND " + THIS_DATABASE + " LIMIT 1")
                    .fetchOne(0, Integer.class);
            if (pid != null) {
                return pid;
            }
            Thread.sleep(20);
        }
        throw new AssertionError("no booking waited for the master's named lock on the server");
    }

    private static int advisoryLocks() {
        return f.count("SELECT count(*) FROM pg_locks WHERE locktype = 'advisory' AND " + THIS_DATABASE);
    }
}
