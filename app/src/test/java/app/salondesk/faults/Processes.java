package app.salondesk.faults;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Real processes and real signals for the fault tests: kill(1), child JVMs, postmaster.pid. */
final class Processes {

    private Processes() {
    }

    /** {@code kill -9 pid…}: SIGKILL, which no process can catch, all in one kill(2) round. */
    static void kill9(long... pids) throws IOException, InterruptedException {
        List<String> cmd = new ArrayList<>(List.of("kill", "-9"));
        for (long pid : pids) {
            cmd.add(Long.toString(pid));
        }
        Process kill = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        assertTrue(kill.waitFor(30, TimeUnit.SECONDS));
        assertEquals(0, kill.exitValue(), new String(kill.getInputStream().readAllBytes(), StandardCharsets.UTF_8));
    }

    /** The postmaster's pid from a data directory's {@code postmaster.pid}. */
    static long postmasterPid(Path dataDir) throws IOException {
        return Long.parseLong(Files.readAllLines(dataDir.resolve("postmaster.pid")).get(0).strip());
    }

    static boolean alive(long pid) {
        return ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false);
    }

    /** A child JVM running {@code mainClass} on this test's class path. */
    static ProcessBuilder childJvm(Class<?> mainClass, String... args) {
        List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp", System.getProperty("java.class.path"), mainClass.getName()));
        cmd.addAll(List.of(args));
        return new ProcessBuilder(cmd);
    }

    /** The end of a child's standard error, for a failure message. */
    static String errorsOf(Path stderr) {
        try {
            String text = Files.readString(stderr, StandardCharsets.UTF_8);
            return "\n--- the child's standard error ---\n" + text.substring(Math.max(0, text.length() - 4000));
        } catch (IOException e) {
            return "";
        }
    }

    /** Waits for a condition, polling: the assertion is the condition, the timeout only a bound. */
    static void await(String what, Duration timeout, BooleanSupplier condition) throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("waited " + timeout.toSeconds() + " s for: " + what);
            }
            Thread.sleep(100);
        }
    }
}
