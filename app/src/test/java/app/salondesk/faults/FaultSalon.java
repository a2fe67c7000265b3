package app.salondesk.faults;

import app.salondesk.model.booking.BookingOutcome;
import app.salondesk.model.booking.NewBooking;
import app.salondesk.model.booking.Source;
import org.jooq.DSLContext;

import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalTime;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

/**
 * A salon for the fault tests: masters who work 06:00–22:00 every day, one client, and
 * numbered half-hour slots from 7 January 2030 on, so each test can ask for "slot 17" without
 * thinking about dates.
 */
public final class FaultSalon {

    public static final ZoneId ZONE = ZoneId.of("Europe/Kyiv");
    public static final LocalDate FIRST_DAY = LocalDate.of(2030, 1, 7);
    static final int SLOTS_PER_DAY = 32;

    public final long tenant;
    public final List<Long> masters;
    public final long client;

    private FaultSalon(long tenant, List<Long> masters, long client) {
        this.tenant = tenant;
        this.masters = masters;
        this.client = client;
    }

    /** Writes the salon; its masters are named "Master 1", "Master 2", … */
    public static FaultSalon create(DSLContext dsl, int masterCount) {
        long tenant = id(dsl, "INSERT INTO tenants (name, time_zone) VALUES ('Fault salon', '" + ZONE.getId() + "') RETURNING id");
        List<Long> masters = new ArrayList<>();
        for (int m = 1; m <= masterCount; m++) {
            long master = id(dsl, "INSERT INTO masters (tenant_id, name, sort_order) VALUES (" + tenant + ", 'Master " + m + "', " + m
                    + ") RETURNING id");
            for (int day = 1; day <= 7; day++) {
                dsl.execute("INSERT INTO master_working_hours (tenant_id, master_id, weekday, starts_at, ends_at) VALUES ("
                        + tenant + ", " + master + ", " + day + ", '06:00', '22:00')");
            }
            masters.add(master);
        }
        long client = id(dsl, "INSERT INTO clients (tenant_id, name, phone) VALUES (" + tenant + ", 'Iryna', '+380671112233') RETURNING id");
        return new FaultSalon(tenant, List.copyOf(masters), client);
    }

    /** The start of half-hour slot {@code n}: 06:00, 06:30, … 21:30 of each day from {@link #FIRST_DAY}. */
    public static Instant slot(int n) {
        return FIRST_DAY.plusDays(n / SLOTS_PER_DAY).atTime(LocalTime.of(6, 0).plusMinutes(30L * (n % SLOTS_PER_DAY)))
                .atZone(ZONE).toInstant();
    }

    /** A 30-minute booking of this salon's client, as the desk's form sends it. */
    public NewBooking booking(long master, int slot, UUID requestId) {
        return new NewBooking(tenant, master, client, null, null, slot(slot), 30, "", requestId, Source.FORM, false);
    }

    public static long bookedId(BookingOutcome outcome) {
        if (outcome instanceof BookingOutcome.Booked b) {
            return b.booking().id();
        }
        throw new AssertionError("expected booked, got " + outcome);
    }

    private static long id(DSLContext dsl, String sql) {
        return dsl.resultQuery(sql).fetchOne(0, Long.class);
    }
}
