package app.salondesk.bench;

import app.salondesk.logic.booking.FreeSlotFinder;
import app.salondesk.logic.booking.ScheduleRepository;
import app.salondesk.model.booking.FreeSlot;
import app.salondesk.model.booking.ScheduledBooking;
import org.HdrHistogram.Histogram;
import org.jooq.Configuration;
import org.jooq.DSLContext;
import org.jooq.ExecuteContext;
import org.jooq.ExecuteListener;
import org.jooq.conf.Settings;
import org.jooq.conf.StatementType;
import org.jooq.exception.DataAccessException;
import org.jooq.impl.DSL;
import org.jooq.impl.DefaultExecuteListenerProvider;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Supplier;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Figures 3 and 4: calendar loads through {@link ScheduleRepository#findRange} with 10 k,
 * 100 k and 1 M bookings in the table, and {@link FreeSlotFinder} at the largest size.
 *
 * <p>The salon has 30 masters, each with 20 half-hour bookings a day (08:00–18:00; one a day
 * cancelled, one completed), working 08:00–20:00. Rows are made in SQL, one INSERT … SELECT
 * generate_series per size, day after day from 2031-03-03: the first 10 000 rows already
 * cover the measured day and week, so every size answers the same question with the same
 * rows and only the table around them grows.
 */
final class CalendarBench {

    private static final Logger log = LoggerFactory.getLogger(CalendarBench.class);

    static final ZoneId ZONE = ZoneId.of("Europe/Kyiv");
    static final int MASTERS = 30;
    static final int PER_MASTER_DAY = 20;
    static final int CLIENTS = 200;
    static final LocalDate FIRST_DAY = LocalDate.of(2031, 3, 3);
    /** Day 8 and days 5–11: inside the first 10 000 rows (600 a day). */
    static final LocalDate DAY = FIRST_DAY.plusDays(8);
    static final LocalDate WEEK = FIRST_DAY.plusDays(5);
    static final int[] SIZES = {10_000, 100_000, 1_000_000};
    private static final int QUERIES_PER_ROUND = 200;
    private static final int FINDER_CALLS_PER_ROUND = 10;
    private static final int FINDER_BUDGET_SECONDS = 30;
    private static final int GROWTH_BUDGET_SECONDS = 15;
    private static final String ALONE = "the whole reach, only the wished master offers the service";

    private static final String LOAD = """
            INSERT INTO bookings (tenant_id, master_id, client_id, service_id, starts_at, duration_min, status, source)
            SELECT t.id, m.ids[(1 + (i %% %1$d) / %2$d)::int], c.ids[(1 + i %% %3$d)::int], t.service,
                   ((DATE '%4$s' + (i / %1$d)::int) + TIME '08:00' + make_interval(mins => 30 * (i %% %2$d)::int)) AT TIME ZONE '%5$s',
                   30,
                   CASE (i %% %2$d)::int WHEN 7 THEN 'cancelled' WHEN 13 THEN 'completed' ELSE 'confirmed' END,
                   'sql'
              FROM (SELECT CAST(? AS bigint) AS id, CAST(? AS bigint) AS service) t,
                   (SELECT array_agg(id ORDER BY id) AS ids FROM masters WHERE tenant_id = CAST(? AS bigint)) m,
                   (SELECT array_agg(id ORDER BY id) AS ids FROM clients WHERE tenant_id = CAST(? AS bigint)) c,
                   generate_series(CAST(? AS bigint), CAST(? AS bigint)) AS i
            """.formatted(MASTERS * PER_MASTER_DAY, PER_MASTER_DAY, CLIENTS, FIRST_DAY, ZONE.getId());

    private static final Pattern INDEX = Pattern.compile("(?:Index Scan|Index Only Scan|Bitmap Index Scan)(?: Backward)? (?:using|on) (\\w+)");

    record Plan(String text, Set<String> indexes, boolean seqScan) {
    }

    record Level(int rows, long tableRows, double loadSeconds, Latency day, Latency week, int dayRows, int weekRows,
                 Plan dayPlan, Plan weekPlan) {
    }

    record Finder(String question, int calls, Latency latency, int slots, int timedCalls, boolean timedOut) {
    }

    private final BenchDatabase db;
    private final BenchConfig cfg;
    private long tenant;
    private long cut;
    private long solo;
    private final List<Long> masters = new ArrayList<>();
    final List<Level> levels = new ArrayList<>();
    final List<Finder> finder = new ArrayList<>();
    final List<Finder> finderGrowth = new ArrayList<>();

    CalendarBench(BenchDatabase db, BenchConfig cfg) {
        this.db = db;
        this.cfg = cfg;
    }

    void run() {
        setUp();
        int loaded = 0;
        for (int size : sizes()) {
            double seconds = load(loaded, size);
            loaded = size;
            Level level = measure(size, seconds);
            levels.add(level);
            measureFinderGrowth(level.tableRows());
        }
        measureFinder();
    }

    private List<Integer> sizes() {
        List<Integer> out = new ArrayList<>();
        for (int s : SIZES) {
            if (s <= cfg.rows()) {
                out.add(s);
            }
        }
        if (out.isEmpty() || out.get(out.size() - 1) != cfg.rows()) {
            out.add(cfg.rows());
        }
        return out;
    }

    private void setUp() {
        DSLContext dsl = db.dsl();
        tenant = Sql.id(dsl, "INSERT INTO tenants (name, time_zone) VALUES ('Benchmark: calendar', ?) RETURNING id", ZONE.getId());
        cut = Sql.id(dsl, "INSERT INTO services (tenant_id, name, duration_min, price) VALUES (?, 'Cut', 30, 400) RETURNING id", tenant);
        solo = Sql.id(dsl, "INSERT INTO services (tenant_id, name, duration_min, price) VALUES (?, 'Only master 1 does it', 30, 900) RETURNING id", tenant);
        for (int i = 1; i <= MASTERS; i++) {
            long m = Sql.id(dsl, "INSERT INTO masters (tenant_id, name, sort_order) VALUES (?, ?, ?) RETURNING id", tenant, "Master " + i, i);
            masters.add(m);
            dsl.execute("INSERT INTO master_working_hours (tenant_id, master_id, weekday, starts_at, ends_at) "
                    + "SELECT ?, ?, d, '08:00', '20:00' FROM generate_series(1, 7) AS d", tenant, m);
            dsl.execute("INSERT INTO master_services (tenant_id, master_id, service_id) VALUES (?, ?, ?)", tenant, m, cut);
        }
        dsl.execute("INSERT INTO master_services (tenant_id, master_id, service_id) VALUES (?, ?, ?)", tenant, masters.get(0), solo);
        dsl.execute("INSERT INTO clients (tenant_id, name) SELECT ?, 'Client ' || n FROM generate_series(1, ?) AS n", tenant, CLIENTS);
    }

    /** Rows number {@code from} … {@code to - 1}; returns the seconds it took, VACUUM ANALYZE included. */
    private double load(int from, int to) {
        log.info("figures 3-4: generating bookings {} … {}", from, to - 1);
        long t0 = System.nanoTime();
        double insert;
        try (Connection c = db.admin()) {
            c.setAutoCommit(false);
            try (Statement st = c.createStatement(); PreparedStatement ps = c.prepareStatement(LOAD)) {
                // Background rows, not changes anyone made: no history rows and no million
                // notifications. Disabled inside this transaction only (ALTER TABLE locks the
                // table until commit, so no other writer ever sees the triggers off).
                st.execute("ALTER TABLE bookings DISABLE TRIGGER bookings_audit, DISABLE TRIGGER bookings_notify");
                ps.setLong(1, tenant);
                ps.setLong(2, cut);
                ps.setLong(3, tenant);
                ps.setLong(4, tenant);
                ps.setLong(5, from);
                ps.setLong(6, to - 1);
                ps.executeUpdate();
                st.execute("ALTER TABLE bookings ENABLE TRIGGER bookings_audit, ENABLE TRIGGER bookings_notify");
            }
            c.commit();
            insert = (System.nanoTime() - t0) / 1e9;
            c.setAutoCommit(true);
            try (Statement st = c.createStatement()) {
                // VACUUM, not only ANALYZE: it sets hint bits and the visibility map, the steady
                // state autovacuum brings a real server to, instead of the first reads doing it
                st.execute("VACUUM (ANALYZE) bookings");
                checkpoint(st);
            }
        } catch (SQLException e) {
            throw new IllegalStateException("loading bookings failed", e);
        }
        double seconds = (System.nanoTime() - t0) / 1e9;
        log.info("figures 3-4: {} rows inserted in {} s, {} s with VACUUM ANALYZE and CHECKPOINT",
                to - from, String.format(Locale.ROOT, "%.1f", insert), String.format(Locale.ROOT, "%.1f", seconds));
        return seconds;
    }

    /** A checkpoint now rather than in the middle of the next timed round. */
    private static void checkpoint(Statement st) {
        try {
            st.execute("CHECKPOINT");
        } catch (SQLException e) {
            log.info("CHECKPOINT refused ({}): not a superuser; timings may include one", e.getSQLState());
        }
    }

    private Level measure(int size, double loadSeconds) {
        ScheduleRepository repo = new ScheduleRepository(db.dsl());
        Instant dayFrom = DAY.atStartOfDay(ZONE).toInstant();
        Instant dayTo = DAY.plusDays(1).atStartOfDay(ZONE).toInstant();
        Instant weekFrom = WEEK.atStartOfDay(ZONE).toInstant();
        Instant weekTo = WEEK.plusDays(7).atStartOfDay(ZONE).toInstant();
        List<Long> one = List.of(masters.get(0));
        Supplier<List<ScheduledBooking>> day = () -> repo.findRange(tenant, masters, dayFrom, dayTo, false);
        Supplier<List<ScheduledBooking>> week = () -> repo.findRange(tenant, one, weekFrom, weekTo, false);
        for (int i = 0; i < 50; i++) {
            day.get();
            week.get();
        }
        List<Latency> dayRounds = new ArrayList<>();
        List<Latency> weekRounds = new ArrayList<>();
        int dayRows = 0;
        int weekRows = 0;
        for (int r = 0; r < cfg.rounds(); r++) {
            Histogram d = Latency.histogram();
            Histogram w = Latency.histogram();
            for (int i = 0; i < QUERIES_PER_ROUND; i++) {
                long t0 = System.nanoTime();
                dayRows = day.get().size();
                long t1 = System.nanoTime();
                weekRows = week.get().size();
                long t2 = System.nanoTime();
                d.recordValue(t1 - t0);
                w.recordValue(t2 - t1);
            }
            dayRounds.add(Latency.of(d));
            weekRounds.add(Latency.of(w));
        }
        long tableRows = Sql.count(db.dsl(), "SELECT count(*) FROM bookings");
        Plan dayPlan = explain(dsl -> new ScheduleRepository(dsl).findRange(tenant, masters, dayFrom, dayTo, false));
        Plan weekPlan = explain(dsl -> new ScheduleRepository(dsl).findRange(tenant, one, weekFrom, weekTo, false));
        Level level = new Level(size, tableRows, loadSeconds, Latency.median(dayRounds), Latency.median(weekRounds),
                dayRows, weekRows, dayPlan, weekPlan);
        log.info("figure 3: {} rows: day of 30 masters p50 {} ms p99 {} ms ({} bookings, {}), week of one p50 {} ms p99 {} ms ({})",
                tableRows, Markdown.ms(level.day().p50()), Markdown.ms(level.day().p99()), dayRows, dayPlan.indexes(),
                Markdown.ms(level.week().p50()), Markdown.ms(level.week().p99()), weekPlan.indexes());
        return level;
    }

    /**
     * EXPLAIN ANALYZE of exactly the SQL the repository sends, caught on its way out with the
     * values inlined (so this is the plan for these values; the driver's prepared statement
     * may settle on a generic plan after five runs, which uses the same index here).
     */
    private Plan explain(java.util.function.Consumer<DSLContext> query) {
        AtomicReference<String> sql = new AtomicReference<>();
        Settings inlined = ((Settings) db.dsl().settings().clone()).withStatementType(StatementType.STATIC_STATEMENT);
        Configuration c = db.dsl().configuration().derive(inlined)
                .derive(new DefaultExecuteListenerProvider(new ExecuteListener() {
                    @Override
                    public void executeStart(ExecuteContext ctx) {
                        sql.set(ctx.sql());
                    }
                }));
        query.accept(DSL.using(c));
        StringBuilder plan = new StringBuilder();
        // plain JDBC: the inlined SQL goes to the server as it is, with no templating on the way
        try (Connection conn = db.admin(); Statement st = conn.createStatement();
             ResultSet rs = st.executeQuery("EXPLAIN (ANALYZE, BUFFERS, COSTS OFF) " + sql.get())) {
            while (rs.next()) {
                plan.append(rs.getString(1)).append('\n');
            }
        } catch (SQLException e) {
            throw new IllegalStateException("EXPLAIN failed for " + sql.get(), e);
        }
        String text = plan.toString().strip();
        Set<String> indexes = new LinkedHashSet<>();
        Matcher m = INDEX.matcher(text);
        while (m.find()) {
            if (m.group(1).startsWith("bookings")) {   // the joins' small tables do not matter here
                indexes.add(m.group(1));
            }
        }
        return new Plan(text, indexes, text.contains("Seq Scan on bookings"));
    }

    private FreeSlotFinder.Question alone() {
        return wholeReach(DAY.atStartOfDay(ZONE).toInstant(), masters.get(0), solo);
    }

    /** Every free start from the day before to a week after (200 per group: all of them), other masters too. */
    private FreeSlotFinder.Question wholeReach(Instant wished, long master, long service) {
        return new FreeSlotFinder.Question(tenant, 30, wished, master, service, null, 15, 200, true, false);
    }

    /** The cheapest question at every size, to show how the finder grows with the table. */
    private void measureFinderGrowth(long tableRows) {
        FreeSlotFinder.Question q = alone();
        Finder f = time(ALONE + " (" + String.format(Locale.ROOT, "%,d", tableRows) + " rows)", 1,
                () -> FreeSlotFinder.find(db.dsl(), q), GROWTH_BUDGET_SECONDS);
        finderGrowth.add(f);
    }

    private void measureFinder() {
        Instant dayStart = DAY.atStartOfDay(ZONE).toInstant();
        long first = masters.get(0);
        // the booking form's question (BookingFormViewModel: the chosen master's free starts of one day)
        FreeSlotFinder.Question form = FreeSlotFinder.Question.dayOf(tenant, 30, dayStart, first, cut, null, 15);
        // the engine's question to a loser (BookingEngine: wished = the refused start, 3 per group, widening)
        FreeSlotFinder.Question loser = FreeSlotFinder.Question.nearest(tenant, 30, DAY.atTime(14, 0).atZone(ZONE).toInstant(),
                first, cut, null, 15, 3);
        FreeSlotFinder.Question reach = wholeReach(dayStart, first, cut);
        FreeSlotFinder.Question later = wholeReach(DAY.plusDays(8).atStartOfDay(ZONE).toInstant(), first, cut);
        DSLContext dsl = db.dsl();
        finder.add(time("a day of one master, as the form asks for its free-start chips", 1, () -> FreeSlotFinder.find(dsl, form),
                FINDER_BUDGET_SECONDS));
        Finder last = finderGrowth.get(finderGrowth.size() - 1);
        finder.add(new Finder(ALONE, last.calls(), last.latency(), last.slots(), last.timedCalls(), last.timedOut()));
        // two windows: the wished day has nothing free before 14:00, day −1 … +1 has the evening before
        finder.add(time("nearest 3 + 3 around a taken 14:00, as the engine asks a loser (30 masters offer the service)", 2,
                () -> FreeSlotFinder.find(dsl, loser), FINDER_BUDGET_SECONDS));
        finder.add(time("the whole reach, day −1 … +7, all free starts of 30 masters", 1, () -> FreeSlotFinder.find(dsl, reach),
                FINDER_BUDGET_SECONDS));
        finder.add(time("next 14 days (two whole-reach questions: day D and D+8)", 2, () -> {
            List<FreeSlot> all = new ArrayList<>(FreeSlotFinder.find(dsl, reach));
            all.addAll(FreeSlotFinder.find(dsl, later));
            return all;
        }, FINDER_BUDGET_SECONDS));
    }

    /**
     * Times a question: 2 warm-up calls, then up to {@value #FINDER_CALLS_PER_ROUND} per round,
     * within {@code budgetSeconds} in all; a call the pool's statement_timeout
     * cancels ends the question (reported as timed out).
     */
    private Finder time(String question, int calls, Supplier<List<FreeSlot>> call, int budgetSeconds) {
        long deadline = System.nanoTime() + budgetSeconds * 1_000_000_000L;
        List<Latency> rounds = new ArrayList<>();
        int slots = 0;
        int made = 0;
        boolean timedOut = false;
        try {
            for (int i = 0; i < 2 && System.nanoTime() < deadline; i++) {
                call.get();
            }
            for (int r = 0; r < cfg.rounds(); r++) {
                Histogram h = Latency.histogram();
                for (int i = 0; i < FINDER_CALLS_PER_ROUND && System.nanoTime() < deadline; i++) {
                    long t0 = System.nanoTime();
                    slots = call.get().size();
                    h.recordValue(System.nanoTime() - t0);
                    made++;
                }
                rounds.add(Latency.of(h));
            }
        } catch (DataAccessException e) {
            if (!"57014".equals(e.sqlState())) {
                throw e;
            }
            timedOut = true;
            log.warn("figure 4: {}: cancelled by statement_timeout ({} s)", question, cfg.statementTimeoutSeconds());
        }
        Finder f = new Finder(question, calls, Latency.median(rounds), slots, made, timedOut);
        log.info("figure 4: {}: p50 {} ms, p99 {} ms, {} slots, {} timed calls{}", question, Markdown.ms(f.latency().p50()),
                Markdown.ms(f.latency().p99()), slots, made, timedOut ? ", then a call timed out" : "");
        return f;
    }

    long tenant() {
        return tenant;
    }

    List<Long> masters() {
        return List.copyOf(masters);
    }

    // ---- report ---------------------------------------------------------------------------

    Level first() {
        return levels.get(0);
    }

    Level last() {
        return levels.get(levels.size() - 1);
    }

    void report(Markdown md) {
        md.heading(2, "3. Calendar loads (`ScheduleRepository.findRange`)");
        md.para("A day of 30 masters (" + DAY + ", " + first().dayRows() + " bookings shown) and a week of one master ("
                + WEEK + " … " + WEEK.plusDays(6) + ", " + first().weekRows() + " bookings), cancelled ones left out as the "
                + "calendar does. Each size: " + cfg.rounds() + " rounds of " + QUERIES_PER_ROUND + " loads of each after 50 warm-up "
                + "ones; p50/p99 are medians over the rounds. The rows are generated in SQL (no history, no notifications), "
                + "then `VACUUM (ANALYZE)`; load time includes that.");
        List<List<String>> rows = new ArrayList<>();
        for (Level l : levels) {
            rows.add(List.of(String.format(Locale.ROOT, "%,d", l.tableRows()), Markdown.ms(l.day().p50()), Markdown.ms(l.day().p99()),
                    plan(l.dayPlan()), Markdown.ms(l.week().p50()), Markdown.ms(l.week().p99()), plan(l.weekPlan()),
                    String.format(Locale.ROOT, "%.1f s", l.loadSeconds())));
        }
        if (levels.size() > 1) {
            Level a = first();
            Level b = last();
            rows.add(List.of("**growth " + short_(b.rows()) + " / " + short_(a.rows()) + "**",
                    Markdown.ratio(b.day().p50() / a.day().p50()), Markdown.ratio(b.day().p99() / a.day().p99()), "",
                    Markdown.ratio(b.week().p50() / a.week().p50()), Markdown.ratio(b.week().p99() / a.week().p99()), "", ""));
        }
        md.table(List.of("bookings in the table", "day ×30 p50 ms", "day ×30 p99 ms", "day plan", "week ×1 p50 ms",
                "week ×1 p99 ms", "week plan", "load"), rows);
        md.para("Plan of the day view at " + String.format(Locale.ROOT, "%,d", last().tableRows()) + " rows (EXPLAIN ANALYZE of the SQL the repository sends):");
        md.code(last().dayPlan().text());

        md.heading(2, "4. Free-slot finder at " + String.format(Locale.ROOT, "%,d", last().tableRows()) + " bookings");
        md.para("`FreeSlotFinder.find` walks a window of salon days on a 15-minute grid over the working hours of "
                + "every candidate master, one SQL statement per window, and ranks the free starts by distance. The form's "
                + "chips ask for one master's one day. A loser's \"nearest 3 + 3\" tries the wished day, then day −1 … +1, "
                + "then the whole reach (day −1 … +7); each group (the wished master; the others) stops at the first window "
                + "that holds 3 free starts on each side of the wished time (1 to 3 statements; here 2, as the wished day is "
                + "booked solid before 14:00). The whole-reach rows are the "
                + "widest question the finder answers (the form asked it before this change), \"next 14 days\" needs two. "
                + "Here every master works 08:00–20:00 and is booked 08:00–18:00. "
                + "Up to " + cfg.rounds() + " rounds of " + FINDER_CALLS_PER_ROUND + " calls after 2 warm-up ones, at most "
                + FINDER_BUDGET_SECONDS + " s per question; a call the pool's statement_timeout (" + cfg.statementTimeoutSeconds()
                + " s) cancels ends the question.");
        List<List<String>> f = new ArrayList<>();
        for (Finder x : finder) {
            f.add(List.of(x.question(), Integer.toString(x.calls()), Integer.toString(x.timedCalls()),
                    Markdown.ms(x.latency().p50()), Markdown.ms(x.latency().p99()),
                    x.timedOut() ? "**> " + cfg.statementTimeoutSeconds() + " s: cancelled**" : Integer.toString(x.slots())));
        }
        md.table(List.of("question", "SQL calls each", "timed calls", "p50 ms", "p99 ms", "slots returned"), f);
        md.para("The cheapest of these questions (one candidate master) at every size of the table, measured right after "
                + "the calendar loads of that size (at most " + GROWTH_BUDGET_SECONDS + " s each):");
        List<List<String>> g = new ArrayList<>();
        for (Finder x : finderGrowth) {
            g.add(List.of(x.question(), Integer.toString(x.timedCalls()), Markdown.ms(x.latency().p50()), Markdown.ms(x.latency().p99()),
                    x.timedOut() ? "**> " + cfg.statementTimeoutSeconds() + " s: cancelled**" : Integer.toString(x.slots())));
        }
        md.table(List.of("question", "timed calls", "p50 ms", "p99 ms", "slots returned"), g);
    }

    private static String plan(Plan p) {
        String idx = p.indexes().isEmpty() ? "no index" : String.join(", ", p.indexes());
        return p.seqScan() ? idx + " + **Seq Scan**" : idx;
    }

    private static String short_(int n) {
        return n >= 1_000_000 ? n / 1_000_000 + " M" : n >= 1000 ? n / 1000 + " k" : Integer.toString(n);
    }
}
