package app.salondesk.logic.live;

import app.salondesk.db.ConnectionSettings;
import app.salondesk.db.TestPostgres;
import app.salondesk.logic.live.LiveUpdates.State;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.OutputStream;
import java.lang.management.ManagementFactory;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * Issue 29: a flood of connections to the live relay — thousands, held open half-way through their
 * request, from one address and from many — neither makes a thread per connection (the old relay's
 * cached pool made one for each, 10 000 for 10 000) nor keeps a real desk's stream out: a desk of
 * a salon signed in as its own login connects during the flood and hears a booking made meanwhile.
 * The flood comes from other loopback addresses (127.0.0.2 and up: all of 127/8 is this machine on
 * Linux), the desk from 127.0.0.1.
 */
class LiveRelayFloodTest {

    private static final LocalDate DAY = LocalDate.of(2030, 1, 9);
    /** Addresses that each hold their whole allowance, and how many one address tries beyond it. */
    private static final int ADDRESSES = 20;
    private static final int BEYOND = 2_000;

    @Test
    void thousandsOfConnectionsLeaveTheThreadsBoundedAndARealDeskStreaming() throws Exception {
        ConnectionSettings db = TestPostgres.migratedDatabase("relayflood");
        long tenant;
        long master;
        long client;
        try (SalonRows rows = new SalonRows(db)) {
            tenant = rows.tenant("Bloom");
            master = rows.master(tenant, "Iryna");
            client = rows.client(tenant, "Nina");
        }
        RelayLogins logins = new RelayLogins(db);
        ConnectionSettings desk = logins.staff(tenant, "olena", "receptionist");
        int perAddress = LiveRelay.Limits.PER_ADDRESS;
        // each flood connection is a socket here and, while the relay holds it, one there
        long files = ((com.sun.management.UnixOperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean()).getMaxFileDescriptorCount();
        assumeTrue(files >= 3L * (ADDRESSES * perAddress + BEYOND), "this process may open only " + files + " files (ulimit -n)");
        List<Socket> flood = new ArrayList<>();
        try (LiveRelay relay = LiveRelay.start(logins.relay("relay"), null, 0)) {
            int before = ManagementFactory.getThreadMXBean().getThreadCount();
            InetSocketAddress target = new InetSocketAddress("127.0.0.1", relay.port());
            // every address its whole allowance, each connection half-way through its request (a slow client)
            for (int a = 0; a < ADDRESSES; a++) {
                InetAddress from = InetAddress.getByName("127.0.0." + (2 + a));
                for (int i = 0; i < perAddress; i++) {
                    flood.add(connect(from, target, "GET /live HTTP/1.1\r\nHost: relay\r\nAuthorization: Bearer "));
                }
            }
            // and one address far beyond it: complete requests with forged tickets, and silent connections
            InetAddress greedy = InetAddress.getByName("127.0.0.2");
            for (int i = 0; i < BEYOND; i++) {
                flood.add(connect(greedy, target, i % 2 == 0
                        ? "GET /live HTTP/1.1\r\nHost: relay\r\nAuthorization: Bearer " + tenant + "." + "ab".repeat(32) + "\r\n\r\n" : ""));
            }
            int total = flood.size();
            waitUntil(() -> relay.perAddress().refused() >= BEYOND, Duration.ofSeconds(30));
            int threads = ManagementFactory.getThreadMXBean().getThreadCount();
            int relayThreads = relay.threads();

            // a real desk, from an address of its own, during the flood
            try (LiveUpdates live = LiveUpdates.forDesk(desk, null, tenant, "http://127.0.0.1:" + relay.port())) {
                Recorder heard = new Recorder(live);
                live.start();
                heard.awaitState(State.ONLINE, Duration.ofSeconds(30));
                long booked;
                try (SalonRows rows = new SalonRows(db)) {
                    booked = rows.book(tenant, master, client, DAY.atTime(10, 0), 30);
                }
                assertEquals(booked, heard.nextChange().bookingId(), "the desk hears a real booking through the flood");
            }
            System.out.printf("relay flood: %d connections from %d addresses; JVM threads %d before, %d during (the relay's pool %d of %d);"
                            + " %d closed for being over %d per address; %d open from 127.0.0.2%n", total, ADDRESSES, before, threads,
                    relayThreads, LiveRelay.MAX_THREADS, relay.perAddress().refused(), perAddress, relay.perAddress().openFrom(greedy));
            assertTrue(relayThreads <= LiveRelay.MAX_THREADS, relayThreads + " threads in the relay's pool");
            assertTrue(threads - before <= LiveRelay.MAX_THREADS, (threads - before) + " more threads for " + total + " connections");
            assertTrue(relay.perAddress().openFrom(greedy) <= perAddress, relay.perAddress().openFrom(greedy) + " open from one address");
            assertTrue(relay.perAddress().refused() >= BEYOND, relay.perAddress().refused() + " closed for being one too many");
            // and an address's allowance comes back as its connections close, the desk's as the flood's
            for (Socket s : flood) {
                s.close();
            }
            InetAddress desks = InetAddress.getByName("127.0.0.1");
            waitUntil(() -> relay.perAddress().openFrom(greedy) == 0 && relay.perAddress().openFrom(desks) == 0, Duration.ofSeconds(30));
            assertEquals(0, relay.perAddress().openFrom(greedy), "connections counted after they closed");
            assertEquals(0, relay.perAddress().openFrom(desks), "the desk's connection counted after it closed");
        } finally {
            for (Socket s : flood) {
                s.close();
            }
        }
    }

    private static Socket connect(InetAddress from, InetSocketAddress to, String send) throws IOException {
        Socket s = new Socket();
        s.bind(new InetSocketAddress(from, 0));
        s.connect(to, 5_000);
        if (!send.isEmpty()) {
            OutputStream out = s.getOutputStream();
            try {
                out.write(send.getBytes(StandardCharsets.US_ASCII));
                out.flush();
            } catch (IOException closedAlready) {
                // a connection over the limit may be closed before it writes: that is the point
            }
        }
        return s;
    }

    private static void waitUntil(java.util.function.BooleanSupplier condition, Duration within) throws InterruptedException {
        long until = System.nanoTime() + within.toNanos();
        while (!condition.getAsBoolean() && System.nanoTime() < until) {
            Thread.sleep(20);
        }
    }
}
