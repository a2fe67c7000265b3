package app.salondesk.bench;

import org.jooq.Record;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Locale;

/** What the figures ran on: they mean little without it. */
record Machine(int cores, String cpu, String memory, String postgres, String database, String settings, String jvm, String os) {

    static Machine describe(BenchDatabase db) {
        Record s = db.dsl().resultQuery("SELECT version(), current_setting('shared_buffers'), current_setting('fsync'), "
                + "current_setting('synchronous_commit'), current_setting('max_connections')").fetchOne();
        return new Machine(Runtime.getRuntime().availableProcessors(), readCpu(), readMemory(), s.get(0, String.class), db.where(),
                "shared_buffers " + s.get(1, String.class) + ", fsync " + s.get(2, String.class) + ", synchronous_commit "
                        + s.get(3, String.class) + ", max_connections " + s.get(4, String.class),
                System.getProperty("java.vm.name") + " " + System.getProperty("java.runtime.version"),
                System.getProperty("os.name") + " " + System.getProperty("os.version") + " " + System.getProperty("os.arch"));
    }

    void report(Markdown md, BenchConfig cfg, String loadBefore, String loadAfter, Duration took) {
        md.table(List.of("machine", ""), List.of(
                List.of("cores (JVM's view)", Integer.toString(cores)),
                List.of("CPU", cpu),
                List.of("memory", memory),
                List.of("load average before / after the run", loadBefore + " / " + loadAfter),
                List.of("OS", os),
                List.of("JVM", jvm),
                List.of("PostgreSQL", postgres),
                List.of("database", database),
                List.of("server settings", settings + "; the benchmark's pool adds statement_timeout "
                        + cfg.statementTimeoutSeconds() + " s"),
                List.of("run", String.format(Locale.ROOT, "%d rounds of %d s per write figure, up to %,d generated bookings, took %d min %02d s",
                        cfg.rounds(), cfg.seconds(), cfg.rows(), took.toMinutes(), took.toSecondsPart()))));
    }

    static String loadAverage() {
        String s = read("/proc/loadavg");
        return s.isEmpty() ? "n/a" : String.join(" ", List.of(s.split("\\s+")).subList(0, 3));
    }

    private static String readCpu() {
        for (String line : read("/proc/cpuinfo").split("\n")) {
            if (line.startsWith("model name")) {
                return line.substring(line.indexOf(':') + 1).strip();
            }
        }
        return System.getProperty("os.arch");
    }

    private static String readMemory() {
        for (String line : read("/proc/meminfo").split("\n")) {
            if (line.startsWith("MemTotal:")) {
                long kb = Long.parseLong(line.replaceAll("\\D", ""));
                return String.format(Locale.ROOT, "%.1f GiB", kb / 1024.0 / 1024.0);
            }
        }
        return "n/a";
    }

    private static String read(String file) {
        try {
            return Files.readString(Path.of(file));
        } catch (IOException | RuntimeException e) {
            return "";   // not Linux: the report says n/a
        }
    }
}
