package app.salondesk.model.salon;

import app.salondesk.db.TestPostgres;
import app.salondesk.runtime.Backend;
import org.jooq.DSLContext;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.time.zone.ZoneOffsetTransition;
import java.time.zone.ZoneRules;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The desk reads a salon wall-clock time as PostgreSQL does (issue 30, defect 7): around every
 * change of every zone that both Java and PostgreSQL know, 2020 to 2035, the times just before,
 * inside and after each gap and each repeated hour, {@link WallClock#instant} against
 * {@code CAST(t AS timestamp) AT TIME ZONE zone}.
 */
class WallClockTest {

    private static Backend backend;
    private static DSLContext dsl;

    @BeforeAll
    static void database() {
        backend = Backend.connect(TestPostgres.migratedDatabase("wallclock"), 2);
        dsl = backend.dsl();
    }

    @AfterAll
    static void close() {
        backend.close();
    }

    @Test
    void theRepeatedHourOfAZoneThatGoesBackAtMidnightIsItsSecondOccurrenceAsInPostgres() {
        ZoneId cairo = ZoneId.of("Africa/Cairo");
        LocalDateTime late = LocalDateTime.of(2024, 10, 31, 23, 30);
        // plain Java reads the first 23:30 (summer time, +03); PostgreSQL the second (+02)
        assertEquals(Instant.parse("2024-10-31T20:30:00Z"), ZonedDateTime.of(late, cairo).toInstant());
        assertEquals(Instant.parse("2024-10-31T21:30:00Z"), postgres(List.of(late), List.of("Africa/Cairo")).get(0));
        assertEquals(Instant.parse("2024-10-31T21:30:00Z"), WallClock.instant(late, cairo));
        // Havana goes back from 01:00 to 00:00: the salon day itself starts at the second midnight
        ZoneId havana = ZoneId.of("America/Havana");
        LocalDate fallBack = LocalDate.of(2030, 11, 3);
        assertEquals(postgres(List.of(fallBack.atStartOfDay()), List.of("America/Havana")).get(0), WallClock.startOfDay(fallBack, havana));
    }

    @Test
    void everyChangeOfEveryZoneIsReadAsPostgresReadsIt() {
        Set<String> known = new HashSet<>(dsl.resultQuery("SELECT name FROM pg_timezone_names").fetch(0, String.class));
        List<LocalDateTime> times = new ArrayList<>();
        List<String> zones = new ArrayList<>();
        Instant from = Instant.parse("2020-01-01T00:00:00Z");
        Instant until = Instant.parse("2035-12-31T00:00:00Z");
        for (String id : ZoneId.getAvailableZoneIds()) {
            if (!known.contains(id)) {
                continue;
            }
            ZoneRules rules = ZoneId.of(id).getRules();
            for (ZoneOffsetTransition t = rules.nextTransition(from); t != null && t.getInstant().isBefore(until);
                 t = rules.nextTransition(t.getInstant())) {
                // from an hour before the earlier of the two wall-clock readings of the change to an hour after the later
                LocalDateTime lo = t.getDateTimeBefore().isBefore(t.getDateTimeAfter()) ? t.getDateTimeBefore() : t.getDateTimeAfter();
                LocalDateTime hi = t.getDateTimeBefore().isBefore(t.getDateTimeAfter()) ? t.getDateTimeAfter() : t.getDateTimeBefore();
                for (LocalDateTime x = lo.minusMinutes(60); !x.isAfter(hi.plusMinutes(60)); x = x.plusMinutes(15)) {
                    times.add(x);
                    zones.add(id);
                }
            }
        }
        int compared = 0;
        int ambiguous = 0;
        int skipped = 0;
        for (int start = 0; start < times.size(); start += 20_000) {
            int end = Math.min(times.size(), start + 20_000);
            List<Instant[]> candidates = new ArrayList<>();
            for (int i = start; i < end; i++) {
                LocalDateTime x = times.get(i);
                ZoneRules rules = ZoneId.of(zones.get(i)).getRules();
                List<ZoneOffset> valid = rules.getValidOffsets(x);
                // the instants the time may mean: one, or two when it happens twice; in a gap, read at the
                // offsets before and after the change
                List<ZoneOffset> offsets = valid.isEmpty()
                        ? List.of(rules.getTransition(x).getOffsetBefore(), rules.getTransition(x).getOffsetAfter()) : valid;
                candidates.add(offsets.stream().map(x::toInstant).toArray(Instant[]::new));
            }
            List<Object[]> pg = postgres(times.subList(start, end), zones.subList(start, end), candidates);
            for (int i = start; i < end; i++) {
                LocalDateTime x = times.get(i);
                ZoneId zone = ZoneId.of(zones.get(i));
                Object[] answer = pg.get(i - start);
                Instant db = (Instant) answer[0];
                // where the two tz databases disagree about the zone itself (an offset one knows and the
                // other does not: a gap or a repeated hour only one of them has), the rule cannot be compared
                Instant[] c = candidates.get(i - start);
                boolean agree = answer[1].equals(c[0].atZone(zone).toLocalDateTime())
                        && answer[2].equals(c[c.length - 1].atZone(zone).toLocalDateTime());
                int valid = zone.getRules().getValidOffsets(x).size();
                if (!agree) {
                    skipped++;
                    continue;
                }
                assertEquals(db, WallClock.instant(x, zone), zone + " " + x);
                compared++;
                ambiguous += valid == 2 ? 1 : 0;
            }
        }
        org.slf4j.LoggerFactory.getLogger(WallClockTest.class).info("{} wall-clock times compared ({} happen twice), {} skipped",
                compared, ambiguous, skipped);
        assertTrue(compared > 10_000 && ambiguous > 1_000, compared + " compared, " + ambiguous + " of them happen twice");
        assertTrue(skipped < compared / 20, "the tz databases mostly agree: " + skipped + " skipped");
    }

    private static List<Instant> postgres(List<LocalDateTime> times, List<String> zones) {
        return dsl.resultQuery("""
                        SELECT u.t AT TIME ZONE u.z FROM unnest(CAST(? AS timestamp[]), CAST(? AS text[])) WITH ORDINALITY AS u(t, z, n)
                         ORDER BY u.n
                        """, times.toArray(LocalDateTime[]::new), zones.toArray(String[]::new))
                .fetch(r -> r.get(0, OffsetDateTime.class).toInstant());
    }

    /**
     * PostgreSQL's instant for each wall-clock time, and its wall-clock readings of the time's first and
     * last candidate instants by Java's rules (the same as Java's when both databases know the zone alike).
     */
    private static List<Object[]> postgres(List<LocalDateTime> times, List<String> zones, List<Instant[]> candidates) {
        OffsetDateTime[] first = candidates.stream().map(c -> c[0].atOffset(ZoneOffset.UTC)).toArray(OffsetDateTime[]::new);
        OffsetDateTime[] last = candidates.stream().map(c -> c[c.length - 1].atOffset(ZoneOffset.UTC)).toArray(OffsetDateTime[]::new);
        return dsl.resultQuery("""
                        SELECT u.t AT TIME ZONE u.z, u.a AT TIME ZONE u.z, u.b AT TIME ZONE u.z
                          FROM unnest(CAST(? AS timestamp[]), CAST(? AS text[]), CAST(? AS timestamptz[]), CAST(? AS timestamptz[]))
                               WITH ORDINALITY AS u(t, z, a, b, n)
                         ORDER BY u.n
                        """, times.toArray(LocalDateTime[]::new), zones.toArray(String[]::new), first, last)
                .fetch(r -> new Object[]{r.get(0, OffsetDateTime.class).toInstant(), r.get(1, LocalDateTime.class), r.get(2, LocalDateTime.class)});
    }
}
