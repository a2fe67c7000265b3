package app.salondesk.model.checkout;

import java.time.Instant;

/** A change of a product's stock: a delivery, an adjustment with its reason, a sale, a void. */
public record StockMove(long id, long productId, Instant at, String by, int delta, String kind, String reason, Long saleId) {
}
