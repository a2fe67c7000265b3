package app.salondesk.logic.checkout;

import app.salondesk.model.booking.Booking;
import app.salondesk.model.booking.BookingAsSeen;
import app.salondesk.model.booking.BookingOutcome;
import app.salondesk.model.booking.BookingStatus;
import app.salondesk.model.booking.InvalidReason;
import app.salondesk.model.booking.Source;
import app.salondesk.model.booking.StatusChange;
import app.salondesk.model.checkout.Answer;
import app.salondesk.model.checkout.Checkout;
import app.salondesk.model.checkout.CheckoutLine;
import app.salondesk.model.checkout.CheckoutOutcome;
import app.salondesk.model.checkout.CheckoutProblem;
import app.salondesk.model.checkout.Discount;
import app.salondesk.model.checkout.LineKind;
import app.salondesk.model.checkout.PaymentMethod;
import app.salondesk.model.checkout.Receipt;
import app.salondesk.model.checkout.Tender;
import app.salondesk.model.checkout.Tip;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.math.BigDecimal;
import java.util.List;
import java.util.UUID;

import static app.salondesk.logic.checkout.CheckoutFixture.UAH;
import static app.salondesk.logic.checkout.CheckoutFixture.done;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A checkout against a real PostgreSQL: what it writes, what it says, what the database keeps. */
class CheckoutServiceTest {

    private static CheckoutFixture c;

    @BeforeAll
    static void salon() {
        c = new CheckoutFixture("checkout", 6);
    }

    @AfterAll
    static void close() {
        c.close();
    }

    @Test
    void aVisitWithAProductADiscountATipAndASplitPaymentIsOneSaleThatAddsUp() {
        Booking cut = c.cut(c.f.anna);
        Booking nails = c.f.booked(c.f.engine.book(c.f.serviceWith(c.f.vira, c.f.nails, app.salondesk.logic.booking.EngineFixture.at(11, 0)
                .plusSeconds(86400L * 40))));
        long shampoo = c.product("Shampoo", 25_000, 3);
        Checkout checkout = new Checkout(c.f.tenant, UAH, c.f.client, UUID.randomUUID(), List.of(BookingAsSeen.of(cut), BookingAsSeen.of(nails)),
                List.of(CheckoutLine.ofBooking(cut.id(), null, c.f.anna, "", 50_000),
                        CheckoutLine.ofBooking(nails.id(), null, c.f.vira, "", 70_000)
                                .discounted(Discount.amount(10_000, "chipped nail redone")),
                        CheckoutLine.product(shampoo, c.f.anna, "", 1, 25_000)),
                Discount.percent(new BigDecimal("10"), "loyal client"),
                List.of(new Tip(c.f.anna, 5_000), new Tip(c.f.vira, 3_000)),
                List.of(new Tender(PaymentMethod.CARD, 60_000), new Tender(PaymentMethod.CASH, 70_000)), "", Source.CHECKOUT);
        // 500 + (700 − 100) + 250 = 1350; −10 % = 135 → 1215; tips 80 → 1295; card 600, cash due 695.00 → change 5.00
        CheckoutOutcome.CheckedOut sale = done(c.checkouts.checkout(checkout));
        assertEquals(129_500, sale.sale().totalMinor());
        assertEquals(500, sale.changeMinor());
        Receipt r = c.sales.receipt(c.f.tenant, sale.sale().id()).orElseThrow();
        assertEquals(13_500, r.discountMinor());
        assertEquals(List.of(45_000L, 54_000L, 22_500L, 5_000L, 3_000L), r.lines().stream().map(Receipt.Line::amountMinor).toList());
        assertEquals("Cut", r.lines().get(0).description(), "the service's name, from the catalogue");
        assertEquals(8_000, r.tipsMinor());
        assertEquals(List.of(60_000L, 69_500L), r.payments().stream().map(Receipt.Payment::amountMinor).toList());
        assertEquals(70_000L, r.payments().get(1).tenderedMinor());
        assertEquals(2, c.f.count("SELECT count(*) FROM bookings WHERE status = 'completed' AND id IN (" + cut.id() + ", " + nails.id() + ")"));
        assertEquals(2, c.products.find(c.f.tenant, shampoo).orElseThrow().stock());
        assertEquals("checkout", c.f.dsl.resultQuery("SELECT source FROM booking_history WHERE booking_id = " + cut.id()
                + " ORDER BY id DESC LIMIT 1").fetchOne(0, String.class), "the history names the road");
    }

    @Test
    void askingTwiceWithTheSameRequestMakesOneSale() {
        Booking cut = c.cut(c.f.bohdan);
        Checkout checkout = c.paying(List.of(cut), List.of(new Tender(PaymentMethod.CASH, 50_000)));
        long first = done(c.checkouts.checkout(checkout)).sale().id();
        long again = done(c.checkouts.checkout(checkout)).sale().id();
        assertEquals(first, again);
        assertEquals(1, c.f.count("SELECT count(*) FROM sales WHERE request_id = '" + checkout.requestId() + "'"));
    }

    @Test
    void aPaidBookingIsNotPaidAgainNorCancelledUntilItsSaleIsVoided() {
        Booking cut = c.cut(c.f.anna);
        long sale = done(c.checkouts.checkout(c.paying(List.of(cut), List.of(new Tender(PaymentMethod.CARD, 50_000))))).sale().id();
        CheckoutOutcome again = c.checkouts.checkout(c.paying(List.of(cut), List.of(new Tender(PaymentMethod.CARD, 50_000))));
        CheckoutOutcome.Refused refused = assertInstanceOf(CheckoutOutcome.Refused.class, again);
        assertEquals(CheckoutProblem.ALREADY_PAID, refused.problem());
        assertEquals(sale, refused.saleId());
        Booking now = c.f.engine.find(c.f.tenant, cut.id()).orElseThrow();
        BookingOutcome cancel = c.f.engine.changeStatus(new StatusChange(c.f.tenant, cut.id(), now.version(), c.f.anna, BookingStatus.CANCELLED,
                Source.MENU));
        assertEquals(InvalidReason.PAID, assertInstanceOf(BookingOutcome.Invalid.class, cancel).reason());
        assertTrue(c.sales.voidSale(c.f.tenant, sale, "wrong client").isDone());
        assertEquals(0, c.f.count("SELECT count(*) FROM sale_bookings WHERE booking_id = " + cut.id()));
        now = c.f.engine.find(c.f.tenant, cut.id()).orElseThrow();
        done(c.checkouts.checkout(c.paying(List.of(now), List.of(new Tender(PaymentMethod.CARD, 50_000)))));
    }

    @Test
    void aBookingChangedSinceTheCheckoutOpenedIsNotPaidFor() {
        Booking cut = c.cut(c.f.anna);
        c.f.engine.changeStatus(new StatusChange(c.f.tenant, cut.id(), cut.version(), c.f.anna, BookingStatus.ARRIVED, Source.MENU));
        CheckoutOutcome o = c.checkouts.checkout(c.paying(List.of(cut), List.of(new Tender(PaymentMethod.CARD, 50_000))));
        assertEquals(CheckoutProblem.CHANGED, assertInstanceOf(CheckoutOutcome.Refused.class, o).problem());
        assertEquals(0, c.f.count("SELECT count(*) FROM sale_bookings WHERE booking_id = " + cut.id()));
    }

    @Test
    void theLastItemSoldTwiceIsSoldOnceAndTheOtherSaleIsRefusedWhole() {
        long serum = c.product("Serum", 40_000, 1);
        Checkout one = productSale(serum, 40_000);
        done(c.checkouts.checkout(one));
        CheckoutOutcome two = c.checkouts.checkout(productSale(serum, 40_000));
        CheckoutOutcome.Refused r = assertInstanceOf(CheckoutOutcome.Refused.class, two);
        assertEquals(CheckoutProblem.OUT_OF_STOCK, r.problem());
        assertEquals("Serum", r.detail());
        assertEquals(0, c.products.find(c.f.tenant, serum).orElseThrow().stock());
    }

    @Test
    void aRefundIsSplitOverTheLinesAndCountedOnItsOwnDay() {
        Booking cut = c.cut(c.f.bohdan);
        long mask = c.product("Mask", 30_000, 5);
        Checkout checkout = new Checkout(c.f.tenant, UAH, c.f.client, UUID.randomUUID(), List.of(BookingAsSeen.of(cut)),
                List.of(CheckoutLine.ofBooking(cut.id(), null, c.f.bohdan, "", 50_000), CheckoutLine.product(mask, null, "", 1, 30_000)),
                Discount.NONE, List.of(), List.of(new Tender(PaymentMethod.CARD, 80_000)), "", Source.CHECKOUT);
        long sale = done(c.checkouts.checkout(checkout)).sale().id();
        Answer<Long> refund = c.sales.refund(c.f.tenant, sale, 16_000L, PaymentMethod.CARD, "mask leaked", UUID.randomUUID());
        assertTrue(refund.isDone(), refund.toString());
        assertEquals(List.of(10_000L, 6_000L), c.f.dsl.resultQuery("SELECT amount_minor FROM sale_refund_lines WHERE refund_id = "
                + refund.value() + " ORDER BY line_no").fetch(0, Long.class));
        Answer<Long> tooMuch = c.sales.refund(c.f.tenant, sale, 64_001L, PaymentMethod.CARD, "all", UUID.randomUUID());
        assertEquals(CheckoutProblem.AMOUNT, ((Answer.Refused<Long>) tooMuch).problem());
        assertTrue(c.sales.refund(c.f.tenant, sale, null, PaymentMethod.CARD, "the rest", UUID.randomUUID()).isDone());
        assertEquals(80_000, c.f.count("SELECT sum(amount_minor) FROM sale_refunds WHERE sale_id = " + sale));
        Receipt r = c.sales.receipt(c.f.tenant, sale).orElseThrow();
        assertEquals(2, r.refunds().size());
        assertNull(r.voidReason());
        assertEquals(LineKind.PRODUCT, r.lines().get(1).kind());
    }

    private Checkout productSale(long product, long price) {
        return new Checkout(c.f.tenant, UAH, null, UUID.randomUUID(), List.of(), List.of(CheckoutLine.product(product, null, "", 1, price)),
                Discount.NONE, List.of(), List.of(new Tender(PaymentMethod.CARD, price)), "", Source.CHECKOUT);
    }
}
