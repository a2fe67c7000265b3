package app.salondesk.cli;

import app.salondesk.db.ConnectionSettings;
import app.salondesk.db.TestPostgres;
import app.salondesk.runtime.AppHome;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The command line against a real server: clear one-line failures, idempotent demo, migrate. */
class CommandLineTest {

    @TempDir
    Path home;

    private record Run(int exit, String out, String err) {
    }

    private Run run(String... args) {
        CommandLine cl = SalonDeskCommand.commandLine(new AppHome(home));
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        cl.setOut(new PrintWriter(out, true));
        cl.setErr(new PrintWriter(err, true));
        int exit = cl.execute(args);
        return new Run(exit, out.toString(), err.toString());
    }

    /** Issue 16: without arguments the window opens without picocli; the database is the one the options' defaults name. */
    @Test
    void theWindowWithoutArgumentsTakesTheDatabaseTheOptionsWouldDefaultTo() {
        String url = "jdbc:postgresql://db.salon.lan/salondesk";
        CommandLine cl = SalonDeskCommand.commandLine(new AppHome(home));
        cl.parseArgs("--db-url", url, "--user", "anna");
        SalonDeskCommand parsed = cl.getCommand();
        java.util.Map<String, String> env = new java.util.HashMap<>(java.util.Map.of("SALONDESK_DB_URL", url, "SALONDESK_DB_USER", "anna"));
        if (System.getenv("SALONDESK_DB_PASSWORD") != null) {
            env.put("SALONDESK_DB_PASSWORD", System.getenv("SALONDESK_DB_PASSWORD"));
        }
        assertEquals(parsed.dbOptions(), SalonDeskCommand.windowOptions(env));
        assertEquals(new app.salondesk.runtime.DbOptions(url, "anna", "secret"), SalonDeskCommand.windowOptions(java.util.Map.of(
                "SALONDESK_DB_URL", url, "SALONDESK_DB_USER", "anna", "SALONDESK_DB_PASSWORD", "secret")));
        assertFalse(SalonDeskCommand.windowOptions(java.util.Map.of()).shared(), "nothing set: the embedded database");
    }

    @Test
    void demoTwiceCreatesTheSalonOnce() throws Exception {
        ConnectionSettings db = TestPostgres.freshDatabase("clidemo");
        Run first = run("--db-url", db.url(), "--user", db.user(), "--password", db.password(), "demo");
        assertEquals(0, first.exit(), first.err());
        Run second = run("--db-url", db.url(), "--user", db.user(), "--password", db.password(), "demo");
        assertEquals(0, second.exit(), second.err());
        assertTrue(first.out().contains("Bloom Beauty Studio"), first.out());
        assertEquals(first.out(), second.out(), "the same salon is reported both times");
        try (Connection c = TestPostgres.connect(db); ResultSet rs = c.createStatement().executeQuery(
                "SELECT count(*), (SELECT count(*) FROM masters), (SELECT count(*) FROM services), (SELECT count(*) FROM clients) FROM tenants")) {
            rs.next();
            assertEquals(1, rs.getInt(1));
            assertTrue(rs.getInt(2) >= 4);
            assertTrue(rs.getInt(3) >= 8);
            assertTrue(rs.getInt(4) >= 30);
        }
    }

    @Test
    void dbMigrateBringsAnEmptyDatabaseUpToDate() throws Exception {
        ConnectionSettings db = TestPostgres.freshDatabase("climigrate");
        Run r = run("--db-url", db.url(), "--user", db.user(), "--password", db.password(), "db", "migrate");
        assertEquals(0, r.exit(), r.err());
        // the newest migration this build holds, whichever issue added it last
        String newest = app.salondesk.db.BuildMigrations.onClassPath().orElseThrow().stream()
                .map(app.salondesk.db.BuildMigrations.Migration::version).reduce((a, b) -> b).orElseThrow();
        assertTrue(r.out().contains("schema_version=" + newest), r.out());
        try (Connection c = TestPostgres.connect(db); ResultSet rs = c.createStatement().executeQuery(
                "SELECT count(*) FROM information_schema.tables WHERE table_name = 'bookings'")) {
            rs.next();
            assertEquals(1, rs.getInt(1));
        }
    }

    @Test
    void wrongPasswordIsOneClearLineAndExitCodeOne() {
        ConnectionSettings db = TestPostgres.freshDatabase("clipw");
        Run r = run("--db-url", db.url(), "--user", db.user(), "--password", "wrong", "db", "migrate");
        assertEquals(1, r.exit());
        assertOneClearLine(r.err(), "refused the user name or password");
    }

    @Test
    void refusedConnectionIsOneClearLine() {
        Run r = run("--db-url", "jdbc:postgresql://127.0.0.1:1/salondesk", "--user", "x", "--password", "y", "db", "migrate");
        assertEquals(1, r.exit());
        assertOneClearLine(r.err(), "Cannot connect to the database server");
    }

    @Test
    void notAPostgresUrlIsOneClearLine() {
        Run r = run("--db-url", "mysql://db/salon", "demo");
        assertEquals(1, r.exit());
        assertOneClearLine(r.err(), "This is not a PostgreSQL address");
    }

    @Test
    void unknownHostIsOneClearLine() {
        Run r = run("--db-url", "jdbc:postgresql://no-such-host.invalid/salondesk", "--user", "x", "--password", "y", "demo");
        assertEquals(1, r.exit());
        assertOneClearLine(r.err(), "cannot be found");
    }

    @Test
    void helpAndVersionWork() {
        Run help = run("--help");
        assertEquals(0, help.exit());
        assertTrue(help.out().contains("--db-url") && help.out().contains("demo") && help.out().contains("db"), help.out());
        Run version = run("--version");
        assertEquals(0, version.exit());
        assertTrue(version.out().startsWith("SalonDesk"), version.out());
    }

    @Test
    void helpAndFailuresSpeakTheUsersLanguage() {
        java.util.Locale saved = java.util.Locale.getDefault();
        try {
            java.util.Locale.setDefault(java.util.Locale.forLanguageTag("uk"));
            Run help = run("book", "--help");
            assertTrue(help.out().startsWith("Використання: salondesk book"), help.out());
            assertTrue(help.out().contains("Майстер: номер або ім’я."), help.out());
            Run refused = run("--db-url", "jdbc:postgresql://127.0.0.1:1/salondesk", "--user", "x", "--password", "y", "db", "migrate");
            assertEquals(1, refused.exit());
            assertOneClearLine(refused.err(), "Не вдається під’єднатися до сервера бази даних");
        } finally {
            java.util.Locale.setDefault(saved);
        }
    }

    private static void assertOneClearLine(String err, String expected) {
        String trimmed = err.strip();
        assertFalse(trimmed.contains("\n"), "one line only:\n" + err);
        assertTrue(trimmed.contains(expected), err);
        assertFalse(trimmed.contains("Exception") || trimmed.contains("\tat "), "no stack trace:\n" + err);
    }
}
