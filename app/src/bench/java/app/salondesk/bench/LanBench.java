package app.salondesk.bench;

import app.salondesk.db.ConnectionSettings;
import app.salondesk.logic.booking.BookingEngine;
import app.salondesk.runtime.Backend;
import org.HdrHistogram.Histogram;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import javax.sql.DataSource;

/**
 * Issue 38, figure 1 on a LAN: the engine and the usual protocol of figure 1 (same table, same
 * rules, each writer its own master), through a {@link DelayRelay} that adds a round trip of
 * 0, 0.5 and 2 ms (the relay alone; a salon's LAN; its Wi-Fi), and straight to the server,
 * all in the same rounds: every round runs every path, engine then usual protocol, and each
 * ratio is the engine's bookings/s over the usual protocol's on the same path in the same
 * round, the median over rounds reported. Each path has a pool of its own (the app's, the
 * desk's size), opened and filled before the first round.
 *
 * <p>Knobs: {@code -Dbench.lan.delays=0,500,2000} (added round trip, microseconds),
 * {@code -Dbench.lan.writers=1,4}; rounds and seconds are the run's.
 */
final class LanBench {

    private static final Logger log = LoggerFactory.getLogger(LanBench.class);
    private static final int PINGS = 200;

    /** One way to the server: straight, or a relay and its delay. */
    private record Path(String name, long delayMicros, Backend backend, BookingEngine engine, DelayRelay relay) {
    }

    /** One (path, writers) cell's rounds. */
    record Cell(List<Driver.Round> engine, List<Driver.Round> usual, List<Double> ratios, List<Double> engineTrips, List<Double> usualTrips,
                List<double[]> cpu) {
        double ratio() {
            return Latency.median(ratios, Double::doubleValue);
        }
    }

    private final BenchDatabase db;
    private final BenchConfig cfg;
    private final long[] delays;
    private final int[] writers;
    private final List<DelayRelay> relays = new ArrayList<>();
    private final List<Path> paths = new ArrayList<>();
    /** Path name → measured round trip of a {@code SELECT 1}, median ms. */
    final Map<String, Double> ping = new LinkedHashMap<>();
    final Map<String, Map<Integer, Cell>> cells = new LinkedHashMap<>();
    long overlapping = -1;

    LanBench(BenchDatabase db, BenchConfig cfg) {
        this.db = db;
        this.cfg = cfg;
        this.delays = Arrays.stream(System.getProperty("bench.lan.delays", "0,500,2000").split(",")).map(String::trim)
                .mapToLong(Long::parseLong).toArray();
        this.writers = Arrays.stream(System.getProperty("bench.lan.writers", "1,4").split(",")).map(String::trim)
                .mapToInt(Integer::parseInt).toArray();
    }

    void run() throws Exception {
        int most = Arrays.stream(writers).max().orElse(1);
        WriteSalon salon = new WriteSalon(db.dsl(), "Benchmark: LAN");
        CpuMeter server = new CpuMeter(db.dsl().resultQuery("SELECT pg_backend_pid()").fetchOne(0, Long.class));
        ConnectionSettings s = db.settings();
        try (Driver driver = new Driver(Math.max(most, WriteSalon.WRITERS))) {
            paths.add(new Path("straight to the server", -1, null, new BookingEngine(db.dsl()), null));
            for (long d : delays) {
                DelayRelay relay = new DelayRelay("127.0.0.1", port(s.url()), d);
                relays.add(relay);
                Backend b = Backend.connect(new ConnectionSettings(relay.url(s.url()), s.user(), s.password()), most + 1);
                paths.add(new Path(String.format(Locale.ROOT, "relay, +%.1f ms a round trip", d / 1000.0), d, b, new BookingEngine(b.dsl()), relay));
            }
            for (Path p : paths) {
                ping.put(p.name, ping(pool(p)));
                log.info("issue 38: {}: SELECT 1 round trip median {} ms", p.name, Markdown.ms(ping.get(p.name)));
                driver.run(most, 1, w -> WriteBench.kind(p.engine.book(salon.booking(salon.own.get(w), salon.freshSlot(salon.own.get(w))))));
                driver.run(most, 1, w -> WriteBench.naive(pool(p), salon, salon.own.get(w)));
            }
            for (int w : writers) {
                for (Path p : paths) {
                    cells.computeIfAbsent(p.name, k -> new LinkedHashMap<>()).put(w, new Cell(new ArrayList<>(), new ArrayList<>(), new ArrayList<>(), new ArrayList<>(), new ArrayList<>(), new ArrayList<>()));
                }
                for (int r = 1; r <= cfg.rounds(); r++) {
                    for (Path p : paths) {
                        long c0 = chunks(p);
                        double j0 = CpuMeter.jvmMs();
                        double s0 = server.postgresMs();
                        Driver.Round e = driver.run(w, cfg.seconds(),
                                x -> WriteBench.kind(p.engine.book(salon.booking(salon.own.get(x), salon.freshSlot(salon.own.get(x))))));
                        long c1 = chunks(p);
                        double j1 = CpuMeter.jvmMs();
                        double s1 = server.postgresMs();
                        Driver.Round u = driver.run(w, cfg.seconds(), x -> WriteBench.naive(pool(p), salon, salon.own.get(x)));
                        Cell c = cells.get(p.name).get(w);
                        c.cpu.add(new double[]{(j1 - j0) / calls(e), (s1 - s0) / calls(e), (CpuMeter.jvmMs() - j1) / calls(u),
                                (server.postgresMs() - s1) / calls(u)});
                        c.engineTrips.add((c1 - c0) / (double) calls(e));
                        c.usualTrips.add((chunks(p) - c1) / (double) calls(u));
                        c.engine.add(e);
                        c.usual.add(u);
                        c.ratios.add(e.donePerSecond() / u.donePerSecond());
                        log.info("issue 38: {} writer(s), round {}, {}: engine {}/s (p50 {} ms, {} errors), usual {}/s (p50 {} ms, {} errors), ratio {}",
                                w, r, p.name, Markdown.num(e.donePerSecond()), Markdown.ms(e.doneLatency().p50()), e.errors() + e.other(),
                                Markdown.num(u.donePerSecond()), Markdown.ms(u.doneLatency().p50()), u.errors() + u.other(),
                                Markdown.ratio(e.donePerSecond() / u.donePerSecond()));
                    }
                }
            }
            overlapping = Sql.overlapping(db.dsl(), salon.tenant);
        } finally {
            for (Path p : paths) {
                if (p.backend != null) {
                    p.backend.close();
                }
            }
            relays.forEach(DelayRelay::close);
        }
    }

    /** Chunks sent through the path's relay so far (NaN-free: 0 straight to the server, where nothing counts them). */
    private static long chunks(Path p) {
        return p.relay == null ? 0 : p.relay.upChunks();
    }

    private static double cpu(Cell c, int i) {
        return Latency.median(c.cpu, a -> a[i]);
    }

    private static long calls(Driver.Round r) {
        return Math.max(1, r.done() + r.lost() + r.lostEmpty() + r.other() + r.errors());
    }

    private DataSource pool(Path p) {
        return p.backend == null ? db.dataSource() : p.backend.database().dataSource();
    }

    private static int port(String url) {
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("//[^/:]+:(\\d+)/").matcher(url);
        return m.find() ? Integer.parseInt(m.group(1)) : 5432;
    }

    /** The median time of a {@code SELECT 1} on one held connection: the path's round trip as a client sees it. */
    private static double ping(DataSource pool) throws Exception {
        Histogram h = Latency.histogram();
        try (Connection c = pool.getConnection(); PreparedStatement ps = c.prepareStatement("SELECT 1")) {
            for (int i = 0; i < PINGS + 20; i++) {
                long t0 = System.nanoTime();
                try (ResultSet rs = ps.executeQuery()) {
                    rs.next();
                }
                if (i >= 20) {
                    h.recordValue(System.nanoTime() - t0);
                }
            }
        }
        return Latency.of(h).p50();
    }

    /** The greppable lines, one per delay: the engine over the usual protocol at the most writers measured and at one. */
    List<String> lines() {
        List<String> out = new ArrayList<>();
        for (Path p : paths) {
            StringBuilder sb = new StringBuilder("engine on a LAN: ").append(p.name).append(String.format(Locale.ROOT, " (SELECT 1 %.2f ms)", ping.get(p.name)));
            for (Map.Entry<Integer, Cell> e : cells.get(p.name).entrySet()) {
                sb.append(String.format(Locale.ROOT, ", %d writer%s: engine %.0f/s, usual %.0f/s, ratio %.2f", e.getKey(), e.getKey() == 1 ? "" : "s",
                        Latency.median(e.getValue().engine, Driver.Round::donePerSecond),
                        Latency.median(e.getValue().usual, Driver.Round::donePerSecond), e.getValue().ratio()));
            }
            out.add(sb.toString());
        }
        return out;
    }

    void report(Markdown md) {
        md.heading(2, "Issue 38: figure 1's engine and usual protocol through a relay that delays each round trip");
        md.para("A TCP relay on the loopback (the bench's `DelayRelay`) delays every chunk by half the added round trip in each "
                + "direction, in order; each path has a pool of its own (the app's pool, " + (Arrays.stream(writers).max().orElse(1) + 1)
                + " connections). Every round runs every path, the engine (each writer its own master) then the usual protocol "
                + "(figure 1's (a′): the lock, each rule a SELECT, SAVEPOINT, INSERT, RELEASE, COMMIT); a ratio is the engine's "
                + "bookings/s over the usual protocol's on the same path in the same round, median over " + cfg.rounds() + " rounds of "
                + cfg.seconds() + " s. *SELECT 1* is the median time of one statement on a held connection of the path (" + PINGS + " of them). *Client writes a booking* counts "
                + "the chunks the clients sent through the relay in a round over the calls made: the round trips a booking takes, "
                + "as the wire sees them. *CPU ms a call*: this JVM's (the writers, the pool, and on a relay path the relay's "
                + "threads) and the PostgreSQL server's (`/proc`), over the calls of the round, median over rounds.");
        List<List<String>> rows = new ArrayList<>();
        for (Path p : paths) {
            for (Map.Entry<Integer, Cell> e : cells.get(p.name).entrySet()) {
                Cell c = e.getValue();
                Latency el = Latency.median(c.engine.stream().map(Driver.Round::doneLatency).toList());
                Latency ul = Latency.median(c.usual.stream().map(Driver.Round::doneLatency).toList());
                rows.add(List.of(p.name, Markdown.ms(ping.get(p.name)), Integer.toString(e.getKey()),
                        Markdown.num(Latency.median(c.engine, Driver.Round::donePerSecond)), Markdown.ms(el.p50()), Markdown.ms(el.p95()),
                        Markdown.num(Latency.median(c.usual, Driver.Round::donePerSecond)), Markdown.ms(ul.p50()), Markdown.ms(ul.p95()),
                        "**" + Markdown.ratio(c.ratio()) + "**",
                        p.relay == null ? "" : String.format(Locale.ROOT, "%.1f / %.1f", Latency.median(c.engineTrips, Double::doubleValue),
                                Latency.median(c.usualTrips, Double::doubleValue)),
                        String.format(Locale.ROOT, "%.2f + %.2f / %.2f + %.2f", cpu(c, 0), cpu(c, 1), cpu(c, 2), cpu(c, 3))));
            }
        }
        md.table(List.of("path", "SELECT 1 ms", "writers", "engine /s", "p50 ms", "p95 ms", "usual /s", "p50 ms", "p95 ms", "engine / usual",
                "client writes a booking, engine / usual", "CPU ms a call, JVM + server: engine / usual"), rows);
        StringBuilder grep = new StringBuilder();
        for (String l : lines()) {
            grep.append("`").append(l).append("`  \n");
        }
        md.para(grep.toString().trim());
        md.para("Overlapping active bookings in the salon after all rounds: **" + overlapping + "**. Goal of issue 38: the engine ≥ 3× "
                + "the usual protocol at 2 ms.");
    }
}
