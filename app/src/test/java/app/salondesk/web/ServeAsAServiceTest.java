package app.salondesk.web;

import app.salondesk.db.ConnectionSettings;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.net.Inet4Address;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.NetworkInterface;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * {@code salondesk serve} as its systemd unit runs it (issue 37): a real process, its settings from
 * {@code --config FILE} (the command line winning over the file), its password from the
 * environment, its home from {@code $HOME} (no SALONDESK_HOME: Java's user.home is not where it
 * writes), its log as JSON lines, and {@code /metrics} scraped over HTTP on its own loopback port
 * after a page was read and a booking made.
 */
class ServeAsAServiceTest {

    @TempDir
    Path dir;

    @Test
    void serveFromAConfigFileWritesJsonLogsInItsHomeAndAnswersMetricsOnLoopback() throws Exception {
        try (WebFixture f = new WebFixture("web_service")) {
            ConnectionSettings db = f.salon.backend.database().settings();
            new app.salondesk.logic.staff.StaffRepository(f.salon.dsl).addOnlineLogin("web_service", "online-secret-1".toCharArray());
            Path home = Files.createDirectories(dir.resolve("home"));
            Path config = dir.resolve("serve.properties");
            // installer/server/serve.properties as the package installs it, with only what must differ here:
            // this test's database and login, free ports, a test's patience at stop
            Map<String, String> differ = Map.of("db-url", db.url(), "user", "web_service", "port", "0", "metrics-port", "0",
                    "stop-timeout", "5");
            List<String> settings = new java.util.ArrayList<>();
            java.util.Set<String> replaced = new java.util.TreeSet<>();
            for (String line : Files.readAllLines(app.salondesk.cli.ServeUnitTest.server().resolve("serve.properties"))) {
                String name = line.contains("=") && !line.startsWith("#") ? line.substring(0, line.indexOf('=')).strip() : null;
                if (name != null && differ.containsKey(name)) {
                    line = name + " = " + differ.get(name);
                    replaced.add(name);
                }
                settings.add(line);
            }
            assertEquals(differ.keySet(), replaced, "serve.properties sets what this test must change");
            Files.write(config, settings);
            ProcessBuilder pb = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                    "-cp", System.getProperty("java.class.path"), "app.salondesk.Main",
                    "serve", "--config", config.toString(), "--log-format", "json").redirectErrorStream(true);
            pb.environment().remove("SALONDESK_HOME");
            pb.environment().put("HOME", home.toString());
            pb.environment().put("SALONDESK_DB_PASSWORD", "online-secret-1");
            Process serve = pb.start();
            try {
                Map<String, Integer> ports = ports(serve, "port", "metrics_port");
                WebHttp http = new WebHttp("http://127.0.0.1:" + ports.get("port"));
                assertEquals(200, http.get("/" + WebFixture.SLUG).statusCode());
                Map<String, String> form = http.filledForm(WebFixture.SLUG, f.salon.cut, f.salon.anna, WebFixture.tomorrowAt(16, 0),
                        "Oksana", "067 123 4567");
                assertEquals(303, http.post("/" + WebFixture.SLUG + "/book", form).statusCode());
                assertEquals(404, http.get("/no-such-salon/b/x").statusCode());

                // one garbage collection at least, so that its pause series exists (jcmd: the JDK's own tool)
                Process gc = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "jcmd").toString(),
                        Long.toString(serve.pid()), "GC.run").redirectErrorStream(true).start();
                assertTrue(gc.waitFor(60, TimeUnit.SECONDS) && gc.exitValue() == 0, new String(gc.getInputStream().readAllBytes()));

                HttpResponse<String> scraped = HttpClient.newHttpClient().send(HttpRequest.newBuilder(
                        URI.create("http://127.0.0.1:" + ports.get("metrics_port") + "/metrics")).build(), HttpResponse.BodyHandlers.ofString());
                assertEquals(200, scraped.statusCode());
                assertTrue(scraped.headers().firstValue("Content-Type").orElse("").startsWith("text/plain"), scraped.headers().toString());
                String m = scraped.body() + "\n# serve's log:\n" + Files.readString(home.resolve(".salondesk/logs/salondesk.log"));
                assertMetric(m, "salondesk_http_requests_seconds_count\\{[^}]*method=\"GET\"[^}]*route=\"/\\{slug\\}\"[^}]*status=\"200\"[^}]*\\} [1-9][0-9]*");
                assertMetric(m, "salondesk_http_requests_seconds_count\\{[^}]*method=\"POST\"[^}]*route=\"/\\{slug\\}/book\"[^}]*status=\"303\"[^}]*\\} [1-9][0-9]*");
                assertMetric(m, "salondesk_http_requests_seconds_bucket\\{[^}]*route=\"/\\{slug\\}/book\"[^}]*\\} [0-9.]+");
                assertTrue(!m.contains("no-such-salon"), "a path a client typed never names a series");
                assertMetric(m, "salondesk_booking_writes_seconds_count\\{[^}]*outcome=\"Booked\"[^}]*road=\"online\"[^}]*\\} [1-9][0-9]*");
                assertMetric(m, "salondesk_booking_lock_wait_seconds_count\\{[^}]*\\} [1-9][0-9]*");
                assertMetric(m, "salondesk_database_up\\{[^}]*\\} 1\\.0");
                assertMetric(m, "salondesk_db_pool_connections\\{[^}]*state=\"active\"[^}]*\\} [0-9.]+");
                assertMetric(m, "salondesk_db_pool_max\\{[^}]*\\} [1-9][0-9]*\\.0");
                assertMetric(m, "salondesk_waitlist_waiting\\{[^}]*\\} 0\\.0");
                assertMetric(m, "salondesk_messages_due\\{[^}]*\\} [0-9.]+");
                // this test's server does not archive its WAL: no age, no failures, never a made-up 0
                assertMetric(m, "salondesk_wal_archive_age_seconds\\{[^}]*\\} NaN");
                assertMetric(m, "salondesk_wal_archive_failed_total\\{[^}]*\\} NaN");
                // "try again"s and retries are there at zero before the first one, for rate() to draw
                assertMetric(m, "salondesk_booking_try_again_total\\{[^}]*why=\"busy\"[^}]*\\} 0\\.0");
                assertMetric(m, "salondesk_booking_retries_total\\{[^}]*sqlstate=\"40P01\"[^}]*\\} 0\\.0");
                // the JVM's own: memory, garbage collection, threads, CPU
                assertMetric(m, "jvm_memory_used_bytes\\{[^}]*area=\"heap\"[^}]*\\} [0-9.E]+");
                assertMetric(m, "jvm_gc_pause_seconds_count\\{[^}]*\\} [1-9][0-9]*");
                assertMetric(m, "jvm_threads_live_threads\\{[^}]*\\} [1-9][0-9.]*");
                assertMetric(m, "process_cpu_usage\\{[^}]*\\} [0-9.E-]+");
                // HikariCP's own tracker of serve's pool
                assertMetric(m, "hikaricp_connections_active\\{[^}]*pool=\"salondesk\"[^}]*\\} [0-9.]+");
                assertMetric(m, "hikaricp_connections_acquire_seconds_count\\{[^}]*pool=\"salondesk\"[^}]*\\} [1-9][0-9]*");
                assertMetric(m, "hikaricp_connections_timeout_total\\{[^}]*pool=\"salondesk\"[^}]*\\} 0\\.0");
                // the Grafana dashboard asks only for series this serve writes
                String dashboard = Files.readString(app.salondesk.cli.ServeUnitTest.server().resolve("salondesk-dashboard.json"));
                Object parsed = com.fasterxml.jackson.jr.ob.JSON.std.anyFrom(dashboard);
                int asked = 0;
                for (Object panel : (List<?>) ((Map<?, ?>) parsed).get("panels")) {
                    for (Object target : (List<?>) ((Map<?, ?>) panel).get("targets")) {
                        String expr = (String) ((Map<?, ?>) target).get("expr");
                        Matcher named = Pattern.compile("\\b(?:salondesk|hikaricp|jvm|process|system)_[a-z_]+").matcher(expr);
                        assertTrue(named.find(), "the expression names a series of serve's: " + expr);
                        do {
                            assertTrue(Pattern.compile("^" + named.group() + "[{ ]", Pattern.MULTILINE).matcher(scraped.body()).find(),
                                    "the dashboard's " + named.group() + " (" + expr + ") is not in serve's /metrics:\n" + scraped.body());
                            asked++;
                        } while (named.find());
                    }
                }
                assertTrue(asked >= 25, "series asked by the dashboard: " + asked);
                // and every series the README's metrics list names (README, "serve as a service") is there
                int listed = 0;
                for (String row : Files.readAllLines(app.salondesk.cli.ServeUnitTest.server().resolve("../../README.md"))) {
                    if (row.startsWith("  | `salondesk_")) {
                        Matcher named = Pattern.compile("`(salondesk_[a-z_]+)`").matcher(row.substring(0, row.indexOf('|', 4)));
                        while (named.find()) {
                            assertTrue(Pattern.compile("^" + named.group(1) + "(_count|_bucket|_sum|_max)?[{ ]", Pattern.MULTILINE)
                                    .matcher(scraped.body()).find(), "the README lists " + named.group(1) + ", which serve's /metrics lacks");
                            listed++;
                        }
                    }
                }
                assertTrue(listed >= 12, "series the README lists: " + listed);

                // loopback only: the machine's other addresses do not answer on the metrics port
                InetAddress other = nonLoopbackAddress();
                if (other != null) {
                    try (Socket s = new Socket()) {
                        s.connect(new InetSocketAddress(other, ports.get("metrics_port")), 2000);
                        fail("/metrics answered on " + other);
                    } catch (java.io.IOException refused) {
                        // as it should
                    }
                }

                // its home is $HOME/.salondesk, its log JSON (the command line's --log-format won over the file's)
                Path log = home.resolve(".salondesk/logs/salondesk.log");
                assertTrue(Files.exists(log), "the log in $HOME/.salondesk/logs");
                List<String> lines = Files.readAllLines(log).stream().filter(l -> !l.isBlank()).toList();
                assertTrue(lines.size() > 2, lines.toString());
                for (String line : lines) {
                    assertTrue(line.startsWith("{") && line.endsWith("}") && line.contains("\"level\""), line);
                }
                assertTrue(lines.stream().anyMatch(l -> l.contains("online booking request") && l.contains("Booked")), lines.toString());

                assertEquals(0, new ProcessBuilder("kill", "-TERM", Long.toString(serve.pid())).start().waitFor());
                assertTrue(serve.waitFor(60, TimeUnit.SECONDS), "serve exits after SIGTERM");
                assertEquals(0, serve.exitValue());
            } finally {
                serve.destroyForcibly();
            }
        }
    }

    private static void assertMetric(String scraped, String regex) {
        assertTrue(Pattern.compile("^" + regex + "$", Pattern.MULTILINE).matcher(scraped).find(),
                "no line matches " + regex + " in:\n" + scraped);
    }

    /** An IPv4 address of this machine that is not the loopback's, or null. */
    private static InetAddress nonLoopbackAddress() throws java.net.SocketException {
        for (NetworkInterface n : java.util.Collections.list(NetworkInterface.getNetworkInterfaces())) {
            if (!n.isUp() || n.isLoopback()) {
                continue;
            }
            for (InetAddress a : java.util.Collections.list(n.getInetAddresses())) {
                if (a instanceof Inet4Address) {
                    return a;
                }
            }
        }
        return null;
    }

    /** The "name=N" lines serve prints once it listens; the rest of its output drained on a thread. */
    static Map<String, Integer> ports(Process serve, String... names) throws Exception {
        Map<String, Integer> found = new ConcurrentHashMap<>();
        StringBuffer seen = new StringBuffer();
        CountDownLatch all = new CountDownLatch(names.length);
        Pattern line = Pattern.compile("^([a-z_]+)=(\\d+)$");
        Thread reader = new Thread(() -> {
            try (BufferedReader out = new BufferedReader(new InputStreamReader(serve.getInputStream(), StandardCharsets.UTF_8))) {
                String l;
                while ((l = out.readLine()) != null) {
                    seen.append(l).append('\n');
                    Matcher m = line.matcher(l);
                    if (m.matches() && List.of(names).contains(m.group(1)) && found.putIfAbsent(m.group(1), Integer.parseInt(m.group(2))) == null) {
                        all.countDown();
                    }
                }
            } catch (java.io.IOException e) {
                seen.append(e);
            }
        }, "serve-output");
        reader.setDaemon(true);
        reader.start();
        long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
        while (!all.await(1, TimeUnit.SECONDS)) {
            if (!serve.isAlive() || System.nanoTime() > until) {
                reader.join(2000);
                fail("serve did not say " + List.of(names) + (serve.isAlive() ? " within 120 s" : ", it ended") + "; it printed:\n" + seen);
            }
        }
        return found;
    }
}
