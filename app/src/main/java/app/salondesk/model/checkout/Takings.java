package app.salondesk.model.checkout;

import java.time.LocalDate;
import java.util.List;

/**
 * A period's takings (sales that stand, minus what was refunded in it), each salon day by its own
 * rows: by day, by payment method, by master — services, products and tips apart.
 */
public record Takings(LocalDate from, LocalDate to, List<Day> days, List<ByMethod> methods, List<ByMaster> masters) {

    public Takings {
        days = List.copyOf(days);
        methods = List.copyOf(methods);
        masters = List.copyOf(masters);
    }

    /**
     * @param roundingMinor cash rounding, which is neither service, product nor tip
     * @param refundsMinor  given back on this day (already taken out of the other columns)
     */
    public record Day(LocalDate day, int sales, long servicesMinor, long productsMinor, long tipsMinor, long roundingMinor,
                      long refundsMinor, long discountsMinor) {
        public long totalMinor() {
            return servicesMinor + productsMinor + tipsMinor + roundingMinor;
        }
    }

    public record ByMethod(PaymentMethod method, long paidMinor, long refundedMinor) {
        public long netMinor() {
            return paidMinor - refundedMinor;
        }
    }

    /** @param masterId null: products nobody sold in particular, and the cash rounding */
    public record ByMaster(Long masterId, String masterName, long servicesMinor, long productsMinor, long tipsMinor,
                           long roundingMinor) {
        public long totalMinor() {
            return servicesMinor + productsMinor + tipsMinor + roundingMinor;
        }
    }

    public long totalMinor() {
        return days.stream().mapToLong(Day::totalMinor).sum();
    }
}
