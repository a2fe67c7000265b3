package app.salondesk.gui.clients;

import app.salondesk.model.booking.BookingStatus;

/**
 * One line of the card's visit list, already in the words and the time zone the user reads:
 * date and time in the salon's zone, service and status from the bundles, the price in the
 * salon's currency as the user's language writes money ("" for a custom booking).
 */
public record VisitRow(long bookingId, String date, String time, String master, String service, String price, String statusText,
                       BookingStatus status, boolean upcoming) {
}
