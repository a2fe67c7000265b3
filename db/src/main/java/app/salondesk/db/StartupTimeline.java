package app.salondesk.db;

import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The moments of this process's start (issue 16): each phase on the way from the JVM's start to
 * the first painted day notes when it ended, and the line logged at the first paint lists them,
 * so the start-up benchmark can say where the time went. Cheap enough to note on every start
 * (a clock read); the JVM's own start time is read only when the line is written.
 *
 * <p>Phases are noted once, the first time: a window rebuilt later is not a start.
 */
public final class StartupTimeline {

    private static final Map<String, Long> marks = new LinkedHashMap<>();

    private StartupTimeline() {
    }

    /** {@code phase} ended now (kept only the first time it is noted). */
    public static void mark(String phase) {
        long now = System.currentTimeMillis();
        synchronized (marks) {
            marks.putIfAbsent(phase, now);
        }
    }

    /** The phases noted so far, in the order they ended, as milliseconds after the JVM started. */
    public static List<Map.Entry<String, Long>> sinceJvmStart() {
        long jvmStarted = ManagementFactory.getRuntimeMXBean().getStartTime();
        List<Map.Entry<String, Long>> out = new ArrayList<>();
        synchronized (marks) {
            marks.entrySet().stream().sorted(Map.Entry.comparingByValue())
                    .forEach(e -> out.add(Map.entry(e.getKey(), e.getValue() - jvmStarted)));
        }
        return out;
    }

    /** As {@link #sinceJvmStart()}, for the log: {@code main=180 toolkit=610 …}. */
    public static String summary() {
        StringBuilder s = new StringBuilder();
        for (Map.Entry<String, Long> e : sinceJvmStart()) {
            s.append(s.isEmpty() ? "" : " ").append(e.getKey()).append('=').append(e.getValue());
        }
        return s.toString();
    }
}
