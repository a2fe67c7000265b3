package app.salondesk.logic.booking;

import app.salondesk.db.TestPostgres;
import app.salondesk.model.booking.Booking;
import app.salondesk.model.booking.BookingOutcome;
import app.salondesk.model.booking.NewBooking;
import app.salondesk.model.booking.Source;
import app.salondesk.runtime.Backend;
import org.jooq.DSLContext;

import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalTime;
import java.time.ZoneId;
import java.util.UUID;

/**
 * A small salon on its own fresh database: masters Anna and Bohdan work every day 08:00–20:00
 * and both do a 60-minute "Cut"; Vira works 10:00–14:00 and does only "Nails" (90 min).
 */
public final class EngineFixture implements AutoCloseable {

    public static final ZoneId ZONE = ZoneId.of("Europe/Kyiv");
    /** A Monday far enough ahead never to be in the past. */
    public static final LocalDate DAY = LocalDate.of(2030, 1, 7);

    public final Backend backend;
    public final DSLContext dsl;
    public final BookingEngine engine;
    public final long tenant;
    public final long anna;
    public final long bohdan;
    public final long vira;
    public final long cut;
    public final long nails;
    public final long client;

    public EngineFixture(String name, int poolSize) {
        this(Backend.connect(TestPostgres.migratedDatabase(name), poolSize));
    }

    /** The salon on a backend of the caller's (a server pair of a failover test, say); closed with the fixture. */
    public EngineFixture(Backend backend) {
        this.backend = backend;
        dsl = backend.dsl();
        engine = new BookingEngine(dsl);
        tenant = id("INSERT INTO tenants (name, time_zone) VALUES ('Fixture salon', 'Europe/Kyiv') RETURNING id");
        anna = id("INSERT INTO masters (tenant_id, name, sort_order) VALUES (" + tenant + ", 'Anna', 1) RETURNING id");
        bohdan = id("INSERT INTO masters (tenant_id, name, sort_order) VALUES (" + tenant + ", 'Bohdan', 2) RETURNING id");
        vira = id("INSERT INTO masters (tenant_id, name, sort_order) VALUES (" + tenant + ", 'Vira', 3) RETURNING id");
        cut = id("INSERT INTO services (tenant_id, name, duration_min, price) VALUES (" + tenant + ", 'Cut', 60, 500) RETURNING id");
        nails = id("INSERT INTO services (tenant_id, name, duration_min, price) VALUES (" + tenant + ", 'Nails', 90, 700) RETURNING id");
        client = id("INSERT INTO clients (tenant_id, name, phone) VALUES (" + tenant + ", 'Iryna', '+380671112233') RETURNING id");
        for (int day = 1; day <= 7; day++) {
            dsl.execute("INSERT INTO master_working_hours (tenant_id, master_id, weekday, starts_at, ends_at) VALUES "
                    + "(" + tenant + ", " + anna + ", " + day + ", '08:00', '20:00'), "
                    + "(" + tenant + ", " + bohdan + ", " + day + ", '08:00', '20:00'), "
                    + "(" + tenant + ", " + vira + ", " + day + ", '10:00', '14:00')");
        }
        dsl.execute("INSERT INTO master_services (tenant_id, master_id, service_id) VALUES "
                + "(" + tenant + ", " + anna + ", " + cut + "), (" + tenant + ", " + bohdan + ", " + cut + "), "
                + "(" + tenant + ", " + vira + ", " + nails + ")");
    }

    /** No bookings and no time off: each test starts from the salon's bare week. */
    public void clearSchedule() {
        dsl.execute("DELETE FROM bookings");
        dsl.execute("DELETE FROM master_time_off");
    }

    /** An instant on {@link #DAY} at a salon wall-clock time. */
    public static Instant at(int hour, int minute) {
        return DAY.atTime(LocalTime.of(hour, minute)).atZone(ZONE).toInstant();
    }

    public NewBooking newBooking(long master, Instant start, Integer minutes) {
        return new NewBooking(tenant, master, client, null, null, start, minutes, "", UUID.randomUUID(), Source.FORM, false);
    }

    public NewBooking cutWith(long master, Instant start) {
        return new NewBooking(tenant, master, client, null, cut, start, null, "", UUID.randomUUID(), Source.FORM, false);
    }

    public Booking booked(BookingOutcome outcome) {
        if (outcome instanceof BookingOutcome.Booked b) {
            return b.booking();
        }
        throw new AssertionError("expected Booked, got " + outcome);
    }

    public long id(String sql) {
        return dsl.resultQuery(sql).fetchOne(0, Long.class);
    }

    public int count(String sql) {
        return dsl.resultQuery(sql).fetchOne(0, Integer.class);
    }

    /**
     * Pairs of active bookings of one master whose busy time overlaps (busy phases and cleanup,
     * migration 17; for a booking without phases its whole length): must always be 0.
     */
    public int overlappingPairs() {
        return count("SELECT count(*) FROM bookings a JOIN bookings b ON a.tenant_id = b.tenant_id AND a.master_id = b.master_id AND a.id < b.id "
                + "WHERE a.status IN ('pending','confirmed','arrived') AND b.status IN ('pending','confirmed','arrived') "
                + "AND booking_busy(a.starts_at, a.duration_min, a.cleanup_min, a.phases) "
                + "&& booking_busy(b.starts_at, b.duration_min, b.cleanup_min, b.phases)");
    }

    /**
     * A service of phases ({@code "{30,-40,30}"}: busy, processing, busy minutes) and cleanup
     * minutes, offered by the given masters; its length is the phases' sum.
     */
    public long phasedService(String name, String phases, int cleanupMin, long... masters) {
        long id = id("INSERT INTO services (tenant_id, name, duration_min, phases, cleanup_min) VALUES (" + tenant + ", '" + name
                + "', 1, " + (phases == null ? "NULL" : "'" + phases + "'") + ", " + cleanupMin + ") RETURNING id");
        for (long m : masters) {
            dsl.execute("INSERT INTO master_services (tenant_id, master_id, service_id) VALUES (" + tenant + ", " + m + ", " + id + ")");
        }
        return id;
    }

    public NewBooking serviceWith(long master, long service, Instant start) {
        return new NewBooking(tenant, master, client, null, service, start, null, "", UUID.randomUUID(), Source.FORM, false);
    }

    @Override
    public void close() {
        backend.close();
    }
}
