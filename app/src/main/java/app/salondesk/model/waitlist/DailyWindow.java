package app.salondesk.model.waitlist;

import java.time.LocalTime;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The part of each salon day a waitlist entry accepts, on the salon's wall clock, in minutes
 * since midnight: {@code [fromMin, toMin)}, {@code toMin} up to 1440 (midnight at the day's
 * end). The whole visit lies inside it: a 60-minute cut with the window 10:00–12:00 starts
 * between 10:00 and 11:00.
 */
public record DailyWindow(int fromMin, int toMin) {

    public static final int DAY_MINUTES = 1440;
    public static final DailyWindow ALL_DAY = new DailyWindow(0, DAY_MINUTES);

    private static final Pattern TEXT = Pattern.compile("(\\d{1,2}):(\\d{2})\\s*[-\u2013\u2014]\\s*(\\d{1,2}):(\\d{2})");

    public DailyWindow {
        if (fromMin < 0 || fromMin >= DAY_MINUTES || toMin <= fromMin || toMin > DAY_MINUTES) {
            throw new IllegalArgumentException("not a window of a day: " + fromMin + "-" + toMin);
        }
    }

    /** From {@code from} to {@code to}; {@code to} null or 00:00 means the end of the day. */
    public static DailyWindow of(LocalTime from, LocalTime to) {
        int end = to == null || to.equals(LocalTime.MIDNIGHT) ? DAY_MINUTES : to.getHour() * 60 + to.getMinute();
        return new DailyWindow(from.getHour() * 60 + from.getMinute(), end);
    }

    /** "10:00-12:30" (24:00 for the end of the day); empty when the text is not such a window. */
    public static Optional<DailyWindow> parse(String text) {
        Matcher m = TEXT.matcher(text == null ? "" : text.strip());
        if (!m.matches()) {
            return Optional.empty();
        }
        int fh = Integer.parseInt(m.group(1));
        int fm = Integer.parseInt(m.group(2));
        int th = Integer.parseInt(m.group(3));
        int tm = Integer.parseInt(m.group(4));
        if (fh > 23 || fm > 59 || tm > 59 || th > 24 || (th == 24 && tm != 0)) {
            return Optional.empty();
        }
        int from = fh * 60 + fm;
        int to = th * 60 + tm;
        return to > from ? Optional.of(new DailyWindow(from, to)) : Optional.empty();
    }

    public LocalTime from() {
        return LocalTime.of(fromMin / 60, fromMin % 60);
    }

    /** The end as a time of day; midnight (00:00) when the window runs to the day's end. */
    public LocalTime to() {
        return toMin == DAY_MINUTES ? LocalTime.MIDNIGHT : LocalTime.of(toMin / 60, toMin % 60);
    }

    /** "10:00-12:30", "00:00-24:00". */
    @Override
    public String toString() {
        return String.format("%02d:%02d-%02d:%02d", fromMin / 60, fromMin % 60, toMin / 60, toMin % 60);
    }
}
