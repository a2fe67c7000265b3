package app.salondesk.model.checkout;

/**
 * A line a checkout sells: a service as done (of a booking, or an extra one) or a product.
 *
 * @param bookingId      the booking it pays for (null for an extra service or a product)
 * @param serviceId      the service done (null: the booking's own, or a product)
 * @param masterId       who did it; for a product, who sold it (may be null)
 * @param listPriceMinor the catalogue's price, as the desk showed it (the database decides its own)
 * @param unitPriceMinor the price charged per unit
 * @param priceReason    why the price is not the list price (needed when it is not)
 */
public record CheckoutLine(LineKind kind, Long bookingId, Long serviceId, Long productId, Long masterId, String description,
                           int quantity, long listPriceMinor, long unitPriceMinor, String priceReason, Discount discount) {

    public CheckoutLine {
        description = description == null ? "" : description;
        priceReason = priceReason == null ? "" : priceReason;
        discount = discount == null ? Discount.NONE : discount;
    }

    public static CheckoutLine ofBooking(long bookingId, Long serviceId, long masterId, String description, long listPriceMinor) {
        return new CheckoutLine(LineKind.SERVICE, bookingId, serviceId, null, masterId, description, 1, listPriceMinor, listPriceMinor,
                "", Discount.NONE);
    }

    public static CheckoutLine service(long serviceId, long masterId, String description, long listPriceMinor) {
        return new CheckoutLine(LineKind.SERVICE, null, serviceId, null, masterId, description, 1, listPriceMinor, listPriceMinor,
                "", Discount.NONE);
    }

    public static CheckoutLine product(long productId, Long masterId, String description, int quantity, long listPriceMinor) {
        return new CheckoutLine(LineKind.PRODUCT, null, null, productId, masterId, description, quantity, listPriceMinor, listPriceMinor,
                "", Discount.NONE);
    }

    public CheckoutLine priced(long unitPriceMinor, String reason) {
        return new CheckoutLine(kind, bookingId, serviceId, productId, masterId, description, quantity, listPriceMinor, unitPriceMinor,
                reason, discount);
    }

    public CheckoutLine discounted(Discount d) {
        return new CheckoutLine(kind, bookingId, serviceId, productId, masterId, description, quantity, listPriceMinor, unitPriceMinor,
                priceReason, d);
    }

    public CheckoutLine times(int qty) {
        return new CheckoutLine(kind, bookingId, serviceId, productId, masterId, description, qty, listPriceMinor, unitPriceMinor,
                priceReason, discount);
    }

    public CheckoutLine by(Long master) {
        return new CheckoutLine(kind, bookingId, serviceId, productId, master, description, quantity, listPriceMinor, unitPriceMinor,
                priceReason, discount);
    }

    /** Quantity times the price. */
    public long gross() {
        return (long) quantity * unitPriceMinor;
    }
}
