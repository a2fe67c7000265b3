package app.salondesk.model.checkout;

import java.math.BigDecimal;
import java.time.Instant;
import java.time.LocalDate;
import java.util.Currency;
import java.util.List;

/**
 * A sale as its receipt tells it: the salon, each line with who did it and its discounts, the
 * discount on the whole, the tips, the cash rounding, the total, the payments with the cash given
 * and the change — and what happened to it since (refunds, a void).
 */
public record Receipt(long saleId, String salonName, String salonAddress, String salonPhone, Currency currency,
                      Instant soldAt, LocalDate day, String clientName, String soldBy,
                      List<Line> lines, long discountMinor, BigDecimal discountPercent, String discountReason,
                      long totalMinor, List<Payment> payments, List<Refund> refunds, String voidReason) {

    public Receipt {
        lines = List.copyOf(lines);
        payments = List.copyOf(payments);
        refunds = List.copyOf(refunds);
    }

    /**
     * @param listPriceMinor null where the catalogue has no price (a tip, a booking of no service)
     * @param shareMinor     the line's part of the discount on the whole
     */
    public record Line(int no, LineKind kind, String description, String masterName, int quantity, Long listPriceMinor,
                       long unitPriceMinor, String priceReason, long discountMinor, BigDecimal discountPercent,
                       String discountReason, long shareMinor, long amountMinor) {
    }

    public record Payment(PaymentMethod method, String note, long amountMinor, Long tenderedMinor) {
        public long changeMinor() {
            return tenderedMinor == null ? 0 : tenderedMinor - amountMinor;
        }
    }

    public record Refund(long id, Instant at, String by, PaymentMethod method, long amountMinor, String reason) {
    }

    public boolean voided() {
        return voidReason != null;
    }

    public long changeMinor() {
        return payments.stream().mapToLong(Payment::changeMinor).sum();
    }

    public long tipsMinor() {
        return lines.stream().filter(l -> l.kind() == LineKind.TIP).mapToLong(Line::amountMinor).sum();
    }
}
