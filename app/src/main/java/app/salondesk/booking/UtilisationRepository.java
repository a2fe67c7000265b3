package app.salondesk.booking;

import app.salondesk.staff.WorkingInterval;
import org.jooq.DSLContext;

import java.time.Duration;
import java.time.LocalDate;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * How full each master's days are: booked minutes (pending, confirmed, arrived, completed —
 * not cancelled, not no-shows) per salon day, against the weekly working hours.
 */
public final class UtilisationRepository {

    private final DSLContext dsl;

    public UtilisationRepository(DSLContext dsl) {
        this.dsl = dsl;
    }

    public List<Utilisation> perDay(long tenantId, Collection<Long> masterIds, List<WorkingInterval> hours,
                                    LocalDate from, int days, ZoneId zone) {
        Map<String, Integer> booked = new HashMap<>();
        // one query: minutes per master and salon day (the day a booking starts on)
        dsl.resultQuery("""
                        SELECT master_id, CAST(starts_at AT TIME ZONE CAST(? AS text) AS date) AS day, sum(duration_min) AS minutes
                          FROM bookings
                         WHERE tenant_id = ? AND master_id = ANY(CAST(? AS bigint[]))
                           AND status IN ('pending', 'confirmed', 'arrived', 'completed')
                           AND starts_at >= CAST(? AS timestamptz) AND starts_at < CAST(? AS timestamptz)
                         GROUP BY 1, 2
                        """, zone.getId(), tenantId, masterIds.toArray(Long[]::new),
                        from.atStartOfDay(zone).toOffsetDateTime(), from.plusDays(days).atStartOfDay(zone).toOffsetDateTime())
                .forEach(r -> booked.put(r.get(0, Long.class) + "|" + r.get(1, LocalDate.class), r.get(2, Integer.class)));
        List<Utilisation> result = new ArrayList<>();
        for (long master : masterIds) {
            for (int i = 0; i < days; i++) {
                LocalDate d = from.plusDays(i);
                int working = hours.stream()
                        .filter(w -> w.masterId() == master && w.day() == d.getDayOfWeek())
                        .mapToInt(w -> (int) Duration.between(w.start(), w.end()).toMinutes())
                        .sum();
                result.add(new Utilisation(master, d, booked.getOrDefault(master + "|" + d, 0), working));
            }
        }
        return result;
    }
}
