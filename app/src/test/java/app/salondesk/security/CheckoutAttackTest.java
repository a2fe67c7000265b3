package app.salondesk.security;

import app.salondesk.db.TestServers;
import app.salondesk.logic.checkout.CheckoutService;
import app.salondesk.logic.checkout.SaleRepository;
import app.salondesk.logic.staff.StaffRepository;
import app.salondesk.model.booking.Booking;
import app.salondesk.model.booking.BookingAsSeen;
import app.salondesk.model.booking.BookingOutcome;
import app.salondesk.model.booking.Source;
import app.salondesk.model.checkout.Answer;
import app.salondesk.model.checkout.Checkout;
import app.salondesk.model.checkout.CheckoutLine;
import app.salondesk.model.checkout.CheckoutOutcome;
import app.salondesk.model.checkout.CheckoutProblem;
import app.salondesk.model.checkout.Discount;
import app.salondesk.model.checkout.PaymentMethod;
import app.salondesk.model.checkout.Tender;
import org.jooq.DSLContext;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Currency;
import java.util.List;
import java.util.UUID;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * Issue 34: checkout, refunds, voids, the till, stock and commissions, attacked with real logins on a
 * shared server set up as the README says ({@link AttackedServer}): each login types the statements an
 * attacker would, and PostgreSQL refuses (migration 35); where a refusal could pass for a typo, the
 * same statement without the forbidden part is shown to work. Bloom: admin {@code anna}, receptionists
 * {@code olena} and {@code oksana}, manager {@code mira}; Rival: admin {@code rita}, receptionist
 * {@code bob}; the online login {@code web} and the relay's {@code relay} are no salon's staff.
 * Bloom sells a Cut (400.00, hryvnias) by Iryna or Marta and a Shampoo (200.00); Iryna earns 40 % of
 * her services. Two more salons, Dawn and Dusk, are closed in the tests of the till.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class CheckoutAttackTest {

    static final List<String> TABLES = List.of("products", "stock_moves", "commission_rates", "till_days", "till_moves", "till_closings",
            "sales", "sale_lines", "sale_payments", "sale_bookings", "sale_voids", "sale_refunds", "sale_refund_lines",
            "takings_closed_days", "takings_closed_lines", "takings_closed_methods");

    AttackedServer s;
    long cut;
    long shampoo;
    long dawn;
    long dusk;
    long dawnMaster;
    long duskMaster;
    private int slot;

    @BeforeAll
    void setUp() throws Exception {
        s = new AttackedServer(TestServers.ownCluster(17));
        DSLContext owner = s.dsl(AttackedServer.OWNER);
        StaffRepository byOwner = new StaffRepository(owner);
        byOwner.addOnlineLogin("web", AttackedServer.password("web").toCharArray());
        byOwner.addRelayLogin("relay", AttackedServer.password("relay").toCharArray());
        cut = owner.resultQuery("INSERT INTO services (tenant_id, name, duration_min, price) VALUES (" + s.bloom + ", 'Cut', 30, 400) RETURNING id")
                .fetchOne(0, Long.class);
        owner.execute("INSERT INTO master_services (tenant_id, master_id, service_id) VALUES (" + s.bloom + ", " + s.iryna + ", " + cut + "), ("
                + s.bloom + ", " + s.marta + ", " + cut + ")");
        shampoo = owner.resultQuery("INSERT INTO products (tenant_id, name, price_minor) VALUES (" + s.bloom + ", 'Shampoo', 20000) RETURNING id")
                .fetchOne(0, Long.class);
        owner.execute("INSERT INTO stock_moves (tenant_id, product_id, delta, kind) VALUES (" + s.bloom + ", " + shampoo + ", 50, 'delivery')");
        owner.execute("INSERT INTO commission_rates (tenant_id, master_id, scope, percent) VALUES (" + s.bloom + ", " + s.iryna + ", 'services', 40)");
        dawn = owner.resultQuery("INSERT INTO tenants (name, time_zone) VALUES ('Dawn', 'Europe/Kyiv') RETURNING id").fetchOne(0, Long.class);
        dusk = owner.resultQuery("INSERT INTO tenants (name, time_zone) VALUES ('Dusk', 'Europe/Kyiv') RETURNING id").fetchOne(0, Long.class);
        dawnMaster = owner.resultQuery("INSERT INTO masters (tenant_id, name) VALUES (" + dawn + ", 'Dana') RETURNING id").fetchOne(0, Long.class);
        duskMaster = owner.resultQuery("INSERT INTO masters (tenant_id, name) VALUES (" + dusk + ", 'Dora') RETURNING id").fetchOne(0, Long.class);
        byOwner.add(dawn, "tina", "Tina", "admin", AttackedServer.password("tina").toCharArray());
        byOwner.add(dusk, "dina", "Dina", "admin", AttackedServer.password("dina").toCharArray());
        new StaffRepository(s.dsl("tina")).add(dawn, "tom", "Tom", "receptionist", AttackedServer.password("tom").toCharArray());
        new StaffRepository(s.dsl("dina")).add(dusk, "dan", "Dan", "receptionist", AttackedServer.password("dan").toCharArray());
    }

    @AfterAll
    void tearDown() {
        if (s != null) {
            s.close();
        }
    }

    // ---- the road that works ---------------------------------------------------------------------------

    @Test
    void aReceptionistChecksOutAndTheDatabaseNamesHerCompletesTheBookingAndKeepsTheCommission() throws SQLException {
        Booking b = booking(s.iryna);
        long sale = checkout("olena", b, 40_000);
        assertEquals("olena", ownerText("SELECT created_by FROM sales WHERE id = " + sale));
        assertEquals("completed", ownerText("SELECT status FROM bookings WHERE id = " + b.id()));
        assertEquals("olena checkout", ownerText("SELECT changed_by || ' ' || source FROM booking_history WHERE booking_id = " + b.id()
                + " ORDER BY id DESC LIMIT 1"));
        assertEquals(16_000, s.count("SELECT commission_minor FROM sale_lines WHERE sale_id = " + sale), "40 % of 400.00, the database's");
        assertEquals(40_000, s.count("SELECT list_price_minor FROM sale_lines WHERE sale_id = " + sale));
    }

    @Test
    void sixteenReceptionistsPayingForOneBookingAtOnceMakeOneSaleUnderRowLevelSecurity() throws Exception {
        Booking b = booking(s.marta);
        // sixteen connections of her own (the server's helper pools hold three)
        com.zaxxer.hikari.HikariDataSource ds = new com.zaxxer.hikari.HikariDataSource();
        ds.setJdbcUrl(s.url);
        ds.setUsername("oksana");
        ds.setPassword(AttackedServer.password("oksana"));
        ds.setMaximumPoolSize(18);
        DSLContext oksana = org.jooq.impl.DSL.using(ds, org.jooq.SQLDialect.POSTGRES);
        CheckoutService desk = new CheckoutService(oksana, new app.salondesk.logic.booking.BookingEngine(oksana));
        var pool = java.util.concurrent.Executors.newFixedThreadPool(16);
        var go = new java.util.concurrent.CountDownLatch(1);
        List<java.util.concurrent.Future<CheckoutOutcome>> answers = new ArrayList<>();
        for (int i = 0; i < 16; i++) {
            answers.add(pool.submit(() -> {
                go.await();
                return desk.checkout(paying(b, 40_000, PaymentMethod.CARD));
            }));
        }
        go.countDown();
        int made = 0;
        for (var a : answers) {
            CheckoutOutcome o = a.get(2, java.util.concurrent.TimeUnit.MINUTES);
            if (o instanceof CheckoutOutcome.CheckedOut) {
                made++;
            } else {
                assertEquals(CheckoutProblem.ALREADY_PAID, assertInstanceOf(CheckoutOutcome.Refused.class, o).problem());
            }
        }
        pool.shutdown();
        ds.close();
        assertEquals(1, made);
        assertEquals(1, s.count("SELECT count(*) FROM sale_lines WHERE booking_id = " + b.id()));
    }

    // ---- a closed sale ---------------------------------------------------------------------------------

    @Test
    void aClosedSaleCannotBeChangedByAnyLoginTheOwnerIncluded() throws SQLException {
        long sale = checkout("olena", booking(s.iryna), 40_000);
        for (String who : List.of("olena", "oksana", "anna", "mira")) {
            assertEquals("42501", refused(who, "UPDATE sales SET total_minor = 1 WHERE id = " + sale), who);
            assertEquals("42501", refused(who, "UPDATE sale_lines SET unit_price_minor = 1, amount_minor = 1 WHERE sale_id = " + sale), who);
            assertEquals("42501", refused(who, "UPDATE sale_payments SET method = 'card' WHERE sale_id = " + sale), who);
            assertEquals("42501", refused(who, "DELETE FROM sale_payments WHERE sale_id = " + sale), who);
            assertEquals("42501", refused(who, "DELETE FROM sales WHERE id = " + sale), who);
            assertEquals("42501", refused(who, "TRUNCATE sales CASCADE"), who);
            assertEquals("42501", refused(who, "DELETE FROM sale_bookings WHERE sale_id = " + sale), who);
        }
        // the owner, who has every grant, is held by the trigger
        assertEquals("55000", refused(AttackedServer.OWNER, "UPDATE sales SET total_minor = 1 WHERE id = " + sale));
        assertEquals("55000", refused(AttackedServer.OWNER, "UPDATE sale_lines SET price_reason = 'x' WHERE sale_id = " + sale));
        assertEquals("55000", refused(AttackedServer.OWNER, "DELETE FROM sale_payments WHERE sale_id = " + sale));
        assertEquals("55000", refused(AttackedServer.OWNER, "DELETE FROM sale_bookings WHERE sale_id = " + sale));
        assertEquals("55000", refused(AttackedServer.OWNER, "TRUNCATE sale_payments"));
        // nothing is added to it either: a line, a payment (the sale was closed by its COMMIT)
        for (String who : List.of("anna", AttackedServer.OWNER)) {
            assertEquals("55000", refused(who, "INSERT INTO sale_lines (tenant_id, sale_id, line_no, kind, master_id, unit_price_minor, "
                    + "amount_minor) VALUES (" + s.bloom + ", " + sale + ", 9, 'tip', " + s.iryna + ", 100, 100)"), who);
            assertEquals("55000", refused(who, "INSERT INTO sale_payments (tenant_id, sale_id, payment_no, method, amount_minor) VALUES ("
                    + s.bloom + ", " + sale + ", 9, 'card', 100)"), who);
        }
        assertEquals(40_000, s.count("SELECT total_minor FROM sales WHERE id = " + sale));
        assertEquals(40_000, s.count("SELECT sum(amount_minor) FROM sale_payments WHERE sale_id = " + sale));
    }

    @Test
    void paymentsOrLinesThatDoNotAddUpAreRefusedAtCommitWhateverTheOrder() throws SQLException {
        long before = s.count("SELECT count(*) FROM sales");
        Booking b = booking(s.iryna);
        String sale = "INSERT INTO sales (tenant_id, client_id, total_minor) VALUES (" + s.bloom + ", " + s.bloomClient + ", 40000)";
        // the sale's id comes back from its INSERT … RETURNING; the later statements name it as %d
        String line = "INSERT INTO sale_lines (tenant_id, sale_id, line_no, kind, booking_id, master_id, unit_price_minor, amount_minor) "
                + "VALUES (" + s.bloom + ", %d, 1, 'service', " + b.id() + ", " + s.iryna + ", 40000, 40000)";
        assertEquals("23514", refusedWithId("olena", sale, line,
                "INSERT INTO sale_payments (tenant_id, sale_id, payment_no, method, amount_minor) VALUES (" + s.bloom + ", %d, 1, 'card', 30000)"),
                "payments short of the total");
        assertEquals("23514", refusedWithId("olena", sale, line,
                "INSERT INTO sale_payments (tenant_id, sale_id, payment_no, method, amount_minor) VALUES (" + s.bloom + ", %d, 1, 'card', 40000)",
                "SET CONSTRAINTS ALL IMMEDIATE",
                "INSERT INTO sale_payments (tenant_id, sale_id, payment_no, method, amount_minor) VALUES (" + s.bloom + ", %d, 2, 'cash', 1000)"),
                "a payment added after the checks were made to run early");
        assertEquals("23514", refusedWithId("olena", "INSERT INTO sales (tenant_id, client_id, total_minor) VALUES (" + s.bloom + ", "
                        + s.bloomClient + ", 30000)", line,
                "INSERT INTO sale_payments (tenant_id, sale_id, payment_no, method, amount_minor) VALUES (" + s.bloom + ", %d, 1, 'card', 30000)"),
                "lines beyond the total");
        assertEquals("23514", refusedWithId("olena", sale, line,
                "INSERT INTO sale_payments (tenant_id, sale_id, payment_no, method, amount_minor) VALUES (" + s.bloom + ", %d, 1, 'cash', 40005)"),
                "hryvnias in coins that do not exist");
        assertEquals("23514", refusedWithId("olena", "INSERT INTO sales (tenant_id, client_id, total_minor, discount_minor, discount_percent, "
                        + "discount_reason) VALUES (" + s.bloom + ", " + s.bloomClient + ", 36001, 3999, 10, 'promo')",
                "INSERT INTO sale_lines (tenant_id, sale_id, line_no, kind, booking_id, master_id, unit_price_minor, share_minor, amount_minor) "
                        + "VALUES (" + s.bloom + ", %d, 1, 'service', " + b.id() + ", " + s.iryna + ", 40000, 3999, 36001)",
                "INSERT INTO sale_payments (tenant_id, sale_id, payment_no, method, amount_minor) VALUES (" + s.bloom + ", %d, 1, 'card', 36001)"),
                "10 % of 400.00 is 40.00, not 39.99");
        assertEquals(before, s.count("SELECT count(*) FROM sales"), "nothing of them was kept");
        assertEquals("confirmed", ownerText("SELECT status FROM bookings WHERE id = " + b.id()));
        // the same sale, adding up, is taken
        assertEquals(null, refusedWithId("olena", sale, line,
                "INSERT INTO sale_payments (tenant_id, sale_id, payment_no, method, amount_minor) VALUES (" + s.bloom + ", %d, 1, 'card', 40000)"));
    }

    @Test
    void aPriceBelowTheListIsAnAdminsAndAnyOtherPriceNeedsAReason() throws SQLException {
        assertEquals("42501", plainSale("olena", booking(s.iryna), 30_000, "birthday"), "below the list");
        assertEquals("23514", plainSale("olena", booking(s.iryna), 45_000, ""), "above it without a reason");
        assertEquals(null, plainSale("olena", booking(s.iryna), 45_000, "long hair"));
        assertEquals(null, plainSale("anna", booking(s.iryna), 30_000, "birthday"));
    }

    // ---- corrections: an admin's ----------------------------------------------------------------------------

    @Test
    void aReceptionistsRefundOrVoidIsRefusedAnAdminsIsARowOfItsOwn() throws SQLException {
        long sale = checkout("olena", booking(s.marta), 40_000);
        for (String who : List.of("olena", "oksana", "mira")) {
            assertEquals("42501", refused(who, "INSERT INTO sale_refunds (tenant_id, sale_id, amount_minor, method, reason) VALUES ("
                    + s.bloom + ", " + sale + ", 100, 'cash', 'my friend')"), who);
            assertEquals("42501", refused(who, "INSERT INTO sale_voids (tenant_id, sale_id, reason) VALUES (" + s.bloom + ", " + sale
                    + ", 'oops')"), who);
            Answer<Long> byApp = new SaleRepository(s.dsl(who)).refund(s.bloom, sale, 100L, PaymentMethod.CASH, "my friend", UUID.randomUUID());
            assertEquals(CheckoutProblem.NO_PERMISSION, ((Answer.Refused<Long>) byApp).problem(), who);
        }
        SaleRepository anna = new SaleRepository(s.dsl("anna"));
        assertEquals(CheckoutProblem.REASON, ((Answer.Refused<Long>) anna.refund(s.bloom, sale, 100L, PaymentMethod.CASH, " ",
                UUID.randomUUID())).problem());
        assertTrue(anna.refund(s.bloom, sale, 10_000L, PaymentMethod.CASH, "too short", UUID.randomUUID()).isDone());
        assertEquals("23514", refused("anna", "INSERT INTO sale_refunds (tenant_id, sale_id, amount_minor, method, reason) VALUES ("
                + s.bloom + ", " + sale + ", 35000, 'card', 'all of it')", "INSERT INTO sale_refund_lines (tenant_id, refund_id, sale_id, "
                + "line_no, amount_minor) SELECT " + s.bloom + ", max(id), " + sale + ", 1, 35000 FROM sale_refunds"), "beyond what is left");
        assertEquals(CheckoutProblem.SALE_STATE, ((Answer.Refused<Long>) anna.voidSale(s.bloom, sale, "wrong")).problem(), "a refunded sale");
        long other = checkout("olena", booking(s.iryna), 40_000);
        assertTrue(anna.voidSale(s.bloom, other, "wrong client").isDone());
        assertEquals("anna", ownerText("SELECT voided_by FROM sale_voids WHERE sale_id = " + other));
        assertEquals("55000", refused("anna", "INSERT INTO sale_refunds (tenant_id, sale_id, amount_minor, method, reason) VALUES ("
                + s.bloom + ", " + other + ", 100, 'card', 'x')"), "nothing to refund of a void sale");
    }

    // ---- who may -----------------------------------------------------------------------------------------

    @Test
    void aManagerReadsEverythingAndPaysTakesOrMovesNothing() throws SQLException {
        for (String t : TABLES) {
            assertTrue(count("mira", "SELECT count(*) FROM " + t) >= 0, t);
        }
        assertTrue(count("mira", "SELECT count(*) FROM commission_rates") > 0);
        count("mira", "SELECT coalesce(sum(commission_minor), 0) FROM sale_lines");
        Booking b = booking(s.iryna);
        assertEquals("42501", plainSale("mira", b, 40_000, ""), "a manager's sale");
        assertEquals("42501", refused("mira", "INSERT INTO sale_payments (tenant_id, sale_id, payment_no, method, amount_minor) VALUES ("
                + s.bloom + ", 1, 5, 'card', 100)"), "a manager's payment");
        assertEquals("42501", refused("mira", "INSERT INTO till_moves (tenant_id, kind, amount_minor, reason) VALUES (" + s.bloom
                + ", 'out', 100, 'lunch')"));
        assertEquals("42501", refused("mira", "INSERT INTO till_closings (tenant_id, day, counted_minor) VALUES (" + s.bloom + ", current_date, 0)"));
        assertEquals("42501", refused("mira", "INSERT INTO stock_moves (tenant_id, product_id, delta, kind) VALUES (" + s.bloom + ", " + shampoo
                + ", 1, 'delivery')"));
        assertEquals("42501", refused("mira", "INSERT INTO commission_rates (tenant_id, master_id, scope, percent) VALUES (" + s.bloom + ", "
                + s.marta + ", 'services', 50)"));
        assertEquals("42501", refused("mira", "UPDATE products SET price_minor = 1"));
        assertEquals("confirmed", ownerText("SELECT status FROM bookings WHERE id = " + b.id()));
    }

    @Test
    void commissionRatesAndCommissionsAreNotAReceptionistsToReadOrSet() throws SQLException {
        assertEquals("42501", refused("olena", "SELECT * FROM commission_rates"));
        assertEquals("42501", refused("olena", "SELECT commission_minor FROM sale_lines"));
        assertEquals("42501", refused("olena", "SELECT * FROM sale_lines"));
        assertEquals("42501", refused("olena", "SELECT commission_minor FROM sale_refund_lines"));
        assertEquals("42501", refused("olena", "SELECT commission_minor FROM takings_closed_lines"), "nor what a closing kept of it");
        count("olena", "SELECT count(amount_minor) FROM sale_lines");
        assertEquals("42501", refused("olena", "INSERT INTO commission_rates (tenant_id, master_id, scope, percent) VALUES (" + s.bloom + ", "
                + s.marta + ", 'services', 90)"));
        assertEquals("42501", refused("olena", "SELECT salondesk_remove_commission_rate(" + s.bloom + ", 1)"));
        assertEquals("42501", refused("olena", "UPDATE commission_rates SET percent = 90"));
        assertEquals(null, refused("anna", "INSERT INTO commission_rates (tenant_id, master_id, scope, fixed_minor) VALUES (" + s.bloom + ", "
                + s.marta + ", 'products', 500)"));
        assertEquals(1, s.count("SELECT count(*) FROM commission_rates WHERE master_id = " + s.marta + " AND updated_by = 'anna'"));
    }

    @Test
    void stockMovesOnlyByItsLedgerAndAnAdjustmentIsAnAdmins() throws SQLException {
        long stock = s.count("SELECT stock FROM products WHERE id = " + shampoo);
        assertEquals("42501", refused("olena", "UPDATE products SET stock = 1000 WHERE id = " + shampoo));
        assertEquals("42501", refused("anna", "UPDATE products SET stock = 1000 WHERE id = " + shampoo), "not even an admin writes it");
        assertEquals("42501", refused("olena", "INSERT INTO stock_moves (tenant_id, product_id, delta, kind, reason) VALUES (" + s.bloom + ", "
                + shampoo + ", -10, 'adjustment', 'took some home')"));
        assertEquals("23514", refused("olena", "INSERT INTO stock_moves (tenant_id, product_id, delta, kind) VALUES (" + s.bloom + ", "
                + shampoo + ", -1, 'sale')"), "a sale's move without its sale");
        assertEquals("42501", refused("olena", "INSERT INTO stock_moves (tenant_id, product_id, delta, kind, sale_id) VALUES (" + s.bloom + ", "
                + shampoo + ", 5, 'void', 1)"), "nor naming one");
        assertEquals(null, refused("olena", "INSERT INTO stock_moves (tenant_id, product_id, delta, kind) VALUES (" + s.bloom + ", "
                + shampoo + ", 2, 'delivery')"));
        assertEquals(null, refused("anna", "INSERT INTO stock_moves (tenant_id, product_id, delta, kind, reason) VALUES (" + s.bloom + ", "
                + shampoo + ", -1, 'adjustment', 'tester bottle')"));
        assertEquals("23514", refused("anna", "INSERT INTO stock_moves (tenant_id, product_id, delta, kind, reason) VALUES (" + s.bloom + ", "
                + shampoo + ", -100000, 'adjustment', 'all gone')"), "below zero");
        assertEquals(stock + 1, s.count("SELECT stock FROM products WHERE id = " + shampoo));
        assertEquals(stock + 1, s.count("SELECT sum(delta) FROM stock_moves WHERE product_id = " + shampoo), "the stock is its ledger's sum");
    }

    @Test
    void aPaidBookingCannotBeCancelledMovedOrReopenedByPlainSql() throws SQLException {
        Booking b = booking(s.iryna);
        checkout("olena", b, 40_000);
        for (String who : List.of("olena", "anna")) {
            assertEquals("55000", refused(who, "UPDATE bookings SET status = 'cancelled' WHERE id = " + b.id()), who);
            assertEquals("55000", refused(who, "UPDATE bookings SET status = 'confirmed' WHERE id = " + b.id()), who);
            assertEquals("55000", refused(who, "UPDATE bookings SET starts_at = starts_at + interval '1 hour' WHERE id = " + b.id()), who);
            assertEquals("55000", refused(who, "UPDATE bookings SET master_id = " + s.marta + " WHERE id = " + b.id()), who);
        }
        assertEquals(null, refused("olena", "UPDATE bookings SET note = 'paid in full' WHERE id = " + b.id()), "its note may change");
        BookingOutcome cancel = s.engine("olena").changeStatus(new app.salondesk.model.booking.StatusChange(s.bloom, b.id(),
                (int) s.count("SELECT version FROM bookings WHERE id = " + b.id()), s.iryna, app.salondesk.model.booking.BookingStatus.CANCELLED,
                Source.MENU));
        assertEquals(app.salondesk.model.booking.InvalidReason.PAID, assertInstanceOf(BookingOutcome.Invalid.class, cancel).reason());
    }

    @Test
    void anotherSalonsSalesAreNeitherSeenNorChangedNorRefunded() throws SQLException {
        long sale = checkout("olena", booking(s.marta), 40_000);
        assertEquals(0, count("bob", "SELECT count(*) FROM sales WHERE id = " + sale));
        assertEquals(0, count("rita", "SELECT count(*) FROM sale_payments WHERE sale_id = " + sale));
        assertEquals("42501", refused("bob", "INSERT INTO sales (tenant_id, total_minor) VALUES (" + s.bloom + ", 0)"));
        // to any login but the transaction that wrote it a sale is closed, whether it exists or not: the same refusal, nothing learnt
        assertEquals("55000", refused("bob", "INSERT INTO sale_lines (tenant_id, sale_id, line_no, kind, master_id, unit_price_minor, amount_minor) "
                + "VALUES (" + s.bloom + ", " + sale + ", 5, 'tip', " + s.marta + ", 100, 100)"));
        assertEquals("55000", refused("bob", "INSERT INTO sale_lines (tenant_id, sale_id, line_no, kind, master_id, unit_price_minor, amount_minor) "
                + "VALUES (" + s.bloom + ", " + (sale + 1_000_000) + ", 5, 'tip', " + s.marta + ", 100, 100)"));
        assertEquals("42501", refused("rita", "INSERT INTO sale_refunds (tenant_id, sale_id, amount_minor, method, reason) VALUES ("
                + s.bloom + ", " + sale + ", 100, 'cash', 'mine now')"));
        assertEquals("23503", refused("rita", "INSERT INTO sale_refunds (tenant_id, sale_id, amount_minor, method, reason) VALUES ("
                + s.rival + ", " + sale + ", 100, 'cash', 'mine now')"), "not a sale of Rival's");
        assertEquals("42501", refused("rita", "INSERT INTO sale_voids (tenant_id, sale_id, reason) VALUES (" + s.bloom + ", " + sale + ", 'x')"));
        assertEquals("42501", refused("bob", "INSERT INTO till_closings (tenant_id, day, counted_minor) VALUES (" + s.bloom + ", current_date, 0)"));
        assertEquals("42501", refused("bob", "INSERT INTO till_moves (tenant_id, kind, amount_minor, reason) VALUES (" + s.bloom
                + ", 'out', 100, 'x')"));
        assertEquals("42501", refused("bob", "INSERT INTO stock_moves (tenant_id, product_id, delta, kind) VALUES (" + s.bloom + ", " + shampoo
                + ", 1, 'delivery')"));
        assertEquals(0, s.count("SELECT count(*) FROM sale_refunds WHERE sale_id = " + sale));
        assertEquals(0, s.count("SELECT count(*) FROM sale_voids WHERE sale_id = " + sale));
    }

    @Test
    void theOnlineLoginAndTheRelayTouchNoneOfIt() throws SQLException {
        for (String who : List.of("web", "relay")) {
            for (String t : TABLES) {
                assertEquals("42501", refused(who, "SELECT count(*) FROM " + t), who + " " + t);
            }
            assertEquals("42501", refused(who, "INSERT INTO sales (tenant_id, total_minor) VALUES (" + s.bloom + ", 0)"), who);
            assertEquals("42501", refused(who, "INSERT INTO till_moves (tenant_id, kind, amount_minor) VALUES (" + s.bloom + ", 'float', 0)"), who);
            assertEquals("42501", refused(who, "SELECT till_expected_cash(" + s.bloom + ", current_date)"), who);
        }
    }

    /**
     * The grants, table by table and group by group, as statements that touch no row ({@code WHERE
     * false}): who may read, insert the columns a road writes, update; nobody deletes or truncates.
     */
    @Test
    void thePermissionMatrixOfTheCheckoutsTables() throws SQLException {
        // table -> {columns a road inserts, who inserts, a column a road updates, who updates}; r: receptionists and admins, a: admins
        java.util.Map<String, String[]> writes = new java.util.LinkedHashMap<>();
        writes.put("products", new String[]{"tenant_id, name, category, price_minor, low_stock, active", "a", "price_minor", "a"});
        writes.put("stock_moves", new String[]{"tenant_id, product_id, delta, kind, reason", "r", "reason", ""});
        writes.put("commission_rates", new String[]{"tenant_id, master_id, scope, service_id, category, product_id, percent, fixed_minor", "a",
                "percent", "a"});
        writes.put("till_days", new String[]{"tenant_id, day, currency", "", "currency", ""});
        writes.put("till_moves", new String[]{"tenant_id, kind, amount_minor, reason", "r", "reason", ""});
        writes.put("till_closings", new String[]{"tenant_id, day, counted_minor, reason", "r", "reason", ""});
        writes.put("sales", new String[]{"tenant_id, request_id, client_id, total_minor, discount_minor, discount_percent, discount_reason, note",
                "r", "note", ""});
        writes.put("sale_lines", new String[]{"tenant_id, sale_id, line_no, kind, booking_id, service_id, product_id, master_id, description, "
                + "quantity, unit_price_minor, price_reason, discount_minor, discount_percent, discount_reason, share_minor, amount_minor", "r",
                "price_reason", ""});
        writes.put("sale_payments", new String[]{"tenant_id, sale_id, payment_no, method, method_note, amount_minor, tendered_minor", "r",
                "method", ""});
        writes.put("sale_bookings", new String[]{"tenant_id, booking_id, sale_id", "", "sale_id", ""});
        writes.put("sale_voids", new String[]{"tenant_id, sale_id, reason", "a", "reason", ""});
        writes.put("sale_refunds", new String[]{"tenant_id, sale_id, request_id, amount_minor, method, reason", "a", "reason", ""});
        writes.put("sale_refund_lines", new String[]{"tenant_id, refund_id, sale_id, line_no, amount_minor", "a", "amount_minor", ""});
        writes.put("takings_closed_days", new String[]{"tenant_id, day, sales", "", "sales", ""});
        writes.put("takings_closed_lines", new String[]{"tenant_id, day, master_id, kind, sold_minor", "", "sold_minor", ""});
        writes.put("takings_closed_methods", new String[]{"tenant_id, day, method, paid_minor", "", "paid_minor", ""});
        List<String> wrong = new ArrayList<>();
        for (String who : List.of("olena", "anna", "mira")) {
            try (Connection c = s.connect(who)) {
                c.setAutoCommit(false);
                for (var w : writes.entrySet()) {
                    String t = w.getKey();
                    String[] rule = w.getValue();
                    boolean reads = !(who.equals("olena") && (t.equals("commission_rates")));
                    // a receptionist reads the lines but their commission: named columns only
                    String select = who.equals("olena") && t.startsWith("sale_") && t.contains("lines") ? "count(amount_minor)"
                            : who.equals("olena") && t.equals("takings_closed_lines") ? "count(sold_minor)" : "count(*)";
                    check(c, who, "SELECT " + select + " FROM " + t, reads, wrong);
                    check(c, who, "INSERT INTO " + t + " (" + rule[0] + ") SELECT " + rule[0] + " FROM " + t + " WHERE false",
                            may(who, rule[1]), wrong);
                    check(c, who, "UPDATE " + t + " SET " + rule[2] + " = " + rule[2] + " WHERE false", may(who, rule[3]), wrong);
                    check(c, who, "UPDATE " + t + " SET tenant_id = tenant_id WHERE false", false, wrong);
                    check(c, who, "DELETE FROM " + t + " WHERE false", false, wrong);
                    check(c, who, "TRUNCATE " + t, false, wrong);
                }
            }
        }
        assertEquals(List.of(), wrong);
    }

    // ---- the till --------------------------------------------------------------------------------------------

    @Test
    void closingWithADifferenceIsAnAdminsWithAReasonAndAClosedDayTakesNoMoreMoney() throws SQLException {
        long sale = walkIn("tom", dawn, dawnMaster, 30_000, "cash");
        assertEquals(null, refused("tom", "INSERT INTO till_moves (tenant_id, kind, amount_minor) VALUES (" + dawn + ", 'float', 50000)"));
        assertEquals(null, refused("tom", "INSERT INTO till_moves (tenant_id, kind, amount_minor, reason) VALUES (" + dawn
                + ", 'out', 5000, 'flowers')"));
        assertEquals("23505", refused("tom", "INSERT INTO till_moves (tenant_id, kind, amount_minor) VALUES (" + dawn + ", 'float', 100)"),
                "one float a day");
        assertEquals(75_000, s.count("SELECT till_expected_cash(" + dawn + ", salon_day(" + dawn + ", now()))"), "500 + 300 − 50");
        String close = "INSERT INTO till_closings (tenant_id, day, counted_minor, reason) VALUES (" + dawn + ", salon_day(" + dawn
                + ", now()), ";
        assertEquals("42501", refused("tom", close + "74000, 'short')"), "a receptionist's difference");
        assertEquals("23514", refused("tina", close + "74000, '')"), "a difference without a reason");
        assertEquals("22023", refused("tina", "INSERT INTO till_closings (tenant_id, day, counted_minor) VALUES (" + dawn
                + ", salon_day(" + dawn + ", now()) + 1, 0)"), "tomorrow");
        assertEquals(null, refused("tina", close + "74000, 'a 10 note missing')"));
        assertEquals(-1000, s.count("SELECT difference_minor FROM till_closings WHERE tenant_id = " + dawn));
        assertEquals(75_000, s.count("SELECT expected_minor FROM till_closings WHERE tenant_id = " + dawn), "the database's expectation");
        // closed: no sale, movement, refund, void or second closing
        assertEquals("55000", plainWalkIn("tom", dawn, dawnMaster, 1_000, "card"));
        assertEquals("55000", refused("tom", "INSERT INTO till_moves (tenant_id, kind, amount_minor, reason) VALUES (" + dawn
                + ", 'in', 100, 'found')"));
        assertEquals("55000", refused("tina", "INSERT INTO sale_voids (tenant_id, sale_id, reason) VALUES (" + dawn + ", " + sale + ", 'x')"));
        assertEquals("55000", refused("tina", "INSERT INTO sale_refunds (tenant_id, sale_id, amount_minor, method, reason) VALUES ("
                + dawn + ", " + sale + ", 100, 'card', 'x')"));
        assertEquals("55000", refused("tina", close + "75000, '')"));
        assertEquals(1, s.count("SELECT count(*) FROM sales WHERE tenant_id = " + dawn));
    }

    @Test
    void aReceptionistClosesADayThatBalances() throws SQLException {
        walkIn("dan", dusk, duskMaster, 12_340, "cash");
        assertEquals(null, refused("dan", "INSERT INTO till_closings (tenant_id, day, counted_minor) VALUES (" + dusk + ", salon_day(" + dusk
                + ", now()), 12340)"));
        assertEquals("dan", ownerText("SELECT closed_by FROM till_closings WHERE tenant_id = " + dusk));
    }

    // ---- helpers --------------------------------------------------------------------------------------------

    private Booking booking(long master) {
        int n = slot++;
        BookingOutcome o = s.engine("anna").book(new app.salondesk.model.booking.NewBooking(s.bloom, master, s.bloomClient, null, cut,
                AttackedServer.at(8, 0).plusSeconds(86_400L * (n / 20) + 1_800L * (n % 20)), null, "", UUID.randomUUID(), Source.FORM, false));
        return assertInstanceOf(BookingOutcome.Booked.class, o, o.toString()).booking();
    }

    private Checkout paying(Booking b, long price, PaymentMethod method) {
        return new Checkout(s.bloom, Currency.getInstance("UAH"), s.bloomClient, UUID.randomUUID(), List.of(BookingAsSeen.of(b)),
                List.of(CheckoutLine.ofBooking(b.id(), null, b.masterId(), "", price)), Discount.NONE, List.of(),
                List.of(new Tender(method, price)), "", Source.CHECKOUT);
    }

    /** A sale of the booking at its list price, by the app as {@code who}: its id. */
    private long checkout(String who, Booking b, long price) {
        CheckoutOutcome o = new CheckoutService(s.dsl(who), s.engine(who)).checkout(paying(b, price, PaymentMethod.CASH));
        return assertInstanceOf(CheckoutOutcome.CheckedOut.class, o, o.toString()).sale().id();
    }

    /** A sale of the booking at {@code price} typed as plain SQL by {@code who}: the SQLSTATE refused, null when it was taken. */
    private String plainSale(String who, Booking b, long price, String reason) throws SQLException {
        return refusedWithId(who, "INSERT INTO sales (tenant_id, client_id, total_minor) VALUES (" + s.bloom + ", " + s.bloomClient + ", " + price + ")",
                "INSERT INTO sale_lines (tenant_id, sale_id, line_no, kind, booking_id, master_id, unit_price_minor, price_reason, amount_minor) "
                        + "VALUES (" + s.bloom + ", %d, 1, 'service', " + b.id() + ", " + b.masterId() + ", " + price + ", '" + reason + "', " + price + ")",
                "INSERT INTO sale_payments (tenant_id, sale_id, payment_no, method, amount_minor) VALUES (" + s.bloom + ", %d, 1, 'card', " + price + ")");
    }

    /** A tip-only sale (a walk-in) of {@code amount} in one salon, by plain SQL: the SQLSTATE refused, or null. */
    private String plainWalkIn(String who, long tenant, long master, long amount, String method) throws SQLException {
        return refusedWithId(who, "INSERT INTO sales (tenant_id, total_minor) VALUES (" + tenant + ", " + amount + ")",
                "INSERT INTO sale_lines (tenant_id, sale_id, line_no, kind, master_id, unit_price_minor, amount_minor) VALUES (" + tenant
                        + ", %d, 1, 'tip', " + master + ", " + amount + ", " + amount + ")",
                "INSERT INTO sale_payments (tenant_id, sale_id, payment_no, method, amount_minor) VALUES (" + tenant + ", %d, 1, '" + method
                        + "', " + amount + ")");
    }

    private long walkIn(String who, long tenant, long master, long amount, String method) throws SQLException {
        assertEquals(null, plainWalkIn(who, tenant, master, amount, method));
        return s.count("SELECT max(id) FROM sales WHERE tenant_id = " + tenant);
    }

    /**
     * In one transaction as {@code who}: the first statement (an INSERT INTO sales) returns the new sale's
     * id, which the others name as {@code %d}; then COMMIT. The SQLSTATE of the refusal, null when committed.
     */
    private String refusedWithId(String who, String first, String... rest) throws SQLException {
        try (Connection c = s.connect(who); Statement st = c.createStatement()) {
            c.setAutoCommit(false);
            try {
                long id;
                try (ResultSet rs = st.executeQuery(first + " RETURNING id")) {
                    rs.next();
                    id = rs.getLong(1);
                }
                for (String sql : rest) {
                    st.execute(sql.replace("%d", Long.toString(id)));
                }
                c.commit();
                return null;
            } catch (SQLException e) {
                c.rollback();
                return e.getSQLState();
            }
        }
    }

    /** {@code statements} in one transaction as {@code who}, then COMMIT: the SQLSTATE refused, null when committed. */
    private String refused(String who, String... statements) throws SQLException {
        try (Connection c = s.connect(who); Statement st = c.createStatement()) {
            c.setAutoCommit(false);
            try {
                for (String sql : statements) {
                    st.execute(sql);
                }
                c.commit();
                return null;
            } catch (SQLException e) {
                c.rollback();
                return e.getSQLState();
            }
        }
    }

    private long count(String who, String sql) throws SQLException {
        try (Connection c = s.connect(who); Statement st = c.createStatement(); ResultSet rs = st.executeQuery(sql)) {
            rs.next();
            return rs.getLong(1);
        }
    }

    private String ownerText(String sql) throws SQLException {
        try (Connection c = s.connect(AttackedServer.OWNER); Statement st = c.createStatement(); ResultSet rs = st.executeQuery(sql)) {
            if (!rs.next()) {
                fail("no row: " + sql);
            }
            return rs.getString(1);
        }
    }

    private static boolean may(String who, String writers) {
        return switch (writers) {
            case "r" -> who.equals("olena") || who.equals("anna");
            case "a" -> who.equals("anna");
            default -> false;
        };
    }

    private static void check(Connection c, String who, String sql, boolean allowed, List<String> wrong) throws SQLException {
        var sp = c.setSavepoint();
        try (Statement st = c.createStatement()) {
            st.execute(sql);
            if (!allowed) {
                wrong.add(who + " may: " + sql);
            }
        } catch (SQLException e) {
            if (allowed || !"42501".equals(e.getSQLState())) {
                wrong.add(who + " refused (" + e.getSQLState() + "): " + sql);
            }
        } finally {
            c.rollback(sp);
        }
    }
}
