package app.salondesk.logic.salon;

import app.salondesk.logic.booking.SalonBookings;
import org.jooq.DSLContext;
import org.jooq.Record;
import org.jooq.SelectField;
import org.jooq.impl.DSL;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.ZoneId;
import java.util.Currency;
import java.util.List;
import java.util.Optional;
import app.salondesk.model.salon.Salon;
import app.salondesk.model.salon.SalonSettings;

import static app.salondesk.jooq.Tables.CLIENTS;
import static app.salondesk.jooq.Tables.MASTERS;
import static app.salondesk.jooq.Tables.SALON_KEYS;
import static app.salondesk.jooq.Tables.SERVICES;
import static app.salondesk.jooq.Tables.STAFF;
import static app.salondesk.jooq.Tables.TENANTS;

public final class SalonRepository {

    private static final Logger log = LoggerFactory.getLogger(SalonRepository.class);

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

    /**
     * Removes the demo salon with everything in it — bookings and their history, clients,
     * masters with their hours and time off, services, staff rows, its secrets — in one
     * transaction: all of it, or (on any refusal) nothing. The owner's work: staff have no
     * DELETE (migration 8), so for them the database answers 42501 and nothing changes.
     *
     * @return false when the salon is not a demo salon (a real salon is never removed here)
     */
    public boolean removeDemo(long id) {
        return dsl.transactionResult(cfg -> {
            DSLContext tx = DSL.using(cfg);
            Boolean demo = tx.select(TENANTS.IS_DEMO).from(TENANTS).where(TENANTS.ID.eq(id)).forUpdate().fetchOne(TENANTS.IS_DEMO);
            if (!Boolean.TRUE.equals(demo)) {
                return false;
            }
            int bookings = SalonBookings.deleteAll(tx, id);
            tx.deleteFrom(CLIENTS).where(CLIENTS.TENANT_ID.eq(id)).execute();
            // hours, weeks, own days, time off and who-does-what go with their master (ON DELETE CASCADE)
            int masters = tx.deleteFrom(MASTERS).where(MASTERS.TENANT_ID.eq(id)).execute();
            tx.deleteFrom(SERVICES).where(SERVICES.TENANT_ID.eq(id)).execute();
            // rooms and equipment (what needed them went with the services, their holds with the bookings)
            tx.deleteFrom(app.salondesk.jooq.Tables.RESOURCES).where(app.salondesk.jooq.Tables.RESOURCES.TENANT_ID.eq(id)).execute();
            tx.deleteFrom(STAFF).where(STAFF.TENANT_ID.eq(id)).execute();
            tx.deleteFrom(SALON_KEYS).where(SALON_KEYS.TENANT_ID.eq(id)).execute();
            tx.deleteFrom(TENANTS).where(TENANTS.ID.eq(id)).execute();
            log.info("removed the demo salon {} ({} bookings, {} masters)", id, bookings, masters);
            return true;
        });
    }

    private static Salon toSalon(Record r) {
        return new Salon(r.get(TENANTS.ID), r.get(TENANTS.NAME), ZoneId.of(r.get(TENANTS.TIME_ZONE)),
                Currency.getInstance(r.get(TENANTS.CURRENCY)), r.get(TENANTS.COUNTRY));
    }
}
