package app.salondesk.bench;

import app.salondesk.logic.live.LiveUpdates;
import org.HdrHistogram.Histogram;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.LocalDate;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;

/**
 * Figure 5: from the moment a writer sends COMMIT on its connection to the moment a
 * {@link LiveUpdates} listener of another "desk" (its own LISTEN connection, as in the app)
 * is called with that booking. The clock starts before the commit is sent, since the
 * notification may overtake the commit's reply; so the figure includes the commit itself.
 */
final class LiveBench {

    private static final Logger log = LoggerFactory.getLogger(LiveBench.class);
    private static final int CHANGES_PER_ROUND = 100;
    private static final ZoneId ZONE = ZoneId.of("Europe/Kyiv");

    private final BenchDatabase db;
    private final BenchConfig cfg;
    Latency latency = Latency.NONE;
    Latency commit = Latency.NONE;
    long changes;
    long missing;

    LiveBench(BenchDatabase db, BenchConfig cfg) {
        this.db = db;
        this.cfg = cfg;
    }

    void run() throws Exception {
        long tenant = Sql.id(db.dsl(), "INSERT INTO tenants (name, time_zone) VALUES ('Benchmark: live', 'Europe/Kyiv') RETURNING id");
        long master = Sql.id(db.dsl(), "INSERT INTO masters (tenant_id, name) VALUES (?, 'Live') RETURNING id", tenant);
        long client = Sql.id(db.dsl(), "INSERT INTO clients (tenant_id, name) VALUES (?, 'Live client') RETURNING id", tenant);
        Map<Long, Long> sentAt = new ConcurrentHashMap<>();
        Histogram[] current = {Latency.histogram()};
        CountDownLatch online = new CountDownLatch(1);
        try (LiveUpdates live = new LiveUpdates(db.settings(), tenant)) {
            live.onState(s -> {
                if (s == LiveUpdates.State.ONLINE) {
                    online.countDown();
                }
            });
            live.onChange(change -> {
                long now = System.nanoTime();
                Long t0 = sentAt.remove(change.bookingId());
                if (t0 != null) {
                    synchronized (current) {
                        current[0].recordValue(now - t0);
                    }
                }
            });
            live.start();
            if (!online.await(30, TimeUnit.SECONDS)) {
                throw new IllegalStateException("live updates did not come online");
            }
            List<Latency> rounds = new ArrayList<>();
            List<Latency> commits = new ArrayList<>();
            long slot = 0;
            for (int r = -1; r < cfg.rounds(); r++) {   // round -1 warms up
                Histogram commitTimes = Latency.histogram();
                synchronized (current) {
                    current[0] = Latency.histogram();
                }
                try (Connection c = db.dataSource().getConnection();
                     PreparedStatement insert = c.prepareStatement("INSERT INTO bookings (tenant_id, master_id, client_id, "
                             + "starts_at, duration_min, status) VALUES (?, ?, ?, ?, 30, 'confirmed') RETURNING id")) {
                    c.setAutoCommit(false);
                    for (int i = 0; i < CHANGES_PER_ROUND; i++) {
                        insert.setLong(1, tenant);
                        insert.setLong(2, master);
                        insert.setLong(3, client);
                        insert.setObject(4, LocalDate.of(2033, 1, 3).atTime(8, 0).plusMinutes(30 * slot++)
                                .atZone(ZONE).toInstant().atOffset(ZoneOffset.UTC));
                        long id;
                        try (ResultSet rs = insert.executeQuery()) {
                            rs.next();
                            id = rs.getLong(1);
                        }
                        long t0 = System.nanoTime();
                        sentAt.put(id, t0);
                        c.commit();
                        commitTimes.recordValue(System.nanoTime() - t0);
                        // a desk's changes come one by one, not in a burst the listener reads in one go
                        Thread.sleep(ThreadLocalRandom.current().nextInt(5, 16));
                    }
                    c.setAutoCommit(true);
                } catch (SQLException e) {
                    throw new IllegalStateException("the live-updates writer failed", e);
                }
                long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
                while (!sentAt.isEmpty() && System.nanoTime() < deadline) {
                    Thread.sleep(10);
                }
                if (r >= 0) {
                    missing += sentAt.size();
                    synchronized (current) {
                        rounds.add(Latency.of(current[0]));
                        changes += current[0].getTotalCount();
                    }
                    commits.add(Latency.of(commitTimes));
                }
                sentAt.clear();
            }
            latency = Latency.median(rounds);
            commit = Latency.median(commits);
        }
        log.info("figure 5: commit -> listener p50 {} ms, p99 {} ms over {} changes ({} never arrived)",
                Markdown.ms(latency.p50()), Markdown.ms(latency.p99()), changes, missing);
    }

    void report(Markdown md) {
        md.heading(2, "5. Live updates: commit → listener");
        md.para("One connection inserts a booking and commits, " + CHANGES_PER_ROUND + " times per round with 5–15 ms between "
                + "changes; a `LiveUpdates` of the same salon (its own LISTEN connection, as every desk has) times the call "
                + "of its change listener from just before COMMIT is sent. " + cfg.rounds() + " rounds after one warm-up round; "
                + "medians over rounds. The commit alone is shown for comparison.");
        md.table(List.of("measured", "changes", "p50 ms", "p95 ms", "p99 ms", "max ms", "never arrived"), List.of(
                List.of("commit → listener called", Long.toString(changes), Markdown.ms(latency.p50()), Markdown.ms(latency.p95()),
                        Markdown.ms(latency.p99()), Markdown.ms(latency.max()), Long.toString(missing)),
                List.of("the COMMIT call itself", Long.toString(commit.count()), Markdown.ms(commit.p50()), Markdown.ms(commit.p95()),
                        Markdown.ms(commit.p99()), Markdown.ms(commit.max()), "")));
    }
}
