package app.salondesk.online;

import java.math.BigDecimal;

/** A master bookable online for one service, with this master's length and price of it. */
public record OnlineMaster(long id, String name, int minutes, BigDecimal price) {
}
