package app.salondesk.cli;

import app.salondesk.db.ConnectionSettings;
import app.salondesk.db.EmbeddedServer;
import app.salondesk.logic.staff.StaffRepository;
import app.salondesk.runtime.Backend;
import app.salondesk.runtime.DbOptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.util.function.DoublePredicate;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * The WAL archive's age and failures on serve's {@code /metrics} (issue 37), read by serve's own
 * least-privileged online login from a real PostgreSQL: first as the embedded server runs
 * ({@code archive_mode = off}: both NaN, no made-up number), then restarted with
 * {@code archive_mode = on} and an {@code archive_command} that copies (a segment archived, a
 * small age, no failure), then one that fails on purpose (the failures counted, the age
 * growing since the last good copy).
 */
class ServeWalArchiveMetricsTest {

    private static final String AGE = "salondesk_wal_archive_age_seconds";
    private static final String FAILED = "salondesk_wal_archive_failed_total";

    @TempDir
    Path dir;

    @Test
    void theArchiveAgeAndFailuresAreScrapedAsServesLoginSeesThemAndNaNWithoutArchiving() throws Exception {
        try (EmbeddedServer server = EmbeddedServer.start(dir.resolve("pg"), EmbeddedServer.sharedBinaryCache(),
                EmbeddedServer.Durability.THROWAWAY)) {
            try (Backend owner = Backend.connect(server.settings("salondesk"), 2)) {
                new StaffRepository(owner.dsl()).addOnlineLogin("web_archive", "archive-secret-1".toCharArray());
            }
            ConnectionSettings su = server.settings("salondesk");
            try (Backend online = Backend.openShared(new DbOptions(su.url(), "web_archive", "archive-secret-1"), false);
                 ServeMetrics metrics = ServeMetrics.start("127.0.0.1", 0, online)) {
                String off = scrape(metrics);
                assertTrue(Double.isNaN(value(off, AGE)), "no archiving, no age: " + line(off, AGE));
                assertTrue(Double.isNaN(value(off, FAILED)), "no archiving, no failures counted: " + line(off, FAILED));

                Path archive = Files.createDirectories(dir.resolve("archive"));
                superuser(server, "ALTER SYSTEM SET archive_mode = on",
                        "ALTER SYSTEM SET archive_command = 'cp %p " + archive + "/%f'");
                server.restart();
                writeAndSwitch(server);
                String copied = until(metrics, AGE, age -> age >= 0 && age < 60);
                assertEquals(0, value(copied, FAILED), line(copied, FAILED));
                try (var files = Files.list(archive)) {
                    assertTrue(files.findAny().isPresent(), "a segment was copied to " + archive);
                }

                superuser(server, "ALTER SYSTEM SET archive_command = 'false'", "SELECT pg_reload_conf()");
                Thread.sleep(1_000);
                writeAndSwitch(server);
                String failing = until(metrics, FAILED, failed -> failed >= 1);
                double ageThen = value(failing, AGE);
                assertTrue(ageThen >= 0, "the last good copy is still known: " + line(failing, AGE));
                Thread.sleep(6_000);
                double ageNow = value(until(metrics, AGE, age -> age > ageThen), AGE);
                assertTrue(ageNow > ageThen, "the age grows while nothing is archived");
            }
        }
    }

    private static void superuser(EmbeddedServer server, String... statements) throws Exception {
        ConnectionSettings s = server.settings("salondesk");
        try (Connection c = DriverManager.getConnection(s.url(), s.user(), s.password()); Statement st = c.createStatement()) {
            for (String sql : statements) {
                st.execute(sql);
            }
        }
    }

    /** Something to archive: a write, then the segment closed so that the archiver takes it. */
    private static void writeAndSwitch(EmbeddedServer server) throws Exception {
        superuser(server, "CREATE TABLE IF NOT EXISTS archive_probe (n int)", "INSERT INTO archive_probe VALUES (1)",
                "SELECT pg_switch_wal()");
    }

    /** Scrapes until the series says what {@code wanted} accepts (figures are read at most every 5 s). */
    private static String until(ServeMetrics metrics, String series, DoublePredicate wanted) throws Exception {
        String body = "";
        for (long end = System.nanoTime() + 60_000_000_000L; System.nanoTime() < end; Thread.sleep(500)) {
            body = scrape(metrics);
            double v = value(body, series);
            if (!Double.isNaN(v) && wanted.test(v)) {
                return body;
            }
        }
        return fail("waited 60 s for " + series + ", last: " + line(body, series));
    }

    private static String scrape(ServeMetrics metrics) throws Exception {
        HttpResponse<String> r = HttpClient.newHttpClient().send(
                HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + metrics.port() + "/metrics")).build(),
                HttpResponse.BodyHandlers.ofString());
        assertEquals(200, r.statusCode());
        return r.body();
    }

    private static String line(String body, String series) {
        Matcher m = Pattern.compile("(?m)^" + series + "\\{[^}]*} \\S+$").matcher(body);
        return m.find() ? m.group() : fail(series + " is not on /metrics");
    }

    private static double value(String body, String series) {
        String l = line(body, series);
        return Double.parseDouble(l.substring(l.lastIndexOf(' ') + 1));
    }
}
