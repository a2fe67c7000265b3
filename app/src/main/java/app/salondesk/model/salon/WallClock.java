package app.salondesk.model.salon;

import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.time.ZonedDateTime;

/**
 * A salon wall-clock time read as the database reads it ({@code timestamp AT TIME ZONE}), so that
 * the desk and the rule book mean the same instant by it (issue 30; ADR 10's convention). They
 * differ only on the nights the clocks change:
 * <ul>
 *   <li>a time that happens <b>twice</b> (the clocks go back) is its <b>second</b> occurrence —
 *       PostgreSQL prefers the interpretation after the change; {@code ZonedDateTime.of} the first
 *       (Africa/Cairo, 31 October 2024, 23:30: 21:30Z in PostgreSQL, 20:30Z in plain Java);</li>
 *   <li>a time that does not happen (the clocks go forward) is the instant as long after the
 *       change as the time is after the gap's start — both read it so.</li>
 * </ul>
 * This matters wherever the change falls inside a salon's day: in zones whose clocks go back at
 * midnight (Cairo, Santiago, Beirut: 23:00–24:00 happens twice) a late shift's end, and in
 * Havana even the day's start (00:00 happens twice). Instants the database computed (the
 * working hours of {@code master_hours}) are used as they are; this is for times the desk makes
 * up itself (a day's bounds, the lines of a drag's grid). {@code WallClockTest} compares it with
 * PostgreSQL around every change of every zone both know, from 2020 to 2035.
 */
public final class WallClock {

    private WallClock() {
    }

    /** The instant PostgreSQL means by {@code time} in {@code zone}. */
    public static Instant instant(LocalDateTime time, ZoneId zone) {
        return ZonedDateTime.ofLocal(time, zone, null).withLaterOffsetAtOverlap().toInstant();
    }

    /** Where the salon day starts: its 00:00, read as PostgreSQL reads it ({@code CAST(day AS timestamp) AT TIME ZONE}). */
    public static Instant startOfDay(LocalDate day, ZoneId zone) {
        return instant(day.atStartOfDay(), zone);
    }
}
