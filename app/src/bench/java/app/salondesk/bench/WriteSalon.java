package app.salondesk.bench;

import app.salondesk.model.booking.NewBooking;
import app.salondesk.model.booking.Source;
import org.jooq.DSLContext;

import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The salon the write figures book into: 16 masters of their own (one per writer), one
 * master all writers share, one on which they collide; each works 08:00–20:00 every day and
 * does a 30-minute service. Bookings go on a grid of 30-minute slots from 2032 on, each
 * master's slots handed out by a counter, so no two bookings meet unless a figure wants them to.
 */
final class WriteSalon {

    static final ZoneId ZONE = ZoneId.of("Europe/Kyiv");
    static final int WRITERS = 16;
    static final int SLOTS_PER_DAY = 24;
    private static final LocalDate FIRST_DAY = LocalDate.of(2032, 1, 5);

    final long tenant;
    final long service;
    final long client;
    final List<Long> own = new ArrayList<>();
    final long shared;
    final long clash;
    /** Next free slot per master id. */
    private final java.util.Map<Long, AtomicLong> next = new java.util.concurrent.ConcurrentHashMap<>();

    WriteSalon(DSLContext dsl, String name) {
        tenant = Sql.id(dsl, "INSERT INTO tenants (name, time_zone) VALUES (?, 'Europe/Kyiv') RETURNING id", name);
        service = Sql.id(dsl, "INSERT INTO services (tenant_id, name, duration_min, price) VALUES (?, 'Bench cut', 30, 400) RETURNING id", tenant);
        client = Sql.id(dsl, "INSERT INTO clients (tenant_id, name, phone) VALUES (?, 'Bench client', '+380670000001') RETURNING id", tenant);
        for (int i = 0; i < WRITERS; i++) {
            own.add(master(dsl, "Own " + (i + 1), i));
        }
        shared = master(dsl, "Shared", WRITERS);
        clash = master(dsl, "Clash", WRITERS + 1);
    }

    private long master(DSLContext dsl, String name, int order) {
        long id = Sql.id(dsl, "INSERT INTO masters (tenant_id, name, sort_order) VALUES (?, ?, ?) RETURNING id", tenant, name, order);
        dsl.execute("INSERT INTO master_working_hours (tenant_id, master_id, weekday, starts_at, ends_at) "
                + "SELECT ?, ?, d, '08:00', '20:00' FROM generate_series(1, 7) AS d", tenant, id);
        dsl.execute("INSERT INTO master_services (tenant_id, master_id, service_id) VALUES (?, ?, ?)", tenant, id, service);
        next.put(id, new AtomicLong());
        return id;
    }

    /** The start of a master's slot number {@code k}, in the salon's wall-clock hours. */
    static Instant slot(long k) {
        return FIRST_DAY.plusDays(k / SLOTS_PER_DAY).atTime(8, 0).plusMinutes(30 * (k % SLOTS_PER_DAY))
                .atZone(ZONE).toInstant();
    }

    /** A slot of this master nobody has had yet. */
    Instant freshSlot(long master) {
        return slot(next.get(master).getAndIncrement());
    }

    AtomicLong counter(long master) {
        return next.get(master);
    }

    /** What the booking form sends: an existing client, the service, a new request id. */
    NewBooking booking(long master, Instant start) {
        return new NewBooking(tenant, master, client, null, service, start, null, "", UUID.randomUUID(), Source.FORM, false);
    }
}
