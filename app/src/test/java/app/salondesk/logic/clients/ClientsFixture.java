package app.salondesk.logic.clients;

import app.salondesk.db.TestPostgres;
import app.salondesk.logic.booking.ClientCardService;
import app.salondesk.logic.booking.ClientVisitsRepository;
import app.salondesk.model.salon.Salon;
import app.salondesk.runtime.Backend;
import org.jooq.DSLContext;

import java.time.Clock;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneId;

/**
 * Two salons on a fresh database. "Bloom" (Kyiv) has masters Olena and Marta, a 60-minute
 * "Haircut", and clients whose names and phones the search tests need; Iryna Savchenko has
 * five bookings (two no-shows, one cancelled, one upcoming). "Elsewhere" has a client with
 * Iryna's phone and a similar name, which Bloom must never see.
 */
public final class ClientsFixture implements AutoCloseable {

    public static final ZoneId ZONE = ZoneId.of("Europe/Kyiv");
    /** "Now" for the card: 10 March 2026, noon in Kyiv. */
    public static final Clock CLOCK = Clock.fixed(kyiv(2026, 3, 10, 12, 0), ZONE);

    public final Backend backend;
    public final DSLContext dsl;
    public final Salon salon;
    public final long tenant;
    public final long otherTenant;
    public final long olena;
    public final long marta;
    public final long haircut;
    public final long iryna;          // Iryna Savchenko, +380671234567, five bookings
    public final long kovalenko;      // Iryna Kovalenko, +380501112233
    public final long iryshko;        // Oksana Iryshko, no phone
    public final long kiryl;          // Kiryl Bondar, +380931234000
    public final long melnyk;         // Ірина Мельник, +380931112233
    public final long maryana;        // Мар’яна Ткач, +380661112233
    public final long zoia;           // Zoia Lys, +380685550000
    public final long alla;           // Alla Zhuk, +380500685000
    public final long otherIryna;     // Iryna Savchuk of the other salon, +380671234567
    /** Iryna Savchenko's bookings, newest first. */
    public final long[] irynaBookings;

    public ClientsFixture(String name) {
        backend = Backend.connect(TestPostgres.migratedDatabase(name), 4);
        dsl = backend.dsl();
        tenant = id("INSERT INTO tenants (name, time_zone) VALUES ('Bloom', 'Europe/Kyiv') RETURNING id");
        otherTenant = id("INSERT INTO tenants (name, time_zone) VALUES ('Elsewhere', 'Europe/Kyiv') RETURNING id");
        salon = new Salon(tenant, "Bloom", ZONE);
        olena = id("INSERT INTO masters (tenant_id, name, sort_order) VALUES (" + tenant + ", 'Olena Kovalenko', 1) RETURNING id");
        marta = id("INSERT INTO masters (tenant_id, name, sort_order) VALUES (" + tenant + ", 'Marta Shevchenko', 2) RETURNING id");
        haircut = id("INSERT INTO services (tenant_id, name, duration_min, price) VALUES (" + tenant + ", 'Haircut', 60, 500) RETURNING id");
        iryna = client(tenant, "Iryna Savchenko", "'+380671234567'", "Prefers morning visits");
        kovalenko = client(tenant, "Iryna Kovalenko", "'+380501112233'", "");
        iryshko = client(tenant, "Oksana Iryshko", "NULL", "");
        kiryl = client(tenant, "Kiryl Bondar", "'+380931234000'", "");
        melnyk = client(tenant, "\u0406\u0440\u0438\u043D\u0430 \u041C\u0435\u043B\u044C\u043D\u0438\u043A", "'+380931112233'", "");
        maryana = client(tenant, "\u041C\u0430\u0440\u2019\u044F\u043D\u0430 \u0422\u043A\u0430\u0447", "'+380661112233'", "");
        zoia = client(tenant, "Zoia Lys", "'+380685550000'", "");
        alla = client(tenant, "Alla Zhuk", "'+380500685000'", "");
        otherIryna = client(otherTenant, "Iryna Savchuk", "'+380671234567'", "");
        long elsewhereMaster = id("INSERT INTO masters (tenant_id, name) VALUES (" + otherTenant + ", 'Someone') RETURNING id");

        long completed = booking(olena, iryna, haircut, kyiv(2026, 2, 1, 10, 0), 60, "completed");
        long noShow1 = booking(marta, iryna, haircut, kyiv(2026, 2, 15, 11, 0), 60, "no_show");
        long cancelled = booking(olena, iryna, haircut, kyiv(2026, 2, 20, 9, 30), 60, "cancelled");
        long noShow2 = booking(olena, iryna, null, kyiv(2026, 3, 1, 14, 0), 45, "no_show");
        long upcoming = booking(marta, iryna, haircut, kyiv(2026, 3, 20, 16, 0), 60, "confirmed");
        irynaBookings = new long[]{upcoming, noShow2, cancelled, noShow1, completed};
        // noise the card must not count: another client's no-show, the other salon's booking
        booking(olena, kovalenko, haircut, kyiv(2026, 2, 10, 10, 0), 60, "no_show");
        dsl.execute("INSERT INTO bookings (tenant_id, master_id, client_id, service_id, starts_at, duration_min, status) VALUES ("
                + otherTenant + ", " + elsewhereMaster + ", " + otherIryna + ", NULL, '" + kyiv(2026, 2, 1, 10, 0) + "', 30, 'no_show')");
    }

    public ClientRepository clients() {
        return new ClientRepository(dsl);
    }

    public ClientCardService cardService() {
        return new ClientCardService(clients(), new ClientVisitsRepository(dsl));
    }

    public static Instant kyiv(int year, int month, int day, int hour, int minute) {
        return LocalDateTime.of(year, month, day, hour, minute).atZone(ZONE).toInstant();
    }

    public String notesOf(long clientId) {
        return dsl.resultQuery("SELECT notes FROM clients WHERE id = " + clientId).fetchOne(0, String.class);
    }

    public String phoneOf(long clientId) {
        return dsl.resultQuery("SELECT phone FROM clients WHERE id = " + clientId).fetchOne(0, String.class);
    }

    public String nameOf(long clientId) {
        return dsl.resultQuery("SELECT name FROM clients WHERE id = " + clientId).fetchOne(0, String.class);
    }

    private long client(long tenantId, String name, String phoneSql, String notes) {
        return dsl.resultQuery("INSERT INTO clients (tenant_id, name, phone, notes) VALUES (?, ?, " + phoneSql + ", ?) RETURNING id",
                tenantId, name, notes).fetchOne(0, Long.class);
    }

    /** Plain SQL, as any writer may: the card reads what is there, however it got there. */
    private long booking(long master, long client, Long service, Instant start, int minutes, String status) {
        return dsl.resultQuery("INSERT INTO bookings (tenant_id, master_id, client_id, service_id, starts_at, duration_min, status) "
                        + "VALUES (?, ?, ?, ?::bigint, ?::timestamptz, ?, ?) RETURNING id",
                tenant, master, client, service, start.toString(), minutes, status).fetchOne(0, Long.class);
    }

    private long id(String sql) {
        return dsl.resultQuery(sql).fetchOne(0, Long.class);
    }

    @Override
    public void close() {
        backend.close();
    }
}
