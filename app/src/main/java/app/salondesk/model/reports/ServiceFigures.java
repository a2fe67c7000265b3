package app.salondesk.model.reports;

/**
 * One service's figures over a period, as migration 50's {@code report_services} defines them.
 *
 * @param serviceId null: custom bookings and service lines of no service
 */
public record ServiceFigures(Long serviceId, String name, int bookings, long servicesMinor) {
}
