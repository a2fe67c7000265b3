package app.salondesk.bench;

import app.salondesk.logic.booking.BookingEngine;
import app.salondesk.model.booking.BookingOutcome;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Savepoint;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicLong;
import javax.sql.DataSource;

/**
 * Figure 1: bookings per second and their latency through {@link BookingEngine#book} at 1, 4
 * and 16 writers, against a raw INSERT measured in the same rounds, on the same pool.
 * Rounds interleave the scenarios (raw, a, b, c, raw, a, …), so a neighbour's build that
 * slows the machine for a while hits the baseline and the engine alike; each ratio is taken
 * within a round and the median over rounds is reported.
 */
final class WriteBench {

    private static final Logger log = LoggerFactory.getLogger(WriteBench.class);

    static final int[] WRITERS = {1, 4, 16};

    enum Scenario {
        RAW("raw INSERT, no constraint, no lock (baseline)"),
        TABLE("plain INSERT into `bookings` (constraint, indexes, triggers), no lock"),
        TABLE_NO_NOTIFY("… the same with the `bookings_notify` trigger off (diagnostic)"),
        OWN("(a) engine, each writer its own master"),
        NAIVE_OWN("(a′) the usual protocol (lock, checks as SELECTs, INSERT in a savepoint), each writer its own master"),
        SHARED("(b) engine, all on one master, free times"),
        NAIVE_SHARED("(b′) the usual protocol, all on one master, free times"),
        CLASH("(c) engine, all on one master, the same time");

        final String label;

        Scenario(String label) {
            this.label = label;
        }
    }

    /** A same-shaped table without constraints, indexes or triggers: the floor for one INSERT. */
    private static final String RAW_INSERT = "INSERT INTO bench_raw_bookings (tenant_id, master_id, client_id, service_id, "
            + "starts_at, duration_min, status, request_id, source, note) VALUES (?, ?, ?, ?, ?, 30, 'confirmed', ?, 'form', '')";
    /**
     * The same statement into the real table, as a script would write it: tells the table's own
     * cost (exclusion constraint, five indexes, audit and notify triggers) from the protocol's.
     */
    private static final String TABLE_INSERT = RAW_INSERT.replace("bench_raw_bookings", "bookings").replace("'form'", "'sql'");

    record Cell(List<Driver.Round> rounds, List<Double> ratios) {

        double perSecond() {
            return Latency.median(rounds, Driver.Round::donePerSecond);
        }

        double attemptsPerSecond() {
            return Latency.median(rounds, Driver.Round::attemptsPerSecond);
        }

        Latency done() {
            return Latency.median(rounds.stream().map(Driver.Round::doneLatency).toList());
        }

        Latency lost() {
            return Latency.median(rounds.stream().map(Driver.Round::lostLatency).toList());
        }

        double ratio() {
            return ratios.isEmpty() ? Double.NaN : Latency.median(ratios, Double::doubleValue);
        }

        long sum(java.util.function.ToLongFunction<Driver.Round> f) {
            return rounds.stream().mapToLong(f).sum();
        }
    }

    private final BenchDatabase db;
    private final BenchConfig cfg;
    private final Driver driver;
    private final WriteSalon salon;
    private final WriteSalon clashSalon;
    private final WriteSalon plainSalon;
    private final BookingEngine engine;
    private final AtomicLong rawSlots = new AtomicLong();
    final Map<Integer, Map<Scenario, Cell>> cells = new LinkedHashMap<>();
    long overlapping = -1;
    long salonBookings;
    long clashBookings;

    /**
     * @param clashSalon (c) runs in a salon of its own, shaped like the first: a loser's slot
     *                   search grows with the salon's bookings, and (a) and (b) make thousands
     * @param plainSalon the plain INSERTs into {@code bookings} go here, each writer to its own master
     */
    WriteBench(BenchDatabase db, BenchConfig cfg, Driver driver, WriteSalon salon, WriteSalon clashSalon, WriteSalon plainSalon) {
        this.db = db;
        this.cfg = cfg;
        this.driver = driver;
        this.salon = salon;
        this.clashSalon = clashSalon;
        this.plainSalon = plainSalon;
        this.engine = new BookingEngine(db.dsl());
    }

    void run() {
        db.dsl().execute("DROP TABLE IF EXISTS bench_raw_bookings");
        db.dsl().execute("CREATE TABLE bench_raw_bookings (LIKE bookings INCLUDING DEFAULTS INCLUDING IDENTITY)");
        db.fillPool();
        log.info("figure 1: warming up (JIT, pool, prepared statements)");
        for (Scenario s : Scenario.values()) {
            if (s != Scenario.TABLE_NO_NOTIFY) {
                driver.run(4, Math.min(2, cfg.seconds()), op(s));
            }
        }
        for (int writers : WRITERS) {
            Map<Scenario, Cell> row = new EnumMap<>(Scenario.class);
            for (Scenario s : Scenario.values()) {
                row.put(s, new Cell(new ArrayList<>(), new ArrayList<>()));
            }
            for (int r = 1; r <= cfg.rounds(); r++) {
                Driver.Round raw = null;
                for (Scenario s : Scenario.values()) {
                    if (s == Scenario.CLASH && writers == 1) {
                        continue;   // one writer cannot collide with itself
                    }
                    if (s == Scenario.TABLE_NO_NOTIFY && !db.embedded()) {
                        continue;   // not on somebody else's server: it changes the table for everyone
                    }
                    if (s == Scenario.TABLE_NO_NOTIFY) {
                        notifyTrigger(false);
                    }
                    Driver.Round round;
                    try {
                        round = driver.run(writers, cfg.seconds(), op(s));
                    } finally {
                        if (s == Scenario.TABLE_NO_NOTIFY) {
                            notifyTrigger(true);
                        }
                    }
                    row.get(s).rounds().add(round);
                    if (s == Scenario.RAW) {
                        raw = round;
                    } else {
                        row.get(s).ratios().add(round.donePerSecond() / raw.donePerSecond());
                    }
                    log.info("figure 1: {} writer(s), round {}, {}: {}/s done, {} lost, {} other, {} errors, p99 {} ms",
                            writers, r, s, Markdown.num(round.donePerSecond()), round.lost() + round.lostEmpty(),
                            round.other(), round.errors(), Markdown.ms(round.doneLatency().p99()));
                }
            }
            cells.put(writers, row);
        }
        overlapping = Sql.overlapping(db.dsl(), salon.tenant) + Sql.overlapping(db.dsl(), clashSalon.tenant)
                + Sql.overlapping(db.dsl(), plainSalon.tenant);
        salonBookings = Sql.count(db.dsl(), "SELECT count(*) FROM bookings WHERE tenant_id = ?", salon.tenant);
        clashBookings = Sql.count(db.dsl(), "SELECT count(*) FROM bookings WHERE tenant_id = ?", clashSalon.tenant);
        log.info("figure 1: overlapping active bookings after all rounds: {}", overlapping);
    }

    private Driver.Op op(Scenario s) {
        switch (s) {
            case RAW:
                return this::rawInsert;
            case TABLE:
            case TABLE_NO_NOTIFY:
                return this::tableInsert;
            case OWN:
                return w -> kind(engine.book(salon.booking(salon.own.get(w), salon.freshSlot(salon.own.get(w)))));
            case SHARED:
                return w -> kind(engine.book(salon.booking(salon.shared, salon.freshSlot(salon.shared))));
            case NAIVE_OWN:
                return w -> naive(salon.own.get(w));
            case NAIVE_SHARED:
                return w -> naive(salon.shared);
            default:
                return w -> collide();
        }
    }

    private Driver.Kind rawInsert(int writer) throws Exception {
        DataSource ds = db.dataSource();
        // borrowed per insert, as the engine borrows per transaction: same pool, same cost
        try (Connection c = ds.getConnection(); PreparedStatement ps = c.prepareStatement(RAW_INSERT)) {
            ps.setLong(1, salon.tenant);
            ps.setLong(2, salon.own.get(writer));
            ps.setLong(3, salon.client);
            ps.setLong(4, salon.service);
            ps.setObject(5, WriteSalon.slot(rawSlots.getAndIncrement()).atOffset(ZoneOffset.UTC));
            ps.setObject(6, UUID.randomUUID());
            ps.executeUpdate();
        }
        return Driver.Kind.DONE;
    }

    private Driver.Kind tableInsert(int writer) throws Exception {
        long master = plainSalon.own.get(writer);
        try (Connection c = db.dataSource().getConnection(); PreparedStatement ps = c.prepareStatement(TABLE_INSERT)) {
            ps.setLong(1, plainSalon.tenant);
            ps.setLong(2, master);
            ps.setLong(3, plainSalon.client);
            ps.setLong(4, plainSalon.service);
            ps.setObject(5, plainSalon.freshSlot(master).atOffset(ZoneOffset.UTC));
            ps.setObject(6, UUID.randomUUID());
            ps.executeUpdate();
        }
        return Driver.Kind.DONE;
    }

    /**
     * The protocol a typical booking system uses, on the same table and lock, for a ratio
     * against the engine's two round trips: one round trip per step — the lock (with the
     * timeout), each rule as a SELECT of its own (master active and offering the service,
     * working hours, time off, overlap — bounded by starts_at as the rule book is), SAVEPOINT,
     * INSERT, RELEASE, COMMIT: nine round trips, the lock held for eight of them.
     */
    private Driver.Kind naive(long master) throws Exception {
        return naive(db.dataSource(), salon, master);
    }

    /** {@link #naive(long)} on any pool (issue 38 runs it through a relay that delays each round trip). */
    static Driver.Kind naive(DataSource pool, WriteSalon salon, long master) throws Exception {
        Instant start = salon.freshSlot(master);
        OffsetDateTime at = start.atOffset(ZoneOffset.UTC);
        try (Connection c = pool.getConnection()) {
            c.setAutoCommit(false);
            try {
                query(c, "SELECT set_config('lock_timeout', '5s', true), salondesk_lock_master(?, ?)", salon.tenant, master);
                boolean free = bool(c, "SELECT m.active AND EXISTS (SELECT 1 FROM master_services ms WHERE ms.tenant_id = m.tenant_id "
                        + "AND ms.master_id = m.id AND ms.service_id = ?) FROM masters m WHERE m.tenant_id = ? AND m.id = ?",
                        salon.service, salon.tenant, master)
                        && bool(c, "SELECT within_working_hours(?, ?, ?, 30)", salon.tenant, master, at)
                        && !bool(c, "SELECT EXISTS (SELECT 1 FROM master_time_off o WHERE o.tenant_id = ? AND o.master_id = ? "
                        + "AND o.starts_at < slot_end(?, 30) AND o.ends_at > ?)", salon.tenant, master, at, at)
                        && !bool(c, "SELECT EXISTS (SELECT 1 FROM bookings b WHERE b.tenant_id = ? AND b.master_id = ? "
                        + "AND b.status IN ('pending', 'confirmed', 'arrived') AND b.starts_at > ? - interval '720 minutes' "
                        + "AND b.starts_at < slot_end(?, 30) AND tstzrange(b.starts_at, slot_end(b.starts_at, b.duration_min)) "
                        + "&& tstzrange(?, slot_end(?, 30)))", salon.tenant, master, at, at, at, at);
                if (!free) {
                    c.rollback();
                    return Driver.Kind.OTHER;
                }
                Savepoint sp = c.setSavepoint();
                try (PreparedStatement ps = c.prepareStatement("INSERT INTO bookings (tenant_id, master_id, client_id, service_id, "
                        + "starts_at, duration_min, status, request_id, note) VALUES (?, ?, ?, ?, ?, 30, 'confirmed', ?, '')")) {
                    ps.setLong(1, salon.tenant);
                    ps.setLong(2, master);
                    ps.setLong(3, salon.client);
                    ps.setLong(4, salon.service);
                    ps.setObject(5, at);
                    ps.setObject(6, UUID.randomUUID());
                    ps.executeUpdate();
                }
                c.releaseSavepoint(sp);
                c.commit();
                return Driver.Kind.DONE;
            } catch (SQLException e) {
                c.rollback();
                throw e;
            }
        }
    }

    private static void query(Connection c, String sql, Object... binds) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement(sql)) {
            for (int i = 0; i < binds.length; i++) {
                ps.setObject(i + 1, binds[i]);
            }
            ps.executeQuery().close();
        }
    }

    private static boolean bool(Connection c, String sql, Object... binds) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement(sql)) {
            for (int i = 0; i < binds.length; i++) {
                ps.setObject(i + 1, binds[i]);
            }
            try (ResultSet rs = ps.executeQuery()) {
                return rs.next() && rs.getBoolean(1);
            }
        }
    }

    /**
     * A diagnostic only, on our own server while nothing else runs: whether the notify
     * trigger is what keeps commits from overlapping (PostgreSQL serialises the commits of
     * transactions that sent a NOTIFY, see BENCHMARKS.md).
     */
    private void notifyTrigger(boolean on) {
        try (Connection c = db.admin(); java.sql.Statement st = c.createStatement()) {
            st.execute("ALTER TABLE bookings " + (on ? "ENABLE" : "DISABLE") + " TRIGGER bookings_notify");
        } catch (java.sql.SQLException e) {
            throw new IllegalStateException("could not switch the notify trigger " + (on ? "on" : "off"), e);
        }
    }

    /** Everyone books the clash master's current slot; whoever wins moves everyone on to the next. */
    private Driver.Kind collide() {
        AtomicLong current = clashSalon.counter(clashSalon.clash);
        long k = current.get();
        BookingOutcome outcome = engine.book(clashSalon.booking(clashSalon.clash, WriteSalon.slot(k)));
        if (outcome instanceof BookingOutcome.Booked) {
            current.compareAndSet(k, k + 1);
        }
        return kind(outcome);
    }

    static Driver.Kind kind(BookingOutcome outcome) {
        if (outcome instanceof BookingOutcome.Booked) {
            return Driver.Kind.DONE;
        }
        if (outcome instanceof BookingOutcome.TimeTaken t) {
            return t.nearestFree().isEmpty() ? Driver.Kind.LOST_EMPTY : Driver.Kind.LOST;
        }
        log.debug("unexpected outcome {}", outcome);
        return Driver.Kind.OTHER;
    }

    // ---- report ---------------------------------------------------------------------------

    /** Bookings/s of {@code a} over {@code b}, taken within each round, median over rounds. */
    private static double sameRound(Cell a, Cell b) {
        List<Double> ratios = new ArrayList<>();
        for (int i = 0; i < Math.min(a.rounds().size(), b.rounds().size()); i++) {
            ratios.add(a.rounds().get(i).donePerSecond() / b.rounds().get(i).donePerSecond());
        }
        return ratios.isEmpty() ? Double.NaN : Latency.median(ratios, Double::doubleValue);
    }

    Cell cell(int writers, Scenario s) {
        return cells.get(writers).get(s);
    }

    void report(Markdown md) {
        md.heading(2, "1. Booking throughput and latency");
        md.para("Each cell is the median of " + cfg.rounds() + " rounds of " + cfg.seconds() + " s (after a warm-up); "
                + "latencies are per call of `BookingEngine.book` (the whole transaction, pool borrow included), "
                + "or per autocommit INSERT for the baseline. *engine/raw* is bookings/s divided by the raw inserts/s "
                + "of the same round, median over rounds. A booking is what the form sends: an existing client, a "
                + "30-minute service, a new request id. The salon has 18 masters working 08:00–20:00; the bookings "
                + "table already holds the calendar figures' rows of another salon. The two plain-INSERT rows are "
                + "not goals but a second reference: what the table itself costs, with no protocol around it; their ratio "
                + "is against the raw baseline too.");
        List<List<String>> rows = new ArrayList<>();
        for (int w : WRITERS) {
            for (Scenario s : List.of(Scenario.RAW, Scenario.TABLE, Scenario.TABLE_NO_NOTIFY, Scenario.OWN, Scenario.NAIVE_OWN,
                    Scenario.SHARED, Scenario.NAIVE_SHARED)) {
                Cell c = cell(w, s);
                if (c.rounds().isEmpty()) {
                    continue;
                }
                Latency l = c.done();
                rows.add(List.of(Integer.toString(w), s.label, Markdown.num(c.perSecond()), Markdown.ms(l.p50()),
                        Markdown.ms(l.p95()), Markdown.ms(l.p99()), s == Scenario.RAW ? "1.00×" : Markdown.ratio(c.ratio()),
                        Long.toString(c.sum(Driver.Round::other) + c.sum(Driver.Round::errors)
                                + c.sum(Driver.Round::lost) + c.sum(Driver.Round::lostEmpty))));
            }
        }
        md.table(List.of("writers", "scenario", "bookings/s", "p50 ms", "p95 ms", "p99 ms", "engine/raw", "not booked"), rows);
        List<List<String>> versus = new ArrayList<>();
        for (int w : WRITERS) {
            versus.add(List.of(Integer.toString(w), Markdown.ratio(sameRound(cell(w, Scenario.OWN), cell(w, Scenario.NAIVE_OWN))),
                    Markdown.ratio(sameRound(cell(w, Scenario.SHARED), cell(w, Scenario.NAIVE_SHARED)))));
        }
        md.para("The engine against the usual protocol ((a′), (b′): the lock, then each rule as a SELECT of its own, then "
                + "SAVEPOINT, INSERT, RELEASE, COMMIT — nine round trips, the lock held for eight; the same table, lock "
                + "and rules): bookings/s of the engine divided by the usual protocol's in the same round, median over rounds.");
        md.table(List.of("writers", "(a) / (a′) own masters", "(b) / (b′) one master"), versus);

        List<List<String>> clash = new ArrayList<>();
        for (int w : WRITERS) {
            if (w == 1) {
                continue;
            }
            Cell c = cell(w, Scenario.CLASH);
            Latency lost = c.lost();
            Latency won = c.done();
            long losers = c.sum(Driver.Round::lost) + c.sum(Driver.Round::lostEmpty);
            clash.add(List.of(Integer.toString(w), Markdown.num(c.perSecond()), Markdown.num(c.attemptsPerSecond()),
                    Long.toString(losers), Markdown.ms(lost.p50()), Markdown.ms(lost.p95()), Markdown.ms(lost.p99()),
                    losers == 0 ? "–" : String.format(java.util.Locale.ROOT, "%.0f%%", 100.0 * c.sum(Driver.Round::lost) / losers),
                    Markdown.ms(won.p50()), Markdown.ms(won.p99()),
                    Long.toString(c.sum(Driver.Round::other)), Long.toString(c.sum(Driver.Round::errors))));
        }
        md.para("(c) all writers aim at the same slot of one master; whoever wins moves everybody on to the next "
                + "slot. A loser gets `TimeTaken` with the nearest free slots, searched after its transaction has "
                + "ended, without the master's lock (ADR 5, since issue 13). This runs in a second salon of the same shape (18 masters, "
                + "08:00–20:00), which ends with " + clashBookings + " bookings; the first ends with " + salonBookings + ". "
                + "*TryAgain/other* are mostly `TryAgain` (the lock not granted within the engine's 5 s `lock_timeout`); "
                + "*errors* are calls that threw, e.g. a statement cancelled by the harness's " + cfg.statementTimeoutSeconds()
                + " s `statement_timeout`. All counts are totals over the rounds.");
        md.table(List.of("writers", "bookings/s", "attempts/s", "losers", "loser p50 ms", "loser p95 ms", "loser p99 ms",
                "losers offered slots", "winner p50 ms", "winner p99 ms", "TryAgain/other", "errors"), clash);
        md.para("Overlapping active bookings in the two salons after all rounds: **" + overlapping + "**.");
    }
}
