package app.salondesk.staff;

import org.jooq.DSLContext;

import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Collection;
import java.util.List;

import static app.salondesk.jooq.Tables.MASTERS;
import static app.salondesk.jooq.Tables.MASTER_TIME_OFF;

public final class MasterRepository {

    private final DSLContext dsl;

    public MasterRepository(DSLContext dsl) {
        this.dsl = dsl;
    }

    /** Active masters in the order the salon lists them. */
    public List<Master> findActive(long tenantId) {
        return dsl.select(MASTERS.ID, MASTERS.NAME, MASTERS.COLOUR, MASTERS.SORT_ORDER)
                .from(MASTERS)
                .where(MASTERS.TENANT_ID.eq(tenantId).and(MASTERS.ACTIVE))
                .orderBy(MASTERS.SORT_ORDER, MASTERS.NAME, MASTERS.ID)
                .fetch(r -> new Master(r.value1(), r.value2(), r.value3(), r.value4()));
    }

    /** Masters (active or not) whose id is this text, or whose name is it, ignoring case. */
    public List<Master> findByIdOrName(long tenantId, String idOrName) {
        String text = idOrName.strip();
        var byName = org.jooq.impl.DSL.lower(MASTERS.NAME).eq(text.toLowerCase(java.util.Locale.ROOT));
        var condition = text.matches("\\d{1,18}") ? MASTERS.ID.eq(Long.parseLong(text)).or(byName) : byName;
        return dsl.select(MASTERS.ID, MASTERS.NAME, MASTERS.COLOUR, MASTERS.SORT_ORDER)
                .from(MASTERS)
                .where(MASTERS.TENANT_ID.eq(tenantId).and(condition))
                .orderBy(MASTERS.ID)
                .fetch(r -> new Master(r.value1(), r.value2(), r.value3(), r.value4()));
    }

    /** Which services each active master offers: master id → service ids. */
    public java.util.Map<Long, java.util.Set<Long>> servicesByMaster(long tenantId) {
        java.util.Map<Long, java.util.Set<Long>> map = new java.util.HashMap<>();
        dsl.select(app.salondesk.jooq.Tables.MASTER_SERVICES.MASTER_ID, app.salondesk.jooq.Tables.MASTER_SERVICES.SERVICE_ID)
                .from(app.salondesk.jooq.Tables.MASTER_SERVICES)
                .where(app.salondesk.jooq.Tables.MASTER_SERVICES.TENANT_ID.eq(tenantId))
                .forEach(r -> map.computeIfAbsent(r.value1(), k -> new java.util.HashSet<>()).add(r.value2()));
        return map;
    }

    /** Names of all masters of the salon, by id. */
    public java.util.Map<Long, String> names(long tenantId) {
        return dsl.select(MASTERS.ID, MASTERS.NAME).from(MASTERS).where(MASTERS.TENANT_ID.eq(tenantId))
                .fetchMap(MASTERS.ID, MASTERS.NAME);
    }

    /**
     * When each master works on one salon day, as wall-clock intervals: the day's own hours,
     * else its week's — read from {@code master_hours}, the same answer the booking rules and
     * the free-slot search read (migration 11).
     */
    public java.util.Map<Long, List<java.time.LocalTime[]>> hoursOn(long tenantId, Collection<Long> masterIds, java.time.LocalDate day) {
        java.util.Map<Long, List<java.time.LocalTime[]>> hours = new java.util.HashMap<>();
        dsl.resultQuery("SELECT m.id, h.local_start, h.local_end FROM unnest(CAST(? AS bigint[])) AS m(id), "
                                + "LATERAL master_hours(?, m.id, CAST(? AS date), CAST(? AS date)) h ORDER BY m.id, h.starts_at",
                        masterIds.toArray(Long[]::new), tenantId, day, day)
                .forEach(r -> hours.computeIfAbsent(r.get(0, Long.class), k -> new java.util.ArrayList<>())
                        .add(new java.time.LocalTime[]{r.get(1, java.time.LocalTime.class), r.get(2, java.time.LocalTime.class)}));
        return hours;
    }

    /** Time off that overlaps [from, to). */
    public List<TimeOff> timeOff(long tenantId, Collection<Long> masterIds, Instant from, Instant to) {
        return dsl.select(MASTER_TIME_OFF.MASTER_ID, MASTER_TIME_OFF.STARTS_AT, MASTER_TIME_OFF.ENDS_AT, MASTER_TIME_OFF.REASON)
                .from(MASTER_TIME_OFF)
                .where(MASTER_TIME_OFF.TENANT_ID.eq(tenantId)
                        .and(MASTER_TIME_OFF.MASTER_ID.in(masterIds))
                        .and(MASTER_TIME_OFF.STARTS_AT.lt(to.atOffset(ZoneOffset.UTC)))
                        .and(MASTER_TIME_OFF.ENDS_AT.gt(from.atOffset(ZoneOffset.UTC))))
                .orderBy(MASTER_TIME_OFF.STARTS_AT)
                .fetch(r -> new TimeOff(r.value1(), r.value2().toInstant(), r.value3().toInstant(), r.value4()));
    }
}
