package app.salondesk.bench;

import app.salondesk.logic.booking.BookingEngine;
import app.salondesk.logic.checkout.CheckoutService;
import app.salondesk.logic.checkout.TakingsRepository;
import app.salondesk.logic.staff.StaffRepository;
import app.salondesk.model.booking.Booking;
import app.salondesk.model.booking.BookingAsSeen;
import app.salondesk.model.booking.BookingOutcome;
import app.salondesk.model.booking.Source;
import app.salondesk.model.checkout.Checkout;
import app.salondesk.model.checkout.CheckoutLine;
import app.salondesk.model.checkout.CheckoutOutcome;
import app.salondesk.model.checkout.Discount;
import app.salondesk.model.checkout.PaymentMethod;
import app.salondesk.model.checkout.Takings;
import app.salondesk.model.checkout.Tender;
import app.salondesk.model.checkout.Tip;
import com.zaxxer.hikari.HikariDataSource;
import org.jooq.DSLContext;
import org.jooq.SQLDialect;
import org.jooq.impl.DSL;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.sql.Connection;
import java.sql.Statement;
import java.time.LocalDate;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Currency;
import java.util.List;
import java.util.UUID;
import java.util.function.Supplier;

/**
 * Figure 10 (issue 34): what a checkout costs beside the engine's booking, and how long a year's takings
 * take to read. In the same rounds: sixteen desks booking through the engine (each its own master), then
 * the same sixteen desks checking out bookings made before the round (a service at its list price and a
 * tip, paid by card) — the engine's protocol, the three statements of a sale and the checks at COMMIT.
 * Then a salon of 30 masters with a year of sales (≈150 000: a service each, a tip in one of three),
 * seeded in bulk with the triggers off (the seeding is not what is measured), read as the owner and as a
 * manager's login (row-level security changes plans, ADR 7): a year's takings by day, method and master,
 * the year's pay report, one day's takings.
 */
final class CheckoutBench {

    private static final Logger log = LoggerFactory.getLogger(CheckoutBench.class);

    static final int DESKS = 16;
    static final int MASTERS = 30;
    static final int SALES = 150_000;
    /** A year in the past: its days can be closed. */
    static final LocalDate YEAR = LocalDate.of(2025, 1, 1);
    private static final int READS = 11;

    private final BenchDatabase db;
    private final BenchConfig cfg;
    private final Driver driver;
    private final WriteSalon salon;
    private final BookingEngine engine;
    private final CheckoutService checkouts;
    private final List<Latency> booked = new ArrayList<>();
    private final List<Latency> paid = new ArrayList<>();
    private final List<double[]> rates = new ArrayList<>();
    /** what -> who -> ms per read, one per repetition */
    private final java.util.Map<String, java.util.Map<String, List<Double>>> reads = new java.util.LinkedHashMap<>();
    private long yearSales;
    private long yearTotal;

    CheckoutBench(BenchDatabase db, BenchConfig cfg, Driver driver) {
        this.db = db;
        this.cfg = cfg;
        this.driver = driver;
        this.salon = new WriteSalon(db.dsl(), "Benchmark: checkout");
        this.engine = new BookingEngine(db.dsl());
        this.checkouts = new CheckoutService(db.dsl(), engine);
    }

    void run() throws Exception {
        db.fillPool();
        for (int r = 0; r < cfg.rounds(); r++) {
            Driver.Round b = driver.run(DESKS, cfg.seconds(), w -> engine.book(salon.booking(salon.own.get(w), salon.freshSlot(salon.own.get(w))))
                    instanceof BookingOutcome.Booked ? Driver.Kind.DONE : Driver.Kind.OTHER);
            // as many bookings to pay for as the desks booked in the round before, and some
            List<ArrayDeque<Booking>> queues = new ArrayList<>();
            long each = Math.max(50, b.done() / DESKS * 2);
            for (int w = 0; w < DESKS; w++) {
                ArrayDeque<Booking> q = new ArrayDeque<>();
                for (int i = 0; i < each; i++) {
                    long m = salon.own.get(w);
                    q.add(((BookingOutcome.Booked) engine.book(salon.booking(m, salon.freshSlot(m)))).booking());
                }
                queues.add(q);
            }
            Driver.Round c = driver.run(DESKS, cfg.seconds(), w -> {
                Booking next = queues.get(w).poll();
                if (next == null) {
                    return Driver.Kind.OTHER;
                }
                return checkouts.checkout(sale(next)) instanceof CheckoutOutcome.CheckedOut ? Driver.Kind.DONE : Driver.Kind.OTHER;
            });
            log.info("round {}: {} bookings/s (p99 {} ms), {} checkouts/s (p99 {} ms), {} not paid", r + 1, Math.round(b.donePerSecond()),
                    b.doneLatency().p99(), Math.round(c.donePerSecond()), c.doneLatency().p99(), c.other() + c.errors());
            booked.add(b.doneLatency());
            paid.add(c.doneLatency());
            rates.add(new double[]{b.donePerSecond(), c.donePerSecond(), c.other() + c.errors()});
        }
        year();
    }

    private Checkout sale(Booking b) {
        return new Checkout(salon.tenant, Currency.getInstance("UAH"), b.clientId(), UUID.randomUUID(), List.of(BookingAsSeen.of(b)),
                List.of(CheckoutLine.ofBooking(b.id(), null, b.masterId(), "", 40_000)), Discount.NONE, List.of(new Tip(b.masterId(), 5_000)),
                List.of(new Tender(PaymentMethod.CARD, 45_000)), "", Source.CHECKOUT);
    }

    /** A year of a 30-master salon, in bulk with the triggers off; then its takings read as the owner and as a manager. */
    private void year() throws Exception {
        DSLContext dsl = db.dsl();
        long tenant = Sql.id(dsl, "INSERT INTO tenants (name, time_zone) VALUES ('Benchmark: a year', 'Europe/Kyiv') RETURNING id");
        long service = Sql.id(dsl, "INSERT INTO services (tenant_id, name, duration_min, price) VALUES (?, 'Cut', 60, 500) RETURNING id", tenant);
        List<Long> masters = new ArrayList<>();
        for (int i = 0; i < MASTERS; i++) {
            masters.add(Sql.id(dsl, "INSERT INTO masters (tenant_id, name, sort_order) VALUES (?, ?, ?) RETURNING id", tenant, "Master " + (i + 1), i));
        }
        long first = masters.get(0);
        long started = System.nanoTime();
        try (Connection c = db.admin(); Statement st = c.createStatement()) {
            c.setAutoCommit(false);
            st.execute("SET LOCAL session_replication_role = replica");
            st.execute("INSERT INTO till_days (tenant_id, day, currency) SELECT " + tenant + ", d::date, 'UAH' "
                    + "FROM generate_series(DATE '" + YEAR + "', DATE '" + YEAR.plusYears(1).minusDays(1) + "', interval '1 day') d");
            // sale n: day n % 365, 09:00 + a spread of the day, master n % 30; a tip on every third; card or cash in turn
            st.execute("CREATE TEMP TABLE bench_year AS SELECT n, DATE '" + YEAR + "' + (n % 365) AS day, "
                    + "((DATE '" + YEAR + "' + (n % 365) + time '09:00' + make_interval(mins => (n * 7) % 600)) AT TIME ZONE 'Europe/Kyiv') AS at, "
                    + "(" + first + " + (n % " + MASTERS + ")) AS master, CASE WHEN n % 3 = 0 THEN 5000 ELSE 0 END AS tip "
                    + "FROM generate_series(1, " + SALES + ") n");
            st.execute("INSERT INTO sales (tenant_id, id, request_id, currency, total_minor, source, sold_at, business_day, created_by, written_in) "
                    + "SELECT " + tenant + ", 50000000 + n, gen_random_uuid(), 'UAH', 50000 + tip, 'import', at, day, session_user, 0 FROM bench_year");
            st.execute("INSERT INTO sale_lines (tenant_id, sale_id, line_no, kind, service_id, master_id, description, list_price_minor, "
                    + "unit_price_minor, amount_minor, commission_minor) SELECT " + tenant + ", 50000000 + n, 1, 'service', " + service
                    + ", master, 'Cut', 50000, 50000, 50000, 20000 FROM bench_year");
            st.execute("INSERT INTO sale_lines (tenant_id, sale_id, line_no, kind, master_id, unit_price_minor, amount_minor) SELECT " + tenant
                    + ", 50000000 + n, 2, 'tip', master, tip, tip FROM bench_year WHERE tip > 0");
            st.execute("INSERT INTO sale_payments (tenant_id, sale_id, payment_no, method, amount_minor) SELECT " + tenant
                    + ", 50000000 + n, 1, CASE WHEN n % 2 = 0 THEN 'card' ELSE 'cash' END, 50000 + tip FROM bench_year");
            st.execute("SELECT setval(pg_get_serial_sequence('sales', 'id'), (SELECT max(id) FROM sales))");
            c.commit();
            st.execute("ANALYZE sales");
            st.execute("ANALYZE sale_lines");
            st.execute("ANALYZE sale_payments");
        }
        log.info("a year of {} sales seeded in {} s", SALES, (System.nanoTime() - started) / 1_000_000_000);
        yearSales = Sql.count(dsl, "SELECT count(*) FROM sales WHERE tenant_id = ?", tenant);
        yearTotal = Sql.count(dsl, "SELECT sum(total_minor) FROM sales WHERE tenant_id = ?", tenant);
        new StaffRepository(dsl).add(tenant, "bench_manager", "Manager", "manager", "bench-manager-password".toCharArray());
        try (HikariDataSource manager = new HikariDataSource()) {
            manager.setJdbcUrl(db.settings().url());
            manager.setUsername("bench_manager");
            manager.setPassword("bench-manager-password");
            manager.setMaximumPoolSize(2);
            LocalDate last = YEAR.plusYears(1).minusDays(1);
            for (String state : List.of("open", "closed")) {
                if (state.equals("closed")) {
                    // every day closed with the cash it expects: each closing keeps its day's takings (migration 36)
                    long t0 = System.nanoTime();
                    dsl.execute("INSERT INTO till_closings (tenant_id, day, counted_minor) SELECT ?, d::date, till_expected_cash(?, d::date) "
                            + "FROM generate_series(CAST(? AS date), CAST(? AS date), interval '1 day') d", tenant, tenant, YEAR, last);
                    log.info("365 days closed in {} ms", (System.nanoTime() - t0) / 1_000_000);
                    dsl.execute("ANALYZE takings_closed_lines");
                    dsl.execute("ANALYZE takings_closed_methods");
                    dsl.execute("ANALYZE takings_closed_days");
                }
                for (String who : List.of("owner", "manager")) {
                    TakingsRepository takings = new TakingsRepository(who.equals("owner") ? dsl : DSL.using(manager, SQLDialect.POSTGRES));
                    String as = who + ", days " + state;
                    time("a year's takings (day, method, master)", as, () -> {
                        Takings t = takings.takings(tenant, YEAR, last);
                        if (t.totalMinor() != yearTotal) {
                            throw new IllegalStateException("the year's takings are " + t.totalMinor() + ", the sales " + yearTotal);
                        }
                        return t;
                    });
                    time("a year's pay report", as, () -> takings.pay(tenant, YEAR, last));
                    time("a day's takings", as, () -> takings.takings(tenant, YEAR.plusDays(100), YEAR.plusDays(100)));
                }
            }
        }
    }

    private void time(String what, String who, Supplier<Object> read) {
        read.get();   // once to warm the plans and the cache
        List<Double> ms = new ArrayList<>();
        for (int i = 0; i < READS; i++) {
            long t0 = System.nanoTime();
            read.get();
            ms.add((System.nanoTime() - t0) / 1e6);
        }
        reads.computeIfAbsent(what, k -> new java.util.LinkedHashMap<>()).put(who, ms);
        log.info("{} as the {}: median {} ms", what, who, Latency.median(ms, Double::doubleValue));
    }

    void report(Markdown md) {
        md.heading(2, "10. Checkout and takings (issue 34)");
        md.para("Sixteen desks, each on its own master, booking through the engine for " + cfg.seconds() + " s, then checking out (a "
                + "service at its list price and a tip, paid by card: the engine's locks and version check, the sale's three statements, "
                + "the checks at COMMIT) bookings made before the round, in the same run; medians over " + cfg.rounds() + " rounds.");
        Latency b = Latency.median(booked);
        Latency c = Latency.median(paid);
        md.table(List.of("16 desks", "per s", "p50 ms", "p95 ms", "p99 ms", "p99 / booking's p99"), List.of(
                List.of("booking (engine)", Markdown.num(Latency.median(rates, r -> r[0])), Markdown.ms(b.p50()), Markdown.ms(b.p95()),
                        Markdown.ms(b.p99()), "1.00×"),
                List.of("checkout", Markdown.num(Latency.median(rates, r -> r[1])), Markdown.ms(c.p50()), Markdown.ms(c.p95()),
                        Markdown.ms(c.p99()), Markdown.ratio(c.p99() / b.p99()))));
        md.para("A year of a salon of " + MASTERS + " masters: " + yearSales + " sales (a service each, a tip on one in three, "
                + "card or cash), read " + READS + " times after one read to warm up; median and worst, in ms — first with every day "
                + "left open (read from the sales' rows), then with every day closed (read from what each closing kept, migration 36). "
                + "The goal is ≤ 100 ms.");
        List<List<String>> rows = new ArrayList<>();
        reads.forEach((what, byWho) -> byWho.forEach((who, ms) -> rows.add(List.of(what, who,
                Markdown.ms(Latency.median(ms, Double::doubleValue)), Markdown.ms(ms.stream().mapToDouble(Double::doubleValue).max().orElse(Double.NaN))))));
        md.table(List.of("read", "as, days", "median ms", "max ms"), rows);
    }
}
