package app.salondesk.logic.live;

import app.salondesk.db.ConnectionSettings;
import app.salondesk.db.Database;
import app.salondesk.db.StandbyPair;
import app.salondesk.db.TestPostgres;
import app.salondesk.logic.live.LiveUpdates.State;
import app.salondesk.model.live.BookingChange;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Duration;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Issue 19: the live relay of {@code serve --live-port}. Desks of two salons, each signed in as
 * its own staff login, hear their own salon's changes through it — the relay, signed in as its
 * own login, holding ONE listening session for all of them — and no other salon's; and when the
 * relay's primary dies and the standby is promoted, every desk goes offline and comes back (with
 * a new ticket from the new primary), and hears the new primary's changes. Issue 29's refusals are
 * {@link LiveRelayTicketTest}'s, its limits {@link LiveRelayFloodTest}'s.
 */
class LiveRelayTest {

    private static final LocalDate DAY = LocalDate.of(2030, 1, 9);
    private static final Duration WITHIN = Duration.ofSeconds(30);

    private record Salon(long tenant, long master, long client) {
    }

    private static Salon salon(ConnectionSettings db, String name) throws Exception {
        try (SalonRows rows = new SalonRows(db)) {
            long tenant = rows.tenant(name);
            return new Salon(tenant, rows.master(tenant, "Anna"), rows.client(tenant, "Iryna"));
        }
    }

    /** A receptionist of the salon: the login a desk signs in with. */
    private static ConnectionSettings desk(ConnectionSettings db, Salon s, String name) throws Exception {
        return new RelayLogins(db).staff(s.tenant(), name, "receptionist");
    }

    private static long book(ConnectionSettings db, Salon s, int hour) throws Exception {
        try (SalonRows rows = new SalonRows(db)) {
            return rows.book(s.tenant(), s.master(), s.client(), DAY.atTime(hour, 0), 30);
        }
    }

    private static LiveUpdates viaRelay(ConnectionSettings desk, LiveRelay relay, long tenant) {
        return LiveUpdates.forDesk(desk, null, tenant, "http://127.0.0.1:" + relay.port());
    }

    @Test
    void desksOfTwoSalonsHearTheirOwnSalonsChangesThroughOneListeningSession() throws Exception {
        ConnectionSettings db = TestPostgres.migratedDatabase("relay");
        Salon lotus = salon(db, "Lotus");
        Salon bloom = salon(db, "Bloom");
        List<LiveUpdates> desks = new ArrayList<>();
        List<Recorder> lotusDesks = new ArrayList<>();
        List<Recorder> bloomDesks = new ArrayList<>();
        ConnectionSettings lotusDesk = desk(db, lotus, "olena");
        ConnectionSettings bloomDesk = desk(db, bloom, "oksana");
        try (LiveRelay relay = LiveRelay.start(new RelayLogins(db).relay("relay"), "127.0.0.1", 0)) {
            for (int i = 0; i < 12; i++) {
                Salon s = i % 2 == 0 ? lotus : bloom;
                LiveUpdates live = viaRelay(s == lotus ? lotusDesk : bloomDesk, relay, s.tenant());
                desks.add(live);
                (s == lotus ? lotusDesks : bloomDesks).add(new Recorder(live));
                live.start();
            }
            for (Recorder r : lotusDesks) {
                r.awaitState(State.ONLINE, WITHIN);
            }
            for (Recorder r : bloomDesks) {
                r.awaitState(State.ONLINE, WITHIN);
            }
            long booking = book(db, lotus, 10);
            for (Recorder r : lotusDesks) {
                assertEquals(new BookingChange(lotus.tenant(), booking, BookingChange.Op.INSERT, List.of(lotus.master()), List.of(DAY)),
                        r.nextChange());
            }
            for (Recorder r : bloomDesks) {
                assertNull(r.changes.poll(), "a desk of another salon hears nothing of Lotus");
            }
            // twelve desks, one session that listens
            assertEquals(1, count(db, "SELECT count(*) FROM pg_stat_activity WHERE datname = current_database() AND application_name = 'SalonDesk live relay'"));
            assertEquals(0, count(db, "SELECT count(*) FROM pg_stat_activity WHERE datname = current_database() AND application_name LIKE 'SalonDesk live updates%'"));
        } finally {
            desks.forEach(LiveUpdates::close);
        }
    }

    /**
     * Through PgBouncer each question a desk asks may cost its login a server login, and a chain's
     * hundreds of desks hear every change of their salon: a desk learns its salon's masters with
     * the channel, so a change about them is trusted without asking, and only a master added since
     * is asked about (once).
     */
    @Test
    void aRelayDeskAsksTheDatabaseOnlyAboutAMasterAddedAfterItConnected() throws Exception {
        ConnectionSettings db = TestPostgres.migratedDatabase("relay_masters");
        Salon lotus = salon(db, "Lotus");
        ConnectionSettings frontDesk = desk(db, lotus, "olena");
        org.postgresql.ds.PGSimpleDataSource plain = new org.postgresql.ds.PGSimpleDataSource();
        plain.setURL(frontDesk.url());
        plain.setUser(frontDesk.user());
        plain.setPassword(frontDesk.password());
        java.util.concurrent.atomic.AtomicInteger asked = new java.util.concurrent.atomic.AtomicInteger();
        javax.sql.DataSource counting = (javax.sql.DataSource) java.lang.reflect.Proxy.newProxyInstance(getClass().getClassLoader(),
                new Class<?>[]{javax.sql.DataSource.class}, (proxy, method, args) -> {
                    if (method.getName().equals("getConnection")) {
                        asked.incrementAndGet();
                    }
                    return method.invoke(plain, args);
                });
        try (LiveRelay relay = LiveRelay.start(new RelayLogins(db).relay("relay"), "127.0.0.1", 0);
             LiveUpdates live = LiveUpdates.forDesk(frontDesk, counting, lotus.tenant(), "http://127.0.0.1:" + relay.port())) {
            Recorder r = new Recorder(live);
            live.start();
            r.awaitState(State.ONLINE, WITHIN);
            assertEquals(1, asked.get(), "the ticket and the masters: one connection");
            long first = book(db, lotus, 10);
            assertEquals(first, r.nextChange().bookingId());
            assertEquals(1, asked.get(), "Anna was known when the desk connected: nothing asked");
            long olena;
            try (SalonRows rows = new SalonRows(db)) {
                olena = rows.master(lotus.tenant(), "Olena");
                rows.book(lotus.tenant(), olena, lotus.client(), DAY.atTime(12, 0), 30);
                assertEquals(List.of(olena), r.nextChange().masterIds());
                assertEquals(2, asked.get(), "a master added since is asked about");
                rows.book(lotus.tenant(), olena, lotus.client(), DAY.atTime(14, 0), 30);
            }
            assertEquals(List.of(olena), r.nextChange().masterIds());
            assertEquals(2, asked.get(), "and only once");
        }
    }

    @Test
    void whenTheRelaysPrimaryDiesEveryDeskGoesOfflineAndHearsThePromotedStandby(@TempDir Path dir) throws Exception {
        try (StandbyPair pair = StandbyPair.start(dir, true)) {
            ConnectionSettings onPrimary = TestPostgres.freshDatabase(pair.primary, "relayfailover");
            String name = onPrimary.url().substring(onPrimary.url().lastIndexOf('/') + 1);
            ConnectionSettings both = pair.multiHostSettings(name);
            try (Database d = Database.open(both, 1)) {
                d.migrate();
            }
            Salon lotus = salon(both, "Lotus");
            ConnectionSettings olena = desk(both, lotus, "olena");
            List<LiveUpdates> desks = new ArrayList<>();
            List<Recorder> recorders = new ArrayList<>();
            try (LiveRelay relay = LiveRelay.start(new RelayLogins(both).relay("relay"), "127.0.0.1", 0)) {
                for (int i = 0; i < 4; i++) {
                    LiveUpdates live = viaRelay(olena, relay, lotus.tenant());
                    desks.add(live);
                    recorders.add(new Recorder(live));
                    live.start();
                }
                for (Recorder r : recorders) {
                    r.awaitState(State.ONLINE, WITHIN);
                }
                pair.killPrimary();
                for (Recorder r : recorders) {
                    r.awaitState(State.OFFLINE, WITHIN);
                }
                pair.promoteStandby();
                for (Recorder r : recorders) {
                    r.awaitState(State.ONLINE, WITHIN);
                }
                assertTrue(relay.up());
                long booking = book(both, lotus, 11);
                for (Recorder r : recorders) {
                    assertEquals(booking, r.nextChange().bookingId(), "heard from the new primary");
                }
            } finally {
                desks.forEach(LiveUpdates::close);
            }
        }
    }

    private static int count(ConnectionSettings db, String sql) throws Exception {
        try (Connection c = TestPostgres.connect(db); Statement s = c.createStatement(); ResultSet rs = s.executeQuery(sql)) {
            rs.next();
            return rs.getInt(1);
        }
    }
}
