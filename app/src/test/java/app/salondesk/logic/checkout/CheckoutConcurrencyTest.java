package app.salondesk.logic.checkout;

import app.salondesk.model.booking.Booking;
import app.salondesk.model.booking.BookingOutcome;
import app.salondesk.model.booking.BookingStatus;
import app.salondesk.model.booking.Reschedule;
import app.salondesk.model.booking.Source;
import app.salondesk.model.booking.StatusChange;
import app.salondesk.model.checkout.Checkout;
import app.salondesk.model.checkout.CheckoutLine;
import app.salondesk.model.checkout.CheckoutOutcome;
import app.salondesk.model.checkout.CheckoutProblem;
import app.salondesk.model.checkout.Discount;
import app.salondesk.model.checkout.PaymentMethod;
import app.salondesk.model.checkout.Tender;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

import static app.salondesk.logic.checkout.CheckoutFixture.UAH;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Desks checking out at once, each on its own connection, against a real PostgreSQL; what the
 * database holds afterwards is asserted, and every attempt has one answer.
 */
class CheckoutConcurrencyTest {

    private static final int DESKS = 16;
    private static CheckoutFixture c;

    @BeforeAll
    static void salon() {
        c = new CheckoutFixture("checkoutrace", DESKS + 4);
    }

    @AfterAll
    static void close() {
        c.close();
    }

    @Test
    void twoDesksCheckingOutTheSameVisitMakeOneSaleAndTheOtherIsToldItIsPaid() throws Exception {
        sameVisitAtOnce(2, 10);
    }

    @Test
    void sixteenDesksCheckingOutTheSameVisitMakeOneSaleAndTheOthersAreToldItIsPaid() throws Exception {
        sameVisitAtOnce(DESKS, 4);
    }

    private void sameVisitAtOnce(int desks, int rounds) throws Exception {
        for (int round = 0; round < rounds; round++) {
            List<Booking> visit = visit();
            List<CheckoutOutcome> outcomes = atOnce(desks, d -> () -> c.checkouts.checkout(c.paying(visit,
                    List.of(new Tender(PaymentMethod.CASH, 100_000)))));
            long made = outcomes.stream().filter(o -> o instanceof CheckoutOutcome.CheckedOut).count();
            assertEquals(1, made, outcomes.toString());
            long saleId = outcomes.stream().filter(o -> o instanceof CheckoutOutcome.CheckedOut)
                    .map(o -> ((CheckoutOutcome.CheckedOut) o).sale().id()).findFirst().orElseThrow();
            for (CheckoutOutcome o : outcomes) {
                if (o instanceof CheckoutOutcome.Refused r) {
                    assertEquals(CheckoutProblem.ALREADY_PAID, r.problem(), o.toString());
                    assertEquals(saleId, r.saleId(), "the other desk is told which sale paid");
                }
            }
            String ids = visit.get(0).id() + ", " + visit.get(1).id();
            assertEquals(1, c.f.count("SELECT count(DISTINCT sale_id) FROM sale_lines WHERE booking_id IN (" + ids + ")"));
            assertEquals(2, c.f.count("SELECT count(*) FROM sale_bookings WHERE sale_id = " + saleId));
            assertEquals(2, c.f.count("SELECT count(*) FROM bookings WHERE status = 'completed' AND id IN (" + ids + ")"));
        }
    }

    @Test
    void aCheckoutRacingACancelEitherPaysOrHearsTheBookingChangedNeverBoth() throws Exception {
        int paid = 0;
        int cancelled = 0;
        for (int round = 0; round < 12; round++) {
            Booking b = c.cut(c.f.anna);
            List<Object> answers = atOnce(2, d -> d == 0
                    ? () -> c.checkouts.checkout(c.paying(List.of(b), List.of(new Tender(PaymentMethod.CARD, 50_000))))
                    : () -> c.f.engine.changeStatus(new StatusChange(c.f.tenant, b.id(), b.version(), b.masterId(), BookingStatus.CANCELLED,
                    Source.MENU)));
            CheckoutOutcome sale = (CheckoutOutcome) answers.get(0);
            BookingOutcome cancel = (BookingOutcome) answers.get(1);
            String status = c.f.dsl.resultQuery("SELECT status FROM bookings WHERE id = " + b.id()).fetchOne(0, String.class);
            int sales = c.f.count("SELECT count(*) FROM sale_bookings WHERE booking_id = " + b.id());
            if (sale instanceof CheckoutOutcome.CheckedOut) {
                paid++;
                assertFalse(cancel instanceof BookingOutcome.Booked, cancel.toString());
                assertEquals("completed", status);
                assertEquals(1, sales);
            } else {
                cancelled++;
                assertEquals(CheckoutProblem.CHANGED, assertInstanceOf(CheckoutOutcome.Refused.class, sale).problem());
                assertInstanceOf(BookingOutcome.Booked.class, cancel);
                assertEquals("cancelled", status);
                assertEquals(0, sales);
            }
        }
        assertEquals(12, paid + cancelled);
    }

    @Test
    void aCheckoutRacingAMoveEitherPaysWhereTheBookingWasOrHearsItMoved() throws Exception {
        for (int round = 0; round < 12; round++) {
            Booking b = c.cut(c.f.bohdan);
            List<Object> answers = atOnce(2, d -> d == 0
                    ? () -> c.checkouts.checkout(c.paying(List.of(b), List.of(new Tender(PaymentMethod.CARD, 50_000))))
                    : () -> c.f.engine.reschedule(new Reschedule(c.f.tenant, b.id(), b.version(), b.masterId(), c.f.anna,
                    b.start().plusSeconds(86_400L * 400), 60, Source.DRAG, false)));
            CheckoutOutcome sale = (CheckoutOutcome) answers.get(0);
            BookingOutcome move = (BookingOutcome) answers.get(1);
            Booking now = c.f.engine.find(c.f.tenant, b.id()).orElseThrow();
            if (sale instanceof CheckoutOutcome.CheckedOut) {
                assertFalse(move instanceof BookingOutcome.Booked, move.toString());
                assertEquals(b.start(), now.start());
                assertEquals(b.masterId(), now.masterId());
                assertEquals(BookingStatus.COMPLETED, now.status());
                assertEquals(c.f.bohdan, c.f.dsl.resultQuery("SELECT master_id FROM sale_lines WHERE booking_id = " + b.id())
                        .fetchOne(0, Long.class), "paid for as done, by the master who did it");
            } else {
                assertEquals(CheckoutProblem.CHANGED, assertInstanceOf(CheckoutOutcome.Refused.class, sale).problem());
                assertInstanceOf(BookingOutcome.Booked.class, move);
                assertEquals(c.f.anna, now.masterId());
                assertEquals(0, c.f.count("SELECT count(*) FROM sale_bookings WHERE booking_id = " + b.id()));
            }
        }
    }

    @Test
    void theLastItemSoldBySixteenDesksAtOnceIsSoldOnce() throws Exception {
        long oil = c.product("Argan oil", 45_000, 1);
        long balm = c.product("Balm", 12_000, 3);
        List<CheckoutOutcome> last = atOnce(DESKS, d -> () -> c.checkouts.checkout(productSale(oil, 45_000)));
        assertEquals(1, last.stream().filter(o -> o instanceof CheckoutOutcome.CheckedOut).count(), last.toString());
        last.stream().filter(o -> o instanceof CheckoutOutcome.Refused).forEach(o -> {
            assertEquals(CheckoutProblem.OUT_OF_STOCK, ((CheckoutOutcome.Refused) o).problem());
            assertEquals("Argan oil", ((CheckoutOutcome.Refused) o).detail());
        });
        List<CheckoutOutcome> three = atOnce(DESKS, d -> () -> c.checkouts.checkout(productSale(balm, 12_000)));
        assertEquals(3, three.stream().filter(o -> o instanceof CheckoutOutcome.CheckedOut).count(), three.toString());
        assertEquals(0, c.products.find(c.f.tenant, oil).orElseThrow().stock());
        assertEquals(0, c.products.find(c.f.tenant, balm).orElseThrow().stock());
        assertEquals(1, c.f.count("SELECT count(*) FROM sale_lines WHERE product_id = " + oil));
        assertEquals(3, c.f.count("SELECT count(*) FROM sale_lines WHERE product_id = " + balm));
        assertEquals(0, c.f.count("SELECT coalesce(sum(delta), 0) FROM stock_moves WHERE product_id IN (" + oil + ", " + balm + ")"),
                "the stock is its ledger's sum");
    }

    @Test
    void writersThatSkipTheLocksStillCannotPayForABookingTwice() throws Exception {
        Booking b = c.cut(c.f.anna);
        List<String> states = atOnce(8, d -> () -> c.f.dsl.connectionResult(conn -> {
            try (Statement st = conn.createStatement()) {
                conn.setAutoCommit(false);
                long sale = 900_000 + d + b.id() * 100;
                st.execute("INSERT INTO sales (tenant_id, id, client_id, total_minor) VALUES (" + c.f.tenant + ", " + sale + ", " + c.f.client
                        + ", 50000)");
                st.execute("INSERT INTO sale_lines (tenant_id, sale_id, line_no, kind, booking_id, master_id, unit_price_minor, amount_minor) "
                        + "VALUES (" + c.f.tenant + ", " + sale + ", 1, 'service', " + b.id() + ", " + b.masterId() + ", 50000, 50000)");
                st.execute("INSERT INTO sale_payments (tenant_id, sale_id, payment_no, method, amount_minor) VALUES (" + c.f.tenant + ", "
                        + sale + ", 1, 'card', 50000)");
                conn.commit();
                return "committed";
            } catch (SQLException e) {
                conn.rollback();
                return e.getSQLState();
            } finally {
                conn.setAutoCommit(true);
            }
        }));
        assertEquals(1, states.stream().filter("committed"::equals).count(), states.toString());
        assertTrue(states.stream().allMatch(s -> s.equals("committed") || s.equals("23505")), states.toString());
        assertEquals(1, c.f.count("SELECT count(*) FROM sale_lines WHERE booking_id = " + b.id()));
    }

    /** A visit of two bookings of the fixture's client, Anna's cut then Bohdan's. */
    private List<Booking> visit() {
        return List.of(c.cut(c.f.anna), c.cut(c.f.bohdan));
    }

    private Checkout productSale(long product, long price) {
        return new Checkout(c.f.tenant, UAH, null, UUID.randomUUID(), List.of(), List.of(CheckoutLine.product(product, null, "", 1, price)),
                Discount.NONE, List.of(), List.of(new Tender(PaymentMethod.CARD, price)), "", Source.CHECKOUT);
    }

    /** Runs one task per desk, all released at the same moment; their answers in desk order. */
    @SuppressWarnings("unchecked")
    private static <T> List<T> atOnce(int desks, java.util.function.IntFunction<Callable<?>> task) throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(desks);
        CountDownLatch go = new CountDownLatch(1);
        List<Future<?>> futures = new ArrayList<>();
        for (int d = 0; d < desks; d++) {
            Callable<?> work = task.apply(d);
            futures.add(pool.submit(() -> {
                go.await();
                return work.call();
            }));
        }
        go.countDown();
        List<T> answers = new ArrayList<>();
        for (Future<?> f : futures) {
            answers.add((T) f.get(2, TimeUnit.MINUTES));
        }
        pool.shutdown();
        return answers;
    }
}
