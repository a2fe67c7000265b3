package app.salondesk.model.booking;

import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.time.ZonedDateTime;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * How a recurring booking repeats: every {@code everyWeeks} weeks, {@code times} bookings in all
 * (the first included), or until {@code until} (the last day a booking may fall on). Each
 * occurrence is at the first one's wall-clock time in the salon's zone, whatever daylight saving
 * does in between.
 */
public record Repeat(int everyWeeks, Integer times, LocalDate until) {

    public static final int MAX_EVERY_WEEKS = 12;
    /** A year of weekly visits. */
    public static final int MAX_OCCURRENCES = 52;

    public static Repeat times(int everyWeeks, int times) {
        return new Repeat(everyWeeks, times, null);
    }

    public static Repeat until(int everyWeeks, LocalDate until) {
        return new Repeat(everyWeeks, null, until);
    }

    /** What is wrong with a repeat, each with its sentence in the bundles ({@code repeat.invalid.<name>}). */
    public enum Problem {
        EVERY, TIMES, ONE_OF, UNTIL, TOO_MANY;

        public String messageKey() {
            return "repeat.invalid." + name().toLowerCase(java.util.Locale.ROOT);
        }
    }

    /** Why this repeat cannot be booked from {@code first} (empty: it can). */
    public Optional<Problem> problem(Instant first, ZoneId zone) {
        if (everyWeeks < 1 || everyWeeks > MAX_EVERY_WEEKS) {
            return Optional.of(Problem.EVERY);
        }
        if ((times == null) == (until == null)) {
            return Optional.of(Problem.ONE_OF);
        }
        if (times != null) {
            return times < 2 || times > MAX_OCCURRENCES ? Optional.of(Problem.TIMES) : Optional.empty();
        }
        LocalDate firstDay = first.atZone(zone).toLocalDate();
        if (!until.isAfter(firstDay)) {
            return Optional.of(Problem.UNTIL);
        }
        long count = ChronoUnit.WEEKS.between(firstDay, until) / everyWeeks + 1;
        return count > MAX_OCCURRENCES ? Optional.of(Problem.TOO_MANY) : Optional.empty();
    }

    /**
     * The occurrences' starts, the first one first. On a day whose wall-clock time happens twice
     * the earlier is kept where the first one was the earlier, the later where it was the later.
     */
    public List<Instant> starts(Instant first, ZoneId zone) {
        if (problem(first, zone).isPresent()) {
            throw new IllegalArgumentException("not a repeat to book: " + problem(first, zone).get());
        }
        ZonedDateTime z = first.atZone(zone);
        LocalDateTime wall = z.toLocalDateTime();
        List<Instant> starts = new ArrayList<>();
        for (int i = 0; ; i++) {
            LocalDateTime next = wall.plusWeeks((long) i * everyWeeks);
            if (times != null ? i >= times : next.toLocalDate().isAfter(until)) {
                return starts;
            }
            starts.add(ZonedDateTime.ofLocal(next, zone, z.getOffset()).toInstant());
        }
    }
}
