package app.salondesk.bench;

import app.salondesk.logic.staff.StaffRepository;
import app.salondesk.model.booking.NewBooking;
import app.salondesk.model.booking.Source;
import org.jooq.DSLContext;

import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.ThreadLocalRandom;

/**
 * The salons of the chain tests (issue 19, {@link ChainDriver}), made by the database owner
 * through the app's own repositories and plain SQL for the fixtures: {@value #MASTERS} masters
 * who work 08:00–20:00 every day and do one 30-minute service, a client, the online page
 * ({@code /<slug>}) switched on, and a receptionist login per desk. Everything is found again
 * by name, so the storm's phases (each a JVM of its own) share it.
 */
final class ChainSalon {

    static final ZoneId ZONE = ZoneId.of("Europe/Kyiv");
    static final int MASTERS = 6;
    static final int SLOTS_PER_DAY = 24;
    /** Bookings go on this many days from tomorrow: few enough that desks and the page meet on masters and times. */
    static final int DAYS = 10;

    final long tenant;
    final String slug;
    final long service;
    final long client;
    final List<Long> masters;

    private ChainSalon(long tenant, String slug, long service, long client, List<Long> masters) {
        this.tenant = tenant;
        this.slug = slug;
        this.service = service;
        this.client = client;
        this.masters = masters;
    }

    /** The salon named {@code name}, made if it is not there yet (by the owner's {@code dsl}). */
    static ChainSalon ensure(DSLContext owner, String name, String slug) {
        Long existing = owner.resultQuery("SELECT id FROM tenants WHERE name = ?", name).fetchOne(0, Long.class);
        if (existing == null) {
            long tenant = Sql.id(owner, "INSERT INTO tenants (name, time_zone) VALUES (?, 'Europe/Kyiv') RETURNING id", name);
            long service = Sql.id(owner, "INSERT INTO services (tenant_id, name, duration_min, price) VALUES (?, 'Chain cut', 30, 400) "
                    + "RETURNING id", tenant);
            Sql.id(owner, "INSERT INTO clients (tenant_id, name, phone) VALUES (?, 'Chain client', '+380670000001') RETURNING id", tenant);
            for (int i = 0; i < MASTERS; i++) {
                long id = Sql.id(owner, "INSERT INTO masters (tenant_id, name, sort_order) VALUES (?, ?, ?) RETURNING id",
                        tenant, "Master " + (i + 1), i);
                owner.execute("INSERT INTO master_working_hours (tenant_id, master_id, weekday, starts_at, ends_at) "
                        + "SELECT ?, ?, d, '08:00', '20:00' FROM generate_series(1, 7) AS d", tenant, id);
                owner.execute("INSERT INTO master_services (tenant_id, master_id, service_id) VALUES (?, ?, ?)", tenant, id, service);
            }
            owner.execute("INSERT INTO online_settings (tenant_id, enabled, slug, days_ahead, min_notice_min, cancel_cutoff_min, "
                    + "max_open_per_phone) VALUES (?, true, ?, 60, 0, 60, 20)", tenant, slug);
        }
        long tenant = owner.resultQuery("SELECT id FROM tenants WHERE name = ?", name).fetchOne(0, Long.class);
        long service = Sql.id(owner, "SELECT id FROM services WHERE tenant_id = ? ORDER BY id LIMIT 1", tenant);
        long client = Sql.id(owner, "SELECT id FROM clients WHERE tenant_id = ? ORDER BY id LIMIT 1", tenant);
        List<Long> masters = owner.resultQuery("SELECT id FROM masters WHERE tenant_id = ? ORDER BY sort_order", tenant)
                .fetch(0, Long.class);
        return new ChainSalon(tenant, slug, service, client, new ArrayList<>(masters));
    }

    /** A receptionist's login of this salon, made if it is not there yet. */
    void ensureLogin(DSLContext owner, String login, String password) {
        boolean exists = Boolean.TRUE.equals(owner.resultQuery("SELECT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = ?)", login)
                .fetchOne(0, Boolean.class));
        if (!exists) {
            new StaffRepository(owner).add(tenant, login, "Desk " + login, "receptionist", password.toCharArray());
        }
    }

    /** A random master's random slot on the salon's {@value #DAYS} booking days. */
    Instant randomSlot(ThreadLocalRandom r) {
        LocalDate day = LocalDate.now(ZONE).plusDays(1 + r.nextInt(DAYS));
        return day.atTime(8, 0).plusMinutes(30L * r.nextInt(SLOTS_PER_DAY)).atZone(ZONE).toInstant();
    }

    long randomMaster(ThreadLocalRandom r) {
        return masters.get(r.nextInt(masters.size()));
    }

    /** What the booking form sends: the salon's client, the service, a new request id (kept for every retry). */
    NewBooking booking(long master, Instant start) {
        return new NewBooking(tenant, master, client, null, service, start, null, "", UUID.randomUUID(), Source.FORM, false);
    }
}
