package app.salondesk.model.reports;

/** A salon a login may see the figures of. */
public record SalonRef(long id, String name, String currency) {
}
