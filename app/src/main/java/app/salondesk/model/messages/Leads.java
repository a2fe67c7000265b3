package app.salondesk.model.messages;

import java.time.LocalTime;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * How long before, and the quiet hours, as a salon types them: {@code 24h}, {@code 90m},
 * {@code 2h30m}, {@code 1d}; {@code 21:00-09:00} or {@code none}.
 */
public final class Leads {

    /** At most two weeks before. */
    public static final int MAX_MINUTES = 20_160;
    private static final Pattern LEAD = Pattern.compile("(?:(\\d{1,2})d)?(?:(\\d{1,3})h)?(?:(\\d{1,5})m(?:in)?)?");
    private static final Pattern QUIET = Pattern.compile("(\\d{1,2}):(\\d{2})\\s*-\\s*(\\d{1,2}):(\\d{2})");

    private Leads() {
    }

    /** Minutes of a lead, 1 to {@value #MAX_MINUTES}; empty when the text is not one ("none" is {@link #isNone}). */
    public static Optional<Integer> minutes(String text) {
        if (text == null) {
            return Optional.empty();
        }
        String t = text.strip().toLowerCase(java.util.Locale.ROOT).replace(" ", "");
        Matcher m = LEAD.matcher(t);
        if (t.isEmpty() || !m.matches() || m.group(1) == null && m.group(2) == null && m.group(3) == null) {
            return Optional.empty();
        }
        long minutes = 1440L * num(m.group(1)) + 60L * num(m.group(2)) + num(m.group(3));
        return minutes >= 1 && minutes <= MAX_MINUTES ? Optional.of((int) minutes) : Optional.empty();
    }

    public static boolean isNone(String text) {
        return text != null && (text.strip().equalsIgnoreCase("none") || text.strip().equalsIgnoreCase("off"));
    }

    /** {@code 1440} → {@code 24h}, {@code 150} → {@code 2h30m}, null → {@code none}. */
    public static String format(Integer minutes) {
        if (minutes == null) {
            return "none";
        }
        int h = minutes / 60;
        int m = minutes % 60;
        return h == 0 ? m + "m" : m == 0 ? h + "h" : h + "h" + m + "m";
    }

    /** The quiet hours {@code from-to}; "none" is two equal times (no quiet hours). Empty: not such. */
    public static Optional<LocalTime[]> quiet(String text) {
        if (isNone(text)) {
            return Optional.of(new LocalTime[]{LocalTime.MIDNIGHT, LocalTime.MIDNIGHT});
        }
        Matcher m = text == null ? null : QUIET.matcher(text.strip());
        if (m == null || !m.matches()) {
            return Optional.empty();
        }
        int h1 = Integer.parseInt(m.group(1)), m1 = Integer.parseInt(m.group(2));
        int h2 = Integer.parseInt(m.group(3)), m2 = Integer.parseInt(m.group(4));
        if (h1 > 23 || h2 > 24 || m1 > 59 || m2 > 59 || h2 == 24 && m2 > 0) {
            return Optional.empty();
        }
        return Optional.of(new LocalTime[]{LocalTime.of(h1, m1), h2 == 24 ? LocalTime.MIDNIGHT : LocalTime.of(h2, m2)});
    }

    public static String formatQuiet(LocalTime from, LocalTime to) {
        return from.equals(to) ? "none" : from + "-" + to;
    }

    private static long num(String g) {
        return g == null ? 0 : Long.parseLong(g);
    }
}
