package app.salondesk.logic.checkout;

import app.salondesk.model.checkout.Amounts;
import app.salondesk.model.checkout.Answer;
import app.salondesk.model.checkout.CheckoutProblem;
import app.salondesk.model.checkout.LineKind;
import app.salondesk.model.checkout.PaymentMethod;
import app.salondesk.model.checkout.Receipt;
import app.salondesk.model.checkout.SaleSummary;
import org.jooq.DSLContext;
import org.jooq.Field;
import org.jooq.Record;
import org.jooq.impl.DSL;

import java.time.LocalDate;
import java.util.Currency;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

import static app.salondesk.jooq.Tables.CLIENTS;
import static app.salondesk.jooq.Tables.MASTERS;
import static app.salondesk.jooq.Tables.SALES;
import static app.salondesk.jooq.Tables.SALE_BOOKINGS;
import static app.salondesk.jooq.Tables.SALE_LINES;
import static app.salondesk.jooq.Tables.SALE_PAYMENTS;
import static app.salondesk.jooq.Tables.SALE_REFUNDS;
import static app.salondesk.jooq.Tables.SALE_REFUND_LINES;
import static app.salondesk.jooq.Tables.SALE_VOIDS;
import static app.salondesk.jooq.Tables.STAFF;
import static app.salondesk.jooq.Tables.TENANTS;

/**
 * Sales as they were made, and their corrections: a day's sales, a sale's receipt, the sale that paid
 * for a booking, a refund split over the sale's lines, a void. Corrections are rows of their own —
 * nothing of a sale is ever changed (migration 35) — and an admin's: the database refuses anyone else.
 */
public final class SaleRepository {

    private final DSLContext dsl;

    public SaleRepository(DSLContext dsl) {
        this.dsl = dsl;
    }

    private static final Field<Long> REFUNDED = DSL.field(DSL.select(DSL.coalesce(DSL.sum(SALE_REFUNDS.AMOUNT_MINOR), DSL.inline(java.math.BigDecimal.ZERO)))
            .from(SALE_REFUNDS).where(SALE_REFUNDS.TENANT_ID.eq(SALES.TENANT_ID).and(SALE_REFUNDS.SALE_ID.eq(SALES.ID)))).cast(Long.class);
    private static final Field<Boolean> VOIDED = DSL.field(DSL.exists(DSL.selectOne().from(SALE_VOIDS)
            .where(SALE_VOIDS.TENANT_ID.eq(SALES.TENANT_ID).and(SALE_VOIDS.SALE_ID.eq(SALES.ID)))));

    /** The sales of one salon day, in the order they were made. */
    public List<SaleSummary> day(long tenantId, LocalDate day) {
        return dsl.select(SALES.ID, SALES.SOLD_AT, SALES.BUSINESS_DAY, SALES.CURRENCY, SALES.CLIENT_ID, CLIENTS.NAME, SALES.TOTAL_MINOR,
                        REFUNDED, VOIDED, DSL.coalesce(STAFF.DISPLAY_NAME, SALES.CREATED_BY))
                .from(SALES)
                .leftJoin(CLIENTS).on(CLIENTS.TENANT_ID.eq(SALES.TENANT_ID).and(CLIENTS.ID.eq(SALES.CLIENT_ID)))
                .leftJoin(STAFF).on(STAFF.TENANT_ID.eq(SALES.TENANT_ID).and(STAFF.LOGIN.eq(SALES.CREATED_BY)))
                .where(SALES.TENANT_ID.eq(tenantId).and(SALES.BUSINESS_DAY.eq(day)))
                .orderBy(SALES.SOLD_AT, SALES.ID)
                .fetch(r -> new SaleSummary(r.value1(), r.value2().toInstant(), r.value3(), Currency.getInstance(r.value4()), r.value5(),
                        r.value6(), r.value7(), r.value8(), r.value9(), r.value10()));
    }

    /** The sale that paid for a booking, if one did (and was not voided). */
    public Optional<Long> paidBy(long tenantId, long bookingId) {
        return SaleWrite.paidBy(dsl, tenantId, bookingId);
    }

    /** Which of these bookings are paid, by which sale. */
    public java.util.Map<Long, Long> paid(long tenantId, java.util.Collection<Long> bookingIds) {
        return dsl.select(SALE_BOOKINGS.BOOKING_ID, SALE_BOOKINGS.SALE_ID).from(SALE_BOOKINGS)
                .where(SALE_BOOKINGS.TENANT_ID.eq(tenantId).and(SALE_BOOKINGS.BOOKING_ID.in(bookingIds)))
                .fetchMap(SALE_BOOKINGS.BOOKING_ID, SALE_BOOKINGS.SALE_ID);
    }

    /** The receipt of a sale of this salon, with what happened to it since. */
    public Optional<Receipt> receipt(long tenantId, long saleId) {
        Record s = dsl.select(SALES.ID, SALES.SOLD_AT, SALES.BUSINESS_DAY, SALES.CURRENCY, SALES.TOTAL_MINOR, SALES.DISCOUNT_MINOR,
                        SALES.DISCOUNT_PERCENT, SALES.DISCOUNT_REASON, CLIENTS.NAME, STAFF.DISPLAY_NAME.as("by"),
                        TENANTS.NAME, TENANTS.ADDRESS, TENANTS.PHONE, SALE_VOIDS.REASON)
                .from(SALES)
                .join(TENANTS).on(TENANTS.ID.eq(SALES.TENANT_ID))
                .leftJoin(CLIENTS).on(CLIENTS.TENANT_ID.eq(SALES.TENANT_ID).and(CLIENTS.ID.eq(SALES.CLIENT_ID)))
                .leftJoin(STAFF).on(STAFF.TENANT_ID.eq(SALES.TENANT_ID).and(STAFF.LOGIN.eq(SALES.CREATED_BY)))
                .leftJoin(SALE_VOIDS).on(SALE_VOIDS.TENANT_ID.eq(SALES.TENANT_ID).and(SALE_VOIDS.SALE_ID.eq(SALES.ID)))
                .where(SALES.TENANT_ID.eq(tenantId).and(SALES.ID.eq(saleId)))
                .fetchOne();
        if (s == null) {
            return Optional.empty();
        }
        // named columns: a receptionist may not read a line's commission
        List<Receipt.Line> lines = dsl.select(SALE_LINES.LINE_NO, SALE_LINES.KIND, SALE_LINES.DESCRIPTION, MASTERS.NAME, SALE_LINES.QUANTITY,
                        SALE_LINES.LIST_PRICE_MINOR, SALE_LINES.UNIT_PRICE_MINOR, SALE_LINES.PRICE_REASON, SALE_LINES.DISCOUNT_MINOR,
                        SALE_LINES.DISCOUNT_PERCENT, SALE_LINES.DISCOUNT_REASON, SALE_LINES.SHARE_MINOR, SALE_LINES.AMOUNT_MINOR)
                .from(SALE_LINES)
                .leftJoin(MASTERS).on(MASTERS.TENANT_ID.eq(SALE_LINES.TENANT_ID).and(MASTERS.ID.eq(SALE_LINES.MASTER_ID)))
                .where(SALE_LINES.TENANT_ID.eq(tenantId).and(SALE_LINES.SALE_ID.eq(saleId)))
                .orderBy(SALE_LINES.LINE_NO)
                .fetch(r -> new Receipt.Line(r.value1(), LineKind.fromDb(r.value2()), r.value3(), r.value4(), r.value5(), r.value6(),
                        r.value7(), r.value8(), r.value9(), r.value10(), r.value11(), r.value12(), r.value13()));
        List<Receipt.Payment> payments = dsl.select(SALE_PAYMENTS.METHOD, SALE_PAYMENTS.METHOD_NOTE, SALE_PAYMENTS.AMOUNT_MINOR,
                        SALE_PAYMENTS.TENDERED_MINOR)
                .from(SALE_PAYMENTS)
                .where(SALE_PAYMENTS.TENANT_ID.eq(tenantId).and(SALE_PAYMENTS.SALE_ID.eq(saleId)))
                .orderBy(SALE_PAYMENTS.PAYMENT_NO)
                .fetch(r -> new Receipt.Payment(PaymentMethod.fromDb(r.value1()), r.value2(), r.value3(), r.value4()));
        List<Receipt.Refund> refunds = dsl.select(SALE_REFUNDS.ID, SALE_REFUNDS.REFUNDED_AT, SALE_REFUNDS.REFUNDED_BY, SALE_REFUNDS.METHOD,
                        SALE_REFUNDS.AMOUNT_MINOR, SALE_REFUNDS.REASON)
                .from(SALE_REFUNDS)
                .where(SALE_REFUNDS.TENANT_ID.eq(tenantId).and(SALE_REFUNDS.SALE_ID.eq(saleId)))
                .orderBy(SALE_REFUNDS.ID)
                .fetch(r -> new Receipt.Refund(r.value1(), r.value2().toInstant(), r.value3(), PaymentMethod.fromDb(r.value4()), r.value5(),
                        r.value6()));
        return Optional.of(new Receipt(saleId, s.get(TENANTS.NAME), s.get(TENANTS.ADDRESS), s.get(TENANTS.PHONE),
                Currency.getInstance(s.get(SALES.CURRENCY)), s.get(SALES.SOLD_AT).toInstant(), s.get(SALES.BUSINESS_DAY), s.get(CLIENTS.NAME),
                s.get("by", String.class), lines, s.get(SALES.DISCOUNT_MINOR), s.get(SALES.DISCOUNT_PERCENT), s.get(SALES.DISCOUNT_REASON),
                s.get(SALES.TOTAL_MINOR), payments, refunds, s.get(SALE_VOIDS.REASON)));
    }

    /**
     * Gives back {@code amountMinor} of a sale (null: all that is left of it) by {@code method}, with a
     * reason: an admin's. The amount is split over the sale's lines in proportion to what each has left
     * to give back ({@link Amounts#split}), so that takings per master and the pay report stay exact.
     * Asking again with the same {@code requestId} makes one refund.
     */
    public Answer<Long> refund(long tenantId, long saleId, Long amountMinor, PaymentMethod method, String reason, UUID requestId) {
        if (reason == null || reason.isBlank()) {
            return Answer.refused(CheckoutProblem.REASON, "");
        }
        if (reason.length() > 200) {
            return Answer.refused(CheckoutProblem.TEXT_TOO_LONG, "");
        }
        return MoneyWrites.run(dsl, tx -> {
            Optional<Long> done = tx.select(SALE_REFUNDS.ID).from(SALE_REFUNDS)
                    .where(SALE_REFUNDS.TENANT_ID.eq(tenantId).and(SALE_REFUNDS.REQUEST_ID.eq(requestId))).fetchOptional(SALE_REFUNDS.ID);
            if (done.isPresent()) {
                return Answer.done(done.get());
            }
            Record s = tx.select(SALES.TOTAL_MINOR, SALES.CURRENCY, VOIDED, REFUNDED).from(SALES)
                    .where(SALES.TENANT_ID.eq(tenantId).and(SALES.ID.eq(saleId))).fetchOne();
            if (s == null) {
                return Answer.refused(CheckoutProblem.BAD_VALUE, Long.toString(saleId));
            }
            if (Boolean.TRUE.equals(s.get(VOIDED))) {
                return Answer.refused(CheckoutProblem.SALE_STATE, "void");
            }
            long left = s.get(SALES.TOTAL_MINOR) - s.get(REFUNDED);
            long amount = amountMinor == null ? left : amountMinor;
            if (amount <= 0 || amount > left) {
                return Answer.refused(CheckoutProblem.AMOUNT, Long.toString(left));
            }
            Currency currency = Currency.getInstance(s.get(SALES.CURRENCY));
            if (method == PaymentMethod.CASH && amount % Amounts.cashStep(currency) != 0) {
                return Answer.refused(CheckoutProblem.AMOUNT, "cash");
            }
            // what each line has left to give back
            var lines = tx.select(SALE_LINES.LINE_NO, SALE_LINES.AMOUNT_MINOR,
                            DSL.field(DSL.select(DSL.coalesce(DSL.sum(SALE_REFUND_LINES.AMOUNT_MINOR), DSL.inline(java.math.BigDecimal.ZERO)))
                                    .from(SALE_REFUND_LINES)
                                    .where(SALE_REFUND_LINES.TENANT_ID.eq(SALE_LINES.TENANT_ID).and(SALE_REFUND_LINES.SALE_ID.eq(SALE_LINES.SALE_ID))
                                            .and(SALE_REFUND_LINES.LINE_NO.eq(SALE_LINES.LINE_NO)))).cast(Long.class))
                    .from(SALE_LINES)
                    .where(SALE_LINES.TENANT_ID.eq(tenantId).and(SALE_LINES.SALE_ID.eq(saleId)))
                    .orderBy(SALE_LINES.LINE_NO)
                    .fetch();
            long[] open = new long[lines.size()];
            for (int i = 0; i < open.length; i++) {
                open[i] = Math.max(0, lines.get(i).value2() - lines.get(i).value3());
            }
            long[] parts = Amounts.split(amount, open);
            long refundId = tx.insertInto(SALE_REFUNDS)
                    .set(SALE_REFUNDS.TENANT_ID, tenantId)
                    .set(SALE_REFUNDS.SALE_ID, saleId)
                    .set(SALE_REFUNDS.REQUEST_ID, requestId)
                    .set(SALE_REFUNDS.AMOUNT_MINOR, amount)
                    .set(SALE_REFUNDS.METHOD, method.dbValue())
                    .set(SALE_REFUNDS.REASON, reason.strip())
                    .returning(SALE_REFUNDS.ID).fetchOne(SALE_REFUNDS.ID);
            var insert = tx.insertInto(SALE_REFUND_LINES, SALE_REFUND_LINES.TENANT_ID, SALE_REFUND_LINES.REFUND_ID, SALE_REFUND_LINES.SALE_ID,
                    SALE_REFUND_LINES.LINE_NO, SALE_REFUND_LINES.AMOUNT_MINOR);
            for (int i = 0; i < parts.length; i++) {
                if (parts[i] > 0) {
                    insert = insert.values(tenantId, refundId, saleId, lines.get(i).value1(), parts[i]);
                }
            }
            insert.execute();
            return Answer.done(refundId);
        });
    }

    /** Voids a sale of today, with a reason (an admin's): it counts nowhere, its products go back, its bookings may be paid again. */
    public Answer<Long> voidSale(long tenantId, long saleId, String reason) {
        if (reason == null || reason.isBlank()) {
            return Answer.refused(CheckoutProblem.REASON, "");
        }
        if (reason.length() > 200) {
            return Answer.refused(CheckoutProblem.TEXT_TOO_LONG, "");
        }
        return MoneyWrites.run(dsl, tx -> {
            tx.insertInto(SALE_VOIDS).set(SALE_VOIDS.TENANT_ID, tenantId).set(SALE_VOIDS.SALE_ID, saleId).set(SALE_VOIDS.REASON, reason.strip())
                    .execute();
            return Answer.done(saleId);
        });
    }
}
