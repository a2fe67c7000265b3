package app.salondesk.bench;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;

/**
 * CPU time spent by this JVM and by the benchmark's PostgreSQL (its postmaster and every process
 * it forked), read from the JVM and from Linux's {@code /proc}: what a request costs where, so a
 * figure can say which side the two cores went to. Processes that exit between two readings take
 * their time with them; the server's pooled backends live through a round. Zero where
 * {@code /proc} is not there.
 */
final class CpuMeter {

    private static final double TICK_MS = 10.0;   // USER_HZ is 100 on every Linux this runs on

    private final long postmaster;

    /** @param backendPid {@code pg_backend_pid()} of any connection to the benchmark's server */
    CpuMeter(long backendPid) {
        this.postmaster = parentOf(backendPid);
    }

    /** This JVM's CPU time so far, ms. */
    static double jvmMs() {
        return ((com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean()).getProcessCpuTime() / 1e6;
    }

    /** The server's CPU time so far, ms: its postmaster and the processes it forked. */
    double postgresMs() {
        if (postmaster <= 0) {
            return 0;
        }
        double ms = ticks(postmaster) * TICK_MS;
        try (Stream<Path> procs = Files.list(Path.of("/proc"))) {
            ms += procs.filter(p -> p.getFileName().toString().chars().allMatch(Character::isDigit))
                    .mapToLong(p -> Long.parseLong(p.getFileName().toString()))
                    .filter(pid -> parentOf(pid) == postmaster)
                    .mapToDouble(pid -> ticks(pid) * TICK_MS).sum();
        } catch (IOException e) {
            return 0;
        }
        return ms;
    }

    /** A process's CPU time so far, ms (0 once it is gone). */
    static double processMs(long pid) {
        return ticks(pid) * TICK_MS;
    }

    /** A PostgreSQL server's CPU time so far, ms: the postmaster named by its data directory's pid file, and its children. */
    static double postgresMs(Path dataDir) {
        try {
            long pid = Long.parseLong(Files.readAllLines(dataDir.resolve("postmaster.pid")).get(0).strip());
            return new CpuMeter(-1, pid).postgresMs();
        } catch (IOException | RuntimeException e) {
            return Double.NaN;
        }
    }

    private CpuMeter(long ignored, long postmaster) {
        this.postmaster = postmaster;
    }

    private static String[] stat(long pid) {
        try {
            String s = Files.readString(Path.of("/proc", Long.toString(pid), "stat"));
            // the command name may hold spaces: fields are counted after its closing parenthesis
            return s.substring(s.lastIndexOf(')') + 2).split(" ");
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }

    private static long parentOf(long pid) {
        String[] f = stat(pid);
        return f == null ? -1 : Long.parseLong(f[1]);
    }

    private static long ticks(long pid) {
        String[] f = stat(pid);
        return f == null ? 0 : Long.parseLong(f[11]) + Long.parseLong(f[12]);
    }
}
