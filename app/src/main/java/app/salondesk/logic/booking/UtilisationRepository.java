package app.salondesk.logic.booking;

import app.salondesk.model.booking.Utilisation;
import org.jooq.DSLContext;

import java.time.LocalDate;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * How full each master's days are: booked minutes (pending, confirmed, arrived, completed —
 * not cancelled, not no-shows) per salon day, against that day's working hours.
 */
public final class UtilisationRepository {

    private final DSLContext dsl;

    public UtilisationRepository(DSLContext dsl) {
        this.dsl = dsl;
    }

    public List<Utilisation> perDay(long tenantId, Collection<Long> masterIds, LocalDate from, int days, ZoneId zone) {
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
                        app.salondesk.model.salon.WallClock.startOfDay(from, zone).atOffset(java.time.ZoneOffset.UTC),
                        app.salondesk.model.salon.WallClock.startOfDay(from.plusDays(days), zone).atOffset(java.time.ZoneOffset.UTC))
                .forEach(r -> booked.put(r.get(0, Long.class) + "|" + r.get(1, LocalDate.class), r.get(2, Integer.class)));
        // and the working minutes of the same days, as the booking rules read the hours
        Map<String, Integer> working = new HashMap<>();
        dsl.resultQuery("""
                        SELECT m.id, h.day, CAST(sum(extract(epoch FROM h.ends_at - h.starts_at)) / 60 AS integer)
                          FROM unnest(CAST(? AS bigint[])) AS m(id),
                               LATERAL master_hours(?, m.id, CAST(? AS date), CAST(? AS date)) h
                         GROUP BY 1, 2
                        """, masterIds.toArray(Long[]::new), tenantId, from, from.plusDays(days - 1L))
                .forEach(r -> working.put(r.get(0, Long.class) + "|" + r.get(1, LocalDate.class), r.get(2, Integer.class)));
        List<Utilisation> result = new ArrayList<>();
        for (long master : masterIds) {
            for (int i = 0; i < days; i++) {
                LocalDate d = from.plusDays(i);
                String key = master + "|" + d;
                result.add(new Utilisation(master, d, booked.getOrDefault(key, 0), working.getOrDefault(key, 0)));
            }
        }
        return result;
    }
}
