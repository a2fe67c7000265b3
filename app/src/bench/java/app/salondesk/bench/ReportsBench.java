package app.salondesk.bench;

import app.salondesk.logic.reports.ReportsRepository;
import app.salondesk.logic.staff.StaffRepository;
import app.salondesk.model.reports.ReportPeriod;
import app.salondesk.model.reports.SalonReport;
import com.zaxxer.hikari.HikariDataSource;
import org.jooq.DSLContext;
import org.jooq.SQLDialect;
import org.jooq.impl.DSL;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.sql.Connection;
import java.sql.Statement;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

/**
 * Figure 11 (issue 35): how long a manager's report takes (migration 50's functions, read by
 * {@link ReportsRepository}: days, clients, masters, services — the whole Reports window) for a salon of 30
 * masters over a year, at 10 000, 150 000 and 1 000 000 bookings in its table (-Dbench.reports.sizes), with a
 * year of sales (150 000), as the owner and as a manager's login (row-level security); then the chain's view:
 * 100 salons' month side by side. The goal is ≤ 200 ms p95 for a report, ≤ 1 s for the chain of 100. Seeded in
 * bulk with the triggers off (the seeding is not what is measured); the year's bookings are the last
 * 365 days of each size (10 000 bookings are all of it).
 */
final class ReportsBench {

    private static final Logger log = LoggerFactory.getLogger(ReportsBench.class);

    static final int MASTERS = 30;
    static final int SALES = 150_000;
    static final int CHAIN = 100;
    static final int CHAIN_BOOKINGS = 1_500;
    /** bookings per master per day: 14 half-hour slots */
    private static final int SLOTS = 14;
    private static final int READS = Integer.getInteger("bench.reports.reads", 20);

    private final BenchDatabase db;
    private final List<Integer> sizes;
    /** what -> who -> ms per read */
    private final Map<String, Map<String, List<Double>>> reads = new LinkedHashMap<>();
    /** the counters' figures compared with the rows', one line a function and salon */
    private final List<String> checks = new ArrayList<>();

    ReportsBench(BenchDatabase db) {
        this.db = db;
        List<Integer> s = new ArrayList<>();
        for (String n : System.getProperty("bench.reports.sizes", "10000,150000,1000000").split(",")) {
            s.add(Integer.parseInt(n.strip()));
        }
        this.sizes = s;
    }

    void run() throws Exception {
        installBefore();
        for (int size : sizes) {
            salon(size);
        }
        if (db.embedded()) {
            try {
                writeCost();   // not on somebody else's server: it switches a trigger of the table off for everyone
            } catch (Exception e) {
                log.error("the write-cost figure failed; the reports' figures stand", e);
            }
        }
        chain();
    }

    /**
     * What migration 53's counters cost a booking's write: bookings made one after another through the engine (its
     * lock, rules, savepoint, every trigger) on a salon of 5 masters, in blocks of 50 with the counters' triggers on and
     * off in turn (ABAB…, so the machine's load falls on both alike); then the counters are rebuilt.
     */
    private void writeCost() throws Exception {
        DSLContext dsl = db.dsl();
        long tenant = Sql.id(dsl, "INSERT INTO tenants (name, time_zone) VALUES (?, 'Europe/Kyiv') RETURNING id", "Benchmark: a booking's write");
        seed(tenant, 1_000, first(20), first(20), 100, 5, 300);
        List<Long> masters = dsl.fetch("SELECT id FROM masters WHERE tenant_id = ? ORDER BY id", tenant).getValues(0, Long.class);
        long client = Sql.id(dsl, "SELECT min(id) FROM clients WHERE tenant_id = ?", tenant);
        app.salondesk.logic.booking.BookingEngine engine = new app.salondesk.logic.booking.BookingEngine(dsl);
        LocalDate day = LocalDate.now(java.time.ZoneId.of("Europe/Kyiv")).plusDays(30);
        List<Double> on = new ArrayList<>();
        List<Double> off = new ArrayList<>();
        int n = 0;
        for (int block = 0; block < 8; block++) {
            boolean counted = block % 2 == 0;
            try (Connection c = db.admin(); Statement st = c.createStatement()) {
                String how = counted ? "ENABLE" : "DISABLE";
                st.execute("ALTER TABLE bookings " + how + " TRIGGER bookings_keep_day_counts, " + how + " TRIGGER bookings_keep_day_counts_again, "
                        + how + " TRIGGER bookings_keep_client_days, " + how + " TRIGGER bookings_keep_client_days_again");
            }
            for (int i = 0; i < 50; i++, n++) {
                // 20 half-hour slots 09:00–19:00 a master's day, 5 masters, then the next day: never taken
                java.time.Instant start = day.plusDays(n / 100).atTime(9, 0).plusMinutes(30L * ((n / 5) % 20))
                        .atZone(java.time.ZoneId.of("Europe/Kyiv")).toInstant();
                app.salondesk.model.booking.NewBooking b = new app.salondesk.model.booking.NewBooking(tenant, masters.get(n % 5), client, null,
                        null, start, 30, "", java.util.UUID.randomUUID(), app.salondesk.model.booking.Source.FORM, false);
                long t0 = System.nanoTime();
                Object outcome = engine.book(b);
                double ms = (System.nanoTime() - t0) / 1e6;
                if (!(outcome instanceof app.salondesk.model.booking.BookingOutcome.Booked)) {
                    throw new IllegalStateException("the write-cost booking " + n + " was not made: " + outcome);
                }
                (counted ? on : off).add(ms);
            }
        }
        try (Connection c = db.admin(); Statement st = c.createStatement()) {
            st.execute("ALTER TABLE bookings ENABLE TRIGGER bookings_keep_day_counts, ENABLE TRIGGER bookings_keep_day_counts_again, "
                    + "ENABLE TRIGGER bookings_keep_client_days, ENABLE TRIGGER bookings_keep_client_days_again");
            st.execute("SELECT booking_day_counts_rebuild(" + tenant + ")");
        }
        reads.computeIfAbsent("a booking's write through the engine, the counters' trigger on", k -> new LinkedHashMap<>()).put("owner", on);
        reads.computeIfAbsent("a booking's write through the engine, the counters' trigger off", k -> new LinkedHashMap<>()).put("owner", off);
        log.info("a booking's write: counters on median {} ms p95 {} ms; off median {} ms p95 {} ms", Latency.median(on, Double::doubleValue), p95(on),
                Latency.median(off, Double::doubleValue), p95(off));
    }

    /** The first day of the salon's data, so that its last day is yesterday-ish: {@code days} days back from 2026-01-01. */
    private static LocalDate first(int days) {
        return LocalDate.of(2026, 1, 1).minusDays(days);
    }

    private void salon(int size) throws Exception {
        DSLContext dsl = db.dsl();
        int days = (size + MASTERS * SLOTS - 1) / (MASTERS * SLOTS);
        LocalDate from = first(days);
        LocalDate last = from.plusDays(days - 1);
        ReportPeriod year = new ReportPeriod(last.minusDays(364).isBefore(from) ? from : last.minusDays(364), last);
        long tenant = Sql.id(dsl, "INSERT INTO tenants (name, time_zone) VALUES (?, 'Europe/Kyiv') RETURNING id", "Benchmark: reports " + size);
        long t0 = System.nanoTime();
        seed(tenant, size, from, last.minusDays(364), SALES, MASTERS, 5_000);
        log.info("a salon of {} bookings and {} sales seeded in {} s", size, SALES, (System.nanoTime() - t0) / 1_000_000_000);
        String login = "bench_reports_" + size;
        new StaffRepository(dsl).add(tenant, login, "Manager", "manager", "bench-reports-password".toCharArray());
        try (HikariDataSource manager = pool(login)) {
            for (String who : List.of("owner", "manager")) {
                ReportsRepository reports = new ReportsRepository(who.equals("owner") ? dsl : DSL.using(manager, SQLDialect.POSTGRES));
                String what = String.format("%,d bookings", size);
                // the raw baseline of the same run: the year's bookings read once, as plainly as SQL can (ratios, not absolutes, travel)
                time("baseline, the year's bookings summed: " + what, who, () -> Sql.count(who.equals("owner") ? dsl : DSL.using(manager,
                        SQLDialect.POSTGRES), "SELECT count(*) + sum(duration_min) FROM bookings WHERE tenant_id = ? AND starts_at >= CAST(? AS timestamptz) AND starts_at < CAST(? AS timestamptz)",
                        tenant, year.from().atStartOfDay(java.time.ZoneId.of("Europe/Kyiv")).toOffsetDateTime(),
                        year.to().plusDays(1).atStartOfDay(java.time.ZoneId.of("Europe/Kyiv")).toOffsetDateTime()));
                if (who.equals("owner")) {
                    sameFigures(dsl, tenant, year);
                }
                time("a year's report: " + what, who, () -> {
                    SalonReport r = reports.report(tenant, year);
                    if (r.total().bookings() == 0) {
                        throw new IllegalStateException("the report of " + what + " is empty");
                    }
                    return r;
                });
                DSLContext as = who.equals("owner") ? dsl : DSL.using(manager, SQLDialect.POSTGRES);
                time("a year's report, migrations 52/54's reads (before): " + what, who, () -> before(as, tenant, year));
                time("a month's report: " + what, who, () -> reports.report(tenant, new ReportPeriod(last.withDayOfMonth(1), last)));
                time("a year's days alone: " + what, who, () -> reports.days(tenant, year));
                time("a year's clients alone: " + what, who, () -> reports.clients(tenant, year));
                time("a year's masters alone: " + what, who, () -> reports.masters(tenant, year));
                time("a year's services alone: " + what, who, () -> reports.services(tenant, year));
            }
        }
    }

    /** 100 salons of 5 masters, each with a month of bookings and sales; the chain's view reads them side by side. */
    private void chain() throws Exception {
        DSLContext dsl = db.dsl();
        int days = (CHAIN_BOOKINGS + 5 * SLOTS - 1) / (5 * SLOTS);
        LocalDate from = first(days);
        List<Long> salons = new ArrayList<>();
        long t0 = System.nanoTime();
        for (int i = 0; i < CHAIN; i++) {
            long tenant = Sql.id(dsl, "INSERT INTO tenants (name, time_zone) VALUES (?, 'Europe/Kyiv') RETURNING id", "Benchmark: chain " + (i + 1));
            seed(tenant, CHAIN_BOOKINGS, from, from, CHAIN_BOOKINGS, 5, 300);
            salons.add(tenant);
        }
        log.info("{} salons seeded in {} s", CHAIN, (System.nanoTime() - t0) / 1_000_000_000);
        ReportPeriod month = new ReportPeriod(from, from.plusDays(days - 1));
        ReportsRepository reports = new ReportsRepository(dsl);
        time(CHAIN + " salons' month, side by side", "owner", () -> reports.reports(salons, month));
        time(CHAIN + " salons' month, side by side, a call a salon in each statement (migration 58's reads, before)", "owner", () -> {
            List<Object> all = new ArrayList<>();
            for (String f : List.of("report_days", "report_clients", "report_masters", "report_services")) {
                all.add(dsl.resultQuery("SELECT s.id AS salon_id, r.* FROM unnest(CAST(? AS bigint[])) s(id) CROSS JOIN LATERAL " + f
                        + "(s.id, ?, ?) WITH ORDINALITY r ORDER BY s.id, r.ordinality", (Object) salons.toArray(Long[]::new), month.from(), month.to()).fetch());
            }
            return all;
        });
        time(CHAIN + " salons' month, one salon after another (four calls a salon)", "owner", () -> {
            List<Object> all = new ArrayList<>();
            for (long salon : salons) {
                all.add(reports.report(salon, month));
            }
            return all;
        });
        if (!reports.reports(salons, month).equals(salons.stream().map(t -> reports.report(t, month)).toList())) {
            checks.add("the chain's view DIFFERS from its salons' reports read one by one");
            log.error("the chain's view DIFFERS from its salons' reports read one by one");
        } else {
            checks.add("the chain's view (one statement a figure) equals its salons' reports read one by one");
        }
        time(CHAIN + " salons' month, side by side, migrations 52/54's reads, four calls a salon (before)", "owner", () -> {
            List<Object> all = new ArrayList<>();
            for (long salon : salons) {
                all.add(before(dsl, salon, month));
            }
            return all;
        });
    }

    /**
     * {@code size} bookings of {@code masters} masters from {@code from} on (half-hour slots 09:00–16:00, so none overlaps),
     * statuses and roads spread; {@code sales} sales over the days from {@code salesFrom} to the last booking's day (a year's sales
     * whatever the size of the bookings' table); working hours
     * 09:00–19:00 every day.
     */
    private void seed(long tenant, int size, LocalDate from, LocalDate salesFrom, int sales, int masters, int clients) throws Exception {
        DSLContext dsl = db.dsl();
        long service = Sql.id(dsl, "INSERT INTO services (tenant_id, name, duration_min, price) VALUES (?, 'Cut', 30, 500) RETURNING id", tenant);
        long first = 0;
        for (int i = 0; i < masters; i++) {
            long m = Sql.id(dsl, "INSERT INTO masters (tenant_id, name, sort_order) VALUES (?, ?, ?) RETURNING id", tenant, "Master " + (i + 1), i);
            first = i == 0 ? m : first;
            for (int wd = 1; wd <= 7; wd++) {
                dsl.execute("INSERT INTO master_working_hours (tenant_id, master_id, weekday, starts_at, ends_at) VALUES (?, ?, ?, '09:00', '19:00')",
                        tenant, m, wd);
            }
        }
        int days = (size + masters * SLOTS - 1) / (masters * SLOTS);
        int salesDays = (int) java.time.temporal.ChronoUnit.DAYS.between(salesFrom, from.plusDays(days));
        try (Connection c = db.admin(); Statement st = c.createStatement()) {
            c.setAutoCommit(false);
            st.execute("SET LOCAL session_replication_role = replica");
            st.execute("INSERT INTO clients (tenant_id, id, name, phone) SELECT " + tenant + ", " + tenant + " * 100000 + n, 'Client ' || n, "
                    + "'+380" + String.format("%03d", tenant % 1000) + "' || lpad(n::text, 6, '0') FROM generate_series(1, " + clients + ") n");
            // booking n: master n % masters, day n / (masters × 14), slot (n / masters) % 14
            st.execute("INSERT INTO bookings (tenant_id, master_id, client_id, service_id, starts_at, duration_min, status, source, created_at) "
                    + "SELECT " + tenant + ", " + first + " + n % " + masters + ", " + tenant + " * 100000 + 1 + (n::bigint * 7919) % " + clients + ", " + service
                    + ", (DATE '" + from + "' + n / " + (masters * SLOTS) + " + time '09:00' + make_interval(mins => 30 * ((n / " + masters + ") % "
                    + SLOTS + "))) AT TIME ZONE 'Europe/Kyiv', 30, "
                    + "CASE WHEN n % 20 = 0 THEN 'cancelled' WHEN n % 25 = 1 THEN 'no_show' ELSE 'completed' END, "
                    + "CASE WHEN n % 5 = 0 THEN 'online' WHEN n % 13 = 0 THEN 'waitlist' ELSE 'form' END, now() "
                    + "FROM generate_series(0, " + (size - 1) + ") n");
            st.execute("INSERT INTO booking_cancellations (tenant_id, booking_id, cancelled_at) SELECT tenant_id, id, starts_at - "
                    + "make_interval(hours => (id % 48)::int) FROM bookings WHERE tenant_id = " + tenant + " AND status = 'cancelled'");
            st.execute("INSERT INTO till_days (tenant_id, day, currency) SELECT " + tenant + ", d::date, 'UAH' "
                    + "FROM generate_series(DATE '" + salesFrom + "', DATE '" + salesFrom.plusDays(salesDays - 1) + "', interval '1 day') d");
            st.execute("CREATE TEMP TABLE bench_sales AS SELECT n, DATE '" + salesFrom + "' + (n % " + salesDays + ") AS day, "
                    + "((DATE '" + salesFrom + "' + (n % " + salesDays + ") + time '09:00' + make_interval(mins => (n * 7) % 600)) AT TIME ZONE 'Europe/Kyiv') AS at, "
                    + "(" + first + " + (n % " + masters + ")) AS master, CASE WHEN n % 3 = 0 THEN 5000 ELSE 0 END AS tip "
                    + "FROM generate_series(1, " + sales + ") n");
            long base = tenant * 10_000_000L;
            st.execute("INSERT INTO sales (tenant_id, id, request_id, currency, total_minor, source, sold_at, business_day, created_by, written_in) "
                    + "SELECT " + tenant + ", " + base + " + n, gen_random_uuid(), 'UAH', 50000 + tip, 'import', at, day, session_user, 0 FROM bench_sales");
            st.execute("INSERT INTO sale_lines (tenant_id, sale_id, line_no, kind, service_id, master_id, description, list_price_minor, "
                    + "unit_price_minor, amount_minor, commission_minor) SELECT " + tenant + ", " + base + " + n, 1, 'service', " + service
                    + ", master, 'Cut', 50000, 50000, 50000, 20000 FROM bench_sales");
            st.execute("INSERT INTO sale_lines (tenant_id, sale_id, line_no, kind, master_id, unit_price_minor, amount_minor) SELECT " + tenant
                    + ", " + base + " + n, 2, 'tip', master, tip, tip FROM bench_sales WHERE tip > 0");
            st.execute("INSERT INTO sale_payments (tenant_id, sale_id, payment_no, method, amount_minor) SELECT " + tenant
                    + ", " + base + " + n, 1, 'card', 50000 + tip FROM bench_sales");
            st.execute("DROP TABLE bench_sales");
            st.execute("SELECT setval(pg_get_serial_sequence('sales', 'id'), greatest((SELECT max(id) FROM sales), 1))");
            st.execute("SELECT setval(pg_get_serial_sequence('clients', 'id'), greatest((SELECT max(id) FROM clients), 1))");
            c.commit();
            c.setAutoCommit(true);
            // the rows went in without triggers (replica): the counters the bookings trigger keeps (migrations 53 and 58) are
            // rebuilt once, as the migration's backfill and a time-zone change build them
            st.execute("SELECT booking_day_counts_rebuild(" + tenant + ")");
            for (String t : List.of("booking_cancellations", "clients", "sales", "sale_lines", "sale_payments")) {
                st.execute("ANALYZE " + t);
            }
            // what autovacuum does to freshly loaded tables in a while: statistics and the visibility map (index-only scans)
            for (String t : List.of("bookings", "booking_day_counts", "client_day_counts")) {
                st.execute("VACUUM (ANALYZE) " + t);
            }
        }
        // every day but the last closed, as a salon closes its till each evening: closed days are read from what their closing kept
        long t0 = System.nanoTime();
        // on the connection without the harness's statement_timeout: a year of closings is seeding, not a figure (it ran past
        // the 10 s guard on a loaded machine)
        try (Connection c = db.admin(); java.sql.PreparedStatement ps = c.prepareStatement("INSERT INTO till_closings (tenant_id, day, counted_minor) "
                + "SELECT ?, d::date, till_expected_cash(?, d::date) FROM generate_series(CAST(? AS date), CAST(? AS date), interval '1 day') d")) {
            ps.setLong(1, tenant);
            ps.setLong(2, tenant);
            ps.setObject(3, salesFrom);
            ps.setObject(4, salesFrom.plusDays(salesDays - 2));
            ps.executeUpdate();
        }
        log.info("{} days closed in {} ms", salesDays - 1, (System.nanoTime() - t0) / 1_000_000);
        for (String t : List.of("till_closings", "takings_closed_lines", "takings_closed_days", "report_closed_services")) {
            dsl.execute("ANALYZE " + t);
        }
    }

    /**
     * The functions as they were before migrations 58–59: migration 54's report_days and report_masters (working time
     * without time off; the benchmark's salons have none, so the figures are equal) and migration 52's report_clients (the
     * period's bookings read), installed beside the current ones (schema bench_before, from those migrations' own text on
     * the class path), so that one run measures both on the same data under the same load. (Migration 52's days and
     * masters were the "before" of migrations 53–54's run, migration 50's of migration 52's.)
     */
    private void installBefore() throws Exception {
        try (Connection c = db.admin(); Statement st = c.createStatement()) {
            st.execute("CREATE SCHEMA IF NOT EXISTS bench_before");
            for (String[] f : List.of(new String[]{"V54__reports_read_the_day_counts.sql", "report_days"},
                    new String[]{"V54__reports_read_the_day_counts.sql", "report_masters"},
                    new String[]{"V52__report_figures_read_faster.sql", "report_clients"})) {
                String text;
                try (var in = ReportsBench.class.getClassLoader().getResourceAsStream("db/migration/" + f[0])) {
                    if (in == null) {
                        throw new IllegalStateException(f[0] + " is not on the class path");
                    }
                    text = new String(in.readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
                }
                int start = text.indexOf("CREATE OR REPLACE FUNCTION " + f[1] + "(");
                int end = text.indexOf("END $f$;", start) + "END $f$;".length();
                st.execute(text.substring(start, end).replace("CREATE OR REPLACE FUNCTION " + f[1] + "(", "CREATE OR REPLACE FUNCTION bench_before." + f[1] + "("));
            }
            st.execute("GRANT USAGE ON SCHEMA bench_before TO salondesk_manager");
            st.execute("GRANT EXECUTE ON ALL FUNCTIONS IN SCHEMA bench_before TO salondesk_manager");
        }
    }

    /** The Reports window's four reads through the functions before migrations 58–59 (services are the same in both). */
    private static Object before(DSLContext dsl, long tenant, ReportPeriod p) {
        List<Object> out = new ArrayList<>();
        for (String f : List.of("bench_before.report_days", "bench_before.report_clients", "bench_before.report_masters", "report_services")) {
            out.add(dsl.fetch("SELECT * FROM " + f + "(?, ?, ?)", tenant, p.from(), p.to()));
        }
        return out;
    }

    /** The counters' figures are the rows' (migrations 58–59's functions against the ones before, EXCEPT both ways), on the benchmark's data. */
    private void sameFigures(DSLContext dsl, long tenant, ReportPeriod p) {
        for (String f : List.of("report_days", "report_masters", "report_clients")) {
            String now = "SELECT * FROM " + f + "(" + tenant + ", DATE '" + p.from() + "', DATE '" + p.to() + "')";
            String was = "SELECT * FROM bench_before." + f + "(" + tenant + ", DATE '" + p.from() + "', DATE '" + p.to() + "')";
            long differ = Sql.count(dsl, "SELECT count(*) FROM ((" + now + " EXCEPT ALL " + was + ") UNION ALL (" + was + " EXCEPT ALL " + now + ")) d");
            String said = f + " of " + tenant + " over " + p.from() + ".." + p.to() + ": " + (differ == 0 ? "the same rows" : differ + " rows DIFFER")
                    + " from the functions before migrations 58-59";
            checks.add(said);
            if (differ != 0) {
                log.error(said);   // loud, but the timings of the run still get written
            } else {
                log.info(said);
            }
        }
    }

    private HikariDataSource pool(String login) {
        HikariDataSource ds = new HikariDataSource();
        ds.setJdbcUrl(db.settings().url());
        ds.setUsername(login);
        ds.setPassword("bench-reports-password");
        ds.setMaximumPoolSize(2);
        return ds;
    }

    private void time(String what, String who, Supplier<Object> read) {
        read.get();   // once to warm the plans and the cache
        List<Double> ms = new ArrayList<>();
        for (int i = 0; i < READS; i++) {
            long t0 = System.nanoTime();
            read.get();
            ms.add((System.nanoTime() - t0) / 1e6);
        }
        reads.computeIfAbsent(what, k -> new LinkedHashMap<>()).put(who, ms);
        log.info("{} as the {}: median {} ms, p95 {} ms", what, who, Latency.median(ms, Double::doubleValue), p95(ms));
    }

    private static double p95(List<Double> ms) {
        List<Double> sorted = ms.stream().sorted().toList();
        return sorted.get((int) Math.ceil(0.95 * sorted.size()) - 1);
    }

    void report(Markdown md) {
        md.heading(2, "11. Reports (issue 35)");
        md.para("A manager's report — the report functions (migrations 54 and 58–59: the days and masters from migration 53's counters, the clients from migration 58's, working time less time off) as the Reports window reads them: the days, the clients, the masters and "
                + "the services of the period — of a salon of " + MASTERS + " masters with a year of " + SALES + " sales (every day closed but the last, as a salon closes its till each evening), at each size of its "
                + "bookings table (the year's bookings are the last 365 days of it), read " + READS + " times after one read to warm up, "
                + "as the owner and as a manager's login (row-level security); then the chain's view, " + CHAIN + " salons' month of "
                + CHAIN_BOOKINGS + " bookings each, side by side. Goals: ≤ 200 ms p95 a report, ≤ 1 s the chain. Growth is each size's "
                + "median ÷ the smallest size's.");
        List<List<String>> rows = new ArrayList<>();
        Map<String, Double> smallest = new LinkedHashMap<>();
        reads.forEach((what, byWho) -> byWho.forEach((who, ms) -> {
            double med = Latency.median(ms, Double::doubleValue);
            String kind = what.replaceAll(":.*", "") + "|" + who;
            smallest.putIfAbsent(kind, med);
            rows.add(List.of(what, who, Markdown.ms(med), Markdown.ms(p95(ms)), Markdown.ratio(med / smallest.get(kind))));
        }));
        md.table(List.of("read", "as", "median ms", "p95 ms", "growth"), rows);
        md.para("\"(before)\": migration 54's report_days and report_masters and migration 52's report_clients (the period's bookings read), "
                + "beside them on the same data, four calls a salon; \"a booking's write\": bookings made one after another through the engine "
                + "with the counters' triggers (master days and client days) on and off in turn. \"Side by side\" is migration 61's functions over the "
                + "array of salons, beside migration 58's reads (a call a salon in each statement).");
        md.para("The counters' figures against the rows' (EXCEPT ALL both ways): " + String.join("; ", checks) + ".");
        md.para("Machine load during the run (1-minute load average, 2 cores shared): " + Machine.loadAverage() + ".");
    }
}
