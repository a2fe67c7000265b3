package app.salondesk.bench;

import app.salondesk.db.EmbeddedServer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Figure 6, its last table: the application started as a process (its jar, {@code lib/} beside
 * it, with no arguments: its own JVM, the embedded database), headless as the GUI tests run,
 * until its first day is painted. The application writes that moment to its log
 * ({@code FirstPaint}: milliseconds since its JVM started, and since issue 16 the phases on the
 * way); the harness waits for the line, then stops the process with SIGTERM, as a desktop
 * session's logout would, and waits for it to end.
 *
 * <p>Cold: the first start of the desk on a home folder that {@code salondesk demo} has just
 * made (the PostgreSQL cluster new, its caches empty, the demo salon in it): since issue 12 a
 * truly first start opens on the welcome screen, where there is no day to paint. The command
 * is run before the clock starts, and timed on its own (a new home: unpacking the binaries,
 * initdb, migrations, the demo seed). Warm: the same home again. The operating system's file
 * cache is warm in both (the harness cannot drop it).
 *
 * <p>Several builds can be measured in one run, start by start in turn (ABBA: the order flips
 * every round, so a drift of the machine's load falls on both alike): {@code
 * -Dbench.startup.builds=before=/tmp/old/app/target/salondesk.jar;after=target/salondesk.jar -XX:Foo},
 * each a label, the jar and JVM options of its own. Without it, this build's jar alone.
 */
final class StartupBench {

    private static final Logger log = LoggerFactory.getLogger(StartupBench.class);
    private static final Pattern PAINTED = Pattern.compile("first day painted (\\d+) ms after the JVM started");
    private static final Pattern PHASES = Pattern.compile("phases, ms after the JVM started: (.*)$");
    private static final long START_TIMEOUT_MS = 120_000;

    /** A build of the application: its jar (with {@code lib/} beside it) and the JVM options to start it with. */
    record Build(String label, Path jar, List<String> jvmOptions) {

        static List<Build> fromSystemProperties(Path thisJar) {
            String spec = System.getProperty("bench.startup.builds", "");
            if (spec.isBlank()) {
                return List.of(new Build("this build", thisJar, List.of()));
            }
            List<Build> builds = new ArrayList<>();
            for (String one : spec.split(";")) {
                int eq = one.indexOf('=');
                if (eq <= 0) {
                    throw new IllegalArgumentException("bench.startup.builds: label=jar [options], not " + one);
                }
                List<String> words = new ArrayList<>(Arrays.asList(one.substring(eq + 1).strip().split("\\s+")));
                Path jar = Path.of(words.remove(0)).toAbsolutePath();
                builds.add(new Build(one.substring(0, eq).strip(), jar, List.copyOf(words)));
            }
            return builds;
        }
    }

    /**
     * One start: from the JVM's start (the application's log line), and from the launch (the
     * harness's clock); the phases the application noted on the way (none from a build before issue 16).
     */
    record Start(double fromJvmMs, double fromLaunchMs, Map<String, Long> phases, double jvmCpuMs, double postgresCpuMs) {
        @Override
        public String toString() {
            return Markdown.ms(fromLaunchMs);
        }
    }

    /** What one build gave. */
    static final class Runs {
        final List<Start> cold = new ArrayList<>();
        final List<Start> warm = new ArrayList<>();
        /** {@code salondesk demo} on a new home: unpacking, initdb, migrations, the seed (ms, the harness's clock). */
        final List<Double> demo = new ArrayList<>();
    }

    private final Path dir;
    private final List<Build> builds;
    private final int coldStarts;
    private final int warmStarts;
    final Map<Build, Runs> runs = new LinkedHashMap<>();
    String failure;
    String loadBefore = "";
    String loadAfter = "";

    StartupBench(BenchConfig cfg) {
        this.dir = cfg.dir().resolve("startup");
        // the jar the build just packaged (bench.dir is target/bench)
        this.builds = Build.fromSystemProperties(cfg.dir().toAbsolutePath().getParent().resolve("salondesk.jar"));
        this.coldStarts = Integer.getInteger("bench.startup.cold", 3);
        this.warmStarts = Integer.getInteger("bench.startup.warm", 5);
        builds.forEach(b -> runs.put(b, new Runs()));
    }

    /** This build's starts (the last one named): the figure of the whole run. */
    Runs main() {
        return runs.get(builds.get(builds.size() - 1));
    }

    void run() {
        loadBefore = Machine.loadAverage();
        try {
            EmbeddedServer.deleteTree(dir);
            Files.createDirectories(dir);
            for (Build b : builds) {
                if (!Files.isRegularFile(b.jar())) {
                    throw new IllegalStateException("no jar at " + b.jar() + " (build " + b.label() + ")");
                }
            }
            int round = 0;
            for (int i = 0; i < coldStarts; i++) {
                for (Build b : inTurn(round++)) {
                    Path home = dir.resolve(slug(b.label())).resolve("home-" + i);
                    runs.get(b).demo.add(addDemoSalon(b, home));
                    runs.get(b).cold.add(start(b, home));
                }
            }
            for (int w = 0; w < warmStarts; w++) {
                for (Build b : inTurn(round++)) {
                    runs.get(b).warm.add(start(b, dir.resolve(slug(b.label())).resolve("home-0")));
                }
            }
            runs.forEach((b, r) -> log.info("figure 6, {}: launch → first painted day: cold {}, warm {}", b.label(), r.cold, r.warm));
        } catch (Exception e) {
            failure = e.toString();
            log.warn("figure 6 (start-up) failed: {}", failure);
            log.debug("start-up", e);
        }
        loadAfter = Machine.loadAverage();
    }

    private List<Build> inTurn(int round) {
        List<Build> order = new ArrayList<>(builds);
        if (round % 2 == 1) {
            java.util.Collections.reverse(order);
        }
        return order;
    }

    private static String slug(String label) {
        return label.replaceAll("[^A-Za-z0-9]+", "-");
    }

    /** The command that starts {@code build}: its jar on the class path, and Monocle's (headless, as the tests). */
    private static List<String> command(Build build, Path home, String... args) {
        List<String> cmd = new ArrayList<>(List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Dsalondesk.home=" + home));
        cmd.addAll(build.jvmOptions());
        cmd.addAll(List.of(
                "-Dglass.platform=Monocle", "-Dmonocle.platform=Headless", "-Dheadless.geometry=1600x1000-32",
                "-Dprism.order=sw", "-Dprism.text=t2k",
                "-cp", build.jar() + java.io.File.pathSeparator + monocle(),
                "app.salondesk.Main"));
        cmd.addAll(List.of(args));
        return cmd;
    }

    /** Monocle's jar, from this JVM's class path (the test scope has it; the application's lib/ does not). */
    private static String monocle() {
        return Arrays.stream(System.getProperty("java.class.path").split(java.io.File.pathSeparator))
                .filter(p -> p.contains("openjfx-monocle")).findFirst()
                .orElseThrow(() -> new IllegalStateException("Monocle is not on the benchmark's class path"));
    }

    /**
     * One start of the application in {@code home}. The harness's own figure runs from just before
     * the launch until it sees the log line, polled every 10 ms: up to 10 ms late, and it includes
     * creating the process and the JVM's own start.
     */
    private Start start(Build build, Path home) throws IOException, InterruptedException {
        Path logFile = home.resolve("logs").resolve("salondesk.log");
        long linesBefore = Files.exists(logFile) ? Files.readAllLines(logFile).size() : 0;
        long launched = System.nanoTime();
        Process p = new ProcessBuilder(command(build, home))
                .redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.appendTo(dir.resolve("process.out").toFile()))
                .start();
        try {
            long deadline = System.currentTimeMillis() + START_TIMEOUT_MS;
            while (System.currentTimeMillis() < deadline) {
                Optional<Double> ms = painted(logFile, linesBefore);
                if (ms.isPresent()) {
                    double fromLaunch = (System.nanoTime() - launched) / 1e6;
                    // the CPU both sides spent until the paint: on a machine shared with other
                    // work it varies far less than the time on the clock does
                    double jvmCpu = CpuMeter.processMs(p.pid());
                    double pgCpu = CpuMeter.postgresMs(home.resolve("postgres").resolve("data"));
                    return new Start(ms.get(), fromLaunch, phases(logFile, linesBefore), jvmCpu, pgCpu);
                }
                if (!p.isAlive()) {
                    throw new IllegalStateException("the application (" + build.label() + ") ended with " + p.exitValue()
                            + " before painting a day; see " + logFile + " and " + dir.resolve("process.out"));
                }
                Thread.sleep(10);
            }
            throw new IllegalStateException("no painted day within " + START_TIMEOUT_MS / 1000 + " s; see " + logFile);
        } finally {
            p.destroy();   // SIGTERM: the application stops its embedded server on the way out
            if (!p.waitFor(60, TimeUnit.SECONDS)) {
                p.destroyForcibly().waitFor();
            }
        }
    }

    /** {@code salondesk demo} in {@code home}: the salon whose first day the cold start paints. Returns how long it took. */
    private double addDemoSalon(Build build, Path home) throws IOException, InterruptedException {
        long launched = System.nanoTime();
        Process p = new ProcessBuilder(command(build, home, "demo"))
                .redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.appendTo(dir.resolve("process.out").toFile()))
                .start();
        // initdb, migrations and the seed: on a machine shared with others' builds this took over two minutes
        if (!p.waitFor(3 * START_TIMEOUT_MS, TimeUnit.MILLISECONDS) || p.exitValue() != 0) {
            p.destroyForcibly().waitFor();
            throw new IllegalStateException("salondesk demo did not add the demo salon; see " + dir.resolve("process.out"));
        }
        return (System.nanoTime() - launched) / 1e6;
    }

    private static Optional<Double> painted(Path logFile, long skipLines) throws IOException {
        if (!Files.exists(logFile)) {
            return Optional.empty();
        }
        return Files.readAllLines(logFile).stream().skip(skipLines)
                .map(PAINTED::matcher).filter(Matcher::find)
                .map(m -> Double.parseDouble(m.group(1))).findFirst();
    }

    private static Map<String, Long> phases(Path logFile, long skipLines) throws IOException {
        Map<String, Long> out = new LinkedHashMap<>();
        Files.readAllLines(logFile).stream().skip(skipLines)
                .map(PHASES::matcher).filter(Matcher::find).findFirst()
                .ifPresent(m -> {
                    for (String pair : m.group(1).strip().split("\\s+")) {
                        int eq = pair.indexOf('=');
                        if (eq > 0) {
                            out.put(pair.substring(0, eq), Long.parseLong(pair.substring(eq + 1)));
                        }
                    }
                });
        return out;
    }

    // ---- report -----------------------------------------------------------------------------

    static List<String> row(String what, List<Start> starts) {
        return List.of(what, Integer.toString(starts.size()),
                Markdown.ms(Latency.median(starts, Start::fromLaunchMs)),
                Markdown.ms(starts.stream().mapToDouble(Start::fromLaunchMs).min().orElse(Double.NaN)),
                Markdown.ms(starts.stream().mapToDouble(Start::fromLaunchMs).max().orElse(Double.NaN)),
                Markdown.ms(Latency.median(starts, Start::fromJvmMs)),
                Markdown.ms(Latency.median(starts, Start::jvmCpuMs)),
                Markdown.ms(Latency.median(starts, Start::postgresCpuMs)));
    }

    static final List<String> HEADER = List.of("first painted day", "samples", "launch → painted, median ms", "min", "max",
            "JVM start → painted, median ms", "CPU of the JVM until painted, median ms", "CPU of PostgreSQL, median ms");

    /** The start-up tables alone ({@code -Dbench.only=startup}): every build, its phases, and the ratios to the first. */
    void report(Markdown md) {
        md.heading(2, "6. Start-up: launch → first painted day");
        if (failure != null) {
            md.para("Could not run here: " + failure + " (details in target/bench/bench.log).");
        }
        md.para("Load average (1, 5, 15 min) before the starts: " + loadBefore + "; after: " + loadAfter + ". "
                + coldStarts + " cold and " + warmStarts + " warm starts per build, the builds in turn (ABBA).");
        List<List<String>> rows = new ArrayList<>();
        for (Map.Entry<Build, Runs> e : runs.entrySet()) {
            String name = e.getKey().label() + (e.getKey().jvmOptions().isEmpty() ? "" : " (" + String.join(" ", e.getKey().jvmOptions()) + ")");
            rows.add(row(name + ": cold (first start of the desk)", e.getValue().cold));
            rows.add(row(name + ": warm (the same home again)", e.getValue().warm));
            double[] demo = e.getValue().demo.stream().mapToDouble(Double::doubleValue).toArray();
            rows.add(List.of(name + ": `salondesk demo` on a new home (unpack, initdb, migrations, seed)", Integer.toString(demo.length),
                    Markdown.ms(Latency.median(demo)), Markdown.ms(Arrays.stream(demo).min().orElse(Double.NaN)),
                    Markdown.ms(Arrays.stream(demo).max().orElse(Double.NaN)), "", "", ""));
        }
        md.table(HEADER, rows);
        if (runs.size() > 1) {
            Runs first = runs.values().iterator().next();
            List<List<String>> ratios = new ArrayList<>();
            runs.forEach((b, r) -> {
                if (r != first) {
                    ratios.add(List.of(b.label(),
                            Markdown.ratio(Latency.median(r.cold, Start::fromLaunchMs) / Latency.median(first.cold, Start::fromLaunchMs)),
                            Markdown.ratio(Latency.median(r.warm, Start::fromLaunchMs) / Latency.median(first.warm, Start::fromLaunchMs)),
                            Markdown.ratio(Latency.median(r.cold, Start::jvmCpuMs) / Latency.median(first.cold, Start::jvmCpuMs)),
                            Markdown.ratio(Latency.median(r.warm, Start::jvmCpuMs) / Latency.median(first.warm, Start::jvmCpuMs))));
                }
            });
            md.table(List.of("median, against " + builds.get(0).label(), "cold: launch → painted", "warm: launch → painted",
                    "cold: CPU of the JVM", "warm: CPU of the JVM"), ratios);
        }
        phases(md);
    }

    /** Medians of each phase's end, per build and kind of start; a phase is what ends at its mark. */
    private void phases(Markdown md) {
        Set<String> names = new LinkedHashSet<>();
        runs.values().forEach(r -> {
            r.warm.forEach(s -> names.addAll(s.phases().keySet()));
            r.cold.forEach(s -> names.addAll(s.phases().keySet()));
        });
        if (names.isEmpty()) {
            return;
        }
        List<String> header = new ArrayList<>(List.of("phase ended (ms after the JVM started, median)"));
        List<List<Start>> columns = new ArrayList<>();
        runs.forEach((b, r) -> {
            if (r.warm.stream().anyMatch(s -> !s.phases().isEmpty())) {
                header.add(b.label() + ", cold");
                columns.add(r.cold);
                header.add(b.label() + ", warm");
                columns.add(r.warm);
            }
        });
        List<List<String>> rows = new ArrayList<>();
        for (String phase : names) {
            List<String> row = new ArrayList<>(List.of(phase));
            for (List<Start> c : columns) {
                double[] at = c.stream().filter(s -> s.phases().containsKey(phase)).mapToDouble(s -> s.phases().get(phase)).toArray();
                row.add(at.length == 0 ? "" : Markdown.ms(Latency.median(at)));
            }
            rows.add(row);
        }
        md.table(header, rows);
        md.para(String.format(Locale.ROOT, "Phases: %s.", String.join(", ", List.of(
                "main = the JVM reached `Main.main`",
                "pg-binaries = the PostgreSQL binaries found (or unpacked)",
                "postmaster = `pg_ctl start` answered",
                "server = the salondesk database there",
                "schema = migrated or checked",
                "toolkit = JavaFX called `start`",
                "desk-data = what the desk needs read",
                "window = the main window built",
                "day-read = the first day's bookings arrived",
                "painted = the pulse that laid them out ended"))));
    }
}
