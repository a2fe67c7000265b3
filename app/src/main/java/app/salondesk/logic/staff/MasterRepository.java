package app.salondesk.logic.staff;

import app.salondesk.model.staff.Master;
import app.salondesk.model.staff.MasterDetails;
import app.salondesk.model.staff.OwnDay;
import app.salondesk.model.staff.TimeOff;
import app.salondesk.model.staff.TimeOffEntry;
import app.salondesk.model.staff.Week;
import app.salondesk.model.staff.WorkingTime;
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
        intervalsOn(tenantId, masterIds, day).forEach((m, intervals) -> hours.put(m,
                intervals.stream().map(i -> new java.time.LocalTime[]{i.from(), i.to()}).toList()));
        return hours;
    }

    /** The same intervals with the instants the database makes of them (what the desk shades and places with). */
    public java.util.Map<Long, List<WorkingTime>> intervalsOn(long tenantId, Collection<Long> masterIds, java.time.LocalDate day) {
        java.util.Map<Long, List<WorkingTime>> hours = new java.util.HashMap<>();
        dsl.resultQuery("SELECT m.id, h.local_start, h.local_end, h.starts_at, h.ends_at FROM unnest(CAST(? AS bigint[])) AS m(id), "
                                + "LATERAL master_hours(?, m.id, CAST(? AS date), CAST(? AS date)) h ORDER BY m.id, h.starts_at",
                        masterIds.toArray(Long[]::new), tenantId, day, day)
                .forEach(r -> hours.computeIfAbsent(r.get(0, Long.class), k -> new java.util.ArrayList<>())
                        .add(new WorkingTime(r.get(1, java.time.LocalTime.class), r.get(2, java.time.LocalTime.class),
                                r.get(3, java.time.OffsetDateTime.class).toInstant(), r.get(4, java.time.OffsetDateTime.class).toInstant())));
        return hours;
    }

    /** Time off that overlaps [from, to). */
    /**
     * The masters given a day off on {@code day} (a day of their own without hours, which the week's
     * hours do not count that day), with its note ("" when none): the desk says why her day is shaded.
     */
    public java.util.Map<Long, String> daysOff(long tenantId, Collection<Long> masterIds, java.time.LocalDate day) {
        java.util.Map<Long, String> off = new java.util.HashMap<>();
        dsl.resultQuery("SELECT d.master_id, d.note FROM master_days d WHERE d.tenant_id = ? AND d.day = ? "
                        + "AND d.master_id = ANY(CAST(? AS bigint[])) AND NOT EXISTS (SELECT 1 FROM master_day_hours h "
                        + "WHERE h.tenant_id = d.tenant_id AND h.master_id = d.master_id AND h.day = d.day)",
                        tenantId, day, masterIds.toArray(Long[]::new))
                .forEach(r -> off.put(r.get(0, Long.class), r.get(1, String.class)));
        return off;
    }

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

    // ---- setup (admins; the database refuses everyone else) -----------------------------------

    /** Every master of the salon, active or not, in column order. */
    public List<MasterDetails> findAll(long tenantId) {
        return dsl.select(MASTERS.ID, MASTERS.NAME, MASTERS.COLOUR, MASTERS.SORT_ORDER, MASTERS.ACTIVE)
                .from(MASTERS)
                .where(MASTERS.TENANT_ID.eq(tenantId))
                .orderBy(MASTERS.SORT_ORDER, MASTERS.NAME, MASTERS.ID)
                .fetch(r -> new MasterDetails(r.value1(), r.value2(), r.value3(), r.value4(), r.value5()));
    }

    /** Adds a master as the last column; its id. */
    public long add(long tenantId, String name, String colour) {
        Integer last = dsl.select(org.jooq.impl.DSL.max(MASTERS.SORT_ORDER)).from(MASTERS)
                .where(MASTERS.TENANT_ID.eq(tenantId)).fetchOne(0, Integer.class);
        return dsl.insertInto(MASTERS)
                .set(MASTERS.TENANT_ID, tenantId)
                .set(MASTERS.NAME, name)
                .set(MASTERS.COLOUR, colour)
                .set(MASTERS.SORT_ORDER, last == null ? 1 : last + 1)
                .returning(MASTERS.ID)
                .fetchOne(MASTERS.ID);
    }

    /**
     * Adds a master and the services they do (the services' own length and price) in one
     * transaction: all of it, or when any part is refused, none of it. Its id.
     */
    public long addWithServices(long tenantId, String name, String colour, Collection<Long> serviceIds) {
        return dsl.transactionResult(cfg -> {
            org.jooq.DSLContext tx = org.jooq.impl.DSL.using(cfg);
            long id = new MasterRepository(tx).add(tenantId, name, colour);
            for (long serviceId : serviceIds) {
                tx.insertInto(app.salondesk.jooq.Tables.MASTER_SERVICES)
                        .set(app.salondesk.jooq.Tables.MASTER_SERVICES.TENANT_ID, tenantId)
                        .set(app.salondesk.jooq.Tables.MASTER_SERVICES.MASTER_ID, id)
                        .set(app.salondesk.jooq.Tables.MASTER_SERVICES.SERVICE_ID, serviceId)
                        .execute();
            }
            return id;
        });
    }

    /** Renames and recolours a master; false when there is no such master. */
    public boolean update(long tenantId, long masterId, String name, String colour) {
        return dsl.update(MASTERS).set(MASTERS.NAME, name).set(MASTERS.COLOUR, colour)
                .where(MASTERS.TENANT_ID.eq(tenantId).and(MASTERS.ID.eq(masterId)))
                .execute() == 1;
    }

    /** The calendar's columns in this order (masters not listed keep theirs, after these). */
    public void reorder(long tenantId, List<Long> masterIds) {
        dsl.transaction(cfg -> {
            for (int i = 0; i < masterIds.size(); i++) {
                org.jooq.impl.DSL.using(cfg).update(MASTERS).set(MASTERS.SORT_ORDER, i + 1)
                        .where(MASTERS.TENANT_ID.eq(tenantId).and(MASTERS.ID.eq(masterIds.get(i))))
                        .execute();
            }
        });
    }

    /**
     * An inactive master takes no new bookings and leaves the calendar; the bookings they
     * have stay, with their history (move or cancel them through the engine first).
     */
    public boolean setActive(long tenantId, long masterId, boolean active) {
        return dsl.update(MASTERS).set(MASTERS.ACTIVE, active)
                .where(MASTERS.TENANT_ID.eq(tenantId).and(MASTERS.ID.eq(masterId)))
                .execute() == 1;
    }

    /** The master's weeks, earliest first. */
    public List<Week> weeks(long tenantId, long masterId) {
        java.util.Map<java.time.LocalDate, java.util.Map<java.time.DayOfWeek, List<java.time.LocalTime[]>>> weeks = new java.util.TreeMap<>();
        dsl.resultQuery("SELECT w.valid_from, h.weekday, h.starts_at, h.ends_at FROM master_weeks w "
                                + "LEFT JOIN master_working_hours h ON h.tenant_id = w.tenant_id AND h.master_id = w.master_id "
                                + "AND h.valid_from = w.valid_from WHERE w.tenant_id = ? AND w.master_id = ? "
                                + "ORDER BY w.valid_from, h.weekday, h.starts_at", tenantId, masterId)
                .forEach(r -> {
                    var week = weeks.computeIfAbsent(r.get(0, java.time.LocalDate.class), k -> new java.util.EnumMap<>(java.time.DayOfWeek.class));
                    Integer weekday = r.get(1, Integer.class);
                    if (weekday != null) {
                        week.computeIfAbsent(java.time.DayOfWeek.of(weekday), k -> new java.util.ArrayList<>())
                                .add(new java.time.LocalTime[]{r.get(2, java.time.LocalTime.class), r.get(3, java.time.LocalTime.class)});
                    }
                });
        return weeks.entrySet().stream().map(e -> new Week(e.getKey(), e.getValue())).toList();
    }

    /**
     * Sets one weekday's intervals in the week in force from {@code validFrom} ({@link Week#ALWAYS}
     * for the first week); a new week starts as a copy of the one before it. The database
     * refuses an end before its start and overlapping intervals (SQLSTATE 23514 / 23P01).
     */
    public void setWeekDay(long tenantId, long masterId, java.time.LocalDate validFrom, java.time.DayOfWeek day,
                           List<java.time.LocalTime[]> intervals) {
        dsl.execute("SELECT salondesk_set_week_day(?, ?, CAST(? AS date), ?, CAST(? AS time[]), CAST(? AS time[]))",
                tenantId, masterId, validFrom, day.getValue(),
                intervals.stream().map(i -> i[0]).toArray(java.time.LocalTime[]::new),
                intervals.stream().map(i -> i[1]).toArray(java.time.LocalTime[]::new));
    }

    /**
     * Sets several weekdays of the week in force from {@code validFrom} as one change: all of
     * them, or when the database refuses one, none (a refused Tuesday does not leave Monday
     * changed; "Monday to Friday 9 to 6" is one decision, not five). Weekdays not in the map
     * keep their hours; an empty list is a day off.
     */
    public void setWeekDays(long tenantId, long masterId, java.time.LocalDate validFrom,
                            java.util.Map<java.time.DayOfWeek, List<java.time.LocalTime[]>> days) {
        dsl.transaction(cfg -> {
            MasterRepository tx = new MasterRepository(org.jooq.impl.DSL.using(cfg));
            for (var day : new java.util.TreeMap<>(days).entrySet()) {
                tx.setWeekDay(tenantId, masterId, validFrom, day.getKey(), day.getValue());
            }
        });
    }

    /** Drops a later week; the one before it goes on. */
    public boolean removeWeek(long tenantId, long masterId, java.time.LocalDate validFrom) {
        return Boolean.TRUE.equals(dsl.resultQuery("SELECT salondesk_remove_week(?, ?, CAST(? AS date))", tenantId, masterId, validFrom)
                .fetchOne(0, Boolean.class));
    }

    /** Gives a date its own hours (none: not working that day). */
    public void setDay(long tenantId, long masterId, java.time.LocalDate day, List<java.time.LocalTime[]> intervals, String note) {
        dsl.execute("SELECT salondesk_set_day(?, ?, CAST(? AS date), CAST(? AS time[]), CAST(? AS time[]), ?)",
                tenantId, masterId, day,
                intervals.stream().map(i -> i[0]).toArray(java.time.LocalTime[]::new),
                intervals.stream().map(i -> i[1]).toArray(java.time.LocalTime[]::new), note == null ? "" : note);
    }

    /** The date follows the week again. */
    public boolean clearDay(long tenantId, long masterId, java.time.LocalDate day) {
        return Boolean.TRUE.equals(dsl.resultQuery("SELECT salondesk_clear_day(?, ?, CAST(? AS date))", tenantId, masterId, day)
                .fetchOne(0, Boolean.class));
    }

    /** The master's days with hours of their own from {@code from} to {@code to}, inclusive. */
    public List<OwnDay> ownDays(long tenantId, long masterId, java.time.LocalDate from, java.time.LocalDate to) {
        java.util.Map<java.time.LocalDate, OwnDay> days = new java.util.TreeMap<>();
        dsl.resultQuery("SELECT d.day, d.note, h.starts_at, h.ends_at FROM master_days d "
                                + "LEFT JOIN master_day_hours h ON h.tenant_id = d.tenant_id AND h.master_id = d.master_id AND h.day = d.day "
                                + "WHERE d.tenant_id = ? AND d.master_id = ? AND d.day BETWEEN CAST(? AS date) AND CAST(? AS date) "
                                + "ORDER BY d.day, h.starts_at", tenantId, masterId, from, to)
                .forEach(r -> {
                    java.time.LocalDate day = r.get(0, java.time.LocalDate.class);
                    OwnDay own = days.computeIfAbsent(day, k -> new OwnDay(masterId, k, new java.util.ArrayList<>(), r.get(1, String.class)));
                    if (r.get(2) != null) {
                        own.intervals().add(new java.time.LocalTime[]{r.get(2, java.time.LocalTime.class), r.get(3, java.time.LocalTime.class)});
                    }
                });
        return List.copyOf(days.values());
    }

    /** Time off (a holiday, a sick day, training); its id. */
    public long addTimeOff(long tenantId, long masterId, Instant start, Instant end, String reason) {
        return dsl.insertInto(MASTER_TIME_OFF)
                .set(MASTER_TIME_OFF.TENANT_ID, tenantId)
                .set(MASTER_TIME_OFF.MASTER_ID, masterId)
                .set(MASTER_TIME_OFF.STARTS_AT, start.atOffset(ZoneOffset.UTC))
                .set(MASTER_TIME_OFF.ENDS_AT, end.atOffset(ZoneOffset.UTC))
                .set(MASTER_TIME_OFF.REASON, reason == null ? "" : reason)
                .returning(MASTER_TIME_OFF.ID)
                .fetchOne(MASTER_TIME_OFF.ID);
    }

    /** Removes time off (a definer function: staff have no DELETE). */
    public boolean removeTimeOff(long tenantId, long timeOffId) {
        return Boolean.TRUE.equals(dsl.resultQuery("SELECT salondesk_remove_time_off(?, ?)", tenantId, timeOffId).fetchOne(0, Boolean.class));
    }

    /** Time off of one master overlapping [from, to), with ids, for the setup screen. */
    public List<TimeOffEntry> timeOffEntries(long tenantId, long masterId, Instant from, Instant to) {
        return dsl.select(MASTER_TIME_OFF.ID, MASTER_TIME_OFF.STARTS_AT, MASTER_TIME_OFF.ENDS_AT, MASTER_TIME_OFF.REASON)
                .from(MASTER_TIME_OFF)
                .where(MASTER_TIME_OFF.TENANT_ID.eq(tenantId).and(MASTER_TIME_OFF.MASTER_ID.eq(masterId))
                        .and(MASTER_TIME_OFF.STARTS_AT.lt(to.atOffset(ZoneOffset.UTC)))
                        .and(MASTER_TIME_OFF.ENDS_AT.gt(from.atOffset(ZoneOffset.UTC))))
                .orderBy(MASTER_TIME_OFF.STARTS_AT)
                .fetch(r -> new TimeOffEntry(r.value1(), masterId, r.value2().toInstant(), r.value3().toInstant(), r.value4()));
    }
}
