package app.salondesk.bench;

import app.salondesk.logic.booking.BookingEngine;
import app.salondesk.model.booking.NewBooking;
import app.salondesk.model.booking.Source;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.Statement;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Figure 8 (issue 18): what services of phases cost a booking, and what the other design of the
 * guarantee would have cost. In the same rounds as a raw INSERT (the baseline of figure 1):
 * the engine booking the plain 30-minute service, and a service of phases of the same length
 * (10 busy, 10 processing, 10 busy), each writer on its own master and all on one.
 * Then the same with the guarantee built as ADR 18's rejected option (b): a table of busy ranges
 * written by a trigger in the booking's transaction, with its own exclusion constraint, instead
 * of the exclusion constraint over {@code booking_busy(…)} multiranges on the bookings row.
 * Rounds interleave the schemas, so both meet the same machine.
 */
final class PhasesBench {

    private static final Logger log = LoggerFactory.getLogger(PhasesBench.class);

    static final int[] WRITERS = {4, 16};

    enum Scenario {
        RAW("raw INSERT (baseline)"),
        PLAIN("engine, plain service, own masters"),
        PHASED("engine, service of phases, own masters"),
        PLAIN_SHARED("engine, plain service, one master"),
        PHASED_SHARED("engine, service of phases, one master"),
        VISIT("engine, visit of two parts (two masters), own masters");

        final String label;

        Scenario(String label) {
            this.label = label;
        }
    }

    enum Design {
        MULTIRANGE("(a) exclusion over tstzmultirange on the row"),
        TABLE("(b) table of busy ranges, trigger, its own exclusion");

        final String label;

        Design(String label) {
            this.label = label;
        }
    }

    private static final String RAW_INSERT = "INSERT INTO bench_raw_bookings (tenant_id, master_id, client_id, service_id, "
            + "starts_at, duration_min, status, request_id, source, note) VALUES (?, ?, ?, ?, ?, 30, 'confirmed', ?, 'form', '')";

    /** Option (b), as a migration would have written it (the bench installs and removes it). */
    private static final String TABLE_DESIGN = """
            CREATE TABLE bench_busy_ranges (
                tenant_id bigint NOT NULL, booking_id bigint NOT NULL, master_id bigint NOT NULL, busy tstzrange NOT NULL,
                PRIMARY KEY (tenant_id, booking_id, busy),
                EXCLUDE USING gist (tenant_id WITH =, master_id WITH =, busy WITH &&));
            CREATE FUNCTION bench_busy_rows() RETURNS trigger LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $$
            BEGIN
                IF TG_OP <> 'INSERT' THEN
                    DELETE FROM public.bench_busy_ranges r WHERE r.tenant_id = OLD.tenant_id AND r.booking_id = OLD.id;
                END IF;
                IF TG_OP <> 'DELETE' AND NEW.status IN ('pending', 'confirmed', 'arrived') THEN
                    INSERT INTO public.bench_busy_ranges (tenant_id, booking_id, master_id, busy)
                    SELECT NEW.tenant_id, NEW.id, NEW.master_id, r
                      FROM unnest(booking_busy(NEW.starts_at, NEW.duration_min, NEW.cleanup_min, NEW.phases)) r;
                END IF;
                RETURN NULL;
            END $$;
            INSERT INTO bench_busy_ranges (tenant_id, booking_id, master_id, busy)
            SELECT b.tenant_id, b.id, b.master_id, r FROM bookings b, unnest(booking_busy(b.starts_at, b.duration_min, b.cleanup_min, b.phases)) r
             WHERE b.status IN ('pending', 'confirmed', 'arrived');
            CREATE TRIGGER bench_busy_rows AFTER INSERT OR UPDATE OR DELETE ON bookings FOR EACH ROW EXECUTE FUNCTION bench_busy_rows();
            ALTER TABLE bookings DROP CONSTRAINT bookings_no_double_busy;
            """;

    private static final String MULTIRANGE_DESIGN = """
            DROP TRIGGER IF EXISTS bench_busy_rows ON bookings;
            DROP FUNCTION IF EXISTS bench_busy_rows();
            DROP TABLE IF EXISTS bench_busy_ranges;
            ALTER TABLE bookings ADD CONSTRAINT bookings_no_double_busy EXCLUDE USING gist (
                tenant_id WITH =, master_id WITH =, booking_busy(starts_at, duration_min, cleanup_min, phases) WITH &&
            ) WHERE (status IN ('pending', 'confirmed', 'arrived'));
            """;

    private final BenchDatabase db;
    private final BenchConfig cfg;
    private final Driver driver;
    private final WriteSalon salon;
    private final long colour;
    private final BookingEngine engine;
    private final AtomicLong rawSlots = new AtomicLong();
    /** Each writer's second master of its visits (works 08:00–21:00, so a visit's second half fits after 19:30). */
    private final List<Long> partners = new ArrayList<>();
    /** µs per row of a plain-SQL INSERT … SELECT of 2 000 bookings, by design and service, one value per repetition */
    final Map<Design, Map<String, List<Double>>> micro = new EnumMap<>(Design.class);
    /** writers -> design -> scenario -> bookings/s per round, and the ratio to that round's raw */
    final Map<Integer, Map<Design, Map<Scenario, List<double[]>>>> cells = new LinkedHashMap<>();
    long overlapping = -1;

    PhasesBench(BenchDatabase db, BenchConfig cfg, Driver driver) {
        this.db = db;
        this.cfg = cfg;
        this.driver = driver;
        this.salon = new WriteSalon(db.dsl(), "Benchmark: phases");
        this.colour = Sql.id(db.dsl(), "INSERT INTO services (tenant_id, name, duration_min, phases, cleanup_min, price) "
                + "VALUES (?, 'Bench colour', 30, '{10,-10,10}', 0, 900) RETURNING id", salon.tenant);
        db.dsl().execute("INSERT INTO master_services (tenant_id, master_id, service_id) SELECT tenant_id, master_id, ? FROM master_services "
                + "WHERE tenant_id = ?", colour, salon.tenant);
        this.engine = new BookingEngine(db.dsl());
        for (int i = 0; i < WriteSalon.WRITERS; i++) {
            long m = Sql.id(db.dsl(), "INSERT INTO masters (tenant_id, name, sort_order) VALUES (?, ?, ?) RETURNING id", salon.tenant,
                    "Partner " + (i + 1), 100 + i);
            db.dsl().execute("INSERT INTO master_working_hours (tenant_id, master_id, weekday, starts_at, ends_at) "
                    + "SELECT ?, ?, d, '08:00', '21:00' FROM generate_series(1, 7) AS d", salon.tenant, m);
            db.dsl().execute("INSERT INTO master_services (tenant_id, master_id, service_id) VALUES (?, ?, ?)", salon.tenant, m, salon.service);
            partners.add(m);
        }
    }

    void run() throws Exception {
        microAB();
        design(Design.MULTIRANGE);
        db.dsl().execute("DROP TABLE IF EXISTS bench_raw_bookings");
        db.dsl().execute("CREATE TABLE bench_raw_bookings (LIKE bookings INCLUDING DEFAULTS INCLUDING IDENTITY)");
        db.fillPool();
        log.info("figure 8: warming up");
        for (Scenario s : Scenario.values()) {
            driver.run(4, Math.min(2, cfg.seconds()), op(s));
        }
        for (int writers : WRITERS) {
            Map<Design, Map<Scenario, List<double[]>>> row = new EnumMap<>(Design.class);
            for (Design d : Design.values()) {
                Map<Scenario, List<double[]>> m = new EnumMap<>(Scenario.class);
                for (Scenario s : Scenario.values()) {
                    m.put(s, new ArrayList<>());
                }
                row.put(d, m);
            }
            for (int r = 1; r <= cfg.rounds(); r++) {
                for (Design d : Design.values()) {
                    design(d);
                    double raw = Double.NaN;
                    for (Scenario s : Scenario.values()) {
                        Driver.Round round = driver.run(writers, cfg.seconds(), op(s));
                        if (s == Scenario.RAW) {
                            raw = round.donePerSecond();
                        }
                        row.get(d).get(s).add(new double[]{round.donePerSecond(), round.donePerSecond() / raw, round.doneLatency().p99()});
                        log.info("figure 8: {} writers, round {}, {}, {}: {}/s, {} not booked, {} errors, p99 {} ms", writers, r, d, s,
                                Markdown.num(round.donePerSecond()), round.lost() + round.lostEmpty() + round.other(), round.errors(),
                                Markdown.ms(round.doneLatency().p99()));
                    }
                }
            }
            cells.put(writers, row);
        }
        design(Design.MULTIRANGE);
        // each booking against its master's bookings that start within 12 hours before its end (the index
        // bookings_by_master_start), on the connection without the harness's statement_timeout
        try (Connection c = db.admin(); PreparedStatement ps = c.prepareStatement("""
                SELECT count(*) FROM bookings a
                 WHERE a.tenant_id = ? AND a.status IN ('pending', 'confirmed', 'arrived')
                   AND EXISTS (SELECT 1 FROM bookings b
                                WHERE b.tenant_id = a.tenant_id AND b.master_id = a.master_id AND b.id > a.id
                                  AND b.status IN ('pending', 'confirmed', 'arrived')
                                  AND b.starts_at > a.starts_at - interval '720 minutes'
                                  AND b.starts_at < slot_end(a.starts_at, a.duration_min + a.cleanup_min)
                                  AND booking_busy(a.starts_at, a.duration_min, a.cleanup_min, a.phases)
                                      && booking_busy(b.starts_at, b.duration_min, b.cleanup_min, b.phases))""")) {
            ps.setLong(1, salon.tenant);
            try (java.sql.ResultSet rs = ps.executeQuery()) {
                rs.next();
                overlapping = rs.getLong(1);
            }
        }
    }

    private Design current = Design.MULTIRANGE;

    private void design(Design d) throws Exception {
        if (d == current) {
            return;
        }
        try (Connection c = db.admin(); Statement st = c.createStatement()) {
            st.execute(d == Design.TABLE ? TABLE_DESIGN : MULTIRANGE_DESIGN);
        }
        current = d;
    }

    private Driver.Op op(Scenario s) {
        return switch (s) {
            case RAW -> this::raw;
            case PLAIN -> w -> WriteBench.kind(engine.book(booking(salon.own.get(w), salon.service)));
            case PHASED -> w -> WriteBench.kind(engine.book(booking(salon.own.get(w), colour)));
            case PLAIN_SHARED -> w -> WriteBench.kind(engine.book(booking(salon.shared, salon.service)));
            case PHASED_SHARED -> w -> WriteBench.kind(engine.book(booking(salon.shared, colour)));
            case VISIT -> this::visit;
        };
    }

    /** A colour with the writer's own master, then a cut with its partner right after (fresh times of both). */
    private Driver.Kind visit(int writer) {
        long own = salon.own.get(writer);
        java.time.Instant start = salon.freshSlot(own);
        app.salondesk.model.booking.VisitOutcome o = engine.bookVisit(new app.salondesk.model.booking.NewVisit(salon.tenant, salon.client, List.of(
                new app.salondesk.model.booking.NewVisit.Part(own, colour, start, null),
                new app.salondesk.model.booking.NewVisit.Part(partners.get(writer), salon.service, start.plusSeconds(1800), null)),
                "", UUID.randomUUID(), Source.FORM));
        if (o instanceof app.salondesk.model.booking.VisitOutcome.Booked) {
            return Driver.Kind.DONE;
        }
        log.debug("a visit was not booked: {}", o);
        return o instanceof app.salondesk.model.booking.VisitOutcome.TimeTaken ? Driver.Kind.LOST : Driver.Kind.OTHER;
    }

    /**
     * The designs' own cost, without the engine, the pool or the disk: one plain-SQL INSERT … SELECT
     * of 2 000 bookings on a master of their own (rolled back), under each design in turn, five times.
     * Measures what each design adds to a row: (a) the multirange computed and indexed in the
     * constraint's GiST index; (b) the trigger and the rows it writes into its own GiST index.
     */
    private void microAB() throws Exception {
        long master = Sql.id(db.dsl(), "INSERT INTO masters (tenant_id, name) VALUES (?, 'Micro') RETURNING id", salon.tenant);
        for (Design d : Design.values()) {
            micro.put(d, new LinkedHashMap<>());
        }
        for (int rep = 0; rep < 5; rep++) {
            for (Design d : Design.values()) {
                design(d);
                for (String kind : List.of("plain", "phases")) {
                    long service = kind.equals("plain") ? salon.service : colour;
                    try (Connection c = db.admin(); Statement st = c.createStatement()) {
                        c.setAutoCommit(false);
                        long t0 = System.nanoTime();
                        st.executeUpdate("INSERT INTO bookings (tenant_id, master_id, client_id, service_id, starts_at, duration_min) "
                                + "SELECT " + salon.tenant + ", " + master + ", " + salon.client + ", " + service
                                + ", timestamptz '2040-01-01 00:00+00' + g * interval '30 minutes', 30 FROM generate_series(0, 1999) g");
                        double us = (System.nanoTime() - t0) / 1e3 / 2000;
                        c.rollback();
                        micro.get(d).computeIfAbsent(kind, k -> new ArrayList<>()).add(us);
                        log.info("figure 8: micro, {} {}: {} µs per row", d, kind, String.format(java.util.Locale.ROOT, "%.1f", us));
                    }
                }
            }
        }
    }

    private NewBooking booking(long master, long service) {
        return new NewBooking(salon.tenant, master, salon.client, null, service, salon.freshSlot(master), null, "", UUID.randomUUID(),
                Source.FORM, false);
    }

    private Driver.Kind raw(int writer) throws Exception {
        try (Connection c = db.dataSource().getConnection(); PreparedStatement ps = c.prepareStatement(RAW_INSERT)) {
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

    void report(Markdown md) {
        md.heading(2, "8. Services of phases (issue 18)");
        md.para("Each cell: median over " + cfg.rounds() + " rounds of " + cfg.seconds() + " s. *engine/raw* is bookings/s over the "
                + "raw INSERTs/s of the same round (median of the per-round ratios); *phases/plain* is the service of phases over the "
                + "plain service in the same round. The plain service is 30 minutes; the service of phases lasts as long (10 busy, "
                + "10 processing, 10 busy) so both book the same grid. (a) is the design taken (ADR 18), (b) the one measured against "
                + "it, installed by the bench in the same run.");
        List<List<String>> rows = new ArrayList<>();
        for (int w : WRITERS) {
            for (Design d : Design.values()) {
                Map<Scenario, List<double[]>> m = cells.get(w).get(d);
                for (Scenario s : Scenario.values()) {
                    List<double[]> r = m.get(s);
                    String phasesOverPlain = "";
                    if (s == Scenario.PHASED || s == Scenario.PHASED_SHARED || s == Scenario.VISIT) {
                        List<double[]> plain = m.get(s == Scenario.PHASED_SHARED ? Scenario.PLAIN_SHARED : Scenario.PLAIN);
                        double[] ratios = new double[r.size()];
                        for (int i = 0; i < r.size(); i++) {
                            ratios[i] = r.get(i)[0] / plain.get(i)[0];
                        }
                        phasesOverPlain = Markdown.ratio(Latency.median(ratios));
                    }
                    rows.add(List.of(Integer.toString(w), d.label, s.label, Markdown.num(median(r, 0)),
                            s == Scenario.RAW ? "1.00×" : Markdown.ratio(median(r, 1)), phasesOverPlain, Markdown.ms(median(r, 2))));
                }
            }
        }
        md.table(List.of("writers", "design", "scenario", "bookings/s (visits/s)", "engine/raw", "phases/plain (visits/plain)", "p99 ms"), rows);
        List<List<String>> m = new ArrayList<>();
        for (Design d : Design.values()) {
            for (String kind : List.of("plain", "phases")) {
                double[] us = micro.get(d).get(kind).stream().mapToDouble(Double::doubleValue).toArray();
                double[] a = micro.get(Design.MULTIRANGE).get(kind).stream().mapToDouble(Double::doubleValue).toArray();
                m.add(List.of(d.label, kind, String.format(java.util.Locale.ROOT, "%.1f", Latency.median(us)),
                        Markdown.ratio(Latency.median(us) / Latency.median(a))));
            }
        }
        md.para("The designs' own price per row: one plain-SQL `INSERT … SELECT` of 2 000 bookings on an empty master, in one "
                + "transaction rolled back, as the owner (no row-level security), five times per design, alternating; median µs per row.");
        md.table(List.of("design", "service", "µs per row", "/ (a)"), m);
        md.para("Overlapping busy time in the salon after all rounds: **" + overlapping + "**.");
    }

    private static double median(List<double[]> rounds, int i) {
        return Latency.median(rounds.stream().mapToDouble(x -> x[i]).toArray());
    }
}
