package app.salondesk.logic.checkout;

import app.salondesk.db.TestPostgres;
import app.salondesk.model.checkout.Amounts;
import app.salondesk.runtime.Backend;
import org.jooq.DSLContext;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Currency;
import java.util.List;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * The money rules are written twice — in Java for the bill the desk shows ({@code Amounts}) and in
 * SQL for what PostgreSQL checks (migration 35) — and must agree exactly: for every currency Java
 * knows, its minor unit and cash step; and on random amounts, a price in minor units, a percentage,
 * cash rounded to its step.
 */
class MoneyRulesAgreeTest {

    private static Backend backend;
    private static DSLContext dsl;

    @BeforeAll
    static void open() {
        backend = Backend.connect(TestPostgres.migratedDatabase("moneyrules"), 2);
        dsl = backend.dsl();
    }

    @AfterAll
    static void close() {
        backend.close();
    }

    @Test
    void everyCurrencysMinorUnitAndCashStepAreTheSameInJavaAndInTheDatabase() {
        List<String> wrong = new ArrayList<>();
        for (Currency c : Currency.getAvailableCurrencies()) {
            var r = dsl.resultQuery("SELECT money_minor_digits(?), money_cash_step(?)", c.getCurrencyCode(), c.getCurrencyCode()).fetchOne();
            if (r.get(0, Integer.class) != Amounts.minorDigits(c) || r.get(1, Integer.class) != Amounts.cashStep(c)) {
                wrong.add(c + ": database " + r.get(0) + "/" + r.get(1) + ", Java " + Amounts.minorDigits(c) + "/" + Amounts.cashStep(c));
            }
        }
        assertEquals(List.of(), wrong);
    }

    @Test
    void randomAmountsRoundTheSameWayInJavaAndInTheDatabase() {
        Random rnd = new Random(35);
        List<String> wrong = new ArrayList<>();
        List<String> codes = List.of("UAH", "JPY", "KWD", "CHF", "SEK", "EUR");
        for (int i = 0; i < 2_000; i++) {
            Currency c = Currency.getInstance(codes.get(rnd.nextInt(codes.size())));
            BigDecimal price = BigDecimal.valueOf(rnd.nextLong(10_000_000_000L), 2);
            long base = rnd.nextLong(100_000_000L);
            BigDecimal pct = BigDecimal.valueOf(rnd.nextInt(10_001), 2);
            int step = List.of(1, 5, 10, 50, 100, 500).get(rnd.nextInt(6));
            var r = dsl.resultQuery("SELECT money_to_minor(?, ?), money_percent(?, ?), money_round_to(?, ?)", price, c.getCurrencyCode(), base, pct,
                    base, step).fetchOne();
            if (r.get(0, Long.class) != Amounts.toMinor(price, c) || r.get(1, Long.class) != Amounts.percent(base, pct)
                    || r.get(2, Long.class) != Amounts.roundTo(base, step)) {
                wrong.add(price + " " + c + " / " + pct + "% of " + base + " / " + base + " to " + step + ": " + r);
            }
        }
        assertEquals(List.of(), wrong);
    }
}
