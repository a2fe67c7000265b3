package app.salondesk.logic.checkout;

import app.salondesk.logic.booking.EngineFixture;
import app.salondesk.model.booking.Booking;
import app.salondesk.model.booking.BookingAsSeen;
import app.salondesk.model.booking.Source;
import app.salondesk.model.checkout.Checkout;
import app.salondesk.model.checkout.CheckoutLine;
import app.salondesk.model.checkout.CheckoutOutcome;
import app.salondesk.model.checkout.Discount;
import app.salondesk.model.checkout.Tender;
import app.salondesk.model.checkout.Tip;

import java.util.Currency;
import java.util.List;
import java.util.UUID;

/**
 * {@link EngineFixture}'s salon (Kyiv, hryvnias: Cut 500.00 with Anna or Bohdan, Nails 700.00 with
 * Vira) with products to sell and the checkout's repositories, on a database of its own. Sales can
 * never be deleted (migration 35), so each test makes the bookings and products it sells.
 */
public final class CheckoutFixture implements AutoCloseable {

    public static final Currency UAH = Currency.getInstance("UAH");

    public final EngineFixture f;
    public final CheckoutService checkouts;
    public final SaleRepository sales;
    public final TillRepository till;
    public final TakingsRepository takings;
    public final ProductRepository products;
    public final CommissionRepository commissions;
    private int bookingMinute;

    public CheckoutFixture(String name, int poolSize) {
        f = new EngineFixture(name, poolSize);
        checkouts = new CheckoutService(f.dsl, f.engine);
        sales = new SaleRepository(f.dsl);
        till = new TillRepository(f.dsl);
        takings = new TakingsRepository(f.dsl);
        products = new ProductRepository(f.dsl);
        commissions = new CommissionRepository(f.dsl);
    }

    /** A new confirmed cut with {@code master}, each at its own time (bookings are never deleted here). */
    public Booking cut(long master) {
        int slot = bookingMinute++;
        return f.booked(f.engine.book(f.cutWith(master, EngineFixture.at(8, 0).plusSeconds(3600L * 24 * (slot / 12) + 3600L * (slot % 12)))));
    }

    /** A product with {@code stock} in stock. */
    public long product(String name, long priceMinor, int stock) {
        long id = products.add(f.tenant, name, "care", priceMinor, 1).value();
        if (stock > 0) {
            products.move(f.tenant, id, stock, false, "").value();
        }
        return id;
    }

    /** Paying for {@code bookings} at their list price, in cash given exactly. */
    public Checkout paying(List<Booking> bookings, List<Tender> tenders) {
        return new Checkout(f.tenant, UAH, f.client, UUID.randomUUID(), bookings.stream().map(BookingAsSeen::of).toList(),
                bookings.stream().map(b -> CheckoutLine.ofBooking(b.id(), null, b.masterId(), "", 50_000)).toList(),
                Discount.NONE, List.<Tip>of(), tenders, "", Source.CHECKOUT);
    }

    public static CheckoutOutcome.CheckedOut done(CheckoutOutcome o) {
        if (o instanceof CheckoutOutcome.CheckedOut c) {
            return c;
        }
        throw new AssertionError("expected a sale, got " + o);
    }

    @Override
    public void close() {
        f.close();
    }
}
