package app.salondesk.bench;

import org.jooq.DSLContext;

/** Plain SQL for the benchmark's own set-up: schema-level fixtures, not application code. */
final class Sql {

    private Sql() {
    }

    static long id(DSLContext dsl, String sql, Object... binds) {
        return dsl.resultQuery(sql, binds).fetchOne(0, Long.class);
    }

    static long count(DSLContext dsl, String sql, Object... binds) {
        return dsl.resultQuery(sql, binds).fetchOne(0, Long.class);
    }

    static String text(DSLContext dsl, String sql, Object... binds) {
        return dsl.resultQuery(sql, binds).fetchOne(0, String.class);
    }

    /**
     * Active bookings of a salon that overlap an earlier active booking of the same master:
     * the promise says 0. A running maximum of ends, so it stays fast at tens of thousands.
     */
    static long overlapping(DSLContext dsl, long tenant) {
        return count(dsl, """
                SELECT count(*) FROM (
                    SELECT starts_at,
                           max(slot_end(starts_at, duration_min)) OVER (PARTITION BY master_id ORDER BY starts_at, id
                               ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING) AS earlier_end
                      FROM bookings
                     WHERE tenant_id = ? AND status IN ('pending', 'confirmed', 'arrived')) b
                 WHERE starts_at < earlier_end""", tenant);
    }
}
