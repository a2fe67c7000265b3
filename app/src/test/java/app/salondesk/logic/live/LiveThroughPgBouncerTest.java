package app.salondesk.logic.live;

import app.salondesk.db.ConnectionSettings;
import app.salondesk.db.PgBouncer;
import app.salondesk.db.TestPostgres;
import app.salondesk.logic.live.LiveUpdates.State;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.sql.Connection;
import java.sql.Statement;
import java.time.Duration;
import java.time.LocalDate;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * Issue 19 (ADR 23): a LISTEN through PgBouncer's transaction pooling hears nothing — it runs on
 * whichever server session is free, which then serves other clients — and nothing says so: the
 * desk showed "live". Now a LISTEN through a pooler is refused, and the desk is told
 * ({@link State#THROUGH_POOLER}) instead of being shown "live"; the same desk with
 * {@code SALONDESK_LIVE_URL} straight to PostgreSQL hears every change; and serve's live relay
 * will not start on a pooler's URL. Against a real PgBouncer.
 */
class LiveThroughPgBouncerTest {

    private static final LocalDate DAY = LocalDate.of(2030, 1, 9);
    private static ConnectionSettings db;
    private static PgBouncer bouncer;

    @BeforeAll
    static void aDatabaseBehindPgBouncer() {
        assumeTrue(PgBouncer.installed(), "Debian's pgbouncer is not installed (apt-get install pgbouncer)");
        db = TestPostgres.migratedDatabase("livepooler");
        bouncer = PgBouncer.inFrontOf(TestPostgres.server()).start();
    }

    @AfterAll
    static void close() {
        if (bouncer != null) {
            bouncer.close();
        }
    }

    @Test
    void aDeskWhoseListenWouldGoThroughThePoolerIsToldSoAndNeverShownLive() throws Exception {
        long tenant;
        long master;
        long client;
        try (SalonRows rows = new SalonRows(db)) {
            tenant = rows.tenant("Pooled");
            master = rows.master(tenant, "Anna");
            client = rows.client(tenant, "Iryna");
        }
        ConnectionSettings desk = bouncer.through(db);
        // the desk's pool goes through PgBouncer and no SALONDESK_LIVE_URL is set: its LISTEN would too
        try (LiveUpdates live = LiveUpdates.forDesk(desk, null, tenant, null)) {
            Recorder heard = new Recorder(live);
            live.start();
            heard.awaitState(State.THROUGH_POOLER, Duration.ofSeconds(15));
            try (SalonRows rows = new SalonRows(desk)) {
                rows.book(tenant, master, client, DAY.atTime(10, 0), 30);
            }
            assertNull(heard.states.poll(2, TimeUnit.SECONDS), "no reconnection is tried, and nothing says live");
            assertEquals(State.THROUGH_POOLER, live.state());
        }
        // the same desk, its live updates routed straight to PostgreSQL: hears a booking made through the pooler
        try (LiveUpdates live = LiveUpdates.forDesk(desk, null, tenant, db.url())) {
            Recorder heard = new Recorder(live);
            live.start();
            heard.awaitState(State.ONLINE, Duration.ofSeconds(15));
            long booked;
            try (SalonRows rows = new SalonRows(desk)) {
                booked = rows.book(tenant, master, client, DAY.atTime(11, 0), 30);
            }
            assertEquals(booked, heard.nextChange().bookingId());
        }
    }

    @Test
    void aListenThroughThePoolerReallyHearsNothing() throws Exception {
        // what the refusal spares the desk: LISTEN through transaction pooling, a NOTIFY, silence
        ConnectionSettings pooled = bouncer.through(db);
        try (Connection listening = TestPostgres.connect(new ConnectionSettings(pooled.url() + "?prepareThreshold=0", pooled.user(), pooled.password()));
             Connection notifying = TestPostgres.connect(db);
             Statement l = listening.createStatement();
             Statement n = notifying.createStatement()) {
            l.execute("LISTEN pooled_probe");
            n.execute("NOTIFY pooled_probe, 'hello'");
            var arrived = listening.unwrap(org.postgresql.PGConnection.class).getNotifications(2_000);
            assertTrue(arrived == null || arrived.length == 0, "a LISTEN through transaction pooling heard something");
        }
    }

    @Test
    void serveWillNotStartItsLiveRelayOnAPoolersUrl() {
        IllegalStateException refused = assertThrows(IllegalStateException.class,
                () -> LiveRelay.start(bouncer.through(db), "127.0.0.1", 0).close());
        assertTrue(refused.getMessage().contains("--live-db-url"), refused.getMessage());
    }
}
