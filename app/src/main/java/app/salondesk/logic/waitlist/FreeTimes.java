package app.salondesk.logic.waitlist;

import org.jooq.DSLContext;

import java.time.Instant;
import java.time.LocalDate;
import java.time.OffsetDateTime;
import java.util.List;

/**
 * The free times a waitlist entry could have: starts of the entry's length (its service's with
 * each master, or its minutes) with the entry's master or any active master who does the
 * service, on the entry's days from today on, inside its daily window, earliest first. The grid
 * walks every {@value #STEP_MIN} minutes from each working interval's start, as the free-slot
 * search does; working hours are the rule book's ({@code master_hours}), and whether a start may
 * be booked is asked of the rule book itself ({@code booking_problem}, migration 11) — no rule is
 * written here again. The engine asks it once more under the master's lock before it writes.
 *
 * <p>Plain SQL rather than jOOQ's DSL: a walk over wall-clock hours (LATERAL generate_series,
 * {@code AT TIME ZONE}) that reads more clearly as the SQL it is. The rule book is evaluated only
 * until enough starts were found: the ordered grid sits below an {@code OFFSET 0} fence, which
 * keeps PostgreSQL from pushing the (expensive) filter under the sort.
 */
final class FreeTimes {

    static final int STEP_MIN = 15;

    /** A start the rule book accepts now. */
    record FreeTime(long masterId, Instant start, int minutes) {
    }

    private static final String SQL = """
            WITH e AS (
                SELECT w.tenant_id, w.client_id, w.service_id, w.duration_min, w.master_id, w.date_from, w.date_to,
                       w.window_from_min, w.window_to_min, t.time_zone AS tz
                  FROM waitlist_entries w JOIN tenants t ON t.id = w.tenant_id
                 WHERE w.tenant_id = ? AND w.id = ?
            ), cand AS (
                SELECT m.id AS master_id, m.sort_order,
                       coalesce(e.duration_min, service_minutes(e.tenant_id, m.id, e.service_id)) AS minutes
                  FROM e JOIN masters m ON m.tenant_id = e.tenant_id
                 WHERE m.active AND (e.master_id IS NULL OR m.id = e.master_id)
                   AND (e.service_id IS NULL OR EXISTS (SELECT 1 FROM master_services ms
                         WHERE ms.tenant_id = e.tenant_id AND ms.master_id = m.id AND ms.service_id = e.service_id))
                   AND (CAST(? AS bigint[]) IS NULL OR m.id = ANY (CAST(? AS bigint[])))
            ), days AS (
                SELECT CAST(g AS date) AS day
                  FROM e, generate_series(CAST(greatest(e.date_from, CAST(now() AT TIME ZONE e.tz AS date)) AS timestamp),
                                          CAST(e.date_to AS timestamp), interval '1 day') g
                 WHERE CAST(? AS date[]) IS NULL OR CAST(g AS date) = ANY (CAST(? AS date[]))
            ), grid AS (
                SELECT c.master_id, c.sort_order, c.minutes, h.starts_at + make_interval(mins => s.i * %d) AS start
                  FROM e, cand c, days d,
                       LATERAL master_hours(e.tenant_id, c.master_id, d.day, d.day) h,
                       LATERAL generate_series(0, CAST(floor((extract(epoch FROM h.ends_at - h.starts_at) / 60 - c.minutes) / %d) AS integer)) s(i)
                 WHERE c.minutes IS NOT NULL
                   -- the whole visit inside the entry's window of that salon day
                   AND h.starts_at + make_interval(mins => s.i * %d) >= (d.day + make_interval(mins => e.window_from_min)) AT TIME ZONE e.tz
                   AND slot_end(h.starts_at + make_interval(mins => s.i * %d), c.minutes)
                       <= (d.day + make_interval(mins => e.window_to_min)) AT TIME ZONE e.tz
                 ORDER BY start, c.sort_order, c.master_id
                OFFSET 0
            )
            SELECT g.master_id, g.start, g.minutes
              FROM grid g, e
             WHERE booking_problem(e.tenant_id, g.master_id, e.client_id, e.service_id, g.start, g.minutes,
                                   NULL, false, false, true, true) IS NULL
             LIMIT ?
            """.formatted(STEP_MIN, STEP_MIN, STEP_MIN, STEP_MIN);

    private FreeTimes() {
    }

    /**
     * Up to {@code limit} free starts for the entry, earliest first, within {@code scope} (only
     * those masters and days, when it names them). Runs in the caller's transaction.
     */
    static List<FreeTime> forEntry(DSLContext tx, long tenantId, long entryId, Scope scope, int limit) {
        Long[] masters = scope.masters() == null ? null : scope.masters().toArray(Long[]::new);
        LocalDate[] days = scope.days() == null ? null : scope.days().toArray(LocalDate[]::new);
        return tx.resultQuery(SQL, tenantId, entryId, masters, masters, days, days, limit)
                .fetch(r -> new FreeTime(r.get(0, Long.class), r.get(1, OffsetDateTime.class).toInstant(), r.get(2, Integer.class)));
    }
}
