package app.salondesk.logic.reports;

import app.salondesk.db.ConnectionSettings;
import app.salondesk.db.TestPostgres;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Migration 53's booking_day_counts, kept by the bookings trigger: random writes of every kind — book, move, resize,
 * change of master, status changes (cancel, no-show, arrive, complete, reopen), joining and leaving a visit, deletes,
 * statements of several rows, rolled-back transactions, a salon's change of time zone — over days around the night the
 * clocks go forward in Kyiv, in two salons; after each round the table must equal the counts recomputed here in plain
 * Java from the bookings' rows (the salon's day of each start in its current zone). Then two real connections move
 * bookings between two masters of one day in opposite directions at the same moment, many times: the counter rows are
 * taken in one order, so no deadlock (40P01) ever. Migration 58's client_day_counts likewise, under the same writes and
 * a booking's change of client, the merge of two clients (issue 36) and the forgetting of one (ADR 15).
 */
class BookingDayCountsRandomizedTest {

    private static final List<String> STATUSES = List.of("pending", "confirmed", "arrived", "completed", "cancelled", "no_show");
    private static final List<String> SOURCES = List.of("form", "drag", "online", "waitlist", "cli", "sql", "import");
    private static final List<String> ZONES = List.of("Europe/Kyiv", "America/New_York", "Asia/Tokyo", "Europe/Kyiv");

    private static ConnectionSettings db;
    private static Connection c;
    private static final long[] tenants = new long[2];
    private static final List<List<Long>> masters = new ArrayList<>();
    private static final List<List<Long>> clients = new ArrayList<>();

    @BeforeAll
    static void salons() throws SQLException {
        db = TestPostgres.migratedDatabase("day_counts_randomized");
        c = TestPostgres.connect(db);
        for (int t = 0; t < 2; t++) {
            tenants[t] = id("INSERT INTO tenants (name, time_zone) VALUES ('Salon " + t + "', 'Europe/Kyiv') RETURNING id");
            List<Long> ms = new ArrayList<>();
            for (int i = 0; i < 3; i++) {
                ms.add(id("INSERT INTO masters (tenant_id, name, sort_order) VALUES (" + tenants[t] + ", 'M" + i + "', " + i + ") RETURNING id"));
            }
            masters.add(ms);
            List<Long> cs = new ArrayList<>();
            clients.add(cs);
            for (int i = 0; i < 6; i++) {
                cs.add(newClient(t));
            }
        }
    }

    private static int made;

    private static long newClient(int t) throws SQLException {
        made++;
        return id("INSERT INTO clients (tenant_id, name, phone) VALUES (" + tenants[t] + ", 'C" + made + "', '+3805011" + (10000 + made) + "') RETURNING id");
    }

    @AfterAll
    static void close() throws SQLException {
        c.close();
    }

    @Test
    void randomWritesKeepTheCountersEqualToARecomputationFromTheRows() throws SQLException {
        Random rnd = new Random(53);
        int written = 0;
        for (int round = 0; round < 30; round++) {
            for (int op = 0; op < 40; op++) {
                int t = rnd.nextInt(2);
                try {
                    written += write(rnd, t);
                } catch (SQLException e) {
                    // a time taken (23P01), or a rule of the database (23xxx): the write did not happen, counters neither
                    assertTrue(e.getSQLState().startsWith("23"), e.getSQLState() + " " + e.getMessage());
                }
            }
            if (round % 7 == 6) {
                int t = rnd.nextInt(2);
                exec("UPDATE tenants SET time_zone = '" + ZONES.get(rnd.nextInt(ZONES.size())) + "' WHERE id = " + tenants[t]);
            }
            assertEquals(recomputed(), kept(), "round " + round);
            assertEquals(recomputedClientDays(), keptClientDays(), "client days, round " + round);
        }
        assertTrue(written > 600, "enough writes happened: " + written);
        assertTrue(count("SELECT count(*) FROM bookings WHERE status = 'cancelled'") > 0);
        assertTrue(count("SELECT count(*) FROM bookings WHERE visit_id IS NOT NULL AND status IN ('arrived', 'completed')") > 0);
        exec("UPDATE tenants SET time_zone = 'Europe/Kyiv'");
        assertEquals(recomputed(), kept(), "back in Kyiv");
        assertEquals(recomputedClientDays(), keptClientDays(), "client days back in Kyiv");
        assertTrue(count("SELECT count(*) FROM client_merges") > 0, "merges happened");
        assertTrue(count("SELECT count(*) FROM forgotten_clients") > 0, "forgetting happened");
        assertTrue(count("SELECT count(*) FROM client_day_counts WHERE visit_id <> 0 AND attended > 0") > 0);
        assertEquals(0, count("SELECT count(*) FROM client_day_counts WHERE booked = 0 AND attended = 0"), "no client day of nothing is left");
    }

    /** One random write in salon t; 1 when it happened. */
    private static int write(Random rnd, int t) throws SQLException {
        long tenant = tenants[t];
        List<Long> ids = ids(tenant);
        int kind = ids.isEmpty() ? 0 : rnd.nextInt(13);
        long b = ids.isEmpty() ? 0 : ids.get(rnd.nextInt(ids.size()));
        switch (kind) {
            case 0, 1 -> {
                long client = clients.get(t).get(rnd.nextInt(6));
                Long visit = rnd.nextInt(4) == 0
                        ? Long.valueOf(id("INSERT INTO visits (tenant_id, client_id) VALUES (" + tenant + ", " + client + ") RETURNING id")) : null;
                c.setAutoCommit(false);
                try (Statement s = c.createStatement()) {
                    s.execute("SELECT set_config('salondesk.source', '" + SOURCES.get(rnd.nextInt(SOURCES.size())) + "', true)");
                    s.execute("INSERT INTO bookings (tenant_id, master_id, client_id, starts_at, duration_min, status, visit_id) VALUES ("
                            + tenant + ", " + masters.get(t).get(rnd.nextInt(3)) + ", " + client + ", '" + start(rnd) + "', "
                            + (10 + 5 * rnd.nextInt(12)) + ", '" + STATUSES.get(rnd.nextInt(STATUSES.size())) + "', " + visit + ")");
                    if (rnd.nextInt(10) == 0) {
                        c.rollback();
                        return 0;
                    }
                    c.commit();
                } catch (SQLException e) {
                    c.rollback();
                    throw e;
                } finally {
                    c.setAutoCommit(true);
                }
            }
            case 2 -> exec("UPDATE bookings SET starts_at = '" + start(rnd) + "' WHERE id = " + b);
            case 3 -> exec("UPDATE bookings SET master_id = " + masters.get(t).get(rnd.nextInt(3)) + " WHERE id = " + b);
            case 4 -> exec("UPDATE bookings SET duration_min = " + (10 + 5 * rnd.nextInt(12)) + " WHERE id = " + b);
            case 5, 6 -> exec("UPDATE bookings SET status = '" + STATUSES.get(rnd.nextInt(STATUSES.size())) + "' WHERE id = " + b);
            case 7 -> {
                if (rnd.nextBoolean()) {
                    exec("UPDATE bookings SET visit_id = NULL WHERE id = " + b);
                } else {
                    exec("UPDATE bookings b SET visit_id = (SELECT v.id FROM visits v WHERE v.tenant_id = b.tenant_id AND v.client_id = b.client_id "
                            + "ORDER BY random() LIMIT 1) WHERE id = " + b);
                }
            }
            case 8 -> exec("DELETE FROM bookings WHERE id = " + b);
            // another client's booking now (out of its visit: a visit is one client's)
            case 10 -> exec("UPDATE bookings SET client_id = " + clients.get(t).get(rnd.nextInt(6)) + ", visit_id = NULL WHERE id = " + b);
            case 11 -> {
                // issue 36's merge of two clients (their visits and bookings move, a row update each); the duplicate leaves the pool
                int from = rnd.nextInt(6);
                int into = (from + 1 + rnd.nextInt(5)) % 6;
                exec("SELECT salondesk_merge_clients(" + tenant + ", " + clients.get(t).get(from) + ", " + clients.get(t).get(into) + ")");
                clients.get(t).set(from, newClient(t));
            }
            case 12 -> {
                // ADR 15's forgetting: her bookings stay (anonymous), counted as before; she leaves the pool
                int who = rnd.nextInt(6);
                exec("SELECT salondesk_forget_client(" + tenant + ", " + clients.get(t).get(who) + ")");
                clients.get(t).set(who, newClient(t));
            }
            default -> {
                // several rows in one statement: a day's bookings of a master moved to another, or all marked
                long from = masters.get(t).get(rnd.nextInt(3));
                if (rnd.nextBoolean()) {
                    exec("UPDATE bookings SET master_id = " + masters.get(t).get(rnd.nextInt(3)) + ", starts_at = starts_at + interval '1 day' "
                            + "WHERE tenant_id = " + tenant + " AND master_id = " + from + " AND status IN ('cancelled', 'no_show', 'completed')");
                } else {
                    exec("UPDATE bookings SET status = 'completed', note = 'x' WHERE tenant_id = " + tenant + " AND master_id = " + from
                            + " AND status = 'arrived'");
                }
            }
        }
        return 1;
    }

    /** A start on one of the days around 30 March 2031 (clocks forward in Kyiv), at any time of day, late night included. */
    private static String start(Random rnd) {
        LocalDateTime local = LocalDate.of(2031, 3, 28).plusDays(rnd.nextInt(5)).atStartOfDay().plusMinutes(10L * rnd.nextInt(144));
        return OffsetDateTime.ofInstant(local.atZone(ZoneId.of("Europe/Kyiv")).toInstant(), ZoneOffset.UTC).toString();
    }

    /** The counters as kept (rows of nothing left out). */
    private static Map<String, List<Integer>> kept() throws SQLException {
        Map<String, List<Integer>> m = new TreeMap<>();
        try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery("SELECT tenant_id, master_id, day, bookings, cancelled, no_shows, "
                + "solo_visits, online, waitlist, desk, busy, busy_min FROM booking_day_counts")) {
            while (rs.next()) {
                List<Integer> v = new ArrayList<>();
                for (int i = 4; i <= 12; i++) {
                    v.add(rs.getInt(i));
                }
                if (v.stream().anyMatch(x -> x != 0)) {
                    m.put(rs.getLong(1) + "/" + rs.getLong(2) + "/" + rs.getDate(3).toLocalDate(), v);
                }
            }
        }
        return m;
    }

    /** The counters from the rows, here: each booking's salon day in its salon's zone of now. */
    private static Map<String, List<Integer>> recomputed() throws SQLException {
        Map<String, int[]> m = new TreeMap<>();
        try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery("SELECT b.tenant_id, b.master_id, b.starts_at, t.time_zone, "
                + "b.status, b.source, b.visit_id, b.duration_min FROM bookings b JOIN tenants t ON t.id = b.tenant_id")) {
            while (rs.next()) {
                Instant start = rs.getObject(3, OffsetDateTime.class).toInstant();
                LocalDate day = start.atZone(ZoneId.of(rs.getString(4))).toLocalDate();
                String status = rs.getString(5);
                String source = rs.getString(6);
                boolean visit = rs.getObject(7) != null;
                int minutes = rs.getInt(8);
                int[] v = m.computeIfAbsent(rs.getLong(1) + "/" + rs.getLong(2) + "/" + day, k -> new int[9]);
                boolean counted = !status.equals("cancelled");
                boolean busy = List.of("pending", "confirmed", "arrived", "completed").contains(status);
                v[0] += counted ? 1 : 0;
                v[1] += counted ? 0 : 1;
                v[2] += status.equals("no_show") ? 1 : 0;
                v[3] += (status.equals("arrived") || status.equals("completed")) && !visit ? 1 : 0;
                v[4] += counted && source.equals("online") ? 1 : 0;
                v[5] += counted && source.equals("waitlist") ? 1 : 0;
                v[6] += counted && !source.equals("online") && !source.equals("waitlist") ? 1 : 0;
                v[7] += busy ? 1 : 0;
                v[8] += busy ? minutes : 0;
            }
        }
        Map<String, List<Integer>> out = new TreeMap<>();
        m.forEach((k, v) -> out.put(k, Arrays.stream(v).boxed().toList()));
        return out;
    }

    /** Migration 58's client days as kept (rows of nothing left out): tenant/client/day/visit → booked, attended. */
    private static Map<String, List<Integer>> keptClientDays() throws SQLException {
        Map<String, List<Integer>> m = new TreeMap<>();
        try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery("SELECT tenant_id, client_id, day, visit_id, booked, attended "
                + "FROM client_day_counts")) {
            while (rs.next()) {
                if (rs.getInt(5) != 0 || rs.getInt(6) != 0) {
                    m.put(rs.getLong(1) + "/" + rs.getLong(2) + "/" + rs.getDate(3).toLocalDate() + "/" + rs.getLong(4), List.of(rs.getInt(5), rs.getInt(6)));
                }
            }
        }
        return m;
    }

    /** The client days from the rows, here: not cancelled, and arrived or completed, per client, salon day and visit (0: none). */
    private static Map<String, List<Integer>> recomputedClientDays() throws SQLException {
        Map<String, int[]> m = new TreeMap<>();
        try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery("SELECT b.tenant_id, b.client_id, b.starts_at, t.time_zone, "
                + "b.status, coalesce(b.visit_id, 0) FROM bookings b JOIN tenants t ON t.id = b.tenant_id")) {
            while (rs.next()) {
                LocalDate day = rs.getObject(3, OffsetDateTime.class).toInstant().atZone(ZoneId.of(rs.getString(4))).toLocalDate();
                String status = rs.getString(5);
                int[] v = m.computeIfAbsent(rs.getLong(1) + "/" + rs.getLong(2) + "/" + day + "/" + rs.getLong(6), k -> new int[2]);
                v[0] += status.equals("cancelled") ? 0 : 1;
                v[1] += status.equals("arrived") || status.equals("completed") ? 1 : 0;
            }
        }
        Map<String, List<Integer>> out = new TreeMap<>();
        m.forEach((k, v) -> {
            if (v[0] != 0 || v[1] != 0) {
                out.put(k, Arrays.stream(v).boxed().toList());
            }
        });
        return out;
    }

    @Test
    void twoConnectionsMovingBookingsBetweenTwoMastersOfOneDayInOppositeDirectionsNeverDeadlock() throws Exception {
        long tenant = tenants[1];
        long a = masters.get(1).get(0);
        long b = masters.get(1).get(1);
        long client = clients.get(1).get(0);
        // two bookings of one day far from the random test's days, one each, at times that never overlap
        long one = id("INSERT INTO bookings (tenant_id, master_id, client_id, starts_at, duration_min, status) VALUES (" + tenant + ", " + a + ", "
                + client + ", '2031-06-02T07:00:00Z', 30, 'confirmed') RETURNING id");
        long two = id("INSERT INTO bookings (tenant_id, master_id, client_id, starts_at, duration_min, status) VALUES (" + tenant + ", " + b + ", "
                + client + ", '2031-06-02T09:00:00Z', 30, 'confirmed') RETURNING id");
        ExecutorService pool = Executors.newFixedThreadPool(2);
        CyclicBarrier together = new CyclicBarrier(2);
        int rounds = 150;
        try (Connection c1 = TestPostgres.connect(db); Connection c2 = TestPostgres.connect(db)) {
            Future<Integer> first = pool.submit(() -> moves(c1, together, one, a, b, rounds));
            Future<Integer> second = pool.submit(() -> moves(c2, together, two, b, a, rounds));
            // each move writes both masters' rows of the day; a deadlock would surface here as 40P01
            assertEquals(rounds, first.get(120, TimeUnit.SECONDS));
            assertEquals(rounds, second.get(120, TimeUnit.SECONDS));
        } finally {
            pool.shutdownNow();
        }
        assertEquals(recomputed(), kept());
        assertEquals(recomputedClientDays(), keptClientDays());
    }

    /** rounds moves of booking from one master to the other and back, each in its own transaction started with the other's. */
    private static int moves(Connection conn, CyclicBarrier together, long booking, long from, long to, int rounds) throws Exception {
        int done = 0;
        conn.setAutoCommit(false);
        try (PreparedStatement move = conn.prepareStatement("UPDATE bookings SET master_id = ? WHERE id = ?");
             Statement s = conn.createStatement()) {
            for (int i = 0; i < rounds; i++) {
                together.await(30, TimeUnit.SECONDS);
                // the other connection's booking stays at its hour; this one changes master, holding its rows to the commit
                s.execute("SET LOCAL lock_timeout = '20s'");
                move.setLong(1, i % 2 == 0 ? to : from);
                move.setLong(2, booking);
                assertEquals(1, move.executeUpdate());
                s.execute("SELECT pg_sleep(0.002)");
                conn.commit();
                done++;
            }
        } catch (SQLException e) {
            conn.rollback();
            throw new AssertionError("move " + done + ": " + e.getSQLState() + " " + e.getMessage(), e);
        }
        return done;
    }

    private static List<Long> ids(long tenant) throws SQLException {
        List<Long> out = new ArrayList<>();
        try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery("SELECT id FROM bookings WHERE tenant_id = " + tenant + " ORDER BY id")) {
            while (rs.next()) {
                out.add(rs.getLong(1));
            }
        }
        return out;
    }

    private static long id(String sql) throws SQLException {
        try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery(sql)) {
            rs.next();
            return rs.getLong(1);
        }
    }

    private static long count(String sql) throws SQLException {
        return id(sql);
    }

    private static void exec(String sql) throws SQLException {
        try (Statement s = c.createStatement()) {
            s.execute(sql);
        }
    }
}
