package app.salondesk.gui.shell;

import app.salondesk.logic.booking.EngineFixture;
import app.salondesk.logic.checkout.CheckoutService;
import app.salondesk.model.booking.Source;
import app.salondesk.model.checkout.Checkout;
import app.salondesk.model.checkout.CheckoutLine;
import app.salondesk.model.checkout.CheckoutOutcome;
import app.salondesk.model.checkout.Discount;
import app.salondesk.model.checkout.PaymentMethod;
import app.salondesk.model.checkout.Tender;
import app.salondesk.model.checkout.Tip;

import java.math.BigDecimal;
import java.util.Currency;
import java.util.List;
import java.util.UUID;

import static org.junit.jupiter.api.Assertions.assertInstanceOf;

/** A chain's takings for the chain manager's Reports tests: sales made the way the desk makes them, through the checkout. */
final class ChainWalkIns {

    private ChainWalkIns() {
    }

    /** A walk-in's service ({@code service}, at {@code minor}) with a new master of the salon, paid by card. */
    static void walkIn(EngineFixture f, CheckoutService checkouts, long tenant, Currency currency, String master, String service, long minor) {
        long m = f.id("INSERT INTO masters (tenant_id, name, sort_order) VALUES (" + tenant + ", '" + master + "', 1) RETURNING id");
        long s = f.id("INSERT INTO services (tenant_id, name, duration_min, price) VALUES (" + tenant + ", '" + service + "', 60, "
                + BigDecimal.valueOf(minor, 2).toPlainString() + ") RETURNING id");
        assertInstanceOf(CheckoutOutcome.CheckedOut.class, checkouts.checkout(new Checkout(tenant, currency, null, UUID.randomUUID(), List.of(),
                List.of(CheckoutLine.service(s, m, "", minor)), Discount.NONE, List.<Tip>of(),
                List.of(new Tender(PaymentMethod.CARD, minor, "")), "", Source.CHECKOUT)));
    }
}
