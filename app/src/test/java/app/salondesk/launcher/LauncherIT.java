package app.salondesk.launcher;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The packaged launcher exactly as a user runs it: {@code java -jar app/target/salondesk.jar}
 * with its libraries in {@code lib/} (runs after {@code package}, in Maven's verify phase).
 */
class LauncherIT {

    @TempDir
    Path home;

    private record Run(int exit, String out, String err) {
    }

    private Run run(String... args) throws Exception {
        Path jar = Path.of("target", "salondesk.jar").toAbsolutePath();
        assertTrue(Files.exists(jar), "package the app first");
        List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-jar", jar.toString()));
        cmd.addAll(List.of(args));
        ProcessBuilder pb = new ProcessBuilder(cmd);
        pb.environment().put("SALONDESK_HOME", home.toString());
        pb.environment().remove("SALONDESK_DB_URL");
        File out = home.resolveSibling(home.getFileName() + ".out").toFile();
        File err = home.resolveSibling(home.getFileName() + ".err").toFile();
        pb.redirectOutput(out).redirectError(err);
        Process p = pb.start();
        assertTrue(p.waitFor(180, TimeUnit.SECONDS), "finished");
        return new Run(p.exitValue(), Files.readString(out.toPath(), StandardCharsets.UTF_8), Files.readString(err.toPath(), StandardCharsets.UTF_8));
    }

    @Test
    void helpAndVersion() throws Exception {
        Run help = run("--help");
        assertEquals(0, help.exit(), help.err());
        assertTrue(help.out().contains("Usage: salondesk"), help.out());
        Run version = run("--version");
        assertEquals(0, version.exit(), version.err());
        assertTrue(version.out().matches("(?s)SalonDesk \\d+\\.\\d+\\.\\d+.*"), version.out());
    }

    @Test
    void refusedConnectionIsOneLineOnTheConsoleAndTheTraceGoesToTheLog() throws Exception {
        Run r = run("--db-url", "jdbc:postgresql://127.0.0.1:1/salondesk", "--user", "desk", "--password", "x", "db", "migrate");
        assertEquals(1, r.exit());
        assertEquals("", r.out());
        assertEquals(1, r.err().strip().lines().count(), r.err());
        assertTrue(r.err().startsWith("Cannot connect to the database server at jdbc:postgresql://127.0.0.1:1/salondesk"), r.err());
        String log = Files.readString(home.resolve("logs/salondesk.log"));
        assertTrue(log.contains("java.net.ConnectException") && log.contains("\tat "), "stack trace in the log file");
        assertFalse(log.contains("password=x"));
    }

    @Test
    void embeddedDefaultMigratesAndSeedsTheDemoSalonOnce() throws Exception {
        Run migrate = run("db", "migrate");
        assertEquals(0, migrate.exit(), migrate.err());
        // the newest migration this build holds, whichever issue added it last
        String newest = app.salondesk.db.BuildMigrations.onClassPath().orElseThrow().stream()
                .map(app.salondesk.db.BuildMigrations.Migration::version).reduce((a, b) -> b).orElseThrow();
        assertTrue(migrate.out().contains("schema_version=" + newest), migrate.out());
        Run demo = run("demo");
        assertEquals(0, demo.exit(), demo.err());
        Run again = run("demo");
        assertEquals(demo.out(), again.out(), "the same salon, not a second one");
        assertTrue(Files.exists(home.resolve("postgres/data/PG_VERSION")));
        assertFalse(Files.exists(home.resolve("postgres/data/postmaster.pid")), "the server stopped with the command");
    }
}
