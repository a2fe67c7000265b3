package app.salondesk.model.online;

import java.math.BigDecimal;
import java.time.Instant;

/**
 * A booking as its client sees it behind the private link (and on the confirmation page):
 * nothing of other clients, nothing the salon keeps for itself.
 *
 * @param clientName  the name typed on the page when it was booked — never the name the salon
 *                    keeps for the phone, which may be another person's (issue 29); null for a
 *                    booking made before the typed name was kept
 *
 * @param token       the private link's secret (unguessable; the link is the only key)
 * @param status      the booking's status as the database writes it (pending, confirmed, cancelled…)
 * @param cancellable whether the salon's cut-off still allows cancelling it online
 */
public record OnlineBooking(String token, long bookingId, OnlineSalon salon, String serviceName, String masterName,
                            Instant start, int minutes, BigDecimal price, String clientName, String status,
                            boolean cancellable) {
}
