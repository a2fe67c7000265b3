package app.salondesk.model.catalog;

import java.math.BigDecimal;

/** Something the salon sells: a haircut, a manicure… with its usual duration and price. */
public record Service(long id, String name, int durationMin, BigDecimal price) {
}
