package app.salondesk.bench;

import app.salondesk.db.EmbeddedServer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Figure 6, its last table: the application started as a process ({@code app.salondesk.Main} with no
 * arguments, its own JVM, the embedded database), headless as the GUI tests run, until its
 * first day is painted. The application writes that moment to its log ({@code FirstPaint}:
 * milliseconds since its JVM started); the harness waits for the line, then stops the
 * process with SIGTERM, as a desktop session's logout would, and waits for it to end.
 *
 * <p>Cold: the first start of the desk on a home folder that {@code salondesk demo} has just
 * made (the PostgreSQL cluster new, its caches empty, the demo salon in it): since issue 12 a
 * truly first start opens on the welcome screen, where there is no day to paint. The command
 * is run before the clock starts. Warm: the same home again. The operating system's file cache
 * is warm in both (the harness cannot drop it).
 */
final class StartupBench {

    private static final Logger log = LoggerFactory.getLogger(StartupBench.class);
    private static final Pattern PAINTED = Pattern.compile("first day painted (\\d+) ms after the JVM started");
    private static final int COLD_STARTS = 3;
    private static final int WARM_STARTS = 5;
    private static final long START_TIMEOUT_MS = 120_000;

    private final Path dir;
    /** One start: from the JVM's start (the application's log line), and from the launch (the harness's clock). */
    record Start(double fromJvmMs, double fromLaunchMs) {
    }

    final List<Start> cold = new ArrayList<>();
    final List<Start> warm = new ArrayList<>();
    String failure;

    StartupBench(BenchConfig cfg) {
        this.dir = cfg.dir().resolve("startup");
    }

    void run() {
        try {
            EmbeddedServer.deleteTree(dir);
            Files.createDirectories(dir);
            for (int i = 0; i < COLD_STARTS; i++) {
                Path home = dir.resolve("home-" + i);
                addDemoSalon(home);
                cold.add(start(home));
                if (i == 0) {
                    for (int w = 0; w < WARM_STARTS; w++) {
                        warm.add(start(home));
                    }
                }
            }
            log.info("figure 6: launch → first painted day: cold {}, warm {}", cold, warm);
        } catch (Exception e) {
            failure = e.toString();
            log.warn("figure 6 (start-up) failed: {}", failure);
            log.debug("start-up", e);
        }
    }

    /**
     * One start of the application in {@code home}. The harness's own figure runs from just before
     * the launch until it sees the log line, polled every 10 ms: up to 10 ms late, and it includes
     * creating the process and the JVM's own start.
     */
    private Start start(Path home) throws IOException, InterruptedException {
        Path logFile = home.resolve("logs").resolve("salondesk.log");
        long linesBefore = Files.exists(logFile) ? Files.readAllLines(logFile).size() : 0;
        List<String> cmd = new ArrayList<>(List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Dsalondesk.home=" + home,
                // the application's own logging set-up (the test class path also holds logback-test.xml)
                "-Dlogback.configurationFile=logback.xml",
                "-Dglass.platform=Monocle", "-Dmonocle.platform=Headless", "-Dheadless.geometry=1600x1000-32",
                "-Dprism.order=sw", "-Dprism.text=t2k",
                "-cp", System.getProperty("java.class.path"),
                "app.salondesk.Main"));
        long launched = System.nanoTime();
        Process p = new ProcessBuilder(cmd)
                .redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.appendTo(dir.resolve("process.out").toFile()))
                .start();
        try {
            long deadline = System.currentTimeMillis() + START_TIMEOUT_MS;
            while (System.currentTimeMillis() < deadline) {
                Optional<Double> ms = painted(logFile, linesBefore);
                if (ms.isPresent()) {
                    return new Start(ms.get(), (System.nanoTime() - launched) / 1e6);
                }
                if (!p.isAlive()) {
                    throw new IllegalStateException("the application ended with " + p.exitValue()
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

    /** {@code salondesk demo} in {@code home}: the salon whose first day the cold start paints. */
    private void addDemoSalon(Path home) throws IOException, InterruptedException {
        Process p = new ProcessBuilder(List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Dsalondesk.home=" + home,
                "-Dlogback.configurationFile=logback.xml",
                "-cp", System.getProperty("java.class.path"),
                "app.salondesk.Main", "demo"))
                .redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.appendTo(dir.resolve("process.out").toFile()))
                .start();
        if (!p.waitFor(START_TIMEOUT_MS, TimeUnit.MILLISECONDS) || p.exitValue() != 0) {
            p.destroyForcibly().waitFor();
            throw new IllegalStateException("salondesk demo did not add the demo salon; see " + dir.resolve("process.out"));
        }
    }

    private static Optional<Double> painted(Path logFile, long skipLines) throws IOException {
        if (!Files.exists(logFile)) {
            return Optional.empty();
        }
        return Files.readAllLines(logFile).stream().skip(skipLines)
                .map(PAINTED::matcher).filter(Matcher::find)
                .map(m -> Double.parseDouble(m.group(1))).findFirst();
    }
}
