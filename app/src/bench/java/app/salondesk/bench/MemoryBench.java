package app.salondesk.bench;

import app.salondesk.logic.demo.DemoSalon;
import app.salondesk.model.salon.Salon;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Clock;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * Issue 38, item 4 ({@code -Dbench.only=memory}): the desk's memory after a receptionist's day,
 * and whether a second such day adds to it. The demo salon (its two weeks of bookings copied
 * fortnight by fortnight to a year around today) in the harness's database; the desk in a JVM
 * of its own ({@link MemoryDesk}), started with the JVM options it ships with, one JVM per
 * way of starting it ({@code -Dbench.memory.jvm}: {@code label=options;label=options}, by
 * default the README's {@code java -jar} with no options and the installed launcher's
 * {@code -Xmx1g}). Monocle's headless options are the harness's, as for every desktop figure.
 *
 * <p>The report's line for each: {@code memory: RSS after day 1 N MB, after day 2 M MB, heap
 * after GC A MB → B MB}; the goal is an RSS ≤ 400 MB and no growth from day 1 to day 2.
 */
final class MemoryBench {

    private static final Logger log = LoggerFactory.getLogger(MemoryBench.class);
    static final double GOAL_MB = 400;
    /** The README's command passes the JVM nothing; the installed launcher -Xmx1g (installer/src/main/jpackage/common.args). */
    private static final String DEFAULT_JVMS = "java -jar (README)=;installed launcher=-Xmx1g";
    private static final long TIMEOUT_MIN = 30;

    /** One desk's two days: the MEMORY lines it printed, by run (0: built, before any day). */
    record Desk(String label, List<String> options, Map<Integer, Map<String, String>> runs, String failure) {
        double mb(int run, String key) {
            Map<String, String> r = runs.get(run);
            return r == null || !r.containsKey(key) ? Double.NaN : Long.parseLong(r.get(key)) / 1024.0;
        }

        String value(int run, String key) {
            Map<String, String> r = runs.get(run);
            return r == null ? "–" : r.getOrDefault(key, "–");
        }

        String line() {
            return String.format(Locale.ROOT, "memory: RSS after day 1 %.0f MB, after day 2 %.0f MB, heap after GC %.0f MB → %.0f MB (%s)",
                    mb(1, "rssKb"), mb(2, "rssKb"), mb(1, "heapAfterGcKb"), mb(2, "heapAfterGcKb"), label);
        }
    }

    private final BenchDatabase db;
    private final Path dir;
    private final int paceMs;
    private final Map<String, List<String>> jvms = new LinkedHashMap<>();
    final List<Desk> desks = new ArrayList<>();
    long bookings;
    String loadBefore = "";
    String loadAfter = "";

    MemoryBench(BenchDatabase db, BenchConfig cfg) {
        this.db = db;
        this.dir = cfg.dir().toAbsolutePath().resolve("memory");
        this.paceMs = Integer.getInteger("bench.memory.pace", 150);
        String spec = System.getProperty("bench.memory.jvm", "");
        for (String one : (spec.isBlank() ? DEFAULT_JVMS : spec).split(";")) {
            int eq = one.indexOf('=');
            if (eq <= 0) {
                throw new IllegalArgumentException("bench.memory.jvm: label=JVM options;…, not " + one);
            }
            String opts = one.substring(eq + 1).strip();
            jvms.put(one.substring(0, eq).strip(), opts.isEmpty() ? List.of() : Arrays.asList(opts.split("\\s+")));
        }
    }

    void run() throws Exception {
        // a histogram of an earlier run must not pass for this one's
        app.salondesk.db.EmbeddedServer.deleteTree(dir);
        Files.createDirectories(dir);
        Salon salon = new DemoSalon(db.dsl(), Clock.systemUTC()).seed();
        bookings = aYear(salon.id());
        log.info("memory: the demo salon {} has {} bookings", salon.id(), bookings);
        loadBefore = Machine.loadAverage();
        for (Map.Entry<String, List<String>> jvm : jvms.entrySet()) {
            desks.add(desk(jvm.getKey(), jvm.getValue(), salon));
            log.info(desks.get(desks.size() - 1).line());
        }
        loadAfter = Machine.loadAverage();
    }

    /**
     * The demo's fortnight (today − 7 … today + 6) copied 13 fortnights back and forth: the same
     * masters on the same weekdays, so no copy overlaps another. Done ones in the past, confirmed
     * ahead. Background rows, as the calendar figures' are: no history, no notifications.
     */
    private long aYear(long tenant) throws SQLException {
        try (Connection c = db.admin()) {
            c.setAutoCommit(false);
            try (Statement st = c.createStatement(); PreparedStatement ps = c.prepareStatement("""
                    INSERT INTO bookings (tenant_id, master_id, client_id, service_id, starts_at, duration_min, status, source)
                    SELECT b.tenant_id, b.master_id, b.client_id, b.service_id, b.starts_at + make_interval(days => 14 * k),
                           b.duration_min,
                           CASE WHEN b.status = 'cancelled' THEN 'cancelled'
                                WHEN b.starts_at + make_interval(days => 14 * k) < now() THEN 'completed' ELSE 'confirmed' END,
                           b.source
                      FROM bookings b, generate_series(-13, 13) AS k
                     WHERE b.tenant_id = ? AND k <> 0
                       AND b.starts_at >= ((now() AT TIME ZONE ?)::date - 7)::timestamp AT TIME ZONE ?
                       AND b.starts_at < ((now() AT TIME ZONE ?)::date + 7)::timestamp AT TIME ZONE ?
                    ON CONFLICT DO NOTHING
                    """)) {
                st.execute("ALTER TABLE bookings DISABLE TRIGGER bookings_audit, DISABLE TRIGGER bookings_notify");
                ps.setLong(1, tenant);
                for (int i = 2; i <= 5; i++) {
                    ps.setString(i, DemoSalon.ZONE.getId());   // the salon's today, not the server's
                }
                ps.executeUpdate();
                st.execute("ALTER TABLE bookings ENABLE TRIGGER bookings_audit, ENABLE TRIGGER bookings_notify");
            }
            c.commit();
            c.setAutoCommit(true);
            try (Statement st = c.createStatement()) {
                st.execute("VACUUM (ANALYZE) bookings");
            }
        }
        return Sql.count(db.dsl(), "SELECT count(*) FROM bookings WHERE tenant_id = " + tenant);
    }

    private Desk desk(String label, List<String> options, Salon salon) throws IOException, InterruptedException {
        Path own = dir.resolve(label.replaceAll("[^A-Za-z0-9]+", "-"));
        Files.createDirectories(own);
        List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString()));
        cmd.addAll(options);
        cmd.addAll(List.of(
                "-Dlogback.configurationFile=" + System.getProperty("logback.configurationFile", ""),
                "-Dbench.dir=" + own,
                "-Dorg.jooq.no-logo=true", "-Dorg.jooq.no-tips=true",
                "-Dtestfx.robot=glass", "-Dtestfx.headless=true",
                "-Dglass.platform=Monocle", "-Dmonocle.platform=Headless", "-Dheadless.geometry=1600x1000-32",
                "-Dprism.order=sw", "-Dprism.text=t2k", "-Djava.awt.headless=true",
                "-cp", System.getProperty("java.class.path"),
                MemoryDesk.class.getName(),
                db.settings().url(), String.valueOf(db.settings().user()), String.valueOf(db.settings().password()),
                Long.toString(salon.id()), own.toString(), Integer.toString(paceMs)));
        log.info("memory: the desk as '{}' ({}), two days of {} switches and {} forms", label,
                options.isEmpty() ? "no JVM options" : String.join(" ", options), MemoryDesk.SWITCHES, MemoryDesk.FORMS);
        Path out = own.resolve("desk.out");
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(out.toFile()).start();
        String failure = null;
        if (!p.waitFor(TIMEOUT_MIN, TimeUnit.MINUTES)) {
            p.destroyForcibly();
            failure = "the desk did not finish in " + TIMEOUT_MIN + " min";
        } else if (p.exitValue() != 0) {
            failure = "the desk's JVM ended with " + p.exitValue() + " (" + out + ")";
        }
        Map<Integer, Map<String, String>> runs = new HashMap<>();
        for (String line : Files.readAllLines(out)) {
            if (line.startsWith("MEMORY ")) {
                Map<String, String> kv = new LinkedHashMap<>();
                for (String w : line.substring(7).split(" ")) {
                    int eq = w.indexOf('=');
                    kv.put(w.substring(0, eq), w.substring(eq + 1));
                }
                runs.put(Integer.parseInt(kv.get("run")), kv);
            }
        }
        if (failure == null && !runs.containsKey(2)) {
            failure = "the desk printed no figure for day 2 (" + out + ")";
        }
        if (failure != null) {
            log.warn("memory ({}): {}", label, failure);
        }
        return new Desk(label, options, runs, failure);
    }

    void report(Markdown md) {
        md.heading(2, "Memory after a day at the desk (issue 38)");
        md.para("The real front desk (headless on Monocle, as figure 6) in a JVM of its own, on the demo salon with a year of "
                + "bookings (" + bookings + ", the demo's fortnight copied 13 times back and forth); a day is " + MemoryDesk.SWITCHES
                + " day switches, one day forward at a time from 10 days back, " + paceMs + " ms apart, and the booking form opened "
                + MemoryDesk.FORMS + " times (Ctrl+N, a new client, a service; every other one saved (on a day still to come), the rest cancelled and "
                + "discarded). Then the same day again in the same JVM. RSS and its peak (VmHWM) from /proc/<pid>/status before any "
                + "collection; heap used after a full GC (the leak signal); live instances from a class histogram. Load "
                + loadBefore + " → " + loadAfter + ". Goal: RSS ≤ " + Markdown.num(GOAL_MB) + " MB, no growth from day 1 to day 2.");
        List<List<String>> rows = new ArrayList<>();
        for (Desk d : desks) {
            for (int run = 0; run <= 2; run++) {
                rows.add(List.of(run == 0 ? d.label() + " (" + (d.options().isEmpty() ? "no options" : String.join(" ", d.options())) + ")" : "",
                        run == 0 ? "built, before day 1" : "after day " + run,
                        mb(d, run, "rssKb"), mb(d, run, "hwmKb"), mb(d, run, "heapAfterGcKb"), mb(d, run, "heapCommittedKb"),
                        mb(d, run, "rssAfterGcKb"), d.value(run, "entryViewsLive") + " / " + d.value(run, "entryViewsShown"),
                        d.value(run, "formsLive"), d.value(run, "stagesLive"),
                        run == 0 ? "" : d.value(run, "saved") + " / " + d.value(run, "cancelled") + " / " + d.value(run, "failedSaves")));
            }
        }
        md.table(List.of("desk started as", "when", "RSS MB", "peak RSS MB", "heap after GC MB", "heap committed MB", "RSS after GC MB",
                "entry views live / shown", "forms live", "stages live", "forms saved / cancelled / save refused"), rows);
        StringBuilder lines = new StringBuilder();
        for (Desk d : desks) {
            lines.append(d.failure() != null ? "memory (" + d.label() + "): " + d.failure() : d.line()).append('\n');
        }
        md.code(lines.toString());
    }

    private static String mb(Desk d, int run, String key) {
        double v = d.mb(run, key);
        return Double.isNaN(v) ? "–" : String.format(Locale.ROOT, "%.0f", v);
    }
}
