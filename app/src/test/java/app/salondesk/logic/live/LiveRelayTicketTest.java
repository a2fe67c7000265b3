package app.salondesk.logic.live;

import app.salondesk.db.ConnectionSettings;
import app.salondesk.db.TestPostgres;
import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.AppenderBase;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.slf4j.LoggerFactory;

import java.io.BufferedReader;
import java.io.InputStream;
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
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Issue 29: a stream from the live relay is had for a ticket only — one the desk's own staff login
 * asked the database for, used once, within a minute — and never for a channel's name. Over real
 * HTTP, against a relay signed in as its own login: no ticket, or one in another shape, 401; a
 * forged, expired, replayed or moved ticket, 403; the old {@code /live/<channel>} route, even with
 * the real channel, 404. The relay listens on loopback unless told otherwise, will not run as the
 * online login or a staff login, and its log names neither a channel nor a ticket.
 */
class LiveRelayTicketTest {

    private static final LocalDate DAY = LocalDate.of(2030, 1, 9);
    private static final Pattern ANY_CHANNEL = Pattern.compile("salondesk_[0-9a-f]{32}");
    private static final HttpClient HTTP = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

    private static ConnectionSettings db;
    private static RelayLogins logins;
    private static ConnectionSettings relayLogin;
    private static ConnectionSettings olena;
    private static ConnectionSettings bob;
    private static long bloom;
    private static long rival;
    private static long iryna;
    private static long client;
    private static LiveRelay relay;
    /** What the relay's classes logged, every level. */
    private static final List<String> logged = new java.util.concurrent.CopyOnWriteArrayList<>();
    private static final AppenderBase<ILoggingEvent> LOG = new AppenderBase<>() {
        @Override
        protected void append(ILoggingEvent e) {
            logged.add(e.getFormattedMessage() + " " + (e.getThrowableProxy() == null ? "" : e.getThrowableProxy().getMessage()));
        }
    };

    @BeforeAll
    static void aRelayAndTwoSalons() throws Exception {
        Logger live = (Logger) LoggerFactory.getLogger("app.salondesk.logic.live");
        live.setLevel(Level.DEBUG);
        LOG.start();
        live.addAppender(LOG);
        db = TestPostgres.migratedDatabase("relaytickets");
        try (SalonRows rows = new SalonRows(db)) {
            bloom = rows.tenant("Bloom");
            rival = rows.tenant("Rival");
            iryna = rows.master(bloom, "Iryna");
            client = rows.client(bloom, "Nina");
        }
        logins = new RelayLogins(db);
        relayLogin = logins.relay("relay");
        olena = logins.staff(bloom, "olena", "receptionist");
        bob = logins.staff(rival, "bob", "receptionist");
        relay = LiveRelay.start(relayLogin, null, 0);
    }

    @AfterAll
    static void stop() {
        if (relay != null) {
            relay.close();
        }
        Logger live = (Logger) LoggerFactory.getLogger("app.salondesk.logic.live");
        live.detachAppender(LOG);
        live.setLevel(null);
    }

    private static String ticket(ConnectionSettings login, long tenant) throws SQLException {
        try (Connection c = TestPostgres.connect(login)) {
            return RelayFeed.ticketOf(c, tenant).value();
        }
    }

    private static String channel(long tenant) throws SQLException {
        try (Connection c = TestPostgres.connect(db); Statement s = c.createStatement();
             ResultSet rs = s.executeQuery("SELECT channel FROM salon_keys WHERE tenant_id = " + tenant)) {
            rs.next();
            return rs.getString(1);
        }
    }

    private static URI live() {
        return URI.create("http://127.0.0.1:" + relay.port() + "/live");
    }

    private static int status(HttpRequest.Builder request) throws Exception {
        return HTTP.send(request.timeout(Duration.ofSeconds(10)).build(), HttpResponse.BodyHandlers.discarding()).statusCode();
    }

    private static HttpRequest.Builder get(String authorization) {
        HttpRequest.Builder b = HttpRequest.newBuilder(live()).GET();
        return authorization == null ? b : b.header("Authorization", authorization);
    }

    /** An open stream: its first line is {@code : online}. */
    private static InputStream stream(String ticket) throws Exception {
        HttpResponse<InputStream> r = HTTP.send(get("Bearer " + ticket).timeout(Duration.ofSeconds(10)).build(),
                HttpResponse.BodyHandlers.ofInputStream());
        assertEquals(200, r.statusCode());
        assertEquals(": online", new BufferedReader(new InputStreamReader(r.body(), StandardCharsets.UTF_8)).readLine());
        return r.body();
    }

    @Test
    void aStreamWithoutATicketOrWithAnythingElseIsRefusedAtOnce() throws Exception {
        HttpResponse<Void> none = HTTP.send(get(null).build(), HttpResponse.BodyHandlers.discarding());
        assertEquals(401, none.statusCode());
        assertEquals("Bearer", none.headers().firstValue("WWW-Authenticate").orElse(""));
        String real = channel(bloom);
        for (String authorization : List.of("Bearer", "Bearer " + real, "Basic b2xlbmE6cHc=", "Bearer " + bloom + ".xyz",
                "Bearer " + bloom + "." + "A".repeat(64), "Bearer 0." + "a".repeat(64), "Bearer " + "9".repeat(19) + "." + "a".repeat(64))) {
            assertEquals(401, status(get(authorization)), authorization);
        }
        // knowing the channel's name is no longer enough: the old route is gone
        assertEquals(404, status(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + relay.port() + "/live/" + real)).GET()));
        assertEquals(404, status(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + relay.port() + "/")).GET()));
        // another method does not spend a ticket: the same one streams afterwards
        String ticket = ticket(olena, bloom);
        assertEquals(405, status(HttpRequest.newBuilder(live()).header("Authorization", "Bearer " + ticket)
                .POST(HttpRequest.BodyPublishers.ofString("x"))));
        stream(ticket).close();
    }

    @Test
    void aForgedTicketAndOneMovedToAnotherSalonAreRefused() throws Exception {
        assertEquals(403, status(get("Bearer " + bloom + "." + "0123456789abcdef".repeat(4))));
        String ticket = ticket(olena, bloom);
        String moved = rival + ticket.substring(ticket.indexOf('.'));
        assertEquals(403, status(get("Bearer " + moved)), "the secret of Bloom's ticket under Rival's id");
        stream(ticket).close();
    }

    @Test
    void anExpiredTicketIsRefused() throws Exception {
        String ticket = ticket(olena, bloom);
        try (Connection c = TestPostgres.connect(db); Statement s = c.createStatement()) {
            // as if the minute had passed
            assertEquals(1, s.executeUpdate("UPDATE live_tickets SET expires_at = now() - interval '1 second' "
                    + "WHERE tenant_id = " + bloom + " AND ticket_hash = sha256(convert_to('" + ticket.substring(ticket.indexOf('.') + 1) + "', 'UTF8'))"));
        }
        assertEquals(403, status(get("Bearer " + ticket)));
    }

    @Test
    void aTicketStreamsOnceAndAReplayIsRefusedWhileTheFirstStreamHearsItsSalon() throws Exception {
        String ticket = ticket(olena, bloom);
        try (InputStream first = stream(ticket)) {
            assertEquals(403, status(get("Bearer " + ticket)), "the same ticket again");
            long booked;
            try (SalonRows rows = new SalonRows(db)) {
                booked = rows.book(bloom, iryna, client, DAY.atTime(10, 0), 30);
            }
            assertTrue(nextEvent(first).contains("\"booking\": " + booked), "the first stream still hears Bloom");
        }
        // two desks racing with one ticket (a replay beside the real desk): one stream at most
        String raced = ticket(olena, bloom);
        List<CompletableFuture<HttpResponse<InputStream>>> both = new ArrayList<>();
        for (int i = 0; i < 2; i++) {
            both.add(HTTP.sendAsync(get("Bearer " + raced).timeout(Duration.ofSeconds(10)).build(), HttpResponse.BodyHandlers.ofInputStream()));
        }
        List<Integer> statuses = new ArrayList<>();
        for (CompletableFuture<HttpResponse<InputStream>> f : both) {
            HttpResponse<InputStream> r = f.get(20, TimeUnit.SECONDS);
            statuses.add(r.statusCode());
            r.body().close();
        }
        Collections.sort(statuses);
        assertEquals(List.of(200, 403), statuses);
    }

    @Test
    void aTicketIsForTheLoginsOwnSalonOnly() {
        SQLException refused = assertThrows(SQLException.class, () -> ticket(bob, bloom));
        assertEquals("42501", refused.getSQLState());
    }

    /**
     * SALONDESK_LIVE_URL names a relay that is down and then this one: the ticket nobody could be
     * handed is the one the next relay takes — the desk asks the database once.
     */
    @Test
    void aTicketNoRelayCouldBeHandedIsTheNextRelays() throws Exception {
        int down;
        try (java.net.ServerSocket free = new java.net.ServerSocket(0)) {
            down = free.getLocalPort();
        }
        org.postgresql.ds.PGSimpleDataSource plain = new org.postgresql.ds.PGSimpleDataSource();
        plain.setURL(olena.url());
        plain.setUser(olena.user());
        plain.setPassword(olena.password());
        java.util.concurrent.atomic.AtomicInteger asked = new java.util.concurrent.atomic.AtomicInteger();
        javax.sql.DataSource counting = (javax.sql.DataSource) java.lang.reflect.Proxy.newProxyInstance(getClass().getClassLoader(),
                new Class<?>[]{javax.sql.DataSource.class}, (proxy, method, args) -> {
                    if (method.getName().equals("getConnection")) {
                        asked.incrementAndGet();
                    }
                    return method.invoke(plain, args);
                });
        try (LiveUpdates live = LiveUpdates.forDesk(olena, counting, bloom, "http://127.0.0.1:" + down + ",http://127.0.0.1:" + relay.port())) {
            Recorder heard = new Recorder(live);
            live.start();
            heard.awaitState(LiveUpdates.State.ONLINE, Duration.ofSeconds(30));
            assertEquals(1, asked.get(), "one ticket, for the relay that was down and then for this one");
        }
    }

    private static String nextEvent(InputStream stream) throws Exception {
        CompletableFuture<String> event = CompletableFuture.supplyAsync(() -> {
            try {
                BufferedReader in = new BufferedReader(new InputStreamReader(stream, StandardCharsets.UTF_8));
                String line;
                while ((line = in.readLine()) != null) {
                    if (line.startsWith("data: ")) {
                        return line;
                    }
                }
                return "(the stream ended)";
            } catch (java.io.IOException e) {
                return "(the stream broke: " + e.getMessage() + ")";
            }
        });
        return event.get(15, TimeUnit.SECONDS);
    }

    @Test
    void theRelayListensOnLoopbackUnlessToldOtherwise() throws Exception {
        assertEquals(LiveRelay.DEFAULT_HOST, relay.host());
        try (Socket s = new Socket()) {
            s.connect(new InetSocketAddress("127.0.0.1", relay.port()), 2_000);
        }
        for (InetAddress other : Collections.list(NetworkInterface.getNetworkInterfaces()).stream()
                .flatMap(i -> Collections.list(i.getInetAddresses()).stream())
                .filter(a -> a instanceof Inet4Address && !a.isLoopbackAddress()).toList()) {
            try (Socket s = new Socket()) {
                assertThrows(ConnectException.class, () -> s.connect(new InetSocketAddress(other, relay.port()), 2_000),
                        "the relay answered on " + other);
            }
        }
    }

    @Test
    void theRelayWillNotRunAsTheOnlineLoginOrAStaffLogin() throws Exception {
        ConnectionSettings web = logins.online("web");
        for (ConnectionSettings wrong : List.of(web, olena)) {
            IllegalStateException refused = assertThrows(IllegalStateException.class, () -> LiveRelay.start(wrong, null, 0).close());
            assertTrue(refused.getMessage().contains("--role relay"), refused.getMessage());
        }
        IllegalStateException badPassword = assertThrows(IllegalStateException.class,
                () -> LiveRelay.start(new ConnectionSettings(relayLogin.url(), relayLogin.user(), "not-its-password"), null, 0).close());
        assertTrue(badPassword.getMessage().contains("could not sign in"), badPassword.getMessage());
    }

    @Test
    void theRelaysLogNamesNeitherAChannelNorATicket() throws Exception {
        String ticket = ticket(olena, bloom);
        try (InputStream open = stream(ticket)) {
            status(get("Bearer " + ticket));
            status(get("Bearer " + bloom + "." + "f".repeat(64)));
            // the relay loses its session (as in a failover): its streams end, it says so, and comes back
            try (Connection c = TestPostgres.connect(db); Statement s = c.createStatement()) {
                s.execute("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE usename = '" + relayLogin.user() + "'");
            }
            long until = System.nanoTime() + Duration.ofSeconds(20).toNanos();
            while (relay.up() && System.nanoTime() < until) {
                Thread.sleep(20);
            }
            while (!relay.up() && System.nanoTime() < until) {
                Thread.sleep(50);
            }
            assertTrue(relay.up(), "the relay is back");
            stream(ticket(olena, bloom)).close();
        }
        List<String> lines = List.copyOf(logged);
        assertFalse(lines.isEmpty(), "the relay logged something");
        for (String line : lines) {
            assertFalse(ANY_CHANNEL.matcher(line).find(), line);
            assertFalse(line.contains(ticket.substring(ticket.indexOf('.') + 1)), line);
        }
    }
}
