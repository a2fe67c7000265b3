package app.salondesk.logic.checkout;

import app.salondesk.model.checkout.Answer;
import app.salondesk.model.checkout.Bill;
import app.salondesk.model.checkout.CheckoutProblem;
import app.salondesk.model.checkout.Product;
import app.salondesk.model.checkout.StockMove;
import org.jooq.DSLContext;
import org.jooq.impl.DSL;

import java.util.List;
import java.util.Optional;

import static app.salondesk.jooq.Tables.PRODUCTS;
import static app.salondesk.jooq.Tables.STAFF;
import static app.salondesk.jooq.Tables.STOCK_MOVES;

/**
 * The products a salon sells and their stock (migration 35). Stock changes only by rows of its ledger
 * — a delivery (receptionists and admins), an adjustment with a reason (admins), a sale, a void — and
 * never goes below zero; the products themselves and their prices are an admin's.
 */
public final class ProductRepository {

    public static final int MAX_NAME = 200;

    private final DSLContext dsl;

    public ProductRepository(DSLContext dsl) {
        this.dsl = dsl;
    }

    public List<Product> list(long tenantId) {
        return dsl.select(PRODUCTS.ID, PRODUCTS.NAME, PRODUCTS.CATEGORY, PRODUCTS.PRICE_MINOR, PRODUCTS.STOCK, PRODUCTS.LOW_STOCK, PRODUCTS.ACTIVE)
                .from(PRODUCTS).where(PRODUCTS.TENANT_ID.eq(tenantId))
                .orderBy(PRODUCTS.CATEGORY, PRODUCTS.NAME, PRODUCTS.ID)
                .fetch(r -> new Product(r.value1(), r.value2(), r.value3(), r.value4(), r.value5(), r.value6(), r.value7()));
    }

    /** Products on sale whose stock is at or below their low-stock level. */
    public List<Product> low(long tenantId) {
        return list(tenantId).stream().filter(Product::low).toList();
    }

    public Optional<Product> find(long tenantId, long productId) {
        return list(tenantId).stream().filter(p -> p.id() == productId).findFirst();
    }

    /** A new product, with no stock yet (it arrives by a delivery). */
    public Answer<Long> add(long tenantId, String name, String category, long priceMinor, int lowStock) {
        Optional<CheckoutProblem> bad = check(name, category, priceMinor, lowStock);
        if (bad.isPresent()) {
            return Answer.refused(bad.get(), "");
        }
        return MoneyWrites.run(dsl, tx -> Answer.done(tx.insertInto(PRODUCTS)
                .set(PRODUCTS.TENANT_ID, tenantId).set(PRODUCTS.NAME, name.strip()).set(PRODUCTS.CATEGORY, category == null ? "" : category.strip())
                .set(PRODUCTS.PRICE_MINOR, priceMinor).set(PRODUCTS.LOW_STOCK, lowStock)
                .returning(PRODUCTS.ID).fetchOne(PRODUCTS.ID)));
    }

    /** Changes a product's name, category, price, low-stock level and whether it is on sale (not its stock). */
    public Answer<Long> update(long tenantId, Product p) {
        Optional<CheckoutProblem> bad = check(p.name(), p.category(), p.priceMinor(), p.lowStock());
        if (bad.isPresent()) {
            return Answer.refused(bad.get(), "");
        }
        return MoneyWrites.run(dsl, tx -> {
            int n = tx.update(PRODUCTS).set(PRODUCTS.NAME, p.name().strip()).set(PRODUCTS.CATEGORY, p.category().strip())
                    .set(PRODUCTS.PRICE_MINOR, p.priceMinor()).set(PRODUCTS.LOW_STOCK, p.lowStock()).set(PRODUCTS.ACTIVE, p.active())
                    .where(PRODUCTS.TENANT_ID.eq(tenantId).and(PRODUCTS.ID.eq(p.id()))).execute();
            return n == 1 ? Answer.done(p.id()) : Answer.refused(CheckoutProblem.BAD_VALUE, Long.toString(p.id()));
        });
    }

    /**
     * Stock received ({@code delivery}: a positive count) or corrected ({@code adjustment}, either way,
     * with a reason: an admin's). Returns the stock after it.
     */
    public Answer<Integer> move(long tenantId, long productId, int delta, boolean adjustment, String reason) {
        String why = reason == null ? "" : reason.strip();
        if (delta == 0 || Math.abs(delta) > 100_000 || !adjustment && delta < 0) {
            return Answer.refused(CheckoutProblem.QUANTITY, "");
        }
        if (adjustment && why.isEmpty()) {
            return Answer.refused(CheckoutProblem.REASON, "");
        }
        if (why.length() > 200) {
            return Answer.refused(CheckoutProblem.TEXT_TOO_LONG, "");
        }
        return MoneyWrites.run(dsl, tx -> {
            tx.insertInto(STOCK_MOVES).set(STOCK_MOVES.TENANT_ID, tenantId).set(STOCK_MOVES.PRODUCT_ID, productId).set(STOCK_MOVES.DELTA, delta)
                    .set(STOCK_MOVES.KIND, adjustment ? "adjustment" : "delivery").set(STOCK_MOVES.REASON, why).execute();
            return Answer.done(tx.select(PRODUCTS.STOCK).from(PRODUCTS).where(PRODUCTS.TENANT_ID.eq(tenantId).and(PRODUCTS.ID.eq(productId)))
                    .fetchOne(PRODUCTS.STOCK));
        });
    }

    /** A product's stock ledger, newest first. */
    public List<StockMove> moves(long tenantId, long productId) {
        return dsl.select(STOCK_MOVES.ID, STOCK_MOVES.PRODUCT_ID, STOCK_MOVES.MOVED_AT, DSL.coalesce(STAFF.DISPLAY_NAME, STOCK_MOVES.MOVED_BY),
                        STOCK_MOVES.DELTA, STOCK_MOVES.KIND, STOCK_MOVES.REASON, STOCK_MOVES.SALE_ID)
                .from(STOCK_MOVES)
                .leftJoin(STAFF).on(STAFF.TENANT_ID.eq(STOCK_MOVES.TENANT_ID).and(STAFF.LOGIN.eq(STOCK_MOVES.MOVED_BY)))
                .where(STOCK_MOVES.TENANT_ID.eq(tenantId).and(STOCK_MOVES.PRODUCT_ID.eq(productId)))
                .orderBy(STOCK_MOVES.MOVED_AT.desc(), STOCK_MOVES.ID.desc())
                .fetch(r -> new StockMove(r.value1(), r.value2(), r.value3().toInstant(), r.value4(), r.value5(), r.value6(), r.value7(),
                        r.value8()));
    }

    private static Optional<CheckoutProblem> check(String name, String category, long priceMinor, int lowStock) {
        if (name == null || name.isBlank() || name.strip().length() > MAX_NAME || category != null && category.strip().length() > 100) {
            return Optional.of(CheckoutProblem.TEXT_TOO_LONG);
        }
        if (priceMinor < 0 || priceMinor > Bill.MAX_MINOR / 10 || lowStock < 0 || lowStock > 1_000_000) {
            return Optional.of(CheckoutProblem.AMOUNT);
        }
        return Optional.empty();
    }
}
