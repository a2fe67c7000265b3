package app.salondesk.logic.catalog;

import app.salondesk.model.catalog.Offer;
import app.salondesk.model.catalog.OfferShape;
import app.salondesk.model.catalog.Phases;
import app.salondesk.model.catalog.Service;
import app.salondesk.model.catalog.ServiceDetails;
import org.jooq.DSLContext;
import org.jooq.impl.DSL;

import java.util.List;

import static app.salondesk.jooq.Tables.MASTER_SERVICES;
import static app.salondesk.jooq.Tables.SERVICES;

public final class ServiceRepository {

    private final DSLContext dsl;

    public ServiceRepository(DSLContext dsl) {
        this.dsl = dsl;
    }

    public List<Service> findActive(long tenantId) {
        return dsl.select(SERVICES.ID, SERVICES.NAME, SERVICES.DURATION_MIN, SERVICES.PRICE)
                .from(SERVICES)
                .where(SERVICES.TENANT_ID.eq(tenantId).and(SERVICES.ACTIVE))
                .orderBy(SERVICES.NAME)
                .fetch(r -> new Service(r.value1(), r.value2(), r.value3(), r.value4()));
    }

    /** Services whose name is exactly this, ignoring case and surrounding spaces. */
    public List<Service> findByName(long tenantId, String name) {
        return dsl.select(SERVICES.ID, SERVICES.NAME, SERVICES.DURATION_MIN, SERVICES.PRICE)
                .from(SERVICES)
                .where(SERVICES.TENANT_ID.eq(tenantId)
                        .and(DSL.lower(SERVICES.NAME).eq(name.strip().toLowerCase(java.util.Locale.ROOT))))
                .fetch(r -> new Service(r.value1(), r.value2(), r.value3(), r.value4()));
    }

    /** Every service of the salon, sold or not, by category and name. */
    public List<ServiceDetails> findAll(long tenantId) {
        return dsl.select(SERVICES.ID, SERVICES.NAME, SERVICES.CATEGORY, SERVICES.DURATION_MIN, SERVICES.PRICE, SERVICES.ACTIVE)
                .from(SERVICES)
                .where(SERVICES.TENANT_ID.eq(tenantId))
                .orderBy(SERVICES.CATEGORY, SERVICES.NAME)
                .fetch(r -> new ServiceDetails(r.value1(), r.value2(), r.value3(), r.value4(), r.value5(), r.value6()));
    }

    /** Adds a service (admins); its id. */
    public long add(long tenantId, String name, String category, int durationMin, java.math.BigDecimal price) {
        return dsl.insertInto(SERVICES)
                .set(SERVICES.TENANT_ID, tenantId)
                .set(SERVICES.NAME, name)
                .set(SERVICES.CATEGORY, category == null ? "" : category)
                .set(SERVICES.DURATION_MIN, durationMin)
                .set(SERVICES.PRICE, price)
                .returning(SERVICES.ID)
                .fetchOne(SERVICES.ID);
    }

    /** Changes a service's name, category, usual length and price; false when there is no such service. */
    public boolean update(long tenantId, long serviceId, String name, String category, int durationMin, java.math.BigDecimal price) {
        return dsl.update(SERVICES)
                .set(SERVICES.NAME, name)
                .set(SERVICES.CATEGORY, category == null ? "" : category)
                .set(SERVICES.DURATION_MIN, durationMin)
                .set(SERVICES.PRICE, price)
                .where(SERVICES.TENANT_ID.eq(tenantId).and(SERVICES.ID.eq(serviceId)))
                .execute() == 1;
    }

    /**
     * Gives a service its phases (null: one busy phase as long as the service) and the master's
     * cleanup after them; its length becomes the phases' sum (the schema's trigger). Bookings made
     * already keep the shape they were made with (migration 17).
     */
    public boolean setShape(long tenantId, long serviceId, Phases phases, int cleanupMin) {
        var update = dsl.update(SERVICES).set(SERVICES.CLEANUP_MIN, cleanupMin);
        var withPhases = phases == null ? update : update.set(SERVICES.PHASES, phases.dbValue());
        return withPhases.where(SERVICES.TENANT_ID.eq(tenantId).and(SERVICES.ID.eq(serviceId))).execute() == 1;
    }

    /** A service's phases (null: one busy phase) and cleanup minutes. */
    public record Shape(Phases phases, int cleanupMin) {
    }

    public java.util.Optional<Shape> shape(long tenantId, long serviceId) {
        return dsl.select(SERVICES.PHASES, SERVICES.CLEANUP_MIN).from(SERVICES)
                .where(SERVICES.TENANT_ID.eq(tenantId).and(SERVICES.ID.eq(serviceId)))
                .fetchOptional(r -> new Shape(Phases.of(r.value1()), r.value2()));
    }

    /** Every service's phases and cleanup (issue 31: the Services screen shows them all). */
    public java.util.Map<Long, Shape> shapes(long tenantId) {
        java.util.Map<Long, Shape> out = new java.util.HashMap<>();
        dsl.select(SERVICES.ID, SERVICES.PHASES, SERVICES.CLEANUP_MIN).from(SERVICES).where(SERVICES.TENANT_ID.eq(tenantId))
                .forEach(r -> out.put(r.value1(), new Shape(Phases.of(r.value2()), r.value3())));
        return out;
    }

    /**
     * Adds a service with its shape in one transaction, as {@code services add --phases --cleanup}
     * does: a refused shape leaves no service. Its id.
     */
    public long addShaped(long tenantId, String name, String category, int durationMin, java.math.BigDecimal price,
                          Phases phases, int cleanupMin) {
        return dsl.transactionResult(cfg -> {
            ServiceRepository tx = new ServiceRepository(DSL.using(cfg));
            long id = tx.add(tenantId, name, category, durationMin, price);
            tx.setShape(tenantId, id, phases, cleanupMin);
            return id;
        });
    }

    /**
     * Changes a service and its shape together, as {@code services set --phases --cleanup} does: the
     * length first, then the phases (whose sum the length becomes). False when there is no such service.
     */
    public boolean updateShaped(long tenantId, long serviceId, String name, String category, int durationMin,
                                java.math.BigDecimal price, Phases phases, int cleanupMin) {
        return dsl.transactionResult(cfg -> {
            ServiceRepository tx = new ServiceRepository(DSL.using(cfg));
            return tx.update(tenantId, serviceId, name, category, durationMin, price)
                    && tx.setShape(tenantId, serviceId, phases, cleanupMin);
        });
    }

    /**
     * A master's own phases (null: the service's) and cleanup (null: the service's) of a service she
     * does; her length becomes the phases' sum (the schema's trigger).
     */
    public boolean setOwnShape(long tenantId, long masterId, long serviceId, Phases phases, Integer cleanupMin) {
        var update = dsl.update(MASTER_SERVICES).set(MASTER_SERVICES.CLEANUP_MIN, cleanupMin);
        var withPhases = phases == null ? update : update.set(MASTER_SERVICES.PHASES, phases.dbValue());
        return withPhases.where(MASTER_SERVICES.TENANT_ID.eq(tenantId).and(MASTER_SERVICES.MASTER_ID.eq(masterId))
                .and(MASTER_SERVICES.SERVICE_ID.eq(serviceId))).execute() == 1;
    }

    /**
     * A master's phases of a service the service's again (issue 31): her own dropped, her length
     * {@code durationMin} (null: the service's, whose phases then fit it unstretched) and her cleanup
     * {@code cleanupMin} (null: the service's). What {@code masters services --add … --phases service}
     * and the screen's "Use the service's phases" write. False when she does not do the service.
     */
    public boolean useServicePhases(long tenantId, long masterId, long serviceId, Integer durationMin, Integer cleanupMin) {
        return dsl.update(MASTER_SERVICES)
                .setNull(MASTER_SERVICES.PHASES)
                .set(MASTER_SERVICES.DURATION_MIN, durationMin)
                .set(MASTER_SERVICES.CLEANUP_MIN, cleanupMin)
                .where(MASTER_SERVICES.TENANT_ID.eq(tenantId).and(MASTER_SERVICES.MASTER_ID.eq(masterId))
                        .and(MASTER_SERVICES.SERVICE_ID.eq(serviceId))).execute() == 1;
    }

    /** A master's own shape of a service: her phases (null: none of her own) and cleanup (-1: none of her own). */
    public Shape ownShape(long tenantId, long masterId, long serviceId) {
        return dsl.select(MASTER_SERVICES.PHASES, MASTER_SERVICES.CLEANUP_MIN).from(MASTER_SERVICES)
                .where(MASTER_SERVICES.TENANT_ID.eq(tenantId).and(MASTER_SERVICES.MASTER_ID.eq(masterId))
                        .and(MASTER_SERVICES.SERVICE_ID.eq(serviceId)))
                .fetchOptional(r -> new Shape(Phases.of(r.value1()), r.value2() == null ? -1 : r.value2()))
                .orElse(new Shape(null, -1));
    }

    /**
     * A patch test passed within {@code days} days before a booking of the service (issue 36, migration 41);
     * null: none needed. The rule book refuses a booking without one, whatever road writes it.
     */
    public boolean setPatchTestDays(long tenantId, long serviceId, Integer days) {
        return dsl.update(SERVICES).set(SERVICES.PATCH_TEST_DAYS, days)
                .where(SERVICES.TENANT_ID.eq(tenantId).and(SERVICES.ID.eq(serviceId))).execute() == 1;
    }

    /** The days a passed patch test holds for the service, or null when it needs none. */
    public Integer patchTestDays(long tenantId, long serviceId) {
        return dsl.select(SERVICES.PATCH_TEST_DAYS).from(SERVICES)
                .where(SERVICES.TENANT_ID.eq(tenantId).and(SERVICES.ID.eq(serviceId))).fetchOne(SERVICES.PATCH_TEST_DAYS);
    }

    /** A service no longer sold keeps its bookings and its history; it is just not offered any more. */
    public boolean setActive(long tenantId, long serviceId, boolean active) {
        return dsl.update(SERVICES).set(SERVICES.ACTIVE, active)
                .where(SERVICES.TENANT_ID.eq(tenantId).and(SERVICES.ID.eq(serviceId)))
                .execute() == 1;
    }

    /** Who does what, with the masters' own lengths and prices. */
    public List<Offer> offers(long tenantId) {
        return dsl.select(MASTER_SERVICES.MASTER_ID, MASTER_SERVICES.SERVICE_ID, MASTER_SERVICES.DURATION_MIN, MASTER_SERVICES.PRICE)
                .from(MASTER_SERVICES)
                .where(MASTER_SERVICES.TENANT_ID.eq(tenantId))
                .orderBy(MASTER_SERVICES.MASTER_ID, MASTER_SERVICES.SERVICE_ID)
                .fetch(r -> new Offer(r.value1(), r.value2(), r.value3(), r.value4()));
    }

    /**
     * Every master's shape of every service she does ({@link OfferShape}). Raw SQL: it asks the
     * schema's own functions — {@code service_minutes}, {@code booking_shape}, {@code phases_fit},
     * the ones the rule book asks — which jOOQ does not generate (routines are not).
     */
    public List<OfferShape> offerShapes(long tenantId) {
        return dsl.resultQuery("""
                        SELECT ms.master_id, ms.service_id, d.minutes,
                               CASE WHEN phases_fits(sh.phases, d.minutes) THEN phases_fit(sh.phases, d.minutes) END,
                               coalesce(sh.cleanup_min, 0),
                               ARRAY(SELECT sr.resource_id FROM service_resources sr
                                       JOIN resources x ON x.tenant_id = sr.tenant_id AND x.id = sr.resource_id
                                      WHERE sr.tenant_id = ms.tenant_id AND sr.service_id = ms.service_id AND x.active)
                          FROM master_services ms
                         CROSS JOIN LATERAL (SELECT service_minutes(ms.tenant_id, ms.master_id, ms.service_id) AS minutes) d
                         CROSS JOIN LATERAL booking_shape(ms.tenant_id, ms.master_id, ms.service_id, NULL) sh
                         WHERE ms.tenant_id = ?
                         ORDER BY ms.master_id, ms.service_id
                        """, tenantId)
                .fetch(r -> {
                    Integer[] phases = r.get(3, Integer[].class);
                    Long[] rooms = r.get(5, Long[].class);
                    return new OfferShape(r.get(0, Long.class), r.get(1, Long.class), r.get(2, Integer.class),
                            phases == null ? List.of() : List.of(phases), r.get(4, Integer.class),
                            rooms == null ? java.util.Set.of() : java.util.Set.of(rooms));
                });
    }

    /** The master does the service (with an own length and price, or the service's: null). */
    public void offer(long tenantId, Offer offer) {
        dsl.insertInto(MASTER_SERVICES)
                .set(MASTER_SERVICES.TENANT_ID, tenantId)
                .set(MASTER_SERVICES.MASTER_ID, offer.masterId())
                .set(MASTER_SERVICES.SERVICE_ID, offer.serviceId())
                .set(MASTER_SERVICES.DURATION_MIN, offer.durationMin())
                .set(MASTER_SERVICES.PRICE, offer.price())
                .onConflict(MASTER_SERVICES.TENANT_ID, MASTER_SERVICES.MASTER_ID, MASTER_SERVICES.SERVICE_ID)
                .doUpdate()
                .set(MASTER_SERVICES.DURATION_MIN, offer.durationMin())
                .set(MASTER_SERVICES.PRICE, offer.price())
                .execute();
    }

    /**
     * Who does what, changed together in one transaction (a setup screen's Save, a command):
     * those withdrawn, then these offered (made or updated); all or none.
     */
    public void saveOffers(long tenantId, List<Offer> offered, List<Offer> withdrawn) {
        dsl.transaction(cfg -> {
            ServiceRepository tx = new ServiceRepository(DSL.using(cfg));
            for (Offer o : withdrawn) {
                tx.withdraw(tenantId, o.masterId(), o.serviceId());
            }
            for (Offer o : offered) {
                tx.offer(tenantId, o);
            }
        });
    }

    /** The master no longer does the service (a definer function: staff have no DELETE). */
    public boolean withdraw(long tenantId, long masterId, long serviceId) {
        return Boolean.TRUE.equals(dsl.resultQuery("SELECT salondesk_remove_master_service(?, ?, ?)", tenantId, masterId, serviceId)
                .fetchOne(0, Boolean.class));
    }
}
