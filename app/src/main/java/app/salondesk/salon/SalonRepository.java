package app.salondesk.salon;

import org.jooq.DSLContext;
import org.jooq.Record3;

import java.time.ZoneId;
import java.util.Optional;

import static app.salondesk.jooq.Tables.TENANTS;

public final class SalonRepository {

    private final DSLContext dsl;

    public SalonRepository(DSLContext dsl) {
        this.dsl = dsl;
    }

    public Optional<Salon> find(long id) {
        return dsl.select(TENANTS.ID, TENANTS.NAME, TENANTS.TIME_ZONE)
                .from(TENANTS)
                .where(TENANTS.ID.eq(id))
                .fetchOptional(SalonRepository::toSalon);
    }

    /** The salon a single-salon installation shows when none is named. */
    public Optional<Salon> first() {
        return dsl.select(TENANTS.ID, TENANTS.NAME, TENANTS.TIME_ZONE)
                .from(TENANTS)
                .orderBy(TENANTS.ID)
                .limit(1)
                .fetchOptional(SalonRepository::toSalon);
    }

    public java.util.List<Salon> findAll() {
        return dsl.select(TENANTS.ID, TENANTS.NAME, TENANTS.TIME_ZONE)
                .from(TENANTS)
                .orderBy(TENANTS.ID)
                .fetch(SalonRepository::toSalon);
    }

    private static Salon toSalon(Record3<Long, String, String> r) {
        return new Salon(r.value1(), r.value2(), ZoneId.of(r.value3()));
    }
}
