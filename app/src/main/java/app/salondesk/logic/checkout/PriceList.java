package app.salondesk.logic.checkout;

import org.jooq.DSLContext;

import java.util.Optional;

/**
 * The list prices a checkout starts from, in minor units of the salon's currency, read as the database
 * reads them when it checks a line (migration 35: a master's own price for the service, else the
 * service's, half up to the minor unit; a product's price): the desk shows them, the person may change
 * them with a reason, and the database compares again.
 */
public final class PriceList {

    private final DSLContext dsl;

    public PriceList(DSLContext dsl) {
        this.dsl = dsl;
    }

    /** A service's price with this master, and its name; empty for a service that is not the salon's. */
    public Optional<Priced> service(long tenantId, long serviceId, long masterId) {
        return dsl.resultQuery("SELECT money_to_minor(coalesce(ms.price, s.price), t.currency), s.name FROM services s "
                                + "JOIN tenants t ON t.id = s.tenant_id "
                                + "LEFT JOIN master_services ms ON ms.tenant_id = s.tenant_id AND ms.service_id = s.id AND ms.master_id = ? "
                                + "WHERE s.tenant_id = ? AND s.id = ?", masterId, tenantId, serviceId)
                .fetchOptional(r -> new Priced(r.get(0, Long.class), r.get(1, String.class)));
    }

    /** A price and the name it is sold under. */
    public record Priced(long minor, String name) {
    }
}
