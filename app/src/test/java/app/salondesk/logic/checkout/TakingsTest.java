package app.salondesk.logic.checkout;

import app.salondesk.db.TestPostgres;
import app.salondesk.model.checkout.PaymentMethod;
import app.salondesk.model.checkout.SaleSummary;
import app.salondesk.model.checkout.Takings;
import app.salondesk.runtime.Backend;
import org.jooq.DSLContext;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.UUID;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A salon's day is its local day (Kyiv: the clocks go forward at 03:00 on 2031-03-30, a 23-hour day,
 * and back at 04:00 on 2031-10-26, a 25-hour day with 03:30 twice), and a period's takings are its
 * sales' own rows: by day, by method and by master they add up to the sales that stand less what was
 * refunded. Sales made at past instants are recorded by the owner (migration 35 lets the owner, and only
 * the owner, say when a sale was made: the demo salon, imports, these tests).
 */
class TakingsTest {

    private static final ZoneId KYIV = ZoneId.of("Europe/Kyiv");
    private static Backend backend;
    private static DSLContext dsl;
    private static TakingsRepository takings;
    private static long tenant;
    private static long anna;
    private static long bohdan;
    private static long cut;
    private static long mask;

    @BeforeAll
    static void salon() {
        backend = Backend.connect(TestPostgres.migratedDatabase("takings"), 3);
        dsl = backend.dsl();
        takings = new TakingsRepository(dsl);
        tenant = id("INSERT INTO tenants (name, time_zone) VALUES ('Kyiv salon', 'Europe/Kyiv') RETURNING id");
        anna = id("INSERT INTO masters (tenant_id, name, sort_order) VALUES (" + tenant + ", 'Anna', 1) RETURNING id");
        bohdan = id("INSERT INTO masters (tenant_id, name, sort_order) VALUES (" + tenant + ", 'Bohdan', 2) RETURNING id");
        cut = id("INSERT INTO services (tenant_id, name, duration_min, price) VALUES (" + tenant + ", 'Cut', 60, 500) RETURNING id");
        mask = id("INSERT INTO products (tenant_id, name, price_minor) VALUES (" + tenant + ", 'Mask', 15000) RETURNING id");
        dsl.execute("INSERT INTO stock_moves (tenant_id, product_id, delta, kind) VALUES (" + tenant + ", " + mask + ", 100000, 'delivery')");
        dsl.execute("INSERT INTO commission_rates (tenant_id, master_id, scope, percent) VALUES (" + tenant + ", " + anna + ", 'services', 40), ("
                + tenant + ", " + bohdan + ", 'products', 12.5)");
    }

    @AfterAll
    static void close() {
        backend.close();
    }

    @Test
    void theDayTheClocksGoForwardHasTwentyThreeHoursOfSalesAndTheDayTheyGoBackTwentyFive() {
        // 30 March 2031: 00:05, 02:59, then 04:00 (03:00 does not happen), 23:59; a sale a minute before and after the day
        record(at("2031-03-29T23:59:00+02:00"), anna, 50_000, 0, 0, "card");
        List<Instant> spring = List.of(at("2031-03-30T00:05:00+02:00"), at("2031-03-30T02:59:00+02:00"), at("2031-03-30T04:00:00+03:00"),
                at("2031-03-30T23:59:00+03:00"));
        for (Instant i : spring) {
            record(i, anna, 50_000, 0, 1_000, "cash");
        }
        record(at("2031-03-31T00:00:00+03:00"), bohdan, 50_000, 0, 0, "card");
        assertEquals(Instant.parse("2031-03-30T01:00:00Z"), LocalDateTime.parse("2031-03-30T04:00").atZone(KYIV).toInstant(),
                "04:00 is an hour after 02:59 on that night");
        Takings march = takings.takings(tenant, LocalDate.of(2031, 3, 30), LocalDate.of(2031, 3, 30));
        assertEquals(1, march.days().size());
        assertEquals(4, march.days().get(0).sales());
        assertEquals(4 * 51_000, march.totalMinor());
        assertEquals(4_000, march.days().get(0).tipsMinor());
        assertEquals(spring, new SaleRepository(dsl).day(tenant, LocalDate.of(2031, 3, 30)).stream().map(SaleSummary::soldAt).toList());

        // 26 October 2031: 03:30 twice (first at +03:00, then at +02:00), both of the one day
        List<Instant> autumn = List.of(at("2031-10-26T00:05:00+03:00"), at("2031-10-26T03:30:00+03:00"), at("2031-10-26T03:30:00+02:00"),
                at("2031-10-26T23:59:00+02:00"));
        for (Instant i : autumn) {
            record(i, bohdan, 50_000, 15_000, 0, "card");
        }
        record(at("2031-10-27T00:00:00+02:00"), bohdan, 50_000, 0, 0, "card");
        assertEquals(3_600, autumn.get(2).getEpochSecond() - autumn.get(1).getEpochSecond(), "the two 03:30s an hour apart");
        Takings october = takings.takings(tenant, LocalDate.of(2031, 10, 26), LocalDate.of(2031, 10, 26));
        assertEquals(4, october.days().get(0).sales());
        assertEquals(4 * 15_000, october.days().get(0).productsMinor());
        assertEquals(4 * 65_000, october.masters().stream().mapToLong(Takings.ByMaster::totalMinor).sum());
    }

    @Test
    void aPeriodsTakingsByDayMethodAndMasterAreItsSalesRowsLessWhatWasRefundedInIt() {
        Random rnd = new Random(26);
        LocalDate first = LocalDate.of(2032, 5, 1);
        List<Long> sold = new ArrayList<>();
        for (int n = 0; n < 120; n++) {
            LocalDate day = first.plusDays(rnd.nextInt(10));
            Instant when = day.atTime(9 + rnd.nextInt(10), rnd.nextInt(60)).atZone(KYIV).toInstant();
            sold.add(record(when, rnd.nextBoolean() ? anna : bohdan, rnd.nextBoolean() ? 50_000 : 0, rnd.nextInt(3) * 15_000,
                    rnd.nextInt(4) * 500, List.of("cash", "card", "transfer", "other").get(rnd.nextInt(4))));
        }
        // refunds happen today (the database dates them); some sales of the period are given back in part
        SaleRepository sales = new SaleRepository(dsl);
        for (int i = 0; i < 15; i++) {
            long sale = sold.get(rnd.nextInt(sold.size()));
            long left = count("SELECT total_minor - coalesce((SELECT sum(amount_minor) FROM sale_refunds WHERE sale_id = s.id), 0) "
                    + "FROM sales s WHERE id = " + sale);
            if (left >= 20) {
                assertTrue(sales.refund(tenant, sale, (rnd.nextLong(left / 10) + 1) * 10, PaymentMethod.values()[rnd.nextInt(4)], "unhappy",
                        UUID.randomUUID()).isDone());
            }
        }
        LocalDate today = new TillRepository(dsl).today(tenant);
        LocalDate last = first.plusDays(9);
        // the period of the sales, then the period of the refunds, then both
        for (LocalDate[] p : List.of(new LocalDate[]{first, last}, new LocalDate[]{today, today}, new LocalDate[]{today, last})) {
            String days = "BETWEEN '" + p[0] + "' AND '" + p[1] + "'";
            long expected = count("SELECT coalesce(sum(total_minor), 0) FROM sales WHERE tenant_id = " + tenant + " AND business_day " + days
                    + " AND NOT EXISTS (SELECT 1 FROM sale_voids v WHERE v.sale_id = sales.id)")
                    - count("SELECT coalesce(sum(amount_minor), 0) FROM sale_refunds WHERE tenant_id = " + tenant + " AND business_day " + days);
            Takings t = takings.takings(tenant, p[0], p[1]);
            assertEquals(expected, t.totalMinor(), "by day, " + days);
            assertEquals(expected, t.methods().stream().mapToLong(Takings.ByMethod::netMinor).sum(), "by method, " + days);
            assertEquals(expected, t.masters().stream().mapToLong(Takings.ByMaster::totalMinor).sum(), "by master, " + days);
            for (Takings.Day d : t.days()) {
                long that = count("SELECT coalesce(sum(total_minor), 0) FROM sales WHERE tenant_id = " + tenant + " AND business_day = '" + d.day() + "'")
                        - count("SELECT coalesce(sum(amount_minor), 0) FROM sale_refunds WHERE tenant_id = " + tenant + " AND business_day = '"
                        + d.day() + "'");
                assertEquals(that, d.totalMinor(), d.day().toString());
            }
            for (Takings.ByMaster m : t.masters()) {
                if (m.masterId() != null) {
                    long services = count("SELECT coalesce(sum(l.amount_minor), 0) FROM sale_lines l JOIN sales s ON s.id = l.sale_id WHERE s.tenant_id = "
                            + tenant + " AND s.business_day " + days + " AND l.kind = 'service' AND l.master_id = " + m.masterId())
                            - count("SELECT coalesce(sum(rl.amount_minor), 0) FROM sale_refund_lines rl JOIN sale_refunds r ON r.id = rl.refund_id "
                            + "JOIN sale_lines l ON l.sale_id = rl.sale_id AND l.line_no = rl.line_no WHERE r.tenant_id = " + tenant
                            + " AND r.business_day " + days + " AND l.kind = 'service' AND l.master_id = " + m.masterId());
                    assertEquals(services, m.servicesMinor(), m.masterName() + ", " + days);
                }
            }
        }
    }

    /**
     * Migration 36: a closed day's takings are what its closing kept, and they are what its rows say —
     * alone, and in a period of closed and open days together.
     */
    @Test
    void closedDaysAreReadFromWhatTheirClosingKeptAndAddUpToTheirRows() {
        Random rnd = new Random(36);
        LocalDate first = LocalDate.of(2026, 10, 1);
        List<Long> sold = new ArrayList<>();
        for (int n = 0; n < 60; n++) {
            LocalDate day = first.plusDays(rnd.nextInt(6));
            sold.add(record(day.atTime(10 + rnd.nextInt(8), rnd.nextInt(60)).atZone(KYIV).toInstant(), rnd.nextBoolean() ? anna : bohdan,
                    rnd.nextBoolean() ? 50_000 : 0, rnd.nextInt(2) * 15_000, rnd.nextInt(3) * 500, List.of("cash", "card").get(rnd.nextInt(2))));
        }
        // a refund today of one of them: today's, not its day's
        new SaleRepository(dsl).refund(tenant, sold.get(0), 100L, PaymentMethod.CARD, "a scratch", UUID.randomUUID()).value();
        TillRepository till = new TillRepository(dsl);
        for (int i = 0; i < 5; i++) {
            LocalDate d = first.plusDays(i);
            long expected = count("SELECT till_expected_cash(" + tenant + ", '" + d + "')");
            till.close(tenant, d, expected, "").value();
        }
        assertEquals(5, count("SELECT count(*) FROM takings_closed_days WHERE tenant_id = " + tenant + " AND day < '" + first.plusDays(5) + "'"));
        LocalDate today = till.today(tenant);
        for (LocalDate[] p : List.of(new LocalDate[]{first, first.plusDays(4)}, new LocalDate[]{first.plusDays(3), first.plusDays(5)},
                new LocalDate[]{first, today})) {
            String days = "BETWEEN '" + p[0] + "' AND '" + p[1] + "'";
            long expected = count("SELECT coalesce(sum(total_minor), 0) FROM sales WHERE tenant_id = " + tenant + " AND business_day " + days
                    + " AND NOT EXISTS (SELECT 1 FROM sale_voids v WHERE v.sale_id = sales.id)")
                    - count("SELECT coalesce(sum(amount_minor), 0) FROM sale_refunds WHERE tenant_id = " + tenant + " AND business_day " + days);
            Takings t = takings.takings(tenant, p[0], p[1]);
            assertEquals(expected, t.totalMinor(), "by day, " + days);
            assertEquals(expected, t.methods().stream().mapToLong(Takings.ByMethod::netMinor).sum(), "by method, " + days);
            assertEquals(expected, t.masters().stream().mapToLong(Takings.ByMaster::totalMinor).sum(), "by master, " + days);
            assertEquals(count("SELECT count(*) FROM sales WHERE tenant_id = " + tenant + " AND business_day " + days),
                    t.days().stream().mapToLong(Takings.Day::sales).sum(), "sales counted, " + days);
            long commission = count("SELECT coalesce(sum(l.commission_minor), 0) FROM sale_lines l JOIN sales s ON s.id = l.sale_id "
                    + "WHERE s.tenant_id = " + tenant + " AND s.business_day " + days);
            assertEquals(commission + count("SELECT coalesce(sum(rl.commission_minor), 0) FROM sale_refund_lines rl JOIN sale_refunds r "
                    + "ON r.id = rl.refund_id WHERE r.tenant_id = " + tenant + " AND r.business_day " + days),
                    takings.pay(tenant, p[0], p[1]).stream().mapToLong(app.salondesk.model.checkout.PayLine::commissionMinor).sum(), "commission, " + days);
        }
    }

    /** A sale recorded at {@code when} by the owner: a cut (if {@code service}), masks, a tip, paid by one method. */
    private static long record(Instant when, long master, long service, long products, long tip, String method) {
        long t = service + products + tip == 0 ? 100 : tip;
        long total = service + products + t;
        // one transaction: a sale is checked whole at its COMMIT
        return dsl.transactionResult(cfg -> {
            DSLContext tx = cfg.dsl();
            long sale = tx.resultQuery("INSERT INTO sales (tenant_id, total_minor, sold_at) VALUES (" + tenant + ", " + total + ", '"
                    + OffsetDateTime.ofInstant(when, ZoneOffset.UTC) + "') RETURNING id").fetchOne(0, Long.class);
            int no = 0;
            if (service > 0) {
                tx.execute("INSERT INTO sale_lines (tenant_id, sale_id, line_no, kind, service_id, master_id, unit_price_minor, amount_minor) VALUES ("
                        + tenant + ", " + sale + ", " + ++no + ", 'service', " + cut + ", " + master + ", 50000, 50000)");
            }
            if (products > 0) {
                tx.execute("INSERT INTO sale_lines (tenant_id, sale_id, line_no, kind, product_id, master_id, quantity, unit_price_minor, amount_minor) "
                        + "VALUES (" + tenant + ", " + sale + ", " + ++no + ", 'product', " + mask + ", " + master + ", " + products / 15_000 + ", 15000, "
                        + products + ")");
            }
            if (t > 0) {
                tx.execute("INSERT INTO sale_lines (tenant_id, sale_id, line_no, kind, master_id, unit_price_minor, amount_minor) VALUES ("
                        + tenant + ", " + sale + ", " + ++no + ", 'tip', " + master + ", " + t + ", " + t + ")");
            }
            tx.execute("INSERT INTO sale_payments (tenant_id, sale_id, payment_no, method, amount_minor) VALUES (" + tenant + ", " + sale
                    + ", 1, '" + method + "', " + total + ")");
            return sale;
        });
    }

    private static Instant at(String offsetTime) {
        return OffsetDateTime.parse(offsetTime).toInstant();
    }

    private static long id(String sql) {
        return dsl.resultQuery(sql).fetchOne(0, Long.class);
    }

    private static long count(String sql) {
        return dsl.resultQuery(sql).fetchOne(0, Long.class);
    }
}
