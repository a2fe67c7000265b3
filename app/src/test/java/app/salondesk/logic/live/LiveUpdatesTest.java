package app.salondesk.logic.live;

import app.salondesk.db.ConnectionSettings;
import app.salondesk.db.EmbeddedServer;
import app.salondesk.db.TestPostgres;
import app.salondesk.logic.live.LiveUpdates.State;
import app.salondesk.model.live.BookingChange;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.net.ServerSocket;
import java.time.Duration;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.function.IntSupplier;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Live updates against the shared test PostgreSQL; every test works in a salon of its own. */
class LiveUpdatesTest {

    private static final LocalDate MONDAY = LocalDate.of(2030, 1, 7);

    private static ConnectionSettings db;

    private final List<LiveUpdates> opened = new ArrayList<>();
    private SalonRows rows;
    private long tenant;
    private long anna;
    private long bohdan;
    private long client;

    @BeforeAll
    static void migrate() {
        db = TestPostgres.migratedDatabase("live");
    }

    @BeforeEach
    void salon() throws Exception {
        rows = new SalonRows(db);
        tenant = rows.tenant("Live salon");
        anna = rows.master(tenant, "Anna");
        bohdan = rows.master(tenant, "Bohdan");
        client = rows.client(tenant, "Iryna");
    }

    @AfterEach
    void closeAll() throws Exception {
        opened.forEach(LiveUpdates::close);
        rows.close();
    }

    /** Started and ONLINE, its listeners recorded. */
    private Recorder online(ConnectionSettings settings, long tenantId) throws InterruptedException {
        LiveUpdates live = new LiveUpdates(settings, tenantId);
        opened.add(live);
        Recorder recorder = new Recorder(live);
        live.start();
        recorder.awaitState(State.ONLINE);
        return recorder;
    }

    @Test
    void aBookingMadeByAnotherConnectionArrivesWithItsMasterAndDay() throws Exception {
        Recorder desk = online(db, tenant);

        long booking = rows.book(tenant, anna, client, MONDAY.atTime(10, 0), 60);

        assertEquals(new BookingChange(tenant, booking, BookingChange.Op.INSERT, List.of(anna), List.of(MONDAY)),
                desk.nextChange());
    }

    @Test
    void aBookingMovedToAnotherMasterAndDayAnnouncesBothOldAndNew() throws Exception {
        long booking = rows.book(tenant, anna, client, MONDAY.atTime(10, 0), 60);
        Recorder desk = online(db, tenant);

        rows.move(tenant, booking, bohdan, MONDAY.plusDays(1).atTime(11, 0));

        BookingChange change = desk.nextChange();
        assertEquals(BookingChange.Op.UPDATE, change.op());
        assertEquals(booking, change.bookingId());
        assertEquals(List.of(Math.min(anna, bohdan), Math.max(anna, bohdan)), change.masterIds());
        assertEquals(List.of(MONDAY, MONDAY.plusDays(1)), change.days());
    }

    @Test
    void aBookingAcrossMidnightAnnouncesBothSalonDays() throws Exception {
        Recorder desk = online(db, tenant);

        rows.book(tenant, bohdan, client, MONDAY.atTime(23, 30), 60);

        assertEquals(List.of(MONDAY, MONDAY.plusDays(1)), desk.nextChange().days());
    }

    @Test
    void aChangeInAnotherSalonIsNotDelivered() throws Exception {
        long otherTenant = rows.tenant("Other salon");
        long otherMaster = rows.master(otherTenant, "Olha");
        long otherClient = rows.client(otherTenant, "Nina");
        Recorder desk = online(db, tenant);

        rows.book(otherTenant, otherMaster, otherClient, MONDAY.atTime(10, 0), 60);
        // Notifications arrive in commit order: once this later change of our salon is here,
        // the other salon's would have been delivered before it.
        long ours = rows.book(tenant, anna, client, MONDAY.atTime(12, 0), 60);

        BookingChange first = desk.nextChange();
        assertEquals(tenant, first.tenantId());
        assertEquals(ours, first.bookingId());
        assertTrue(desk.changes.isEmpty(), () -> "unexpected: " + desk.changes);
    }

    @Test
    void afterCloseTheThreadIsGoneAndNoListenerIsCalled() throws Exception {
        LiveUpdates live = new LiveUpdates(db, tenant);
        opened.add(live);
        Recorder closedDesk = new Recorder(live);
        live.start();
        closedDesk.awaitState(State.ONLINE);
        Recorder witness = online(db, tenant);
        assertTrue(live.threadAlive());

        live.close();

        assertFalse(live.threadAlive(), "close() returns once the thread has ended");
        long booking = rows.book(tenant, anna, client, MONDAY.atTime(15, 0), 30);
        // The open desk got it, so the closed one would have by now if it still listened.
        assertEquals(booking, witness.nextChange().bookingId());
        assertTrue(closedDesk.changes.isEmpty(), () -> "delivered after close: " + closedDesk.changes);
        assertTrue(closedDesk.states.isEmpty(), () -> "reported after close: " + closedDesk.states);
    }

    @Test
    void aConnectionThatGoesSilentIsReportedOfflineByTheHealthCheck() throws Exception {
        EmbeddedServer server = TestPostgres.server();
        String database = db.url().substring(db.url().lastIndexOf('/') + 1);
        try (BlackHoleProxy proxy = new BlackHoleProxy("localhost", server.port())) {
            ConnectionSettings throughProxy = new ConnectionSettings(
                    "jdbc:postgresql://" + proxy.host() + ":" + proxy.port() + "/" + database, db.user(), db.password());
            LiveUpdates live = new LiveUpdates(throughProxy, tenant);
            opened.add(live);
            Recorder desk = new Recorder(live);
            live.start();
            desk.awaitState(State.ONLINE);

            proxy.goSilent();

            // quiet for ~3 s, then a health check that gets no answer within 2 s
            desk.awaitState(State.OFFLINE, Duration.ofSeconds(15));
            // the next attempt reaches the silent proxy and waits for a login answer...
            awaitAtLeast(2, proxy::acceptedConnections);
            live.close();
            // ...which close() interrupts
            assertFalse(live.threadAlive());
            assertTrue(desk.states.isEmpty(), () -> "reported after close: " + desk.states);
        }
    }

    private static void awaitAtLeast(int n, IntSupplier value) throws InterruptedException {
        long deadline = System.nanoTime() + Recorder.WITHIN.toNanos();
        while (value.getAsInt() < n) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("still " + value.getAsInt() + " after " + Recorder.WITHIN);
            }
            Thread.sleep(20);
        }
    }

    @Test
    void closeWhileReconnectingToAnUnreachableServerEndsTheThread() throws Exception {
        int nobodyListens;
        try (ServerSocket probe = new ServerSocket(0)) {
            nobodyListens = probe.getLocalPort();
        }
        LiveUpdates live = new LiveUpdates(
                new ConnectionSettings("jdbc:postgresql://localhost:" + nobodyListens + "/salondesk", "u", "p"), tenant);
        opened.add(live);
        Recorder desk = new Recorder(live);
        live.start();
        assertEquals(State.CONNECTING, desk.states.take());
        desk.awaitState(State.OFFLINE);

        live.close();

        assertFalse(live.threadAlive());
        assertTrue(desk.states.isEmpty(), () -> "reported after close: " + desk.states);
    }
}
