package app.salondesk.logic.checkout;

import org.jooq.DSLContext;

import static app.salondesk.jooq.Tables.COMMISSION_RATES;
import static app.salondesk.jooq.Tables.PRODUCTS;
import static app.salondesk.jooq.Tables.SALES;
import static app.salondesk.jooq.Tables.SALE_BOOKINGS;
import static app.salondesk.jooq.Tables.SALE_LINES;
import static app.salondesk.jooq.Tables.SALE_PAYMENTS;
import static app.salondesk.jooq.Tables.SALE_REFUNDS;
import static app.salondesk.jooq.Tables.SALE_REFUND_LINES;
import static app.salondesk.jooq.Tables.SALE_VOIDS;
import static app.salondesk.jooq.Tables.STOCK_MOVES;
import static app.salondesk.jooq.Tables.TAKINGS_CLOSED_DAYS;
import static app.salondesk.jooq.Tables.TAKINGS_CLOSED_LINES;
import static app.salondesk.jooq.Tables.TAKINGS_CLOSED_METHODS;
import static app.salondesk.jooq.Tables.TILL_CLOSINGS;
import static app.salondesk.jooq.Tables.TILL_DAYS;
import static app.salondesk.jooq.Tables.TILL_MOVES;

/**
 * Everything the checkout keeps of one salon, removed with it — only the demo salon's, by the owner:
 * sales and the till are never deleted otherwise (migration 35's trigger refuses everyone else, and
 * every salon that is not the demo).
 */
public final class SalonSales {

    private SalonSales() {
    }

    /** In the caller's transaction, children first; returns how many sales went. */
    public static int deleteAll(DSLContext tx, long tenantId) {
        tx.deleteFrom(SALE_REFUND_LINES).where(SALE_REFUND_LINES.TENANT_ID.eq(tenantId)).execute();
        tx.deleteFrom(SALE_REFUNDS).where(SALE_REFUNDS.TENANT_ID.eq(tenantId)).execute();
        tx.deleteFrom(SALE_VOIDS).where(SALE_VOIDS.TENANT_ID.eq(tenantId)).execute();
        tx.deleteFrom(SALE_BOOKINGS).where(SALE_BOOKINGS.TENANT_ID.eq(tenantId)).execute();
        tx.deleteFrom(SALE_PAYMENTS).where(SALE_PAYMENTS.TENANT_ID.eq(tenantId)).execute();
        tx.deleteFrom(STOCK_MOVES).where(STOCK_MOVES.TENANT_ID.eq(tenantId)).execute();
        tx.deleteFrom(SALE_LINES).where(SALE_LINES.TENANT_ID.eq(tenantId)).execute();
        int sales = tx.deleteFrom(SALES).where(SALES.TENANT_ID.eq(tenantId)).execute();
        tx.deleteFrom(TAKINGS_CLOSED_LINES).where(TAKINGS_CLOSED_LINES.TENANT_ID.eq(tenantId)).execute();
        tx.deleteFrom(TAKINGS_CLOSED_METHODS).where(TAKINGS_CLOSED_METHODS.TENANT_ID.eq(tenantId)).execute();
        tx.deleteFrom(TAKINGS_CLOSED_DAYS).where(TAKINGS_CLOSED_DAYS.TENANT_ID.eq(tenantId)).execute();
        tx.deleteFrom(TILL_CLOSINGS).where(TILL_CLOSINGS.TENANT_ID.eq(tenantId)).execute();
        tx.deleteFrom(TILL_MOVES).where(TILL_MOVES.TENANT_ID.eq(tenantId)).execute();
        tx.deleteFrom(TILL_DAYS).where(TILL_DAYS.TENANT_ID.eq(tenantId)).execute();
        tx.deleteFrom(COMMISSION_RATES).where(COMMISSION_RATES.TENANT_ID.eq(tenantId)).execute();
        tx.deleteFrom(PRODUCTS).where(PRODUCTS.TENANT_ID.eq(tenantId)).execute();
        return sales;
    }
}
