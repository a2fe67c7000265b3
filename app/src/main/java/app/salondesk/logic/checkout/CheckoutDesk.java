package app.salondesk.logic.checkout;

import app.salondesk.logic.booking.BookingEngine;
import app.salondesk.logic.staff.MasterRepository;
import app.salondesk.model.booking.Booking;
import app.salondesk.model.checkout.Checkout;
import app.salondesk.model.checkout.CheckoutOutcome;
import app.salondesk.model.checkout.Product;
import app.salondesk.model.checkout.Receipt;
import org.jooq.DSLContext;

import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import static app.salondesk.jooq.Tables.CLIENTS;

/**
 * What the desk's checkout window asks (issue 34): what it opens on — the bookings to pay for (a
 * visit's every part), their client, each one's service and master and list price, and which are
 * paid already —, the products and prices to add, the checkout itself, its receipt.
 */
public final class CheckoutDesk {

    private final DSLContext dsl;
    private final BookingEngine engine;
    private final CheckoutService checkouts;
    private final PriceList prices;
    private final ProductRepository products;
    private final SaleRepository sales;
    private final MasterRepository masters;

    public CheckoutDesk(DSLContext dsl, BookingEngine engine) {
        this.dsl = dsl;
        this.engine = engine;
        this.checkouts = new CheckoutService(dsl, engine);
        this.prices = new PriceList(dsl);
        this.products = new ProductRepository(dsl);
        this.sales = new SaleRepository(dsl);
        this.masters = new MasterRepository(dsl);
    }

    /** A booking to pay for, as the checkout shows it. */
    public record Part(Booking booking, String service, String master, long listPriceMinor) {
    }

    /**
     * What a checkout opens on.
     *
     * @param paidBy the bookings of it paid already, by which sale
     */
    public record Start(Long clientId, String clientName, List<Part> parts, Map<Long, Long> paidBy) {
        public Start {
            parts = List.copyOf(parts);
            paidBy = Map.copyOf(paidBy);
        }
    }

    /**
     * The bookings {@code bookingIds} and, for each that is part of a visit, the visit's other parts
     * ({@code visitIds}), read now: what a checkout of them starts from.
     */
    public Start start(long tenantId, Collection<Long> bookingIds, Collection<Long> visitIds) {
        return start(tenantId, bookingIds, visitIds, null);
    }

    /** The same, for {@code clientId} when no booking names her (products sold to a known client). */
    public Start start(long tenantId, Collection<Long> bookingIds, Collection<Long> visitIds, Long clientId) {
        LinkedHashSet<Long> ids = new LinkedHashSet<>(bookingIds);
        for (Long visit : visitIds) {
            if (visit != null) {
                engine.visitParts(tenantId, visit).forEach(b -> ids.add(b.id()));
            }
        }
        Map<Long, String> names = masters.names(tenantId);
        List<Part> parts = new ArrayList<>();
        Long client = ids.isEmpty() ? clientId : null;
        for (long id : ids) {
            Optional<Booking> found = engine.find(tenantId, id);
            if (found.isEmpty()) {
                continue;
            }
            Booking b = found.get();
            client = client == null ? b.clientId() : client;
            var priced = b.serviceId() == null ? Optional.<PriceList.Priced>empty() : prices.service(tenantId, b.serviceId(), b.masterId());
            parts.add(new Part(b, priced.map(PriceList.Priced::name).orElse(""), names.getOrDefault(b.masterId(), ""),
                    priced.map(PriceList.Priced::minor).orElse(0L)));
        }
        parts.sort(java.util.Comparator.comparing((Part p) -> p.booking().start()).thenComparing(p -> p.booking().id()));
        Long who = client;
        String clientName = who == null ? "" : dsl.select(CLIENTS.NAME).from(CLIENTS)
                .where(CLIENTS.TENANT_ID.eq(tenantId).and(CLIENTS.ID.eq(who))).fetchOptional(CLIENTS.NAME).orElse("");
        return new Start(who, clientName, parts, ids.isEmpty() ? Map.of() : sales.paid(tenantId, ids));
    }

    /** A service's list price with a master (an extra service): minor units. */
    public long servicePrice(long tenantId, long serviceId, long masterId) {
        return prices.service(tenantId, serviceId, masterId).map(PriceList.Priced::minor).orElse(0L);
    }

    /** The products on sale. */
    public List<Product> products(long tenantId) {
        return products.list(tenantId).stream().filter(Product::active).toList();
    }

    public CheckoutOutcome checkout(Checkout checkout) {
        return checkouts.checkout(checkout);
    }

    public Optional<Receipt> receipt(long tenantId, long saleId) {
        return sales.receipt(tenantId, saleId);
    }
}
