package app.salondesk.logic.checkout;

import app.salondesk.model.checkout.Answer;
import app.salondesk.model.checkout.CheckoutProblem;
import app.salondesk.model.checkout.TillDay;
import org.jooq.DSLContext;
import org.jooq.Record;
import org.jooq.impl.DSL;

import java.time.LocalDate;
import java.util.List;

import static app.salondesk.jooq.Tables.SALES;
import static app.salondesk.jooq.Tables.SALE_PAYMENTS;
import static app.salondesk.jooq.Tables.SALE_REFUNDS;
import static app.salondesk.jooq.Tables.SALE_VOIDS;
import static app.salondesk.jooq.Tables.STAFF;
import static app.salondesk.jooq.Tables.TILL_CLOSINGS;
import static app.salondesk.jooq.Tables.TILL_MOVES;

/**
 * The till of a salon day (migration 35): the float it opens with, cash put in and taken out with a
 * reason, and closing it — the cash counted against what the day's rows say should be there, which
 * the database works out itself; a difference is recorded, and only an admin closes with one. The day
 * is always the salon's own today (its time zone), also for a desk in another zone.
 */
public final class TillRepository {

    private final DSLContext dsl;

    public TillRepository(DSLContext dsl) {
        this.dsl = dsl;
    }

    /** Opens today with a float (once a day). */
    public Answer<Long> open(long tenantId, long floatMinor) {
        if (floatMinor < 0 || floatMinor > app.salondesk.model.checkout.Bill.MAX_MINOR) {
            return Answer.refused(CheckoutProblem.AMOUNT, "");
        }
        return MoneyWrites.run(dsl, tx -> Answer.done(tx.insertInto(TILL_MOVES)
                .set(TILL_MOVES.TENANT_ID, tenantId).set(TILL_MOVES.KIND, "float").set(TILL_MOVES.AMOUNT_MINOR, floatMinor)
                .returning(TILL_MOVES.ID).fetchOne(TILL_MOVES.ID)));
    }

    /** Cash put in ({@code amountMinor} positive) or taken out (negative) today, with a reason. */
    public Answer<Long> move(long tenantId, long amountMinor, String reason) {
        if (amountMinor == 0 || Math.abs(amountMinor) > app.salondesk.model.checkout.Bill.MAX_MINOR) {
            return Answer.refused(CheckoutProblem.AMOUNT, "");
        }
        if (reason == null || reason.isBlank()) {
            return Answer.refused(CheckoutProblem.REASON, "");
        }
        if (reason.length() > 200) {
            return Answer.refused(CheckoutProblem.TEXT_TOO_LONG, "");
        }
        return MoneyWrites.run(dsl, tx -> Answer.done(tx.insertInto(TILL_MOVES)
                .set(TILL_MOVES.TENANT_ID, tenantId).set(TILL_MOVES.KIND, amountMinor > 0 ? "in" : "out")
                .set(TILL_MOVES.AMOUNT_MINOR, Math.abs(amountMinor)).set(TILL_MOVES.REASON, reason.strip())
                .returning(TILL_MOVES.ID).fetchOne(TILL_MOVES.ID)));
    }

    /**
     * Closes {@code day} with the cash counted. The database waits for the day's sales in flight,
     * works out the expected cash and the difference, and refuses a difference from anyone but an
     * admin, and without a reason. From then on the day takes no more money.
     */
    public Answer<TillDay.Closing> close(long tenantId, LocalDate day, long countedMinor, String reason) {
        if (countedMinor < 0 || countedMinor > app.salondesk.model.checkout.Bill.MAX_MINOR) {
            return Answer.refused(CheckoutProblem.AMOUNT, "");
        }
        String why = reason == null ? "" : reason.strip();
        if (why.length() > 200) {
            return Answer.refused(CheckoutProblem.TEXT_TOO_LONG, "");
        }
        return MoneyWrites.run(dsl, tx -> {
            Record r = tx.insertInto(TILL_CLOSINGS)
                    .set(TILL_CLOSINGS.TENANT_ID, tenantId).set(TILL_CLOSINGS.DAY, day).set(TILL_CLOSINGS.COUNTED_MINOR, countedMinor)
                    .set(TILL_CLOSINGS.REASON, why)
                    .returning(TILL_CLOSINGS.COUNTED_MINOR, TILL_CLOSINGS.EXPECTED_MINOR, TILL_CLOSINGS.DIFFERENCE_MINOR, TILL_CLOSINGS.REASON,
                            TILL_CLOSINGS.CLOSED_AT, TILL_CLOSINGS.CLOSED_BY)
                    .fetchOne();
            return Answer.done(new TillDay.Closing(r.get(TILL_CLOSINGS.COUNTED_MINOR), r.get(TILL_CLOSINGS.EXPECTED_MINOR),
                    r.get(TILL_CLOSINGS.DIFFERENCE_MINOR), r.get(TILL_CLOSINGS.REASON), r.get(TILL_CLOSINGS.CLOSED_AT).toInstant(),
                    r.get(TILL_CLOSINGS.CLOSED_BY)));
        });
    }

    /** The salon's today, as the database reckons it (the salon's zone, the server's clock). */
    public LocalDate today(long tenantId) {
        return dsl.resultQuery("SELECT salon_day(?, now())", tenantId).fetchOne(0, LocalDate.class);
    }

    /** Everything the till knows of a day. */
    public TillDay day(long tenantId, LocalDate day) {
        var who = DSL.coalesce(STAFF.DISPLAY_NAME, TILL_MOVES.MOVED_BY);
        var moves = dsl.select(TILL_MOVES.ID, TILL_MOVES.MOVED_AT, who, TILL_MOVES.KIND, TILL_MOVES.AMOUNT_MINOR, TILL_MOVES.REASON)
                .from(TILL_MOVES)
                .leftJoin(STAFF).on(STAFF.TENANT_ID.eq(TILL_MOVES.TENANT_ID).and(STAFF.LOGIN.eq(TILL_MOVES.MOVED_BY)))
                .where(TILL_MOVES.TENANT_ID.eq(tenantId).and(TILL_MOVES.DAY.eq(day)))
                .orderBy(TILL_MOVES.MOVED_AT, TILL_MOVES.ID)
                .fetch();
        Long floatMinor = null;
        List<TillDay.Move> cash = new java.util.ArrayList<>();
        for (Record m : moves) {
            String kind = m.get(TILL_MOVES.KIND);
            long amount = m.get(TILL_MOVES.AMOUNT_MINOR);
            if (kind.equals("float")) {
                floatMinor = amount;
            } else {
                cash.add(new TillDay.Move(m.get(TILL_MOVES.ID), m.get(TILL_MOVES.MOVED_AT).toInstant(), m.get(who),
                        kind.equals("out") ? -amount : amount, m.get(TILL_MOVES.REASON)));
            }
        }
        long cashSales = dsl.select(DSL.coalesce(DSL.sum(SALE_PAYMENTS.AMOUNT_MINOR), DSL.inline(java.math.BigDecimal.ZERO)))
                .from(SALES).join(SALE_PAYMENTS).on(SALE_PAYMENTS.TENANT_ID.eq(SALES.TENANT_ID).and(SALE_PAYMENTS.SALE_ID.eq(SALES.ID)))
                .where(SALES.TENANT_ID.eq(tenantId).and(SALES.BUSINESS_DAY.eq(day)).and(SALE_PAYMENTS.METHOD.eq("cash"))
                        .andNotExists(DSL.selectOne().from(SALE_VOIDS)
                                .where(SALE_VOIDS.TENANT_ID.eq(SALES.TENANT_ID).and(SALE_VOIDS.SALE_ID.eq(SALES.ID)))))
                .fetchOne(0, Long.class);
        long cashRefunds = dsl.select(DSL.coalesce(DSL.sum(SALE_REFUNDS.AMOUNT_MINOR), DSL.inline(java.math.BigDecimal.ZERO)))
                .from(SALE_REFUNDS)
                .where(SALE_REFUNDS.TENANT_ID.eq(tenantId).and(SALE_REFUNDS.BUSINESS_DAY.eq(day)).and(SALE_REFUNDS.METHOD.eq("cash")))
                .fetchOne(0, Long.class);
        long expected = dsl.resultQuery("SELECT till_expected_cash(?, ?)", tenantId, day).fetchOne(0, Long.class);
        var closedBy = DSL.coalesce(STAFF.DISPLAY_NAME, TILL_CLOSINGS.CLOSED_BY);
        TillDay.Closing closing = dsl.select(TILL_CLOSINGS.COUNTED_MINOR, TILL_CLOSINGS.EXPECTED_MINOR, TILL_CLOSINGS.DIFFERENCE_MINOR,
                        TILL_CLOSINGS.REASON, TILL_CLOSINGS.CLOSED_AT, closedBy)
                .from(TILL_CLOSINGS)
                .leftJoin(STAFF).on(STAFF.TENANT_ID.eq(TILL_CLOSINGS.TENANT_ID).and(STAFF.LOGIN.eq(TILL_CLOSINGS.CLOSED_BY)))
                .where(TILL_CLOSINGS.TENANT_ID.eq(tenantId).and(TILL_CLOSINGS.DAY.eq(day)))
                .fetchOptional(r -> new TillDay.Closing(r.value1(), r.value2(), r.value3(), r.value4(), r.value5().toInstant(), r.value6()))
                .orElse(null);
        return new TillDay(day, floatMinor, cash, cashSales, cashRefunds, expected, closing);
    }
}
