package app.salondesk.cli;

import app.salondesk.db.ConnectionSettings;
import app.salondesk.logic.booking.EngineFixture;
import app.salondesk.logic.live.LiveUpdates;
import app.salondesk.logic.staff.StaffRepository;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.net.ConnectException;
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
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Issue 29: {@code serve --live-port} on a shared server, as the README runs it — serve signed in as
 * the online login, the relay as its own ({@code --live-login}, its password in {@code
 * SALONDESK_LIVE_PASSWORD}). Without a relay login it stops with one sentence naming the option; with
 * the online login as the relay's it stops with another; with the relay's login it listens on
 * 127.0.0.1 only, refuses a stream without a ticket, and a desk signed in as its receptionist hears
 * a booking through it. Real {@code serve} processes (the built class path, as the launcher runs it).
 */
class ServeLiveRelayTest {

    private static EngineFixture f;
    private static ConnectionSettings db;
    private static String s;

    @TempDir
    Path home;

    @BeforeAll
    static void aSalonAndItsLogins() {
        f = new EngineFixture("servelive", 2);
        db = f.backend.database().settings();
        s = Long.toString(System.nanoTime(), 36);
        StaffRepository owner = new StaffRepository(f.dsl);
        owner.add(f.tenant, "desk_" + s, "Olena", "receptionist", "desk-password".toCharArray());
        owner.addOnlineLogin("web_" + s, "web-password".toCharArray());
        owner.addRelayLogin("relay_" + s, "relay-password".toCharArray());
    }

    @AfterAll
    static void close() {
        f.close();
    }

    @Test
    void withoutItsOwnLoginTheRelayDoesNotStartOnASharedServer() throws Exception {
        CliTestAccess.Run run = CliTestAccess.run(new String[]{"--db-url", db.url(), "--user", "web_" + s, "--password", "web-password",
                "serve", "--host", "127.0.0.1", "--port", "0", "--base-url", "http://127.0.0.1", "--live-port", "0"}, "");
        assertEquals(1, run.exit(), run.out() + run.err());
        assertTrue(run.err().contains("--live-login") && run.err().contains("--role relay"), run.err());
        assertEquals(1, run.err().strip().lines().count(), run.err());
    }

    @Test
    void theOnlineLoginIsNoRelaysLogin() throws Exception {
        Process serve = serve("--live-login", "web_" + s, "web-password");
        try {
            assertTrue(serve.waitFor(120, TimeUnit.SECONDS), "serve stops");
            String out = new String(serve.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            assertEquals(1, serve.exitValue(), out);
            assertTrue(out.contains("web_" + s + " is not a live relay's login"), out);
        } finally {
            serve.destroyForcibly();
        }
    }

    @Test
    void withItsOwnLoginTheRelayListensOnLoopbackAndStreamsADeskForItsTicket() throws Exception {
        Process serve = serve("--live-login", "relay_" + s, "relay-password");
        try {
            int livePort = livePortOf(serve);
            HttpResponse<Void> noTicket = HttpClient.newHttpClient().send(HttpRequest.newBuilder(
                    URI.create("http://127.0.0.1:" + livePort + "/live")).GET().build(), HttpResponse.BodyHandlers.discarding());
            assertEquals(401, noTicket.statusCode());
            for (InetAddress other : Collections.list(NetworkInterface.getNetworkInterfaces()).stream()
                    .flatMap(i -> Collections.list(i.getInetAddresses()).stream())
                    .filter(a -> a instanceof Inet4Address && !a.isLoopbackAddress()).toList()) {
                try (Socket socket = new Socket()) {
                    assertThrows(ConnectException.class, () -> socket.connect(new InetSocketAddress(other, livePort), 2_000),
                            "the relay answered on " + other);
                }
            }
            ConnectionSettings desk = new ConnectionSettings(db.url(), "desk_" + s, "desk-password");
            try (LiveUpdates live = LiveUpdates.forDesk(desk, null, f.tenant, "http://127.0.0.1:" + livePort)) {
                BlockingQueue<LiveUpdates.State> states = new LinkedBlockingQueue<>();
                BlockingQueue<Long> heard = new LinkedBlockingQueue<>();
                live.onState(states::add);
                live.onChange(c -> heard.add(c.bookingId()));
                live.start();
                long until = System.nanoTime() + Duration.ofSeconds(30).toNanos();
                LiveUpdates.State state = null;
                while (state != LiveUpdates.State.ONLINE && System.nanoTime() < until) {
                    state = states.poll(100, TimeUnit.MILLISECONDS);
                }
                assertEquals(LiveUpdates.State.ONLINE, state, "the desk went live through serve's relay");
                long booked = f.booked(f.engine.book(f.cutWith(f.anna, EngineFixture.at(10, 0)))).id();
                assertEquals(booked, heard.poll(15, TimeUnit.SECONDS));
            }
        } finally {
            serve.destroy();
            serve.waitFor(30, TimeUnit.SECONDS);
            serve.destroyForcibly();
        }
    }

    /** serve as the online login, with the relay on a free port and the given relay login and password. */
    private Process serve(String option, String login, String password) throws Exception {
        List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp", System.getProperty("java.class.path"), "app.salondesk.Main",
                "--db-url", db.url(), "--user", "web_" + s, "--password", "web-password",
                "serve", "--host", "127.0.0.1", "--port", "0", "--base-url", "http://127.0.0.1", "--live-port", "0", option, login));
        ProcessBuilder pb = new ProcessBuilder(cmd).redirectErrorStream(true);
        pb.environment().put("SALONDESK_HOME", home.toString());
        pb.environment().put("SALONDESK_LIVE_PASSWORD", password);
        return pb.start();
    }

    /** The relay's port from serve's "live_port=N" line; the rest of the output is drained meanwhile. */
    private static int livePortOf(Process serve) throws Exception {
        StringBuffer seen = new StringBuffer();
        CompletableFuture<Integer> port = new CompletableFuture<>();
        Pattern live = Pattern.compile("^live_port=(\\d+)$");
        Thread reader = new Thread(() -> {
            try (BufferedReader out = new BufferedReader(new InputStreamReader(serve.getInputStream(), StandardCharsets.UTF_8))) {
                String line;
                while ((line = out.readLine()) != null) {
                    Matcher m = live.matcher(line);
                    if (m.matches()) {
                        port.complete(Integer.parseInt(m.group(1)));
                    }
                    seen.append(line).append('\n');
                }
                port.completeExceptionally(new IllegalStateException("serve ended without its relay:\n" + seen));
            } catch (java.io.IOException e) {
                port.completeExceptionally(e);
            }
        }, "serve-output");
        reader.setDaemon(true);
        reader.start();
        try {
            return port.get(120, TimeUnit.SECONDS);
        } catch (java.util.concurrent.TimeoutException e) {
            throw new AssertionError("serve's relay did not listen within 120 s; it printed:\n" + seen, e);
        }
    }
}
