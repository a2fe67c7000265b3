package app.salondesk.logic.salon;

import app.salondesk.model.salon.Salon;
import app.salondesk.model.salon.SalonSettings;
import org.jooq.DSLContext;
import org.jooq.Record;
import org.jooq.SelectField;

import java.time.ZoneId;
import java.util.Currency;
import java.util.List;
import java.util.Optional;

import static app.salondesk.jooq.Tables.TENANTS;

public final class SalonRepository {

    private final DSLContext dsl;

    public SalonRepository(DSLContext dsl) {
        this.dsl = dsl;
    }

    /** What the desk needs of a salon: see {@link Salon}. */
    private static final SelectField<?>[] SALON = {TENANTS.ID, TENANTS.NAME, TENANTS.TIME_ZONE, TENANTS.CURRENCY, TENANTS.COUNTRY};

    public Optional<Salon> find(long id) {
        return dsl.select(SALON)
                .from(TENANTS)
                .where(TENANTS.ID.eq(id))
                .fetchOptional(SalonRepository::toSalon);
    }

    /**
     * The salon a single-salon installation shows when none is named: the first real one, else
     * the demo. (Once a salon is set up next to the demo, the desk opens on the real one.)
     */
    public Optional<Salon> first() {
        return dsl.select(SALON)
                .from(TENANTS)
                .orderBy(TENANTS.IS_DEMO, TENANTS.ID)
                .limit(1)
                .fetchOptional(SalonRepository::toSalon);
    }

    public List<Salon> findAll() {
        return dsl.select(SALON)
                .from(TENANTS)
                .orderBy(TENANTS.ID)
                .fetch(SalonRepository::toSalon);
    }

    /** The demo salon of this database, if it has one (and the login may see it). */
    public Optional<Salon> findDemo() {
        return dsl.select(SALON)
                .from(TENANTS)
                .where(TENANTS.IS_DEMO)
                .orderBy(TENANTS.ID)
                .limit(1)
                .fetchOptional(SalonRepository::toSalon);
    }

    /** Whether the database holds a salon that is not the demo (the login may see). */
    /** The salons that are not the demo, in the order they were made. */
    public List<Salon> findReal() {
        return dsl.select(SALON)
                .from(TENANTS)
                .where(TENANTS.IS_DEMO.isFalse())
                .orderBy(TENANTS.ID)
                .fetch(SalonRepository::toSalon);
    }

    public boolean hasRealSalon() {
        return dsl.fetchExists(TENANTS, TENANTS.IS_DEMO.isFalse());
    }

    /**
     * The country whose way of writing phone numbers the salon reads (ISO 3166-1 alpha-2), or
     * "ZZ" — libphonenumber's "unknown region", which reads only numbers written with +code —
     * when there is no such salon.
     */
    public String country(long id) {
        String c = dsl.select(TENANTS.COUNTRY).from(TENANTS).where(TENANTS.ID.eq(id)).fetchOne(TENANTS.COUNTRY);
        return c != null ? c : "ZZ";
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

    private static Salon toSalon(Record r) {
        return new Salon(r.get(TENANTS.ID), r.get(TENANTS.NAME), ZoneId.of(r.get(TENANTS.TIME_ZONE)),
                Currency.getInstance(r.get(TENANTS.CURRENCY)), r.get(TENANTS.COUNTRY));
    }
}
