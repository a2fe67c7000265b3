package app.salondesk.model.checkout;

/** A product the salon sells: its price in minor units, how many are in stock, and when that is low. */
public record Product(long id, String name, String category, long priceMinor, int stock, int lowStock, boolean active) {

    public boolean low() {
        return active && stock <= lowStock;
    }
}
