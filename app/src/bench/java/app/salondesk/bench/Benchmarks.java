package app.salondesk.bench;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.slf4j.bridge.SLF4JBridgeHandler;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The benchmark run of issue 5: every figure, then a Markdown report on stdout (and in
 * target/bench/report.md). Run by {@code mvn -o -Pbench -pl app -am verify -DskipTests}.
 *
 * <p>Order matters: the read figures come first, on a table that holds only their own rows
 * (10 k, 100 k, 1 M); the write figures then run on that same table, as on a shared server
 * where other salons' bookings are already there.
 */
public final class Benchmarks {

    private static final Logger log = LoggerFactory.getLogger(Benchmarks.class);

    private Benchmarks() {
    }

    public static void main(String[] args) throws Exception {
        // JavaFX and CalendarFX log through java.util.logging: into the benchmark's log, as in the app
        SLF4JBridgeHandler.removeHandlersForRootLogger();
        SLF4JBridgeHandler.install();
        BenchConfig cfg = BenchConfig.fromSystemProperties();
        Files.createDirectories(cfg.dir());
        long started = System.nanoTime();
        String loadBefore = Machine.loadAverage();
        Markdown md = new Markdown();
        String only = System.getProperty("bench.only", "all");
        if (!only.equals("all")) {
            one(cfg, only, md);
            System.out.print(md);
            return;
        }
        try (BenchDatabase db = BenchDatabase.open(cfg); Driver driver = new Driver(WriteSalon.WRITERS)) {
            Machine machine = Machine.describe(db);
            log.info("benchmarking on {}", machine.postgres());

            CalendarBench calendar = new CalendarBench(db, cfg);
            calendar.run();
            WriteSalon salon = new WriteSalon(db.dsl(), "Benchmark: writes");
            WriteSalon clashSalon = new WriteSalon(db.dsl(), "Benchmark: collisions");
            WriteSalon plainSalon = new WriteSalon(db.dsl(), "Benchmark: plain SQL");
            WriteBench writes = new WriteBench(db, cfg, driver, salon, clashSalon, plainSalon);
            writes.run();
            ReleaseDayBench releaseDay = new ReleaseDayBench(db, cfg);
            releaseDay.run();
            WebBench web = new WebBench(db, cfg);
            web.run();
            RoundTripBench trips = new RoundTripBench(db, clashSalon);
            trips.run();
            LiveBench live = new LiveBench(db, cfg);
            live.run();
            DesktopBench desktop = cfg.desktop() ? new DesktopBench(db, calendar, cfg) : null;
            if (desktop != null) {
                desktop.startup().run();   // other JVMs, each with its own embedded server
                desktop.run();
            }

            Duration took = Duration.ofNanos(System.nanoTime() - started);
            md.heading(1, "SalonDesk benchmarks (issue 5)");
            machine.report(md, cfg, loadBefore, Machine.loadAverage(), took);
            goals(md, writes, calendar, live, desktop);
            writes.report(md);
            releaseDay.report(md);
            trips.report(md);
            calendar.report(md);
            live.report(md);
            if (desktop != null) {
                desktop.report(md);
            } else {
                md.heading(2, "6. Desktop").para("Skipped (-Dbench.desktop=false).");
            }
            web.report(md, writes.cell(16, WriteBench.Scenario.OWN).perSecond(), writes.cell(16, WriteBench.Scenario.OWN).done().p99());
        }
        String report = md.toString();
        Path file = cfg.dir().resolve("report.md");
        Files.writeString(file, report);
        // the report is this command's output; everything else went to the log
        System.out.print(report);
        log.info("report written to {} after {}", file, Duration.ofNanos(System.nanoTime() - started).truncatedTo(ChronoUnit.SECONDS));
    }

    /** One figure alone ({@code -Dbench.only}), for work on it; no goals table, no other figures. */
    private static void one(BenchConfig cfg, String only, Markdown md) throws Exception {
        if (only.equals("startup")) {
            // the application's own processes, each with its own embedded server: no database of the harness's
            StartupBench startup = new StartupBench(cfg);
            startup.run();
            startup.report(md);
            return;
        }
        try (BenchDatabase db = BenchDatabase.open(cfg)) {
            switch (only) {
                case "web" -> {
                    WebBench web = new WebBench(db, cfg);
                    web.run();
                    web.report(md, Double.NaN, Double.NaN);
                }
                case "release" -> {
                    ReleaseDayBench releaseDay = new ReleaseDayBench(db, cfg);
                    releaseDay.run();
                    releaseDay.report(md);
                }
                case "desktop" -> {
                    // the calendar salon at the size -Dbench.rows asks (10 000 is enough for a day's
                    // 570 bookings), then figure 6 without the start-up table
                    CalendarBench calendar = new CalendarBench(db, cfg);
                    calendar.run();
                    DesktopBench desktop = new DesktopBench(db, calendar, cfg);
                    desktop.run();
                    desktop.report(md);
                }
                case "checkout" -> {
                    try (Driver driver = new Driver(CheckoutBench.DESKS)) {
                        CheckoutBench checkout = new CheckoutBench(db, cfg, driver);
                        checkout.run();
                        checkout.report(md);
                    }
                }
                case "phases" -> {
                    try (Driver driver = new Driver(WriteSalon.WRITERS)) {
                        PhasesBench phases = new PhasesBench(db, cfg, driver);
                        phases.run();
                        phases.report(md);
                    }
                }
                case "messages" -> {
                    MessagesBench messages = new MessagesBench(db);
                    messages.run();
                    messages.report(md);
                }
                case "lan" -> {
                    // issue 38: figure 1's engine and usual protocol through a relay that delays each round trip
                    LanBench lan = new LanBench(db, cfg);
                    lan.run();
                    lan.report(md);
                }
                case "memory" -> {
                    // issue 38: the desk's RSS after a day's use, and after a second one
                    MemoryBench memory = new MemoryBench(db, cfg);
                    memory.run();
                    memory.report(md);
                }
                case "reports" -> {
                    ReportsBench reports = new ReportsBench(db);
                    reports.run();
                    reports.report(md);
                }
                default -> throw new IllegalArgumentException("-Dbench.only must be all, web, release, desktop, startup, phases, messages, checkout, reports, memory or lan, not "
                        + only);
            }
        }
    }

    private static void goals(Markdown md, WriteBench w, CalendarBench c, LiveBench l, DesktopBench d) {
        md.heading(2, "Goals of issue 5");
        List<List<String>> rows = new ArrayList<>();
        double own4 = w.cell(4, WriteBench.Scenario.OWN).ratio();
        double own16 = w.cell(16, WriteBench.Scenario.OWN).ratio();
        rows.add(goal("distinct masters, 4 writers: engine ≥ 0.6× raw", Markdown.ratio(own4), own4 >= 0.6,
                String.format(Locale.ROOT, "needs %.1f× the throughput", 0.6 / own4)));
        rows.add(goal("distinct masters, 16 writers: engine ≥ 0.4× raw", Markdown.ratio(own16), own16 >= 0.4,
                String.format(Locale.ROOT, "needs %.1f× the throughput", 0.4 / own16)));
        WriteBench.Cell one = w.cell(16, WriteBench.Scenario.SHARED);
        rows.add(goal("one master, 16 writers: ≥ 1 500 bookings/s", Markdown.num(one.perSecond()) + "/s", one.perSecond() >= 1500,
                String.format(Locale.ROOT, "%.0f%% of it", 100 * one.perSecond() / 1500)));
        rows.add(goal("one master, 16 writers: p99 ≤ 15 ms", Markdown.ms(one.done().p99()) + " ms", one.done().p99() <= 15,
                String.format(Locale.ROOT, "%.1f× over", one.done().p99() / 15)));
        CalendarBench.Level big = c.last();
        CalendarBench.Level small = c.first();
        String size = String.format(Locale.ROOT, "%,d", big.tableRows());
        rows.add(goal("day view of 30 masters at " + size + " rows: p99 ≤ 5 ms", Markdown.ms(big.day().p99()) + " ms",
                big.day().p99() <= 5, String.format(Locale.ROOT, "%.1f× over", big.day().p99() / 5)));
        double g50 = big.day().p50() / small.day().p50();
        double g99 = big.day().p99() / small.day().p99();
        rows.add(goal("day view growth " + String.format(Locale.ROOT, "%,d", small.tableRows()) + " → " + size + " ≤ 2× (p50 / p99)",
                Markdown.ratio(g50) + " / " + Markdown.ratio(g99), g50 <= 2 && g99 <= 2, "over 2×"));
        rows.add(goal("live update p99 ≤ 250 ms", Markdown.ms(l.latency.p99()) + " ms", l.latency.p99() <= 250,
                String.format(Locale.ROOT, "%.1f× over", l.latency.p99() / 250)));
        if (d != null && d.dragMeasured()) {
            double p95 = d.drag().p95();
            rows.add(goal("drag → saved and repainted p95 ≤ 150 ms (headless)", Markdown.ms(p95) + " ms", p95 <= 150,
                    String.format(Locale.ROOT, "%.1f× over", p95 / 150)));
        } else {
            rows.add(List.of("drag → saved and repainted p95 ≤ 150 ms", "not measured", "–", "see section 6"));
        }
        md.table(List.of("goal", "measured (medians)", "met?", "if missed"), rows);
    }

    private static List<String> goal(String what, String measured, boolean met, String miss) {
        return List.of(what, measured, met ? "**yes**" : "**no**", met ? "" : miss);
    }
}
