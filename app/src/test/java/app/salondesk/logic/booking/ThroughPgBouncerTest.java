package app.salondesk.logic.booking;

import app.salondesk.db.ConnectionSettings;
import app.salondesk.db.PgBouncer;
import app.salondesk.db.TestPostgres;
import app.salondesk.i18n.Messages;
import app.salondesk.runtime.Backend;
import app.salondesk.runtime.DbOptions;
import app.salondesk.runtime.ServerAddress;
import app.salondesk.runtime.StartupException;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Locale;

import static app.salondesk.logic.booking.EngineFixture.at;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * Issue 19 (ADR 23): a desk, the command line and serve pointed at a real PgBouncer in transaction
 * mode however they were pointed there — here by the URL the sign-in's server field builds, which
 * says nothing of a pooler (no {@code prepareThreshold=0}). pgjdbc names a statement it has run
 * five times on a connection and then only binds the name; behind transaction pooling the next
 * transaction may run on another server session, where that name does not exist. Here another
 * pooled client holds a transaction every other round, so the desk's statements alternate between
 * two server sessions: without the pooler being detected the desk's sixth or seventh booking fails
 * ("prepared statement S_1 does not exist").
 */
class ThroughPgBouncerTest {

    private static EngineFixture f;
    private static PgBouncer bouncer;
    private static ConnectionSettings direct;

    @BeforeAll
    static void aSalonBehindPgBouncer() {
        assumeTrue(PgBouncer.installed(), "Debian's pgbouncer is not installed (apt-get install pgbouncer)");
        f = new EngineFixture("pgbouncer", 2);
        direct = f.backend.database().settings();
        bouncer = PgBouncer.inFrontOf(TestPostgres.server()).start();
    }

    @AfterAll
    static void close() {
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

    /** The URL the sign-in's server field makes of "127.0.0.1:<the pooler's port>" and the database. */
    private static String signInUrl() {
        ServerAddress.Url built = (ServerAddress.Url) ServerAddress.build("127.0.0.1:" + bouncer.port(), PgBouncer.databaseOf(direct.url()));
        assertFalse(built.url().contains("prepareThreshold"), built.url());
        return built.url();
    }

    @Test
    void aDeskSignedInToPgBouncerByTheServerFieldBooksOnWhicheverServerSessionItIsGiven() throws Exception {
        // the desk and the command line: the shared server's pool, migrations checked (current: nothing to do)
        try (Backend desk = Backend.openShared(new DbOptions(signInUrl(), direct.user(), direct.password()), true)) {
            assertTrue(desk.database().throughPooler(), "the pooler is found");
            booksTwelveTimesAcrossServerSessions(new BookingEngine(desk.dsl()), f.anna);
        }
        assertFalse(f.backend.database().throughPooler(), "straight to PostgreSQL is no pooler");
    }

    @Test
    void serveSignedInThroughPgBouncerBooksToo() throws Exception {
        // serve's pool: no migrations, its own start-up settings (dropped by PgBouncer)
        try (Backend serve = Backend.openShared(new DbOptions(signInUrl(), direct.user(), direct.password()), false)) {
            assertTrue(serve.database().throughPooler());
            booksTwelveTimesAcrossServerSessions(new BookingEngine(serve.dsl()), f.bohdan);
        }
    }

    @Test
    void aSchemaBehindIsNotMigratedThroughThePoolerButRefusedInOneSentence() throws Exception {
        ConnectionSettings empty = TestPostgres.freshDatabase("behindpooler");
        String url = bouncer.through(empty).url();
        StartupException refused = assertThrows(StartupException.class,
                () -> Backend.openShared(new DbOptions(url, empty.user(), empty.password()), true).close());
        assertEquals(StartupException.Reason.MIGRATE_THROUGH_POOLER, refused.reason());
        String sentence = new Messages(Locale.ENGLISH).format(refused.reason().messageKey, refused.detail());
        assertTrue(sentence.contains("127.0.0.1:" + bouncer.port()) && sentence.contains("db migrate"), sentence);
        try (Connection c = TestPostgres.connect(empty); Statement s = c.createStatement();
             ResultSet rs = s.executeQuery("SELECT count(*) FROM pg_tables WHERE schemaname = 'public'")) {
            rs.next();
            assertEquals(0, rs.getInt(1), "Flyway touched nothing through the pooler");
        }
    }

    /**
     * Twelve bookings of one master, one after another; every other one while another pooled client
     * holds a transaction — on the server session PgBouncer would have given the desk next (it hands
     * out the last one freed first) — so that the desk's statements move between server sessions.
     */
    private static void booksTwelveTimesAcrossServerSessions(BookingEngine engine, long master) throws SQLException {
        // (the other client is told it is behind a pooler: its own COMMITs would otherwise become named statements)
        ConnectionSettings pooled = bouncer.through(direct);
        try (Connection other = TestPostgres.connect(new ConnectionSettings(pooled.url() + "?prepareThreshold=0", pooled.user(), pooled.password()))) {
            other.setAutoCommit(false);
            for (int round = 0; round < 12; round++) {
                boolean hold = round % 2 == 1;
                if (hold) {
                    try (Statement s = other.createStatement()) {
                        s.execute("SELECT pg_backend_pid()");
                    }
                }
                f.booked(engine.book(f.cutWith(master, at(8, 0).plusSeconds(3600L * round))));
                if (hold) {
                    other.commit();
                }
            }
        }
        assertEquals(12, f.count("SELECT count(*) FROM bookings WHERE master_id = " + master));
        assertEquals(0, f.overlappingPairs());
    }
}
