package app.salondesk.logic.checkout;

import app.salondesk.logic.booking.BookingEngine;
import app.salondesk.model.booking.Booking;
import app.salondesk.model.booking.BookingAsSeen;
import app.salondesk.model.booking.BookingOutcome;
import app.salondesk.model.booking.BookingStatus;
import app.salondesk.model.booking.InvalidReason;
import app.salondesk.model.checkout.Bill;
import app.salondesk.model.checkout.Checkout;
import app.salondesk.model.checkout.CheckoutLine;
import app.salondesk.model.checkout.CheckoutOutcome;
import app.salondesk.model.checkout.CheckoutOutcome.CheckedOut;
import app.salondesk.model.checkout.CheckoutOutcome.Refused;
import app.salondesk.model.checkout.CheckoutProblem;
import app.salondesk.model.checkout.LineKind;
import app.salondesk.model.checkout.PaymentMethod;
import app.salondesk.model.checkout.SaleSummary;
import app.salondesk.model.checkout.Tip;
import org.jooq.DSLContext;
import org.jooq.Record;
import org.jooq.exception.DataAccessException;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

import static app.salondesk.jooq.Tables.PRODUCTS;
import static app.salondesk.jooq.Tables.SALES;
import static app.salondesk.jooq.Tables.SALE_BOOKINGS;
import static app.salondesk.jooq.Tables.SALE_LINES;
import static app.salondesk.jooq.Tables.SALE_PAYMENTS;

/**
 * A checkout's sale, written in the engine's transaction under its bookings' masters' locks
 * ({@link BookingEngine#payFor}): a repeat of the same request finds the sale it made; a booking
 * paid already, changed since it was seen, or cancelled stops it before anything is written; then
 * the sale, its lines and its payments, three statements. The database checks it all again
 * (migration 35) and completes the bookings.
 */
final class SaleWrite implements BookingEngine.Payment<CheckoutOutcome> {

    private static final Set<BookingStatus> PAYABLE = Set.of(BookingStatus.PENDING, BookingStatus.CONFIRMED, BookingStatus.ARRIVED,
            BookingStatus.COMPLETED);

    private final Checkout checkout;
    private final Bill bill;

    SaleWrite(Checkout checkout, Bill bill) {
        this.checkout = checkout;
        this.bill = bill;
    }

    @Override
    public CheckoutOutcome write(DSLContext tx, List<Booking> current) {
        long tenant = checkout.tenantId();
        Optional<SaleSummary> done = byRequest(tx);
        if (done.isPresent()) {
            return new CheckedOut(done.get(), bill.changeMinor());
        }
        Map<Long, Booking> found = new HashMap<>();
        current.forEach(b -> found.put(b.id(), b));
        for (BookingAsSeen seen : checkout.bookings()) {
            Booking b = found.get(seen.id());
            if (b == null || checkout.clientId() == null || b.clientId() != checkout.clientId()) {
                return new Refused(CheckoutProblem.UNKNOWN_BOOKING, Long.toString(seen.id()));
            }
            Optional<Long> paidBy = paidBy(tx, tenant, b.id());
            if (paidBy.isPresent()) {
                return new Refused(CheckoutProblem.ALREADY_PAID, Long.toString(b.id()), paidBy.get());
            }
            if (b.version() != seen.version() || b.masterId() != seen.masterId() || !PAYABLE.contains(b.status())) {
                return new Refused(CheckoutProblem.CHANGED, Long.toString(b.id()));
            }
        }
        Record sale = tx.insertInto(SALES)
                .set(SALES.TENANT_ID, tenant)
                .set(SALES.REQUEST_ID, checkout.requestId())
                .set(SALES.CLIENT_ID, checkout.clientId())
                .set(SALES.TOTAL_MINOR, bill.totalMinor())
                .set(SALES.DISCOUNT_MINOR, bill.discountMinor())
                .set(SALES.DISCOUNT_PERCENT, bill.discountMinor() > 0 ? checkout.discount().percent() : null)
                .set(SALES.DISCOUNT_REASON, bill.discountMinor() > 0 ? checkout.discount().reason().strip() : "")
                .set(SALES.NOTE, checkout.note())
                .returning(SALES.ID, SALES.SOLD_AT, SALES.BUSINESS_DAY, SALES.CREATED_BY)
                .fetchOne();
        long saleId = sale.get(SALES.ID);
        insertLines(tx, saleId);
        insertPayments(tx, saleId);
        return new CheckedOut(new SaleSummary(saleId, sale.get(SALES.SOLD_AT).toInstant(), sale.get(SALES.BUSINESS_DAY),
                checkout.currency(), checkout.clientId(), null, bill.totalMinor(), 0, false, sale.get(SALES.CREATED_BY)),
                bill.changeMinor());
    }

    private void insertLines(DSLContext tx, long saleId) {
        var insert = tx.insertInto(SALE_LINES, SALE_LINES.TENANT_ID, SALE_LINES.SALE_ID, SALE_LINES.LINE_NO, SALE_LINES.KIND,
                SALE_LINES.BOOKING_ID, SALE_LINES.SERVICE_ID, SALE_LINES.PRODUCT_ID, SALE_LINES.MASTER_ID, SALE_LINES.DESCRIPTION,
                SALE_LINES.QUANTITY, SALE_LINES.UNIT_PRICE_MINOR, SALE_LINES.PRICE_REASON, SALE_LINES.DISCOUNT_MINOR,
                SALE_LINES.DISCOUNT_PERCENT, SALE_LINES.DISCOUNT_REASON, SALE_LINES.SHARE_MINOR, SALE_LINES.AMOUNT_MINOR);
        short no = 0;
        for (Bill.BilledLine b : bill.lines()) {
            CheckoutLine l = b.line();
            boolean discounted = b.discountMinor() > 0;
            insert = insert.values(checkout.tenantId(), saleId, ++no, l.kind().dbValue(), l.bookingId(), l.serviceId(), l.productId(),
                    l.masterId(), l.description().strip(), l.quantity(), l.unitPriceMinor(),
                    l.unitPriceMinor() != l.listPriceMinor() ? l.priceReason().strip() : "", b.discountMinor(),
                    discounted ? l.discount().percent() : null, discounted ? l.discount().reason().strip() : "", b.shareMinor(),
                    b.amountMinor());
        }
        for (Tip t : checkout.tips()) {
            insert = insert.values(checkout.tenantId(), saleId, ++no, LineKind.TIP.dbValue(), null, null, null, t.masterId(), "", 1,
                    t.amountMinor(), "", 0L, null, "", 0L, t.amountMinor());
        }
        if (bill.roundingMinor() != 0) {
            insert = insert.values(checkout.tenantId(), saleId, ++no, LineKind.ROUNDING.dbValue(), null, null, null, null, "", 1,
                    bill.roundingMinor(), "", 0L, null, "", 0L, bill.roundingMinor());
        }
        insert.execute();
    }

    private void insertPayments(DSLContext tx, long saleId) {
        if (bill.payments().isEmpty()) {
            return;
        }
        var insert = tx.insertInto(SALE_PAYMENTS, SALE_PAYMENTS.TENANT_ID, SALE_PAYMENTS.SALE_ID, SALE_PAYMENTS.PAYMENT_NO,
                SALE_PAYMENTS.METHOD, SALE_PAYMENTS.METHOD_NOTE, SALE_PAYMENTS.AMOUNT_MINOR, SALE_PAYMENTS.TENDERED_MINOR);
        short no = 0;
        for (Bill.Paid p : bill.payments()) {
            insert = insert.values(checkout.tenantId(), saleId, ++no, p.method().dbValue(), p.note().strip(), p.amountMinor(),
                    p.method() == PaymentMethod.CASH ? p.tenderedMinor() : null);
        }
        insert.execute();
    }

    @Override
    public Optional<CheckoutOutcome> refused(DataAccessException e) {
        Optional<CheckoutProblem> problem = Refusals.problem(e);
        if (problem.isEmpty() || problem.get() == CheckoutProblem.NO_PERMISSION || problem.get() == CheckoutProblem.BUSY) {
            // the protocol says these in its own words (and a lost connection is settled, not refused)
            return Optional.empty();
        }
        return Optional.of(new Refused(problem.get(), Optional.ofNullable(Refusals.constraint(e)).orElse("")));
    }

    @Override
    public CheckoutOutcome settled(DSLContext dsl) {
        return byRequest(dsl).<CheckoutOutcome>map(s -> new CheckedOut(s, bill.changeMinor()))
                .orElseGet(() -> new CheckoutOutcome.TryAgain(BookingOutcome.TryAgain.Why.CONNECTION_LOST));
    }

    @Override
    public CheckoutOutcome tryAgain(BookingOutcome.TryAgain.Why why) {
        return new CheckoutOutcome.TryAgain(why);
    }

    @Override
    public CheckoutOutcome invalid(InvalidReason reason, String detail) {
        return new Refused(switch (reason) {
            case NO_PERMISSION -> CheckoutProblem.NO_PERMISSION;
            case DISK_FULL -> CheckoutProblem.DISK_FULL;
            case PAID -> CheckoutProblem.ALREADY_PAID;
            case UNKNOWN_BOOKING -> CheckoutProblem.UNKNOWN_BOOKING;
            default -> CheckoutProblem.BAD_VALUE;
        }, detail);
    }

    /** The sale this request made already, if any. */
    private Optional<SaleSummary> byRequest(DSLContext dsl) {
        return dsl.select(SALES.ID, SALES.SOLD_AT, SALES.BUSINESS_DAY, SALES.CLIENT_ID, SALES.TOTAL_MINOR, SALES.CREATED_BY)
                .from(SALES)
                .where(SALES.TENANT_ID.eq(checkout.tenantId()).and(SALES.REQUEST_ID.eq(checkout.requestId())))
                .fetchOptional(r -> new SaleSummary(r.value1(), r.value2().toInstant(), r.value3(), checkout.currency(), r.value4(), null,
                        r.value5(), 0, false, r.value6()));
    }

    static Optional<Long> paidBy(DSLContext dsl, long tenant, long bookingId) {
        return dsl.select(SALE_BOOKINGS.SALE_ID).from(SALE_BOOKINGS)
                .where(SALE_BOOKINGS.TENANT_ID.eq(tenant).and(SALE_BOOKINGS.BOOKING_ID.eq(bookingId)))
                .fetchOptional(SALE_BOOKINGS.SALE_ID);
    }

    /** The name of a product of the bill that has fewer in stock than the bill sells (after an out-of-stock refusal). */
    String soldOut(DSLContext dsl) {
        Map<Long, Integer> wanted = new HashMap<>();
        bill.lines().stream().filter(b -> b.line().kind() == LineKind.PRODUCT)
                .forEach(b -> wanted.merge(b.line().productId(), b.line().quantity(), Integer::sum));
        return dsl.select(PRODUCTS.ID, PRODUCTS.NAME, PRODUCTS.STOCK).from(PRODUCTS)
                .where(PRODUCTS.TENANT_ID.eq(checkout.tenantId()).and(PRODUCTS.ID.in(wanted.keySet())))
                .orderBy(PRODUCTS.ID)
                .fetch().stream()
                .filter(r -> r.value3() < wanted.get(r.value1()))
                .map(r -> r.value2())
                .findFirst().orElse("");
    }
}
