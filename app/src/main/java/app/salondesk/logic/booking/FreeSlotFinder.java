package app.salondesk.logic.booking;

import app.salondesk.model.booking.FreeSlot;
import org.jooq.DSLContext;

import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;

/**
 * The nearest free starts around a wished time (the nearest earlier and later ones first, then
 * by distance; listed in time order): the wished master's first, then other active
 * masters who offer the service; on a grid of {@code step} minutes from the start of each
 * working interval; the booking with its cleanup inside working hours, its busy time (busy phases
 * and cleanup, migration 17) clear of time off and of other active bookings' busy time — so a
 * start inside another booking's processing gap is offered, and one whose own gap holds another
 * booking too — not in the past — the rule book's rules ({@code booking_problem}, migration 11), with its
 * working hours read from the same {@code master_hours}. One SQL statement per window searched.
 *
 * <p>A nearest-slots question searches the wished salon day first, then the days around it,
 * and only then the whole reach (a day before to a week after): each window contains the
 * smaller one, so when a window already holds {@code perGroup} free starts on both sides of
 * the wished time for a group (the wished master; the others), anything outside it is farther
 * away on its side and that group's answer is exactly the whole reach's answer. Each group
 * widens on its own. All this at a fraction of the cost: the walk costs per master and day,
 * and the loser of a race asks it while holding the master's lock.
 */
public final class FreeSlotFinder {

    /** The whole reach around the wished day: one before, a week after. */
    static final int DAYS_BEFORE = 1;
    static final int DAYS_AFTER = 7;
    /** The windows a nearest-slots question tries, in days before and after the wished day. */
    private static final int[][] WIDENING = {{0, 0}, {1, 1}, {DAYS_BEFORE, DAYS_AFTER}};
    /** More starts than any salon day holds (a 25-hour DST day on a 1-minute grid has 1 500). */
    private static final int ALL_OF_A_DAY = 2_000;

    /**
     * Plain SQL rather than jOOQ's DSL: the question is a walk over wall-clock working hours
     * (LATERAL generate_series, date + time AT TIME ZONE the salon's zone) that reads far
     * more clearly as the SQL it is. All values are bind parameters.
     */
    private static final String SQL = """
            WITH p AS (
                SELECT t.id AS tenant, t.time_zone AS tz,
                       CAST(? AS integer) AS dur, CAST(? AS timestamptz) AS wished,
                       CAST(? AS bigint) AS preferred, CAST(? AS bigint) AS service,
                       CAST(? AS bigint) AS exclude_id, CAST(? AS integer) AS step,
                       CAST(? AS boolean) AS with_preferred, CAST(? AS boolean) AS others,
                       CAST(? AS integer) AS before, CAST(? AS integer) AS after
                  FROM tenants t
                 WHERE t.id = ?
            ), cand AS (
                -- each master's shape of the service (her own phases and cleanup, else the service's; a
                -- moved booking's own), as the rule book reads it: booking_shape, migration 17
                SELECT m.id, m.name, coalesce(m.id = p.preferred, false) AS same,
                       sh.phases AS shape, coalesce(sh.cleanup_min, 0) AS cleanup
                  FROM p JOIN masters m ON m.tenant_id = p.tenant
                 CROSS JOIN LATERAL booking_shape(p.tenant, m.id, p.service, p.exclude_id) sh
                 WHERE m.active
                   -- a length the shape can last, and no more than a day's 12 hours with the cleanup
                   AND phases_fits(sh.phases, p.dur) AND p.dur + coalesce(sh.cleanup_min, 0) <= 720
                   -- a service no longer sold is offered by nobody (the rule book's service_inactive)
                   AND (p.service IS NULL OR EXISTS (SELECT 1 FROM services sv
                                                      WHERE sv.tenant_id = p.tenant AND sv.id = p.service AND sv.active))
                   AND ((p.with_preferred AND m.id = p.preferred)
                        OR (p.others AND m.id IS DISTINCT FROM p.preferred AND (p.service IS NULL
                            OR EXISTS (SELECT 1 FROM master_services ms
                                        WHERE ms.tenant_id = p.tenant AND ms.master_id = m.id AND ms.service_id = p.service))))
            ), bounds AS (
                -- the searched salon days as instants
                SELECT CAST(CAST(p.wished AT TIME ZONE p.tz AS date) - p.before AS timestamp) AT TIME ZONE p.tz AS win_start,
                       CAST(CAST(p.wished AT TIME ZONE p.tz AS date) + p.after + 1 AS timestamp) AT TIME ZONE p.tz AS win_end,
                       -- a booking lasts at most 12 hours; computed here, so that the bookings' range
                       -- below compares plain values: under row-level security only a leakproof
                       -- comparison is an index condition, and "- interval" is not leakproof (ADR 7)
                       CAST(CAST(p.wished AT TIME ZONE p.tz AS date) - p.before AS timestamp) AT TIME ZONE p.tz
                           - interval '12 hours' AS busy_from
                  FROM p
            ), busy AS MATERIALIZED (
                -- the candidate masters' active bookings in that window (one index range scan), one
                -- row per salon day each touches, so the grid is matched by master AND day: a few
                -- rows per comparison instead of the master's whole window. r is the master's busy
                -- time (busy phases and cleanup), as the exclusion constraint compares it
                SELECT b.master_id, CAST(d AS date) AS day, booking_busy(b.starts_at, b.duration_min, b.cleanup_min, b.phases) AS r
                  FROM p, bounds, bookings b,
                       generate_series(CAST(b.starts_at AT TIME ZONE p.tz AS date),
                                       CAST((slot_end(b.starts_at, b.duration_min + b.cleanup_min) - interval '1 microsecond') AT TIME ZONE p.tz AS date),
                                       interval '1 day') AS d
                 WHERE b.tenant_id = p.tenant
                   AND b.master_id IN (SELECT id FROM cand)
                   AND b.status IN ('pending', 'confirmed', 'arrived')
                   AND (p.exclude_id IS NULL OR b.id <> p.exclude_id)
                   AND b.starts_at >= bounds.busy_from
                   AND b.starts_at < bounds.win_end
            ), grid AS (
                -- every working interval of the searched days, as the rule book reads them (the day's
                -- own hours, else its week's), walked in real minutes from its start; the booking and
                -- its cleanup inside the interval
                SELECT c.id AS master_id, c.name, c.same, c.shape, c.cleanup, h.day,
                       h.starts_at + make_interval(mins => g.i * p.step) AS s
                  FROM p
                  CROSS JOIN cand c
                  CROSS JOIN LATERAL master_hours(p.tenant, c.id, CAST(p.wished AT TIME ZONE p.tz AS date) - p.before,
                                                  CAST(p.wished AT TIME ZONE p.tz AS date) + p.after) h
                  CROSS JOIN LATERAL generate_series(0, CAST(floor((extract(epoch FROM h.ends_at - h.starts_at) / 60 - p.dur - c.cleanup)
                                                                   / p.step) AS integer)) AS g(i)
                 WHERE extract(epoch FROM h.ends_at - h.starts_at) / 60 >= p.dur + c.cleanup
            ), slots AS MATERIALIZED (
                -- each start's busy time computed once: inlined, the planner evaluated it again for
                -- every busy range it was compared with (3x the time of the whole question)
                SELECT g.*, booking_busy(g.s, p.dur, g.cleanup, phases_fit(g.shape, p.dur)) AS gr FROM grid g, p
            ), free AS (
                SELECT g.master_id, g.name, g.same, g.s, abs(extract(epoch FROM g.s - p.wished)) AS dist
                  FROM slots g, p
                 WHERE g.s >= now()
                   AND NOT EXISTS (
                       SELECT 1 FROM busy
                        WHERE busy.master_id = g.master_id AND busy.day = g.day
                          AND busy.r && g.gr)
                   AND NOT EXISTS (
                       SELECT 1 FROM master_time_off o
                        WHERE o.tenant_id = p.tenant AND o.master_id = g.master_id
                          AND o.starts_at < slot_end(g.s, p.dur + g.cleanup) AND o.ends_at > g.s
                          AND tstzmultirange(tstzrange(o.starts_at, o.ends_at)) && g.gr)
                   -- every room or piece of equipment the service needs has a unit free for the whole
                   -- booking and its cleanup (the rule book's resource_taken, migration 19)
                   AND NOT EXISTS (
                       SELECT 1 FROM service_resources sr
                         JOIN resources x ON x.tenant_id = sr.tenant_id AND x.id = sr.resource_id
                        WHERE sr.tenant_id = p.tenant AND sr.service_id = p.service AND x.active
                          AND NOT EXISTS (SELECT 1 FROM generate_series(1, x.capacity) u
                                           WHERE NOT EXISTS (SELECT 1 FROM booking_resources h
                                                              WHERE h.tenant_id = p.tenant AND h.resource_id = x.id AND h.unit = u
                                                                AND (p.exclude_id IS NULL OR h.booking_id <> p.exclude_id)
                                                                AND h.during && tstzrange(g.s, slot_end(g.s, p.dur + g.cleanup)))))
            ), by_side AS (
                -- nearest first on each side of the wished time, so both "earlier" and "later" are offered
                SELECT f.*, f.s < p.wished AS earlier,
                       row_number() OVER (PARTITION BY f.same, f.s < p.wished ORDER BY f.dist, f.s, f.master_id) AS side_rank,
                       count(*) OVER (PARTITION BY f.same, f.s < p.wished) AS side_count
                  FROM free f, p
            ), ranked AS (
                SELECT b.*, row_number() OVER (PARTITION BY b.same ORDER BY b.side_rank, b.dist, b.s, b.master_id) AS rn
                  FROM by_side b
            )
            SELECT master_id, name, s, same, earlier, side_count, (SELECT win_start <= now() FROM bounds) AS past_reached
              FROM ranked
             WHERE rn <= ?
             ORDER BY same DESC, s, master_id
            """;

    private final DSLContext dsl;

    public FreeSlotFinder(DSLContext dsl) {
        this.dsl = dsl;
    }

    /**
     * A question about free time. {@code preferredMasterId}, {@code serviceId},
     * {@code excludeBookingId} may be null. {@code otherMasters}: also every other active master
     * who offers the service (all of them when there is no service). {@code wishedDayOnly}: only
     * the salon day of {@code wished}, all of it, rather than the nearest starts around it.
     */
    public record Question(long tenantId, int durationMin, Instant wished, Long preferredMasterId, Long serviceId,
                           Long excludeBookingId, int stepMin, int perGroup, boolean otherMasters, boolean wishedDayOnly) {

        /** The nearest free starts around {@code wished}, the preferred master's and the other masters'. */
        public static Question nearest(long tenantId, int durationMin, Instant wished, Long preferredMasterId,
                                       Long serviceId, Long excludeBookingId, int stepMin, int perGroup) {
            return new Question(tenantId, durationMin, wished, preferredMasterId, serviceId, excludeBookingId,
                    stepMin, perGroup, true, false);
        }

        /** Every free start of one master on the salon day that contains {@code dayStart}. */
        public static Question dayOf(long tenantId, int durationMin, Instant dayStart, long masterId, Long serviceId,
                                     Long excludeBookingId, int stepMin) {
            return new Question(tenantId, durationMin, dayStart, masterId, serviceId, excludeBookingId,
                    stepMin, ALL_OF_A_DAY, false, true);
        }
    }

    public List<FreeSlot> find(Question q) {
        return find(dsl, q);
    }

    /**
     * Runs in the caller's transaction, so it sees what the caller sees (and has locked).
     * The two groups (the wished master, the others) are ranked apart, so each widens on its
     * own: a popular master booked solid for days sends only that master's search wide, while
     * the other masters' nearest starts were settled by the first window.
     */
    public static List<FreeSlot> find(DSLContext tx, Question q) {
        boolean preferred = q.preferredMasterId() != null;
        if (q.wishedDayOnly()) {
            return slots(search(tx, q, preferred, q.otherMasters(), 0, 0));
        }
        List<Found> same = List.of();
        List<Found> others = List.of();
        boolean sameOpen = preferred;
        boolean othersOpen = q.otherMasters();
        for (int[] window : WIDENING) {
            if (!sameOpen && !othersOpen) {
                break;
            }
            List<Found> found = search(tx, q, sameOpen, othersOpen, window[0], window[1]);
            if (sameOpen) {
                same = found.stream().filter(f -> f.slot().sameMaster()).toList();
                sameOpen = !settled(q, same);
            }
            if (othersOpen) {
                others = found.stream().filter(f -> !f.slot().sameMaster()).toList();
                othersOpen = !settled(q, others);
            }
        }
        List<Found> all = new ArrayList<>(same);
        all.addAll(others);
        return slots(all);
    }

    /** The answer of one window, without widening: how {@link #find} would answer if it searched only that. */
    static List<FreeSlot> findWithin(DSLContext tx, Question q, int daysBefore, int daysAfter) {
        return slots(search(tx, q, q.preferredMasterId() != null, q.otherMasters(), daysBefore, daysAfter));
    }

    /** One row of a search: the slot and what the search saw on its side of the wished time. */
    private record Found(FreeSlot slot, boolean earlier, long sideCount, boolean pastReached) {
    }

    /** One window, for the wished master ({@code withPreferred}) and/or the others; ordered as {@link #find} answers. */
    private static List<Found> search(DSLContext tx, Question q, boolean withPreferred, boolean others,
                                      int daysBefore, int daysAfter) {
        OffsetDateTime wished = q.wished().atOffset(ZoneOffset.UTC);
        return tx.resultQuery(SQL, q.durationMin(), wished, q.preferredMasterId(), q.serviceId(), q.excludeBookingId(),
                        q.stepMin(), withPreferred, others, daysBefore, daysAfter, q.tenantId(), q.perGroup())
                .fetch(r -> new Found(new FreeSlot(r.get(0, Long.class), r.get(1, String.class),
                        r.get(2, OffsetDateTime.class).toInstant(), r.get(3, Boolean.class)),
                        r.get(4, Boolean.class), r.get(5, Long.class), r.get(6, Boolean.class)));
    }

    /**
     * Whether a wider window could not change one group's answer: it has at least
     * {@code perGroup} free starts on each side of the wished time in this window (or, for the
     * earlier side, the window already reaches back into the past, where nothing is offered).
     * A group with no free start at all in the window is not settled.
     */
    static boolean settled(Question q, List<Found> group) {
        for (boolean earlier : new boolean[]{true, false}) {
            boolean sideSettled = group.stream()
                    .anyMatch(f -> (f.earlier() == earlier && f.sideCount() >= q.perGroup())
                            || (earlier && f.pastReached()));
            if (!sideSettled) {
                return false;
            }
        }
        return true;
    }

    private static List<FreeSlot> slots(List<Found> found) {
        return found.stream().map(Found::slot).toList();
    }
}
