package app.salondesk.logic.checkout;

import app.salondesk.model.checkout.Answer;
import app.salondesk.model.checkout.Bill;
import app.salondesk.model.checkout.CheckoutProblem;
import app.salondesk.model.checkout.CommissionRate;
import org.jooq.DSLContext;
import org.jooq.impl.DSL;

import java.math.BigDecimal;
import java.util.List;

import static app.salondesk.jooq.Tables.COMMISSION_RATES;
import static app.salondesk.jooq.Tables.PRODUCTS;
import static app.salondesk.jooq.Tables.SERVICES;

/**
 * Masters' commission rates (migration 35; an admin's to set, a manager's to read): one per master and
 * target — a service, a service category, every other service, a product, every other product — as a
 * percentage or a fixed amount per unit. A sale keeps the commission it was sold with, so a new rate
 * counts from the next sale on.
 */
public final class CommissionRepository {

    private final DSLContext dsl;

    public CommissionRepository(DSLContext dsl) {
        this.dsl = dsl;
    }

    public List<CommissionRate> list(long tenantId) {
        var target = DSL.coalesce(SERVICES.NAME, PRODUCTS.NAME, COMMISSION_RATES.CATEGORY, DSL.inline(""));
        return dsl.select(COMMISSION_RATES.ID, COMMISSION_RATES.MASTER_ID, COMMISSION_RATES.SCOPE, COMMISSION_RATES.SERVICE_ID,
                        COMMISSION_RATES.CATEGORY, COMMISSION_RATES.PRODUCT_ID, target, COMMISSION_RATES.PERCENT, COMMISSION_RATES.FIXED_MINOR)
                .from(COMMISSION_RATES)
                .leftJoin(SERVICES).on(SERVICES.TENANT_ID.eq(COMMISSION_RATES.TENANT_ID).and(SERVICES.ID.eq(COMMISSION_RATES.SERVICE_ID)))
                .leftJoin(PRODUCTS).on(PRODUCTS.TENANT_ID.eq(COMMISSION_RATES.TENANT_ID).and(PRODUCTS.ID.eq(COMMISSION_RATES.PRODUCT_ID)))
                .where(COMMISSION_RATES.TENANT_ID.eq(tenantId))
                .orderBy(COMMISSION_RATES.MASTER_ID, COMMISSION_RATES.SCOPE, target)
                .fetch(r -> new CommissionRate(r.value1(), r.value2(), CommissionRate.Scope.fromDb(r.value3()), r.value4(), r.value5(), r.value6(),
                        r.value7(), r.value8(), r.value9()));
    }

    /**
     * Sets a master's rate for a target (replacing the one there was): {@code percent} or {@code fixedMinor},
     * exactly one. {@code serviceId}, {@code category}, {@code productId}: the one the scope needs.
     */
    public Answer<Long> set(long tenantId, long masterId, CommissionRate.Scope scope, Long serviceId, String category, Long productId,
                            BigDecimal percent, Long fixedMinor) {
        if ((percent == null) == (fixedMinor == null)) {
            return Answer.refused(CheckoutProblem.BAD_VALUE, "");
        }
        if (percent != null && (percent.signum() < 0 || percent.compareTo(BigDecimal.valueOf(100)) > 0 || percent.stripTrailingZeros().scale() > 2)) {
            return Answer.refused(CheckoutProblem.PERCENT, "");
        }
        if (fixedMinor != null && (fixedMinor < 0 || fixedMinor > Bill.MAX_MINOR / 10)) {
            return Answer.refused(CheckoutProblem.AMOUNT, "");
        }
        if (scope == CommissionRate.Scope.SERVICE && serviceId == null || scope == CommissionRate.Scope.PRODUCT && productId == null
                || scope == CommissionRate.Scope.CATEGORY && (category == null || category.isBlank())) {
            return Answer.refused(CheckoutProblem.BAD_VALUE, "");
        }
        Long service = scope == CommissionRate.Scope.SERVICE ? serviceId : null;
        Long product = scope == CommissionRate.Scope.PRODUCT ? productId : null;
        String cat = scope == CommissionRate.Scope.CATEGORY ? category.strip() : null;
        return MoneyWrites.run(dsl, tx -> {
            var same = COMMISSION_RATES.TENANT_ID.eq(tenantId).and(COMMISSION_RATES.MASTER_ID.eq(masterId))
                    .and(COMMISSION_RATES.SCOPE.eq(scope.dbValue()))
                    .and(service == null ? COMMISSION_RATES.SERVICE_ID.isNull() : COMMISSION_RATES.SERVICE_ID.eq(service))
                    .and(product == null ? COMMISSION_RATES.PRODUCT_ID.isNull() : COMMISSION_RATES.PRODUCT_ID.eq(product))
                    .and(cat == null ? COMMISSION_RATES.CATEGORY.isNull() : COMMISSION_RATES.CATEGORY.eq(cat));
            Long id = tx.update(COMMISSION_RATES).set(COMMISSION_RATES.PERCENT, percent).set(COMMISSION_RATES.FIXED_MINOR, fixedMinor)
                    .where(same).returning(COMMISSION_RATES.ID).fetchOptional(COMMISSION_RATES.ID).orElse(null);
            if (id == null) {
                // a second admin setting the same rate at once meets the unique index: "taken", set it again
                id = tx.insertInto(COMMISSION_RATES).set(COMMISSION_RATES.TENANT_ID, tenantId).set(COMMISSION_RATES.MASTER_ID, masterId)
                        .set(COMMISSION_RATES.SCOPE, scope.dbValue()).set(COMMISSION_RATES.SERVICE_ID, service)
                        .set(COMMISSION_RATES.CATEGORY, cat).set(COMMISSION_RATES.PRODUCT_ID, product)
                        .set(COMMISSION_RATES.PERCENT, percent).set(COMMISSION_RATES.FIXED_MINOR, fixedMinor)
                        .returning(COMMISSION_RATES.ID).fetchOne(COMMISSION_RATES.ID);
            }
            return Answer.done(id);
        });
    }

    /** Removes a rate (an admin's; through the definer function: no login may delete rows). */
    public Answer<Boolean> remove(long tenantId, long rateId) {
        return MoneyWrites.run(dsl, tx -> Answer.done(Boolean.TRUE.equals(
                tx.resultQuery("SELECT salondesk_remove_commission_rate(?, ?)", tenantId, rateId).fetchOne(0, Boolean.class))));
    }
}
