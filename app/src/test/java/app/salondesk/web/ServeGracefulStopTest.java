package app.salondesk.web;

import app.salondesk.db.ConnectionSettings;
import app.salondesk.db.TestPostgres;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.net.ConnectException;
import java.net.URI;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * A real {@code salondesk serve} process (the built class path, as the launcher runs it), signed
 * in as an online login (a member of salondesk_online, as in a salon's deployment), told
 * to stop by SIGTERM while a booking is in flight: the booking finishes and is answered,
 * new connections are refused, and the process exits cleanly.
 * The signal is a real one, sent with {@code kill -TERM}: like the PostgreSQL 14 tests, this
 * needs Linux (the README's test section).
 */
class ServeGracefulStopTest {

    @TempDir
    Path home;

    @Test
    void sigtermLetsABookingInFlightFinish() throws Exception {
        try (WebFixture f = new WebFixture("web_sigterm")) {
            ConnectionSettings db = f.salon.backend.database().settings();
            // as in a salon's deployment: serve signs in as its own least-privileged login
            new app.salondesk.logic.staff.StaffRepository(f.salon.dsl).addOnlineLogin("web_sigterm", "online-secret-1".toCharArray());
            List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                    "-cp", System.getProperty("java.class.path"), "app.salondesk.Main",
                    "--db-url", db.url(), "--user", "web_sigterm", "--password", "online-secret-1",
                    "serve", "--host", "127.0.0.1", "--port", "0", "--stop-timeout", "20",
                    "--base-url", "https://book.salon.example"));
            ProcessBuilder pb = new ProcessBuilder(cmd).redirectErrorStream(true);
            pb.environment().put("SALONDESK_HOME", home.toString());
            Process serve = pb.start();
            try {
                int port = portOf(serve);
                WebHttp http = new WebHttp("http://127.0.0.1:" + port);
                Map<String, String> form = http.filledForm(WebFixture.SLUG, f.salon.cut, f.salon.anna, WebFixture.tomorrowAt(15, 0),
                        "Oksana", "067 123 4567");
                try (Connection desk = TestPostgres.connect(db); Statement st = desk.createStatement()) {
                    // someone holds Anna's named lock: the booking waits inside the server, in flight
                    desk.setAutoCommit(false);
                    st.execute("SELECT salondesk_lock_master(" + f.salon.tenant + ", " + f.salon.anna + ")");
                    CompletableFuture<HttpResponse<String>> booking = http.client.sendAsync(HttpRequest.newBuilder(
                                    URI.create("http://127.0.0.1:" + port + "/" + WebFixture.SLUG + "/book"))
                            .header("Content-Type", "application/x-www-form-urlencoded")
                            .POST(HttpRequest.BodyPublishers.ofString(WebHttp.encode(form))).build(), HttpResponse.BodyHandlers.ofString());
                    waitUntilWaitingForTheLock(f);
                    assertEquals(0, new ProcessBuilder("kill", "-TERM", Long.toString(serve.pid())).start().waitFor());
                    Thread.sleep(700);
                    assertTrue(serve.isAlive(), "still finishing the booking");
                    assertFalse(booking.isDone(), "the booking is still waiting for the lock");
                    assertRefused(port);
                    desk.commit();
                    HttpResponse<String> answer = booking.get(20, TimeUnit.SECONDS);
                    assertEquals(303, answer.statusCode(), answer.body());
                    assertTrue(answer.headers().firstValue("Location").orElse("").contains("/" + WebFixture.SLUG + "/b/"));
                }
                assertTrue(serve.waitFor(60, TimeUnit.SECONDS), "serve exits after the stop");
                assertEquals(0, serve.exitValue());
                assertEquals(1, f.onlineBookings("master_id = " + f.salon.anna));
            } finally {
                serve.destroyForcibly();
            }
        }
    }

    /**
     * The port serve listens on: its "port=N" line, or the address in the line before it
     * ("Online booking is served at http://127.0.0.1:N"), whichever is read first (a log line, which starts with its time,
     * is not taken: Javalin says where it listens before serve handles SIGTERM) — the CI run
     * of 03:37 on 2026-12-02 saw the address line and then nothing for 120 s. The rest of the
     * output is drained on a thread of its own so the server never blocks on a full pipe. If
     * neither comes, the failure carries what serve printed and its threads (jcmd), not the
     * fork's own stdout, where they were lost that time.
     */
    private static int portOf(Process serve) throws Exception {
        StringBuffer seen = new StringBuffer();
        CompletableFuture<Integer> port = new CompletableFuture<>();
        Pattern listening = Pattern.compile("^(?:port=(\\d+)|\\D.*https?://[^/\\s]+:(\\d+).*)$");
        Thread reader = new Thread(() -> {
            try (BufferedReader out = new BufferedReader(new InputStreamReader(serve.getInputStream(), StandardCharsets.UTF_8))) {
                String line;
                while ((line = out.readLine()) != null) {
                    Matcher m = listening.matcher(line);
                    if (!port.isDone() && m.matches()) {
                        port.complete(Integer.parseInt(m.group(1) != null ? m.group(1) : m.group(2)));
                    }
                    if (!port.isDone()) {
                        seen.append(line).append('\n');
                    }
                }
                port.completeExceptionally(new IllegalStateException("serve ended without listening:\n" + seen));
            } catch (java.io.IOException e) {
                port.completeExceptionally(e);
            }
        }, "serve-output");
        reader.setDaemon(true);
        reader.start();
        try {
            return port.get(120, TimeUnit.SECONDS);
        } catch (java.util.concurrent.TimeoutException e) {
            Process jcmd = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "jcmd").toString(),
                    Long.toString(serve.pid()), "Thread.print").redirectErrorStream(true).start();
            String threads = new String(jcmd.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            throw new AssertionError("serve did not listen within 120 s; it printed:\n" + seen + "\nits threads:\n" + threads, e);
        }
    }

    private static void waitUntilWaitingForTheLock(WebFixture f) throws InterruptedException {
        long until = System.nanoTime() + Duration.ofSeconds(10).toNanos();
        while (System.nanoTime() < until) {
            if (f.salon.count("SELECT count(*) FROM pg_locks WHERE locktype = 'advisory' AND NOT granted") > 0) {
                return;
            }
            Thread.sleep(50);
        }
        fail("the booking never reached the master's lock");
    }

    /** After SIGTERM the server takes no new connections (or answers them 503). */
    private static void assertRefused(int port) throws Exception {
        try {
            HttpResponse<String> r = new WebHttp("http://127.0.0.1:" + port).get("/health");
            assertEquals(503, r.statusCode(), "a request after the stop: " + r.body());
        } catch (ConnectException refused) {
            // the connector is closed: refused
        } catch (java.io.IOException closed) {
            // a connection accepted before the stop and then closed
        }
    }
}
