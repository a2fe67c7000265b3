package app.salondesk.bench;

import app.salondesk.logic.booking.BookingEngine;
import app.salondesk.model.booking.BookingOutcome;
import org.HdrHistogram.Histogram;
import org.jooq.DSLContext;
import org.jooq.exception.DataAccessException;
import org.jooq.impl.DSL;
import org.jooq.impl.DataSourceConnectionProvider;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;

/**
 * Figure 2: what one booking costs in round trips, and where its time goes. One writer books
 * through an engine whose pool is wrapped by {@link JdbcCounter}; nothing else runs, so the
 * split is the protocol's own and not a queue behind other writers.
 */
final class RoundTripBench {

    private static final Logger log = LoggerFactory.getLogger(RoundTripBench.class);
    private static final int WARM_UP = 200;
    private static final int BOOKINGS = 500;
    private static final int LOSERS = 50;
    private static final long LOSER_BUDGET_NANOS = 20_000_000_000L;

    static final String LOCK = "lock: lock_timeout + source + advisory lock";
    static final String INSERT = "write: INSERT … ON CONFLICT DO NOTHING RETURNING";
    static final String SLOTS = "time taken: nearest free slots";
    /** The usual new booking's one message (FastInsert): the locks, then SAVEPOINT, the checked INSERT … SELECT, RELEASE. */
    static final String LOCKED_WRITE = "locks + savepoint + INSERT … SELECT with every check + release, one message";
    static final String LOCKED_WRITE_PHASE = "lock, checks and write (one message)";

    private final BenchDatabase db;
    private final WriteSalon salon;
    Map<String, JdbcCounter.Tally> booked;
    Map<String, JdbcCounter.Tally> lost;
    Map<String, String> examples;
    Latency bookedLatency;
    Latency lostLatency;
    double bookedWallNanos;
    double lostWallNanos;
    int losers;
    int loserErrors;

    RoundTripBench(BenchDatabase db, WriteSalon salon) {
        this.db = db;
        this.salon = salon;
    }

    void run() {
        JdbcCounter counter = new JdbcCounter(RoundTripBench::classify);
        // the application's own jOOQ configuration, only the pool underneath is wrapped
        DSLContext counted = DSL.using(db.dsl().configuration().derive(new DataSourceConnectionProvider(counter.wrap(db.dataSource()))));
        BookingEngine engine = new BookingEngine(counted);
        long master = salon.own.get(0);
        for (int i = 0; i < WARM_UP; i++) {
            expectBooked(engine.book(salon.booking(master, salon.freshSlot(master))));
        }
        counter.drain();
        Histogram h = Latency.histogram();
        long wall = 0;
        for (int i = 0; i < BOOKINGS; i++) {
            long t0 = System.nanoTime();
            BookingOutcome o = engine.book(salon.booking(master, salon.freshSlot(master)));
            long dt = System.nanoTime() - t0;
            expectBooked(o);
            h.recordValue(dt);
            wall += dt;
        }
        booked = counter.drain();
        bookedLatency = Latency.of(h);
        bookedWallNanos = (double) wall / BOOKINGS;

        // losers: slots this master already has; few and bounded in time, as each one runs the
        // free-slot search (see figure 4 for what that costs on a big table)
        long taken = salon.counter(master).get() - 1;
        h = Latency.histogram();
        wall = 0;
        long deadline = System.nanoTime() + LOSER_BUDGET_NANOS;
        while (losers < LOSERS && System.nanoTime() < deadline) {
            long t0 = System.nanoTime();
            try {
                BookingOutcome o = engine.book(salon.booking(master, WriteSalon.slot(taken - losers - loserErrors)));
                if (!(o instanceof BookingOutcome.TimeTaken)) {
                    throw new IllegalStateException("expected TimeTaken for a taken slot, got " + o);
                }
                losers++;
            } catch (DataAccessException e) {
                loserErrors++;
                log.warn("figure 2: a loser's booking call failed: {}", e.getMessage());
                continue;
            }
            long dt = System.nanoTime() - t0;
            h.recordValue(dt);
            wall += dt;
        }
        lost = counter.drain();
        lostLatency = Latency.of(h);
        lostWallNanos = losers == 0 ? Double.NaN : (double) wall / losers;
        examples = counter.examples();
        examples.forEach((kind, sql) -> log.debug("figure 2: {} <- {}", kind, sql));
        log.info("figure 2: {} round trips per booking, {} per TimeTaken ({} losers, {} failed calls)", roundTrips(booked, BOOKINGS),
                roundTrips(lost, Math.max(1, losers)), losers, loserErrors);
    }

    private static void expectBooked(BookingOutcome o) {
        if (!(o instanceof BookingOutcome.Booked)) {
            throw new IllegalStateException("expected Booked, got " + o);
        }
    }

    /** Names a statement of the engine by what it asks; see the examples in the log. */
    static String classify(String sql) {
        String s = JdbcCounter.lower(sql);
        if (s.contains("salondesk_lock_master") && s.contains("insert into bookings")) {
            return LOCKED_WRITE;
        }
        if (s.contains("salondesk_lock_master")) {
            return LOCK;
        }
        if (s.startsWith("insert into bookings")) {
            return INSERT;
        }
        if (s.startsWith("with p as")) {
            return SLOTS;
        }
        if (s.contains("master_working_hours")) {
            return "check: working hours";
        }
        if (s.contains("master_time_off")) {
            return "check: time off";
        }
        if (s.contains("from bookings") && s.contains("tstzrange")) {
            return "check: overlap with active bookings";
        }
        if (s.contains("from bookings") && s.contains("request_id")) {
            return "check: request already carried out?";
        }
        if (s.contains("from services")) {
            return "check: service exists, master offers it";
        }
        if (s.contains("from masters")) {
            return "check: master exists, active";
        }
        if (s.contains("from clients")) {
            return "check: client exists";
        }
        if (s.contains("current_timestamp") || s.contains("now()")) {
            return "check: database clock (start in the past?)";
        }
        return "other: " + (s.length() > 60 ? s.substring(0, 60) + "…" : s);
    }

    /** Protocol step of a kind of call. */
    static String phase(String kind) {
        if (kind.equals(LOCK)) {
            return "lock";
        }
        if (kind.equals(LOCKED_WRITE)) {
            return LOCKED_WRITE_PHASE;
        }
        if (kind.startsWith("check:")) {
            return "checks";
        }
        if (kind.equals(INSERT) || kind.equals("setSavepoint") || kind.equals("releaseSavepoint") || kind.equals("rollbackToSavepoint")) {
            return "write (savepoint, insert, release)";
        }
        if (kind.equals("commit") || kind.equals("rollback")) {
            return "commit";
        }
        if (kind.equals(SLOTS)) {
            return "free-slot search";
        }
        return "other";
    }

    static double roundTrips(Map<String, JdbcCounter.Tally> t, int n) {
        return t.values().stream().mapToLong(JdbcCounter.Tally::calls).sum() / (double) n;
    }

    void report(Markdown md) {
        md.heading(2, "2. Round trips per booking and where the time goes");
        md.para(String.format(java.util.Locale.ROOT,
                "One writer, %d bookings after %d warm-up ones, then %d attempts at taken slots that got `TimeTaken` "
                        + "(at most " + LOSERS + " or " + LOSER_BUDGET_NANOS / 1_000_000_000L + " s; " + loserErrors + " further attempts threw). Every JDBC call "
                        + "that reaches the server is counted and timed (a wrapper around the pool; statements told apart by their SQL). "
                        + "**%.1f round trips per booking** (%.1f statements, the rest savepoint/release/commit; the raw baseline needs 1), "
                        + "**%.1f per `TimeTaken`**. Mean wall time of one `book` call: %.0f µs for a booking, %.0f µs for a loser "
                        + "(p50 %s / p99 %s ms and %s / %s ms).",
                BOOKINGS, WARM_UP, losers, roundTrips(booked, BOOKINGS), statements(booked, BOOKINGS), roundTrips(lost, Math.max(1, losers)),
                bookedWallNanos / 1e3, lostWallNanos / 1e3, Markdown.ms(bookedLatency.p50()), Markdown.ms(bookedLatency.p99()),
                Markdown.ms(lostLatency.p50()), Markdown.ms(lostLatency.p99())));
        List<List<String>> rows = new ArrayList<>();
        TreeSet<String> kinds = new TreeSet<>(booked.keySet());
        kinds.addAll(lost.keySet());
        for (String kind : kinds) {
            JdbcCounter.Tally b = booked.getOrDefault(kind, new JdbcCounter.Tally(0, 0));
            JdbcCounter.Tally l = lost.getOrDefault(kind, new JdbcCounter.Tally(0, 0));
            rows.add(List.of(kind, phase(kind), per(b.calls(), BOOKINGS), micros(b, BOOKINGS), per(l.calls(), Math.max(1, losers)), micros(l, Math.max(1, losers))));
        }
        rows.add(List.of("**all calls to the server**", "", per(sumCalls(booked), BOOKINGS), String.format(java.util.Locale.ROOT, "%.0f", sumNanos(booked) / 1e3 / BOOKINGS),
                per(sumCalls(lost), Math.max(1, losers)), String.format(java.util.Locale.ROOT, "%.0f", sumNanos(lost) / 1e3 / Math.max(1, losers))));
        rows.add(List.of("Java side: jOOQ, engine, pool borrow/return", "other", "", String.format(java.util.Locale.ROOT, "%.0f", bookedWallNanos / 1e3 - sumNanos(booked) / 1e3 / BOOKINGS),
                "", String.format(java.util.Locale.ROOT, "%.0f", lostWallNanos / 1e3 - sumNanos(lost) / 1e3 / Math.max(1, losers))));
        md.table(List.of("call", "protocol step", "per booking", "µs per booking", "per TimeTaken", "µs per TimeTaken"), rows);

        Map<String, double[]> phases = new LinkedHashMap<>();
        for (String p : List.of(LOCKED_WRITE_PHASE, "lock", "checks", "write (savepoint, insert, release)", "commit")) {
            phases.put(p, new double[2]);
        }
        booked.forEach((kind, t) -> {
            double[] v = phases.computeIfAbsent(phase(kind), k -> new double[2]);
            v[0] += t.calls() / (double) BOOKINGS;
            v[1] += t.nanos() / 1e3 / BOOKINGS;
        });
        phases.put("Java side", new double[]{0, bookedWallNanos / 1e3 - sumNanos(booked) / 1e3 / BOOKINGS});
        List<List<String>> split = new ArrayList<>();
        double total = bookedWallNanos / 1e3;
        phases.forEach((p, v) -> split.add(List.of(p, v[0] == 0 ? "–" : String.format(java.util.Locale.ROOT, "%.1f", v[0]),
                String.format(java.util.Locale.ROOT, "%.0f", v[1]), String.format(java.util.Locale.ROOT, "%.0f%%", 100 * v[1] / total))));
        md.para("The split of a successful booking by protocol step (single writer, so no lock waits):");
        md.table(List.of("step", "round trips", "µs", "share"), split);
    }

    private static double statements(Map<String, JdbcCounter.Tally> t, int n) {
        return t.entrySet().stream().filter(e -> !phase(e.getKey()).equals("commit")
                        && !e.getKey().endsWith("Savepoint") && !e.getKey().equals("setSavepoint"))
                .mapToLong(e -> e.getValue().calls()).sum() / (double) n;
    }

    private static long sumCalls(Map<String, JdbcCounter.Tally> t) {
        return t.values().stream().mapToLong(JdbcCounter.Tally::calls).sum();
    }

    private static long sumNanos(Map<String, JdbcCounter.Tally> t) {
        return t.values().stream().mapToLong(JdbcCounter.Tally::nanos).sum();
    }

    private static String per(long calls, int n) {
        return calls == 0 ? "–" : String.format(java.util.Locale.ROOT, "%.2f", calls / (double) n);
    }

    private static String micros(JdbcCounter.Tally t, int n) {
        return t.calls() == 0 ? "–" : String.format(java.util.Locale.ROOT, "%.0f", t.nanos() / 1e3 / n);
    }
}
