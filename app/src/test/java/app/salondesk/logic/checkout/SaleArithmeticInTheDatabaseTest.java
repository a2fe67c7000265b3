package app.salondesk.logic.checkout;

import app.salondesk.db.TestPostgres;
import app.salondesk.logic.booking.BookingEngine;
import app.salondesk.model.booking.Source;
import app.salondesk.model.checkout.Amounts;
import app.salondesk.model.checkout.Bill;
import app.salondesk.model.checkout.Checkout;
import app.salondesk.model.checkout.CheckoutLine;
import app.salondesk.model.checkout.CheckoutOutcome;
import app.salondesk.model.checkout.Discount;
import app.salondesk.model.checkout.PaymentMethod;
import app.salondesk.model.checkout.Takings;
import app.salondesk.model.checkout.Tender;
import app.salondesk.model.checkout.Tip;
import app.salondesk.runtime.Backend;
import org.jooq.DSLContext;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.math.BigDecimal;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Currency;
import java.util.List;
import java.util.Random;
import java.util.UUID;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Random sales in salons of six currencies, written through the checkout: every bill the Java model
 * makes (its arithmetic checked by {@code BillRandomizedTest}'s plain model) is one the database takes
 * — the same rules on both sides — and the same sales written by plain SQL with one rule bent (a
 * discount split out of proportion, cash not rounded to the coins, a percentage rounded the wrong way)
 * are refused. Then the day's takings equal the sales' own rows, by day, by method and by master.
 */
class SaleArithmeticInTheDatabaseTest {

    private static final List<String> CODES = List.of("UAH", "CHF", "JPY", "KWD", "USD", "SEK");

    private static Backend backend;
    private static DSLContext dsl;
    private static CheckoutService checkouts;
    private static final List<Salon> salons = new ArrayList<>();

    /** A salon of one currency: two masters, three products in plenty, two services. */
    record Salon(long id, Currency currency, long[] masters, long[] products, long[] productPrices, long[] services, long[] servicePrices) {
    }

    @BeforeAll
    static void salons() {
        backend = Backend.connect(TestPostgres.migratedDatabase("salearithmetic"), 4);
        dsl = backend.dsl();
        checkouts = new CheckoutService(dsl, new BookingEngine(dsl));
        Random rnd = new Random(7);
        for (String code : CODES) {
            Currency c = Currency.getInstance(code);
            long id = id("INSERT INTO tenants (name, time_zone, currency) VALUES ('Salon " + code + "', 'Europe/Kyiv', '" + code + "') RETURNING id");
            long[] masters = {id("INSERT INTO masters (tenant_id, name) VALUES (" + id + ", 'A') RETURNING id"),
                    id("INSERT INTO masters (tenant_id, name) VALUES (" + id + ", 'B') RETURNING id")};
            long[] products = new long[3];
            long[] prices = new long[3];
            for (int i = 0; i < 3; i++) {
                prices[i] = rnd.nextInt(100_000) + 1;
                products[i] = id("INSERT INTO products (tenant_id, name, price_minor) VALUES (" + id + ", 'P" + i + "', " + prices[i] + ") RETURNING id");
                dsl.execute("INSERT INTO stock_moves (tenant_id, product_id, delta, kind) VALUES (" + id + ", " + products[i] + ", 100000, 'delivery')");
            }
            long[] services = new long[2];
            long[] servicePrices = new long[2];
            for (int i = 0; i < 2; i++) {
                BigDecimal price = BigDecimal.valueOf(rnd.nextInt(300_000) + 1, 2);
                services[i] = id("INSERT INTO services (tenant_id, name, duration_min, price) VALUES (" + id + ", 'S" + i + "', 30, " + price
                        + ") RETURNING id");
                servicePrices[i] = Amounts.toMinor(price, c);
            }
            dsl.execute("INSERT INTO commission_rates (tenant_id, master_id, scope, percent) VALUES (" + id + ", " + masters[0] + ", 'services', 33.33)");
            salons.add(new Salon(id, c, masters, products, prices, services, servicePrices));
        }
    }

    @AfterAll
    static void close() {
        backend.close();
    }

    @Test
    void everyBillTheModelMakesTheDatabaseTakesAndTheTakingsAreTheSalesRows() {
        Random rnd = new Random(3434);
        int made = 0;
        for (int n = 0; n < 300; n++) {
            Salon s = salons.get(rnd.nextInt(salons.size()));
            Checkout c = randomCheckout(rnd, s);
            Bill bill = c.bill();
            if (!bill.ok()) {
                continue;
            }
            CheckoutOutcome o = checkouts.checkout(c);
            CheckoutOutcome.CheckedOut done = assertInstanceOf(CheckoutOutcome.CheckedOut.class, o, o + " for " + c);
            assertEquals(bill.totalMinor(), done.sale().totalMinor());
            made++;
        }
        assertTrue(made > 150, "sales made: " + made);
        TakingsRepository takings = new TakingsRepository(dsl);
        for (Salon s : salons) {
            var today = new TillRepository(dsl).today(s.id());
            Takings t = takings.takings(s.id(), today, today);
            long sales = count("SELECT coalesce(sum(total_minor), 0) FROM sales WHERE tenant_id = " + s.id());
            assertEquals(sales, t.totalMinor(), "by day");
            assertEquals(sales, t.methods().stream().mapToLong(Takings.ByMethod::netMinor).sum(), "by method");
            assertEquals(sales, t.masters().stream().mapToLong(Takings.ByMaster::totalMinor).sum(), "by master");
            assertEquals(count("SELECT coalesce(sum(amount_minor), 0) FROM sale_payments p JOIN sales x ON x.id = p.sale_id "
                    + "WHERE x.tenant_id = " + s.id() + " AND p.method = 'cash'"), t.methods().get(0).paidMinor(), "cash first");
        }
    }

    @Test
    void theSameSaleWithOneRuleBentIsRefusedByTheDatabase() throws SQLException {
        Salon uah = salons.get(0);
        long[] p = uah.products();
        long[] price = uah.productPrices();
        // two products, 10 % off the whole: written right it is taken
        long base0 = price[0];
        long base1 = price[1] * 2;
        long d = Amounts.percent(base0 + base1, new BigDecimal("10"));
        long[] shares = Amounts.split(d, new long[]{base0, base1});
        long sold = base0 + base1 - d;
        long cash = Amounts.roundTo(sold, 10);
        assertEquals(null, plain(uah, d, "10", shares, sold, cash - sold, cash, price));
        if (shares[1] >= 2) {
            assertEquals("23514", plain(uah, d, "10", new long[]{shares[0] + 2, shares[1] - 2}, sold, cash - sold, cash, price),
                    "the discount split out of proportion");
        }
        assertEquals("23514", plain(uah, d + 1, "10", new long[]{shares[0] + 1, shares[1]}, sold - 1, cash - sold + 1, cash, price),
                "10 % rounded the wrong way");
        if (cash != sold) {
            assertEquals("23514", plain(uah, d, "10", shares, sold, 0, sold, price), "cash in coins that do not exist");
        }
        assertEquals("23514", plain(uah, d, "10", shares, sold, cash - sold + 10, cash + 10, price), "cash rounded a coin too far");
    }

    /** Two product lines and a cash payment as plain SQL (the owner): the SQLSTATE refused, null when taken. */
    private static String plain(Salon s, long discount, String pct, long[] shares, long sold, long rounding, long cash, long[] price)
            throws SQLException {
        return dsl.connectionResult(c -> {
            c.setAutoCommit(false);
            try (Statement st = c.createStatement()) {
                long total = sold + rounding;
                var rs = st.executeQuery("INSERT INTO sales (tenant_id, total_minor, discount_minor, discount_percent, discount_reason) VALUES ("
                        + s.id() + ", " + total + ", " + discount + ", " + pct + ", 'promo') RETURNING id");
                rs.next();
                long sale = rs.getLong(1);
                st.execute("INSERT INTO sale_lines (tenant_id, sale_id, line_no, kind, product_id, quantity, unit_price_minor, share_minor, amount_minor) "
                        + "VALUES (" + s.id() + ", " + sale + ", 1, 'product', " + s.products()[0] + ", 1, " + price[0] + ", " + shares[0] + ", "
                        + (price[0] - shares[0]) + "), (" + s.id() + ", " + sale + ", 2, 'product', " + s.products()[1] + ", 2, " + price[1] + ", "
                        + shares[1] + ", " + (price[1] * 2 - shares[1]) + ")");
                if (rounding != 0) {
                    st.execute("INSERT INTO sale_lines (tenant_id, sale_id, line_no, kind, unit_price_minor, amount_minor) VALUES (" + s.id() + ", "
                            + sale + ", 3, 'rounding', " + rounding + ", " + rounding + ")");
                }
                st.execute("INSERT INTO sale_payments (tenant_id, sale_id, payment_no, method, amount_minor) VALUES (" + s.id() + ", " + sale
                        + ", 1, 'cash', " + cash + ")");
                c.commit();
                return null;
            } catch (SQLException e) {
                c.rollback();
                return e.getSQLState();
            } finally {
                c.setAutoCommit(true);
            }
        });
    }

    /** A random checkout of this salon's products, extra services and tips, paid in one of several ways. */
    private static Checkout randomCheckout(Random rnd, Salon s) {
        List<CheckoutLine> lines = new ArrayList<>();
        for (int i = rnd.nextInt(4); i >= 0; i--) {
            CheckoutLine l;
            if (rnd.nextBoolean()) {
                int k = rnd.nextInt(3);
                l = CheckoutLine.product(s.products()[k], rnd.nextBoolean() ? s.masters()[rnd.nextInt(2)] : null, "", rnd.nextInt(3) + 1,
                        s.productPrices()[k]);
            } else {
                int k = rnd.nextInt(2);
                l = CheckoutLine.service(s.services()[k], s.masters()[rnd.nextInt(2)], "", s.servicePrices()[k]);
            }
            if (rnd.nextInt(5) == 0) {
                l = l.priced(Math.max(0, l.listPriceMinor() + rnd.nextInt(2001) - 1000), "agreed");
            }
            if (rnd.nextInt(3) == 0) {
                l = l.discounted(rnd.nextBoolean() ? Discount.amount(rnd.nextLong(l.gross() + 1), "promo")
                        : Discount.percent(new BigDecimal(List.of("10", "12.5", "33.33", "7").get(rnd.nextInt(4))), "loyal"));
            }
            lines.add(l);
        }
        Discount whole = rnd.nextInt(3) == 0 ? Discount.percent(new BigDecimal(List.of("5", "15", "20.5").get(rnd.nextInt(3))), "card holder")
                : Discount.NONE;
        List<Tip> tips = rnd.nextBoolean() ? List.of(new Tip(s.masters()[rnd.nextInt(2)], rnd.nextInt(10_000) + 1)) : List.of();
        Checkout draft = new Checkout(s.id(), s.currency(), null, UUID.randomUUID(), List.of(), lines, whole, tips, List.of(), "", Source.CHECKOUT);
        long total = draft.bill().subtotalMinor();
        long card = total == 0 ? 0 : rnd.nextLong(total + 1);
        List<Tender> tenders = switch (rnd.nextInt(3)) {
            case 0 -> List.of(new Tender(PaymentMethod.CARD, total));
            case 1 -> List.of(new Tender(PaymentMethod.CASH, total + rnd.nextInt(5_000)));
            default -> List.of(new Tender(PaymentMethod.CARD, card), new Tender(PaymentMethod.CASH, total - card + 1_000));
        };
        return new Checkout(s.id(), s.currency(), null, UUID.randomUUID(), List.of(), lines, whole, tips, tenders, "", Source.CHECKOUT);
    }

    private static long id(String sql) {
        return dsl.resultQuery(sql).fetchOne(0, Long.class);
    }

    private static long count(String sql) {
        return dsl.resultQuery(sql).fetchOne(0, Long.class);
    }
}
