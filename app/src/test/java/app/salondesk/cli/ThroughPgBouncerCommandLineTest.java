package app.salondesk.cli;

import app.salondesk.db.ConnectionSettings;
import app.salondesk.db.PgBouncer;
import app.salondesk.db.TestPostgres;
import app.salondesk.logic.booking.EngineFixture;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.time.Duration;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * Issue 19 (ADR 23): the command line pointed at a real PgBouncer, with a URL that says nothing
 * of a pooler. {@code db migrate} on a current schema answers as ever; on a schema behind it is
 * one sentence, since Flyway's session would be scattered over pooled server sessions; and
 * {@code serve --live-port} stops with one sentence rather than run a relay that hears nothing.
 */
class ThroughPgBouncerCommandLineTest {

    private static EngineFixture f;
    private static PgBouncer bouncer;

    @BeforeAll
    static void aSalonBehindPgBouncer() {
        assumeTrue(PgBouncer.installed(), "Debian's pgbouncer is not installed (apt-get install pgbouncer)");
        f = new EngineFixture("clipooler", 2);
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

    private static CliTestAccess.Run through(ConnectionSettings db, String... command) throws Exception {
        ConnectionSettings pooled = bouncer.through(db);
        String[] args = new String[6 + command.length];
        System.arraycopy(new String[]{"--db-url", pooled.url(), "--user", pooled.user(), "--password", pooled.password()}, 0, args, 0, 6);
        System.arraycopy(command, 0, args, 6, command.length);
        return CliTestAccess.run(args, "");
    }

    @Test
    void dbMigrateThroughThePoolerOnACurrentSchemaAnswersAsEver() throws Exception {
        CliTestAccess.Run run = through(f.backend.database().settings(), "db", "migrate");
        assertEquals(0, run.exit(), run.out() + run.err());
        assertTrue(run.out().contains("schema_version="), run.out());
    }

    @Test
    void dbMigrateThroughThePoolerOnASchemaBehindIsOneSentenceAndTouchesNothing() throws Exception {
        ConnectionSettings empty = TestPostgres.freshDatabase("clibehindpooler");
        CliTestAccess.Run run = through(empty, "db", "migrate");
        assertEquals(1, run.exit(), run.out() + run.err());
        assertTrue(run.err().contains("connection pooler") && run.err().contains("127.0.0.1:" + bouncer.port()), run.err());
        assertEquals(1, run.err().strip().lines().count(), run.err());
    }

    @Test
    void serveWithItsLiveRelayOnThePoolerStopsWithOneSentence() {
        CliTestAccess.Run run = assertTimeoutPreemptively(Duration.ofSeconds(60),
                () -> through(f.backend.database().settings(), "serve", "--host", "127.0.0.1", "--port", "0", "--live-port", "0",
                        "--base-url", "https://book.salon.example"));
        assertEquals(1, run.exit(), run.out() + run.err());
        assertTrue(run.err().contains("--live-db-url") && run.err().contains("127.0.0.1:" + bouncer.port()), run.err());
    }
}
