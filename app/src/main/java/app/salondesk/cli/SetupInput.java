package app.salondesk.cli;

import app.salondesk.i18n.Messages;

import java.math.BigDecimal;
import java.time.DateTimeException;
import java.time.DayOfWeek;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.ZoneId;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.Currency;
import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What a person types for a salon's setup, read and checked before anything is written, so
 * that a mistake is one sentence naming the value, not the database's refusal of a whole
 * statement. The database checks the same things again (its constraints are the guarantee);
 * these checks only give the better sentence. No database here: plain JUnit tests it.
 */
final class SetupInput {

    /** The schema's bounds (migrations 1 and 11). */
    static final int MAX_NAME = 200;
    static final int MAX_ADDRESS = 300;
    static final int MAX_PHONE = 40;
    static final int MAX_CATEGORY = 100;
    static final int MAX_DAY_NOTE = 200;
    static final int MAX_MINUTES = 720;
    /** numeric(10,2) */
    static final BigDecimal MAX_PRICE = new BigDecimal("99999999.99");

    private static final Pattern COLOUR = Pattern.compile("#[0-9a-fA-F]{6}");
    /** What PostgreSQL's zone check takes (migration 1): an Area/Location name, or UTC. */
    private static final Pattern IANA = Pattern.compile("[A-Za-z_]+(/[A-Za-z0-9_+-]+)+|UTC");
    /** "09:00-13:00", "9-13", "9:30 – 13" (a dash as a word processor writes it, too). */
    private static final Pattern INTERVAL = Pattern.compile("(\\d{1,2}(?::\\d{2})?)\\s*[-\u2013\u2014]\\s*(\\d{1,2}(?::\\d{2})?)");
    private static final Pattern WEEKDAYS = Pattern.compile("[1-7](-[1-7])?(,[1-7](-[1-7])?)*");
    private static final Set<String> COUNTRIES = Set.of(Locale.getISOCountries());

    private final Messages messages;

    SetupInput(Messages messages) {
        this.messages = messages;
    }

    private CliInvalid invalid(String key, Object... args) {
        return new CliInvalid(messages.format(key, args));
    }

    /** A salon's, master's or service's name: surrounding spaces dropped, 1 to 200 characters, one line. */
    String name(String text) throws CliInvalid {
        String name = text == null ? "" : text.strip();
        if (name.isEmpty() || name.length() > MAX_NAME) {
            throw invalid("cli.invalid.nameLength", MAX_NAME, name.length());
        }
        if (name.chars().anyMatch(c -> c < 0x20 || c == 0x7f)) {
            throw invalid("cli.invalid.nameControl");
        }
        return name;
    }

    /** Free text with an upper bound (address, phone, category, a day's note); null stays null. */
    String text(String text, String what, int max) throws CliInvalid {
        if (text == null) {
            return null;
        }
        String t = text.strip();
        if (t.length() > max) {
            throw invalid("cli.invalid.textTooLong", what, max);
        }
        if (t.chars().anyMatch(c -> c < 0x20 || c == 0x7f)) {
            throw invalid("cli.invalid.textControl", what);
        }
        return t;
    }

    ZoneId zone(String text) throws CliInvalid {
        String t = text == null ? "" : text.strip();
        try {
            if (IANA.matcher(t).matches()) {
                return ZoneId.of(t);
            }
        } catch (DateTimeException e) {
            // falls through to the sentence
        }
        throw invalid("cli.invalid.timeZone", t);
    }

    Currency currency(String text) throws CliInvalid {
        String t = text == null ? "" : text.strip().toUpperCase(Locale.ROOT);
        try {
            if (t.matches("[A-Z]{3}")) {
                return Currency.getInstance(t);
            }
        } catch (IllegalArgumentException e) {
            // falls through to the sentence
        }
        throw invalid("cli.invalid.currency", text == null ? "" : text.strip());
    }

    /** ISO 3166-1 alpha-2, upper case. */
    String country(String text) throws CliInvalid {
        String t = text == null ? "" : text.strip().toUpperCase(Locale.ROOT);
        if (!COUNTRIES.contains(t)) {
            throw invalid("cli.invalid.country", text == null ? "" : text.strip());
        }
        return t;
    }

    /** #rrggbb, stored in lower case. */
    String colour(String text) throws CliInvalid {
        String t = text == null ? "" : text.strip();
        if (!COLOUR.matcher(t).matches()) {
            throw invalid("cli.invalid.colour", t);
        }
        return t.toLowerCase(Locale.ROOT);
    }

    /** A length in whole minutes, 1 to 720 (the schema's bound of a booking and a service). */
    int minutes(String text) throws CliInvalid {
        String t = text == null ? "" : text.strip();
        try {
            int m = Integer.parseInt(t);
            if (m >= 1 && m <= MAX_MINUTES) {
                return m;
            }
        } catch (NumberFormatException e) {
            // falls through to the sentence
        }
        throw invalid("cli.invalid.minutes", t, MAX_MINUTES);
    }

    /** Phases as {@code busy:30,processing:40,busy:30} (1 to 20 of them, 720 minutes at most in all). */
    app.salondesk.model.catalog.Phases phases(String text) throws CliInvalid {
        return app.salondesk.model.catalog.Phases.parse(text)
                .orElseThrow(() -> invalid("cli.invalid.phases", text == null ? "" : text.strip()));
    }

    /** How many of a room or piece of equipment there are: 1 to 50. */
    int capacity(String text) throws CliInvalid {
        String t = text == null ? "" : text.strip();
        try {
            int n = Integer.parseInt(t);
            if (n >= 1 && n <= 50) {
                return n;
            }
        } catch (NumberFormatException e) {
            // falls through to the sentence
        }
        throw invalid("cli.invalid.capacity", t);
    }

    /** The master's cleanup after the client has gone: 0 to 120 minutes. */
    int cleanup(String text) throws CliInvalid {
        String t = text == null ? "" : text.strip();
        try {
            int m = Integer.parseInt(t);
            if (m >= 0 && m <= app.salondesk.model.catalog.Phases.MAX_CLEANUP) {
                return m;
            }
        } catch (NumberFormatException e) {
            // falls through to the sentence
        }
        throw invalid("cli.invalid.cleanup", t, app.salondesk.model.catalog.Phases.MAX_CLEANUP);
    }

    /**
     * A price: "450", "450.50", or "450,50" as Ukrainian and Russian write it (and a
     * spreadsheet in those languages saves it); at most two decimals, not negative.
     */
    BigDecimal price(String text) throws CliInvalid {
        String t = text == null ? "" : text.strip().replace(" ", "").replace("\u00a0", "").replace(',', '.');
        try {
            if (t.matches("\\d+(\\.\\d{1,2})?")) {
                BigDecimal p = new BigDecimal(t).setScale(2);
                if (p.compareTo(MAX_PRICE) <= 0) {
                    return p;
                }
            }
        } catch (NumberFormatException | ArithmeticException e) {
            // falls through to the sentence
        }
        throw invalid("cli.invalid.price", text == null ? "" : text.strip());
    }

    LocalDate date(String text) throws CliInvalid {
        String t = text == null ? "" : text.strip();
        try {
            LocalDate d = LocalDate.parse(t);
            if (d.getYear() >= 1900 && d.getYear() <= 9999) {
                return d;
            }
        } catch (DateTimeParseException e) {
            // falls through to the sentence
        }
        throw invalid("cli.invalid.date", t);
    }

    /**
     * A wall-clock date-time of the salon, or a date alone: the start of that day, or with
     * {@code endOfDay} the start of the next (so "--from 2026-07-01 --to 2026-07-14" is the
     * whole of both days and the days between).
     */
    LocalDateTime dateTime(String text, boolean endOfDay) throws CliInvalid {
        String t = text == null ? "" : text.strip();
        try {
            if (t.length() == 10) {
                LocalDate d = date(t);
                return endOfDay ? d.plusDays(1).atStartOfDay() : d.atStartOfDay();
            }
            LocalDateTime dt = LocalDateTime.parse(t.replace(' ', 'T'));
            if (dt.getYear() >= 1900 && dt.getYear() <= 9999) {
                return dt;
            }
        } catch (DateTimeParseException | CliInvalid e) {
            // falls through to the sentence
        }
        throw invalid("cli.invalid.dateTime", t);
    }

    /** "1" (Monday) to "7" (Sunday), a list "1,3,5", a range "1-5", or both. */
    Set<DayOfWeek> weekdays(String text) throws CliInvalid {
        String t = text == null ? "" : text.replace(" ", "");
        if (!WEEKDAYS.matcher(t).matches()) {
            throw invalid("cli.invalid.weekday", text == null ? "" : text.strip());
        }
        Set<DayOfWeek> days = EnumSet.noneOf(DayOfWeek.class);
        for (String part : t.split(",")) {
            String[] ends = part.split("-");
            int from = Integer.parseInt(ends[0]);
            int to = Integer.parseInt(ends[ends.length - 1]);
            if (to < from) {
                throw invalid("cli.invalid.weekday", text.strip());
            }
            for (int d = from; d <= to; d++) {
                days.add(DayOfWeek.of(d));
            }
        }
        return days;
    }

    /**
     * Working intervals "09:00-13:00,14:00-18:00" in start order; "off" or nothing is no
     * work at all. An end before its start and overlapping intervals are refused here, with
     * the intervals named; the database refuses them too (23514, 23P01).
     */
    List<LocalTime[]> intervals(String text) throws CliInvalid {
        String t = text == null ? "" : text.strip();
        if (t.isEmpty() || t.equalsIgnoreCase("off")) {
            return List.of();
        }
        List<LocalTime[]> intervals = new ArrayList<>();
        for (String part : t.split("[,;]")) {
            Matcher m = INTERVAL.matcher(part.strip());
            if (!m.matches()) {
                throw invalid("cli.invalid.intervals", t);
            }
            LocalTime start = time(m.group(1), t);
            LocalTime end = time(m.group(2), t);
            if (!end.isAfter(start)) {
                throw invalid("cli.invalid.endBeforeStart", interval(start, end));
            }
            intervals.add(new LocalTime[]{start, end});
        }
        intervals.sort(Comparator.comparing(i -> i[0]));
        for (int i = 1; i < intervals.size(); i++) {
            LocalTime[] before = intervals.get(i - 1);
            LocalTime[] next = intervals.get(i);
            if (next[0].isBefore(before[1])) {
                throw invalid("cli.invalid.overlap", interval(before[0], before[1]), interval(next[0], next[1]));
            }
        }
        return intervals;
    }

    private LocalTime time(String hhmm, String whole) throws CliInvalid {
        String t = hhmm.contains(":") ? hhmm : hhmm + ":00";
        try {
            return LocalTime.parse(t.indexOf(':') == 1 ? "0" + t : t);
        } catch (DateTimeParseException e) {
            throw invalid("cli.invalid.intervals", whole);
        }
    }

    /** Items of a comma-separated list ("Women's haircut, Manicure"), without blanks. */
    static List<String> list(String text) {
        if (text == null || text.isBlank()) {
            return List.of();
        }
        return Arrays.stream(text.split(",")).map(String::strip).filter(s -> !s.isEmpty()).distinct().toList();
    }

    /** How intervals are written back: the form {@link #intervals} reads, "off" for none. */
    static String intervals(List<LocalTime[]> intervals) {
        if (intervals == null || intervals.isEmpty()) {
            return "off";
        }
        return String.join(",", intervals.stream().map(i -> interval(i[0], i[1])).toList());
    }

    static String interval(LocalTime start, LocalTime end) {
        return start + "-" + end;
    }
}
