package app.salondesk.logic.checkout;

import app.salondesk.logic.booking.BookingEngine;
import app.salondesk.model.checkout.Bill;
import app.salondesk.model.checkout.Checkout;
import app.salondesk.model.checkout.CheckoutOutcome;
import app.salondesk.model.checkout.CheckoutProblem;
import org.jooq.DSLContext;

/**
 * Checking out a booking, a visit, or a sale of products alone (issue 34; ADR 34): the bill is worked
 * out and its face checked in Java ({@link Bill}), then written through the engine's one write
 * protocol — the masters' named locks of the bookings it pays for, the retries, a lost answer settled
 * by the request id — by {@link SaleWrite}. PostgreSQL has the last word on every rule (migration 35):
 * one sale per booking, the sums, the rounding, the rights, the stock, a closed day.
 */
public final class CheckoutService {

    private final DSLContext dsl;
    private final BookingEngine engine;

    public CheckoutService(DSLContext dsl, BookingEngine engine) {
        this.dsl = dsl;
        this.engine = engine;
    }

    public CheckoutOutcome checkout(Checkout checkout) {
        Bill bill = checkout.bill();
        if (!bill.ok()) {
            return new CheckoutOutcome.Refused(bill.problem(), bill.detail());
        }
        SaleWrite write = new SaleWrite(checkout, bill);
        CheckoutOutcome outcome = engine.payFor(checkout.tenantId(), checkout.bookings(), checkout.source(), write);
        if (outcome instanceof CheckoutOutcome.Refused r && r.problem() == CheckoutProblem.OUT_OF_STOCK) {
            // which product: asked after the refusal (the other sale took the last one)
            return new CheckoutOutcome.Refused(CheckoutProblem.OUT_OF_STOCK, write.soldOut(dsl));
        }
        if (outcome instanceof CheckoutOutcome.Refused r && r.problem() == CheckoutProblem.ALREADY_PAID && r.saleId() == null) {
            // refused by the database's key (a writer past the locks): which sale paid, asked now
            Long booking = checkout.bookings().stream().map(b -> b.id())
                    .filter(id -> SaleWrite.paidBy(dsl, checkout.tenantId(), id).isPresent()).findFirst().orElse(null);
            return new CheckoutOutcome.Refused(CheckoutProblem.ALREADY_PAID, booking == null ? "" : booking.toString(),
                    booking == null ? null : SaleWrite.paidBy(dsl, checkout.tenantId(), booking).orElse(null));
        }
        return outcome;
    }
}
