package app.salondesk.catalog;

import org.jooq.DSLContext;
import org.jooq.impl.DSL;

import java.util.List;

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
}
