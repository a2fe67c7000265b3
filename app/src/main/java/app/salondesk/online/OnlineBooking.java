package app.salondesk.online;

import java.math.BigDecimal;
import java.time.Instant;

/**
 * A booking as its client sees it behind the private link (and on the confirmation page):
 * nothing of other clients, nothing the salon keeps for itself.
 *
 * @param token       the private link's secret (unguessable; the link is the only key)
 * @param status      the booking's status as the database writes it (pending, confirmed, cancelled…)
 * @param cancellable whether the salon's cut-off still allows cancelling it online
 */
public record OnlineBooking(String token, long bookingId, OnlineSalon salon, String serviceName, String masterName,
                            Instant start, int minutes, BigDecimal price, String clientName, String status,
                            boolean cancellable) {
}
