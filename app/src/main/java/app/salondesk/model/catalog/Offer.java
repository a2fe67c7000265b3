package app.salondesk.model.catalog;

import java.math.BigDecimal;

/**
 * That a master does a service, and, where it differs from the service's, how long it takes
 * with this master and what it costs (a senior stylist's haircut: 45 minutes, a higher price).
 *
 * @param durationMin the master's own length, or null for the service's
 * @param price       the master's own price, or null for the service's
 */
public record Offer(long masterId, long serviceId, Integer durationMin, BigDecimal price) {
}
