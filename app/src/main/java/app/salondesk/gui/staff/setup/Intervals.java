package app.salondesk.gui.staff.setup;

import java.time.LocalTime;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * A day's working intervals as an admin types them: "09:00–13:00, 14:00–18:00" (the gap is
 * the break), also "9-13, 14-18"; nothing at all is a day off. Checked here before the
 * database's own checks (23514 end before start, 23P01 overlap), so a typo is named at the
 * field it is in rather than refused for the whole week.
 */
public final class Intervals {

    private static final Pattern TIME = Pattern.compile("(\\d{1,2})(?:[:.](\\d{2}))?");
    private static final Pattern INTERVAL = Pattern.compile("\\s*" + TIME + "\\s*[-\u2013\u2014]\\s*" + TIME + "\\s*");

    private Intervals() {
    }

    /**
     * Intervals sorted by start, or the first problem: {@code errorKey} is a bundle key and
     * {@code errorArgs} its arguments (the piece of text at fault).
     */
    public record Parsed(List<LocalTime[]> intervals, String errorKey, List<String> errorArgs) {

        static Parsed ok(List<LocalTime[]> intervals) {
            return new Parsed(List.copyOf(intervals), null, List.of());
        }

        static Parsed error(String key, String... args) {
            return new Parsed(List.of(), key, List.of(args));
        }

        public boolean isOk() {
            return errorKey == null;
        }
    }

    public static Parsed parse(String text) {
        String all = text == null ? "" : text.strip();
        if (all.isEmpty()) {
            return Parsed.ok(List.of());
        }
        List<LocalTime[]> found = new ArrayList<>();
        for (String piece : all.split("[,;\\n]")) {
            if (piece.isBlank()) {
                continue;
            }
            Matcher m = INTERVAL.matcher(piece);
            LocalTime start = m.matches() ? time(m.group(1), m.group(2)) : null;
            LocalTime end = m.matches() ? time(m.group(3), m.group(4)) : null;
            if (start == null || end == null) {
                return Parsed.error("hours.invalid.format", piece.strip());
            }
            if (!end.isAfter(start)) {
                return Parsed.error("hours.invalid.endBeforeStart", piece.strip());
            }
            found.add(new LocalTime[]{start, end});
        }
        found.sort(Comparator.comparing((LocalTime[] i) -> i[0]));
        for (int i = 1; i < found.size(); i++) {
            // touching is fine (13:00–14:00 then 14:00–18:00), as for the database's [start, end) ranges
            if (found.get(i)[0].isBefore(found.get(i - 1)[1])) {
                return Parsed.error("hours.invalid.overlap", format(List.<LocalTime[]>of(found.get(i - 1))), format(List.<LocalTime[]>of(found.get(i))));
            }
        }
        return Parsed.ok(found);
    }

    /** A wall-clock time as typed ("9", "9:30", "09.30"), or null. */
    public static LocalTime parseTime(String text) {
        Matcher m = TIME.matcher(text == null ? "" : text.strip());
        return m.matches() ? time(m.group(1), m.group(2)) : null;
    }

    private static LocalTime time(String hours, String minutes) {
        int h = Integer.parseInt(hours);
        int min = minutes == null ? 0 : Integer.parseInt(minutes);
        return h < 24 && min < 60 ? LocalTime.of(h, min) : null;
    }

    /** "09:00–13:00, 14:00–18:00"; "" for none. */
    public static String format(List<LocalTime[]> intervals) {
        return intervals.stream().map(i -> i[0] + "\u2013" + i[1]).collect(Collectors.joining(", "));
    }
}
