package app.salondesk.model.online;

import java.math.BigDecimal;

/**
 * A master bookable online for one service, with this master's length and price of it; the
 * length is the client's stay, {@code processing} the minutes of it the master is free.
 */
public record OnlineMaster(long id, String name, int minutes, BigDecimal price, int processing) {
}
