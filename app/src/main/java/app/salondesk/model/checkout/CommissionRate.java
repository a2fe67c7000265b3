package app.salondesk.model.checkout;

import java.math.BigDecimal;
import java.util.Locale;

/**
 * A master's commission rate on one service, a service category, every other service, one product,
 * or every other product: a percentage of the line's amount after discounts, or a fixed amount per
 * unit. The most particular rate that applies is used; a sale keeps the commission it was sold with.
 *
 * @param target the service's or product's name, or the category (empty for the whole scope)
 */
public record CommissionRate(long id, long masterId, Scope scope, Long serviceId, String category, Long productId,
                             String target, BigDecimal percent, Long fixedMinor) {

    public enum Scope {
        SERVICE, CATEGORY, SERVICES, PRODUCT, PRODUCTS;

        public String dbValue() {
            return name().toLowerCase(Locale.ROOT);
        }

        public static Scope fromDb(String value) {
            return valueOf(value.toUpperCase(Locale.ROOT));
        }
    }
}
