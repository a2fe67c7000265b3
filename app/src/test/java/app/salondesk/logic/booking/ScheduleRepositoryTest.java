package app.salondesk.logic.booking;

import app.salondesk.db.TestPostgres;
import app.salondesk.model.booking.ScheduledBooking;
import app.salondesk.runtime.Backend;
import org.jooq.DSLContext;
import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneId;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

class ScheduleRepositoryTest {

    private static final ZoneId KYIV = ZoneId.of("Europe/Kyiv");

    @Test
    void dayLoadFindsWhatOverlapsTheSalonDayOnlyForThatSalon() {
        try (Backend b = Backend.connect(TestPostgres.migratedDatabase("schedule"))) {
            DSLContext dsl = b.dsl();
            long salon = id(dsl, "INSERT INTO tenants (name, time_zone) VALUES ('A', 'Europe/Kyiv') RETURNING id");
            long other = id(dsl, "INSERT INTO tenants (name, time_zone) VALUES ('B', 'Europe/Kyiv') RETURNING id");
            long olena = id(dsl, "INSERT INTO masters (tenant_id, name) VALUES (" + salon + ", 'Olena') RETURNING id");
            long marta = id(dsl, "INSERT INTO masters (tenant_id, name) VALUES (" + other + ", 'Marta') RETURNING id");
            long iryna = id(dsl, "INSERT INTO clients (tenant_id, name) VALUES (" + salon + ", 'Iryna') RETURNING id");
            long oksana = id(dsl, "INSERT INTO clients (tenant_id, name) VALUES (" + other + ", 'Oksana') RETURNING id");
            long cut = id(dsl, "INSERT INTO services (tenant_id, name, duration_min) VALUES (" + salon + ", 'Cut', 60) RETURNING id");

            // 1 Dec in Kyiv is 30 Nov 22:00 UTC .. 1 Dec 22:00 UTC
            long lateEvening = book(dsl, salon, olena, iryna, cut, "2026-11-30T21:30:00Z", 60, "confirmed");   // 23:30-00:30 local
            long morning = book(dsl, salon, olena, iryna, null, "2026-12-01T08:00:00Z", 30, "pending");
            book(dsl, salon, olena, iryna, cut, "2026-12-01T10:00:00Z", 60, "cancelled");
            book(dsl, salon, olena, iryna, cut, "2026-11-30T20:00:00Z", 60, "confirmed");     // 22:00-23:00 on 30 Nov local
            book(dsl, other, marta, oksana, null, "2026-12-01T08:00:00Z", 60, "confirmed");   // another salon

            ScheduleRepository repo = new ScheduleRepository(dsl);
            LocalDate day = LocalDate.of(2026, 12, 1);
            Instant from = day.atStartOfDay(KYIV).toInstant();
            Instant to = day.plusDays(1).atStartOfDay(KYIV).toInstant();
            List<ScheduledBooking> found = repo.findRange(salon, List.of(olena, marta), from, to, false);
            assertEquals(List.of(lateEvening, morning), found.stream().map(ScheduledBooking::id).toList());
            assertEquals("Cut", found.get(0).serviceName());
            assertEquals(null, found.get(1).serviceName());
            assertEquals("Iryna", found.get(1).clientName());
            assertEquals(3, repo.findRange(salon, List.of(olena), from, to, true).size(), "cancelled on request");
        }
    }

    private static long book(DSLContext dsl, long t, long m, long c, Long s, String at, int min, String status) {
        return id(dsl, "INSERT INTO bookings (tenant_id, master_id, client_id, service_id, starts_at, duration_min, status) VALUES ("
                + t + ", " + m + ", " + c + ", " + s + ", '" + at + "', " + min + ", '" + status + "') RETURNING id");
    }

    private static long id(DSLContext dsl, String sql) {
        return dsl.resultQuery(sql).fetchOne(0, Long.class);
    }
}
