package app.salondesk.logic.checkout;

import app.salondesk.model.checkout.PaymentMethod;
import app.salondesk.model.checkout.PayLine;
import app.salondesk.model.checkout.Takings;
import org.jooq.DSLContext;

import java.time.LocalDate;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * A period's takings, read from the sales' own rows for the days left open, and for the closed days
 * from what their closing kept (migration 36: a closed day cannot change, so its sums are final):
 * salon days by their {@code business_day} (the salon's local day, daylight saving included), sales
 * that were voided left out, refunds taken out on the day they were given. Services, products, tips
 * and the cash rounding are apart, per day, per master and per payment method — each view adds up
 * to the same total. Written as SQL text, not jOOQ: the four views share one CTE ({@link #MOVES}),
 * into which the pay report swaps the commission columns; jOOQ could say it, at about three times the
 * length (CONVENTIONS prefers jOOQ: a candidate for review). The tables are migration 35's.
 */
public final class TakingsRepository {

    /**
     * The lines of sales that stand and the refund lines given, of the period's days left open (their
     * rows, {@code ?} 1–2: the open days), and of its closed days what their closing kept (migration 36;
     * {@code ?} 3–6: tenant, first and last day, twice). %1$s, %2$s: the sold and given lines'
     * commission; %3$s, %4$s: the kept ones' (zero where the reader may not see commission).
     */
    private static final String MOVES = """
            WITH sold AS (
                SELECT s.business_day AS day, l.kind, l.master_id, l.amount_minor AS amount, l.discount_minor + l.share_minor AS discount,
                       %1$s AS commission
                  FROM sales s
                  JOIN sale_lines l ON l.tenant_id = s.tenant_id AND l.sale_id = s.id
                 WHERE s.tenant_id = ? AND s.business_day = ANY (CAST(? AS date[]))
                   AND NOT EXISTS (SELECT 1 FROM sale_voids v WHERE v.tenant_id = s.tenant_id AND v.sale_id = s.id)),
            given AS (
                SELECT r.business_day AS day, l.kind, l.master_id, -rl.amount_minor AS amount, 0::bigint AS discount,
                       %2$s AS commission
                  FROM sale_refunds r
                  JOIN sale_refund_lines rl ON rl.tenant_id = r.tenant_id AND rl.refund_id = r.id
                  JOIN sale_lines l ON l.tenant_id = rl.tenant_id AND l.sale_id = rl.sale_id AND l.line_no = rl.line_no
                 WHERE r.tenant_id = ? AND r.business_day = ANY (CAST(? AS date[]))),
            kept AS (
                SELECT t.day, t.kind, nullif(t.master_id, 0) AS master_id, t.sold_minor AS amount, t.discount_minor AS discount,
                       %3$s AS commission, false AS refund
                  FROM takings_closed_lines t WHERE t.tenant_id = ? AND t.day BETWEEN ? AND ?
                UNION ALL
                SELECT t.day, t.kind, nullif(t.master_id, 0), -t.given_minor, 0::bigint, %4$s, true
                  FROM takings_closed_lines t WHERE t.tenant_id = ? AND t.day BETWEEN ? AND ? AND t.given_minor <> 0),
            moves AS (SELECT *, false AS refund FROM sold UNION ALL SELECT *, true FROM given UNION ALL SELECT * FROM kept)
            """;

    private final DSLContext dsl;

    public TakingsRepository(DSLContext dsl) {
        this.dsl = dsl;
    }

    public Takings takings(long tenantId, LocalDate from, LocalDate to) {
        LocalDate[] open = openDays(tenantId, from, to);
        return new Takings(from, to, days(tenantId, from, to, open), methods(tenantId, from, to, open), masters(tenantId, from, to, open));
    }

    /** The period's days that are not closed: read from the sales' rows (the closed ones from what their closing kept). */
    private LocalDate[] openDays(long tenantId, LocalDate from, LocalDate to) {
        java.util.Set<LocalDate> closed = new java.util.HashSet<>(dsl.resultQuery(
                "SELECT day FROM till_closings WHERE tenant_id = ? AND day BETWEEN ? AND ?", tenantId, from, to).fetch(0, LocalDate.class));
        List<LocalDate> open = new ArrayList<>();
        for (LocalDate d = from; !d.isAfter(to); d = d.plusDays(1)) {
            if (!closed.contains(d)) {
                open.add(d);
            }
        }
        return open.toArray(LocalDate[]::new);
    }

    /** The binds of {@link #MOVES}, then {@code more}. */
    private static Object[] moves(long tenantId, LocalDate from, LocalDate to, LocalDate[] open, Object... more) {
        List<Object> b = new ArrayList<>(List.of(tenantId, open, tenantId, open, tenantId, from, to, tenantId, from, to));
        b.addAll(List.of(more));
        return b.toArray();
    }

    private List<Takings.Day> days(long tenantId, LocalDate from, LocalDate to, LocalDate[] open) {
        Map<LocalDate, int[]> counts = new TreeMap<>();
        dsl.resultQuery("SELECT s.business_day, count(*) FROM sales s WHERE s.tenant_id = ? AND s.business_day = ANY (CAST(? AS date[])) "
                        + "AND NOT EXISTS (SELECT 1 FROM sale_voids v WHERE v.tenant_id = s.tenant_id AND v.sale_id = s.id) GROUP BY 1 "
                        + "UNION ALL SELECT day, sales FROM takings_closed_days WHERE tenant_id = ? AND day BETWEEN ? AND ?",
                        tenantId, open, tenantId, from, to)
                .forEach(r -> counts.computeIfAbsent(r.get(0, LocalDate.class), k -> new int[1])[0] += r.get(1, Integer.class));
        Map<LocalDate, long[]> sums = new TreeMap<>();
        dsl.resultQuery(String.format(MOVES, "0::bigint", "0::bigint", "0::bigint", "0::bigint") + """
                        SELECT day,
                               coalesce(sum(amount) FILTER (WHERE kind = 'service'), 0),
                               coalesce(sum(amount) FILTER (WHERE kind = 'product'), 0),
                               coalesce(sum(amount) FILTER (WHERE kind = 'tip'), 0),
                               coalesce(sum(amount) FILTER (WHERE kind = 'rounding'), 0),
                               coalesce(-sum(amount) FILTER (WHERE refund), 0),
                               coalesce(sum(discount), 0)
                          FROM moves GROUP BY day""", moves(tenantId, from, to, open))
                .forEach(r -> sums.put(r.get(0, LocalDate.class), new long[]{r.get(1, Long.class), r.get(2, Long.class), r.get(3, Long.class),
                        r.get(4, Long.class), r.get(5, Long.class), r.get(6, Long.class)}));
        List<Takings.Day> days = new ArrayList<>();
        java.util.SortedSet<LocalDate> all = new java.util.TreeSet<>(counts.keySet());
        all.addAll(sums.keySet());
        for (LocalDate d : all) {
            long[] s = sums.getOrDefault(d, new long[6]);
            days.add(new Takings.Day(d, counts.getOrDefault(d, new int[1])[0], s[0], s[1], s[2], s[3], s[4], s[5]));
        }
        return days;
    }

    private List<Takings.ByMethod> methods(long tenantId, LocalDate from, LocalDate to, LocalDate[] open) {
        Map<PaymentMethod, long[]> by = new EnumMap<>(PaymentMethod.class);
        for (PaymentMethod m : PaymentMethod.values()) {
            by.put(m, new long[2]);
        }
        dsl.resultQuery("""
                        SELECT p.method, sum(p.amount_minor)
                          FROM sales s JOIN sale_payments p ON p.tenant_id = s.tenant_id AND p.sale_id = s.id
                         WHERE s.tenant_id = ? AND s.business_day = ANY (CAST(? AS date[]))
                           AND NOT EXISTS (SELECT 1 FROM sale_voids v WHERE v.tenant_id = s.tenant_id AND v.sale_id = s.id)
                         GROUP BY 1
                        UNION ALL
                        SELECT method, sum(paid_minor) FROM takings_closed_methods WHERE tenant_id = ? AND day BETWEEN ? AND ? GROUP BY 1""",
                        tenantId, open, tenantId, from, to)
                .forEach(r -> by.get(PaymentMethod.fromDb(r.get(0, String.class)))[0] += r.get(1, Long.class));
        dsl.resultQuery("SELECT r.method, sum(r.amount_minor) FROM sale_refunds r WHERE r.tenant_id = ? AND r.business_day = ANY (CAST(? AS date[])) "
                        + "GROUP BY 1 UNION ALL SELECT method, sum(refunded_minor) FROM takings_closed_methods WHERE tenant_id = ? AND day BETWEEN ? AND ? "
                        + "GROUP BY 1", tenantId, open, tenantId, from, to)
                .forEach(r -> by.get(PaymentMethod.fromDb(r.get(0, String.class)))[1] += r.get(1, Long.class));
        List<Takings.ByMethod> methods = new ArrayList<>();
        by.forEach((m, v) -> methods.add(new Takings.ByMethod(m, v[0], v[1])));
        return methods;
    }

    private List<Takings.ByMaster> masters(long tenantId, LocalDate from, LocalDate to, LocalDate[] open) {
        List<Takings.ByMaster> rows = new ArrayList<>();
        dsl.resultQuery(String.format(MOVES, "0::bigint", "0::bigint", "0::bigint", "0::bigint") + """
                        SELECT m.master_id, ms.name,
                               coalesce(sum(m.amount) FILTER (WHERE m.kind = 'service'), 0),
                               coalesce(sum(m.amount) FILTER (WHERE m.kind = 'product'), 0),
                               coalesce(sum(m.amount) FILTER (WHERE m.kind = 'tip'), 0),
                               coalesce(sum(m.amount) FILTER (WHERE m.kind = 'rounding'), 0)
                          FROM moves m LEFT JOIN masters ms ON ms.tenant_id = ? AND ms.id = m.master_id
                         GROUP BY m.master_id, ms.name, ms.sort_order
                         ORDER BY m.master_id IS NULL, ms.sort_order, ms.name, m.master_id""", moves(tenantId, from, to, open, tenantId))
                .forEach(r -> rows.add(new Takings.ByMaster(r.get(0, Long.class), r.get(1, String.class), r.get(2, Long.class),
                        r.get(3, Long.class), r.get(4, Long.class), r.get(5, Long.class))));
        return rows;
    }

    /**
     * The pay report of a period (admins and managers: a line's commission is theirs to read):
     * per master, services, products, tips whole, and the commission the lines were sold with, less
     * what refunds gave back of it.
     */
    public List<PayLine> pay(long tenantId, LocalDate from, LocalDate to) {
        Map<Long, PayLine> lines = new LinkedHashMap<>();
        LocalDate[] open = openDays(tenantId, from, to);
        dsl.resultQuery(String.format(MOVES, "l.commission_minor", "rl.commission_minor", "t.commission_minor", "t.given_commission_minor") + """
                        SELECT ms.id, ms.name,
                               coalesce(sum(m.amount) FILTER (WHERE m.kind = 'service'), 0),
                               coalesce(sum(m.amount) FILTER (WHERE m.kind = 'product'), 0),
                               coalesce(sum(m.amount) FILTER (WHERE m.kind = 'tip'), 0),
                               coalesce(sum(m.commission), 0)
                          FROM masters ms LEFT JOIN moves m ON m.master_id = ms.id
                         WHERE ms.tenant_id = ?
                         GROUP BY ms.id, ms.name, ms.sort_order
                        HAVING bool_or(ms.active) OR count(m.kind) > 0
                         ORDER BY ms.sort_order, ms.name, ms.id""",
                        moves(tenantId, from, to, open, tenantId))
                .forEach(r -> lines.put(r.get(0, Long.class), new PayLine(r.get(0, Long.class), r.get(1, String.class), r.get(2, Long.class),
                        r.get(3, Long.class), r.get(4, Long.class), r.get(5, Long.class))));
        return new ArrayList<>(lines.values());
    }
}
