package app.salondesk.model.catalog;

import java.math.BigDecimal;

/** A service as the setup screens show it: its category, its defaults, whether it is still sold. */
public record ServiceDetails(long id, String name, String category, int durationMin, BigDecimal price, boolean active) {
}
