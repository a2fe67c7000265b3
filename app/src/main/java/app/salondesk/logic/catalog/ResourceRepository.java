package app.salondesk.logic.catalog;

import org.jooq.DSLContext;
import org.jooq.exception.DataAccessException;
import org.jooq.impl.DSL;
import org.postgresql.util.PSQLException;
import org.postgresql.util.ServerErrorMessage;

import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static app.salondesk.jooq.Tables.RESOURCES;
import static app.salondesk.jooq.Tables.SERVICE_RESOURCES;

/**
 * A salon's rooms and equipment (migration 19): a name and how many of it (capacity n is n
 * bookings at once), and which services need which. Bookings take their units in the database,
 * never here; and the database refuses a change that would leave a future booking without the
 * unit it needs (migration 22): {@link Refused}.
 */
public final class ResourceRepository {

    /** A room or a piece of equipment, and the ids of the services that need it. */
    public record Resource(long id, String name, int capacity, boolean active, List<Long> neededBy) {
    }

    /**
     * A change the database refused, nothing of it written: future bookings hold units it would take
     * away (a lower count, the room switched off: {@link Why#HELD}), or would find none free (the room
     * switched on again, needed by a service from now on: {@link Why#WITHOUT_UNIT}); how many.
     */
    public record Refused(Why why, int bookings) {
        public enum Why { HELD, WITHOUT_UNIT }
    }

    private static final Pattern TRAILING_NUMBER = Pattern.compile("(\\d+)\\s*$");

    private final DSLContext dsl;

    public ResourceRepository(DSLContext dsl) {
        this.dsl = dsl;
    }

    public long add(long tenantId, String name, int capacity) {
        return dsl.insertInto(RESOURCES).set(RESOURCES.TENANT_ID, tenantId).set(RESOURCES.NAME, name).set(RESOURCES.CAPACITY, capacity)
                .returning(RESOURCES.ID).fetchOne(RESOURCES.ID);
    }

    /**
     * Renames a room, changes its count, switches it off or on, in one statement; refused as a whole
     * when future bookings would lose (or find no) unit. Empty when it was saved.
     */
    public Optional<Refused> change(long tenantId, long id, String name, int capacity, boolean active) {
        try {
            dsl.update(RESOURCES).set(RESOURCES.NAME, name).set(RESOURCES.CAPACITY, capacity).set(RESOURCES.ACTIVE, active)
                    .where(RESOURCES.TENANT_ID.eq(tenantId).and(RESOURCES.ID.eq(id))).execute();
            return Optional.empty();
        } catch (DataAccessException e) {
            return refusal(e).map(Optional::of).orElseThrow(() -> e);
        }
    }

    public List<Resource> findAll(long tenantId) {
        return dsl.selectFrom(RESOURCES).where(RESOURCES.TENANT_ID.eq(tenantId)).orderBy(RESOURCES.NAME)
                .fetch(r -> new Resource(r.getId(), r.getName(), r.getCapacity(), r.getActive(),
                        dsl.select(SERVICE_RESOURCES.SERVICE_ID).from(SERVICE_RESOURCES)
                                .where(SERVICE_RESOURCES.TENANT_ID.eq(tenantId).and(SERVICE_RESOURCES.RESOURCE_ID.eq(r.getId())))
                                .orderBy(SERVICE_RESOURCES.SERVICE_ID).fetch(SERVICE_RESOURCES.SERVICE_ID)));
    }

    /**
     * The service needs the resource from now on: its new bookings take a unit of it, and so do its
     * future bookings made already (migration 22) — or, when one would find none free, nothing changes.
     */
    public Optional<Refused> need(long tenantId, long serviceId, long resourceId) {
        try {
            insertNeed(dsl, tenantId, serviceId, resourceId);
            return Optional.empty();
        } catch (DataAccessException e) {
            return refusal(e).map(Optional::of).orElseThrow(() -> e);
        }
    }

    private static void insertNeed(DSLContext d, long tenantId, long serviceId, long resourceId) {
        d.insertInto(SERVICE_RESOURCES).set(SERVICE_RESOURCES.TENANT_ID, tenantId).set(SERVICE_RESOURCES.SERVICE_ID, serviceId)
                .set(SERVICE_RESOURCES.RESOURCE_ID, resourceId).onConflictDoNothing().execute();
    }

    /** The service no longer needs it (bookings made already keep the unit they hold). */
    public boolean unneed(long tenantId, long serviceId, long resourceId) {
        return unneed(dsl, tenantId, serviceId, resourceId);
    }

    private static boolean unneed(DSLContext d, long tenantId, long serviceId, long resourceId) {
        return Boolean.TRUE.equals(d.resultQuery("SELECT salondesk_remove_service_resource(?, ?, ?)", tenantId, serviceId, resourceId)
                .fetchOne(0, Boolean.class));
    }

    /** Which services need the resource, from {@code before} to {@code now}, in one transaction: all of it, or (refused) none. */
    public Optional<Refused> saveNeeds(long tenantId, long resourceId, Set<Long> before, Set<Long> now) {
        try {
            dsl.transaction(cfg -> {
                DSLContext tx = DSL.using(cfg);
                for (long s : now) {
                    if (!before.contains(s)) {
                        insertNeed(tx, tenantId, s, resourceId);
                    }
                }
                for (long s : before) {
                    if (!now.contains(s)) {
                        unneed(tx, tenantId, s, resourceId);
                    }
                }
            });
            return Optional.empty();
        } catch (DataAccessException e) {
            return refusal(e).map(Optional::of).orElseThrow(() -> e);
        }
    }

    /** The database's refusal of a change of rooms (migration 22's constraints, the count in DETAIL); empty for anything else. */
    static Optional<Refused> refusal(DataAccessException e) {
        PSQLException p = e.getCause(PSQLException.class);
        ServerErrorMessage m = p == null ? null : p.getServerErrorMessage();
        if (!"23514".equals(e.sqlState()) || m == null || m.getConstraint() == null) {
            return Optional.empty();
        }
        Refused.Why why = switch (m.getConstraint()) {
            case "resources_held_by_future_bookings" -> Refused.Why.HELD;
            case "resources_future_bookings_without_unit" -> Refused.Why.WITHOUT_UNIT;
            default -> null;
        };
        Matcher n = TRAILING_NUMBER.matcher(m.getDetail() == null ? "" : m.getDetail());
        return why == null || !n.find() ? Optional.empty() : Optional.of(new Refused(why, Integer.parseInt(n.group(1))));
    }
}
