package app.salondesk.logic.booking;

import app.salondesk.model.booking.FreeSlot;
import app.salondesk.model.booking.NewVisit;
import app.salondesk.model.booking.Shape;
import app.salondesk.model.booking.VisitSequence;
import org.jooq.DSLContext;
import org.jooq.Record;

import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.OffsetDateTime;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

/**
 * Where a whole visit fits (issue 18): the starts of its first part at which every part, at the
 * same distance from the first as asked, can be booked after the parts before it — as the engine
 * books them ({@link VisitWrites}: each part asked of the rule book once the parts before it are
 * written). So a start is one where
 * <ol>
 *   <li>each part alone is free with its master: the free-time search's answer
 *       ({@link FreeSlotFinder}, so phases, cleanup, hours, time off and rooms count as for one
 *       booking);</li>
 *   <li>no two parts give one master overlapping busy time ({@link VisitSequence#clashesWithin}:
 *       the same wherever the visit goes);</li>
 *   <li>parts that hold the same room at once each get a unit of it, the lowest free one as the
 *       database hands them out ({@link VisitUnits}).</li>
 * </ol>
 * A visit placed by {@link VisitSequence} never meets 2 or 3; a visit asked with starts of its own
 * (a whole visit moved, the command line) may. The nearest are looked for as the search looks for
 * one booking's: the wished day, the days around it, a day before to a week after, until each
 * side of the wished time has its few.
 */
final class VisitSlots {

    /** The grid of a visit's starts: fine enough that every master's grid meets it. */
    static final int STEP_MIN = 5;
    static final int PER_SIDE = 3;
    private static final int[][] WIDENING = {{0, 0}, {1, 1}, {FreeSlotFinder.DAYS_BEFORE, FreeSlotFinder.DAYS_AFTER}};

    /**
     * What {@link VisitSequence} needs of a part, as the rule book will see it: its minutes (the
     * one asked, else the master's own length), the master's shape of the service fitted to them
     * ({@code booking_shape}, {@code phases_fit}, migration 17), and the active rooms the service
     * needs (migration 19). Raw SQL: these are functions jOOQ does not generate.
     */
    private static final String STEP = """
            SELECT d.minutes,
                   CASE WHEN phases_fits(sh.phases, d.minutes) THEN phases_fit(sh.phases, d.minutes) END AS phases,
                   coalesce(sh.cleanup_min, 0) AS cleanup,
                   ARRAY(SELECT sr.resource_id FROM service_resources sr
                           JOIN resources x ON x.tenant_id = sr.tenant_id AND x.id = sr.resource_id
                          WHERE sr.tenant_id = ? AND sr.service_id = CAST(? AS bigint) AND x.active ORDER BY 1) AS rooms
              FROM (SELECT coalesce(CAST(? AS integer), service_minutes(?, ?, CAST(? AS bigint))) AS minutes) d
             CROSS JOIN LATERAL booking_shape(?, ?, CAST(? AS bigint), NULL) sh
            """;

    private VisitSlots() {
    }

    /** Each part's step, in the visit's order; an unknown service's minutes are 0 (the rule book refuses it). */
    static List<VisitSequence.Step> steps(DSLContext dsl, NewVisit v) {
        List<VisitSequence.Step> out = new ArrayList<>();
        for (NewVisit.Part p : v.parts()) {
            Record r = dsl.resultQuery(STEP, v.tenantId(), p.serviceId(), p.durationMin(), v.tenantId(), p.masterId(), p.serviceId(),
                    v.tenantId(), p.masterId(), p.serviceId()).fetchOne();
            Integer minutes = r.get(0, Integer.class);
            Long[] rooms = r.get(3, Long[].class);
            out.add(new VisitSequence.Step(p.masterId(), minutes == null ? 0 : minutes,
                    Shape.of(r.get(1, Integer[].class), r.get(2, Integer.class)), rooms == null ? Set.of() : Set.of(rooms)));
        }
        return out;
    }

    /** The visit with each start left open (null) placed by {@link VisitSequence}; as asked when every start is given. */
    static NewVisit placed(DSLContext dsl, NewVisit v) {
        if (v.parts().stream().allMatch(p -> p.start() != null)) {
            return v;
        }
        List<Instant> starts = VisitSequence.starts(v.parts().get(0).start(), steps(dsl, v));
        List<NewVisit.Part> parts = new ArrayList<>();
        for (int i = 0; i < v.parts().size(); i++) {
            NewVisit.Part p = v.parts().get(i);
            parts.add(new NewVisit.Part(p.masterId(), p.serviceId(), p.start() != null ? p.start() : starts.get(i), p.durationMin()));
        }
        return new NewVisit(v.tenantId(), v.clientId(), v.newClient(), parts, v.note(), v.requestId(), v.source());
    }

    /** The nearest starts of the visit's first part around the one asked, earlier and later, in time order. */
    static List<Instant> nearest(DSLContext dsl, NewVisit asked) {
        NewVisit v = placed(dsl, asked);
        ZoneId zone = zone(dsl, v.tenantId());
        Instant wished = v.parts().get(0).start();
        LocalDate day = wished.atZone(zone).toLocalDate();
        Instant now = dsl.resultQuery("SELECT now()").fetchOne(0, OffsetDateTime.class).toInstant();
        List<VisitSequence.Step> steps = steps(dsl, v);
        List<Instant> earlier = List.of();
        List<Instant> later = List.of();
        for (int[] w : WIDENING) {
            List<Instant> all = new ArrayList<>();
            for (LocalDate d = day.minusDays(w[0]); !d.isAfter(day.plusDays(w[1])); d = d.plusDays(1)) {
                all.addAll(dayStarts(dsl, v, steps, d, zone));
            }
            earlier = all.stream().filter(s -> s.isBefore(wished) && !s.isBefore(now))
                    .sorted(Comparator.reverseOrder()).limit(PER_SIDE).toList();
            later = all.stream().filter(s -> !s.isBefore(wished)).sorted().limit(PER_SIDE).toList();
            boolean pastReached = !app.salondesk.model.salon.WallClock.startOfDay(day.minusDays(w[0]), zone).isAfter(now);
            if ((earlier.size() >= PER_SIDE || pastReached) && later.size() >= PER_SIDE) {
                break;
            }
        }
        TreeSet<Instant> out = new TreeSet<>(earlier);
        out.addAll(later);
        return List.copyOf(out);
    }

    /**
     * Every start of the visit's first part on salon day {@code day} at which the whole visit can
     * be booked; {@code v}'s starts all given, {@code steps} its parts' ({@link #steps}).
     */
    static List<Instant> dayStarts(DSLContext dsl, NewVisit v, List<VisitSequence.Step> steps, LocalDate day, ZoneId zone) {
        Instant first = v.parts().get(0).start();
        List<Duration> offs = v.parts().stream().map(p -> Duration.between(first, p.start())).toList();
        if (VisitSequence.clashesWithin(v.parts().stream().map(NewVisit.Part::start).toList(), steps)) {
            return List.of();
        }
        Instant dayStart = app.salondesk.model.salon.WallClock.startOfDay(day, zone);
        Instant dayEnd = app.salondesk.model.salon.WallClock.startOfDay(day.plusDays(1), zone);
        List<Set<Instant>> free = new ArrayList<>();
        for (int i = 0; i < v.parts().size(); i++) {
            NewVisit.Part p = v.parts().get(i);
            Duration off = offs.get(i);
            Set<Instant> starts = new HashSet<>();
            // the salon days this part's starts fall on when the first part starts on `day`
            LocalDate from = dayStart.plus(off).atZone(zone).toLocalDate();
            LocalDate to = dayEnd.minusNanos(1).plus(off).atZone(zone).toLocalDate();
            for (LocalDate d = from; !d.isAfter(to); d = d.plusDays(1)) {
                for (FreeSlot s : FreeSlotFinder.find(dsl, FreeSlotFinder.Question.dayOf(v.tenantId(), steps.get(i).minutes(),
                        app.salondesk.model.salon.WallClock.startOfDay(d, zone), p.masterId(), p.serviceId(), null, STEP_MIN))) {
                    starts.add(s.start().minus(off));
                }
            }
            if (starts.isEmpty()) {
                return List.of();
            }
            free.add(starts);
        }
        List<Instant> fit = free.get(0).stream()
                .filter(s -> !s.isBefore(dayStart) && s.isBefore(dayEnd))
                .filter(s -> free.stream().allMatch(f -> f.contains(s)))
                .sorted().toList();
        VisitUnits units = VisitUnits.load(dsl, v.tenantId(), offs, steps, dayStart, dayEnd);
        return units == null ? fit : fit.stream().filter(units::eachPartGetsAUnit).toList();
    }

    static ZoneId zone(DSLContext dsl, long tenantId) {
        return ZoneId.of(dsl.resultQuery("SELECT time_zone FROM tenants WHERE id = ?", tenantId).fetchOne(0, String.class));
    }
}
