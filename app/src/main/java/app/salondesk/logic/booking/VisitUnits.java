package app.salondesk.logic.booking;

import app.salondesk.model.booking.VisitSequence;
import org.jooq.DSLContext;

import java.time.Duration;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * Whether the parts of one visit that hold the same room at the same time each get a unit of it
 * (a visit asked with starts of its own: two washes at once at two stations). Free-time search
 * answers each part alone, which says a unit is free for each, not that two are; so the units are
 * handed out here as the database hands them out (migration 19's {@code bookings_hold_resources}:
 * the lowest unit free for the whole hold, part after part), against the holds of the searched
 * day. A visit placed by {@link VisitSequence} never needs this: its parts hold a shared room one
 * after the other.
 */
final class VisitUnits {

    /** A unit held over [from, to). */
    private record Held(long resource, int unit, Instant from, Instant to) {
        boolean meets(long r, int u, Instant f, Instant t) {
            return resource == r && unit == u && from.isBefore(t) && f.isBefore(to);
        }
    }

    private final List<Duration> offsets;
    private final List<VisitSequence.Step> steps;
    private final Set<Long> shared;
    private final Map<Long, Integer> capacity;
    private final List<Held> holds;

    private VisitUnits(List<Duration> offsets, List<VisitSequence.Step> steps, Set<Long> shared, Map<Long, Integer> capacity, List<Held> holds) {
        this.offsets = offsets;
        this.steps = steps;
        this.shared = shared;
        this.capacity = capacity;
        this.holds = holds;
    }

    /**
     * The rooms two parts hold at once, with their counts and the units held from the searched
     * day's start until the last part can end; null when no two parts hold a room at once.
     */
    static VisitUnits load(DSLContext dsl, long tenantId, List<Duration> offsets, List<VisitSequence.Step> steps, Instant dayStart, Instant dayEnd) {
        Set<Long> shared = new TreeSet<>();
        Duration reach = Duration.ZERO;
        for (int i = 0; i < steps.size(); i++) {
            Duration end = offsets.get(i).plusMinutes(steps.get(i).heldMinutes());
            reach = end.compareTo(reach) > 0 ? end : reach;
            for (int j = i + 1; j < steps.size(); j++) {
                Duration endJ = offsets.get(j).plusMinutes(steps.get(j).heldMinutes());
                if (offsets.get(i).compareTo(endJ) < 0 && offsets.get(j).compareTo(end) < 0) {
                    for (long r : steps.get(i).resources()) {
                        if (steps.get(j).resources().contains(r)) {
                            shared.add(r);
                        }
                    }
                }
            }
        }
        if (shared.isEmpty()) {
            return null;
        }
        Long[] ids = shared.toArray(Long[]::new);
        Map<Long, Integer> capacity = new HashMap<>();
        dsl.resultQuery("SELECT id, capacity FROM resources WHERE tenant_id = ? AND id = ANY (CAST(? AS bigint[]))", tenantId, ids)
                .forEach(r -> capacity.put(r.get(0, Long.class), r.get(1, Integer.class)));
        // raw SQL: the generated code has no type for tstzrange (as in ResourceHoldsRepository)
        List<Held> holds = dsl.resultQuery("""
                        SELECT resource_id, unit, lower(during), upper(during) FROM booking_resources
                         WHERE tenant_id = ? AND resource_id = ANY (CAST(? AS bigint[]))
                           AND during && tstzrange(CAST(? AS timestamptz), CAST(? AS timestamptz))
                        """, tenantId, ids, dayStart.atOffset(ZoneOffset.UTC), dayEnd.plus(reach).atOffset(ZoneOffset.UTC))
                .fetch(r -> new Held(r.get(0, Long.class), r.get(1, Integer.class),
                        r.get(2, OffsetDateTime.class).toInstant(), r.get(3, OffsetDateTime.class).toInstant()));
        return new VisitUnits(offsets, steps, shared, capacity, holds);
    }

    /** Whether, with the first part at {@code first}, every part gets a unit of each shared room it needs. */
    boolean eachPartGetsAUnit(Instant first) {
        List<Held> taken = new ArrayList<>(holds);
        for (int i = 0; i < steps.size(); i++) {
            Instant from = first.plus(offsets.get(i));
            Instant to = from.plus(Duration.ofMinutes(steps.get(i).heldMinutes()));
            for (long r : new TreeSet<>(steps.get(i).resources())) {
                if (!shared.contains(r)) {
                    continue;
                }
                Held got = null;
                for (int u = 1; u <= capacity.getOrDefault(r, 0) && got == null; u++) {
                    int unit = u;
                    if (taken.stream().noneMatch(h -> h.meets(r, unit, from, to))) {
                        got = new Held(r, u, from, to);
                    }
                }
                if (got == null) {
                    return false;
                }
                taken.add(got);
            }
        }
        return true;
    }
}
