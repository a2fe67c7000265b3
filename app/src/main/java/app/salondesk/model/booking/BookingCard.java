package app.salondesk.model.booking;

/**
 * A booking with what a person reads beside it: its client (name, phone; the phone may be null),
 * master, service (null for a custom booking) and the visit it is a part of (null for none).
 */
public record BookingCard(Booking booking, String clientName, String clientPhone, String masterName, String serviceName, Long visitId) {
}
