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

    /**
     * Creates a salon (the database's owner only: staff cannot add salons). Its secrets
     * (migration 9) are made by the database.
     */
    public long create(SalonSettings s, boolean demo) {
        return dsl.insertInto(TENANTS)
                .set(TENANTS.NAME, s.name())
                .set(TENANTS.ADDRESS, s.address())
                .set(TENANTS.PHONE, s.phone())
                .set(TENANTS.TIME_ZONE, s.zone().getId())
                .set(TENANTS.CURRENCY, s.currency().getCurrencyCode())
                .set(TENANTS.COUNTRY, s.country())
                .set(TENANTS.IS_DEMO, demo)
                .returning(TENANTS.ID)
                .fetchOne(TENANTS.ID);
    }

    /** Changes a salon's settings (its admins and the owner). */
    public void update(long id, SalonSettings s) {
        dsl.update(TENANTS)
                .set(TENANTS.NAME, s.name())
                .set(TENANTS.ADDRESS, s.address())
                .set(TENANTS.PHONE, s.phone())
                .set(TENANTS.TIME_ZONE, s.zone().getId())
                .set(TENANTS.CURRENCY, s.currency().getCurrencyCode())
                .set(TENANTS.COUNTRY, s.country())
                .where(TENANTS.ID.eq(id))
                .execute();
    }

    public Optional<SalonSettings> settings(long id) {
        return dsl.select(TENANTS.NAME, TENANTS.ADDRESS, TENANTS.PHONE, TENANTS.TIME_ZONE, TENANTS.CURRENCY, TENANTS.COUNTRY)
                .from(TENANTS)
                .where(TENANTS.ID.eq(id))
                .fetchOptional(r -> new SalonSettings(r.value1(), r.value2(), r.value3(), ZoneId.of(r.value4()),
                        java.util.Currency.getInstance(r.value5()), r.value6()));
    }

    /** Whether the salon is the demo one (marked as such on screen, removable). */
    public boolean isDemo(long id) {
        return Boolean.TRUE.equals(dsl.select(TENANTS.IS_DEMO).from(TENANTS).where(TENANTS.ID.eq(id)).fetchOne(TENANTS.IS_DEMO));
    }

    private static Salon toSalon(Record3<Long, String, String> r) {
        return new Salon(r.value1(), r.value2(), ZoneId.of(r.value3()));
    }
}
