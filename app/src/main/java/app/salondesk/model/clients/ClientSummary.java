package app.salondesk.model.clients;

/** A client as a search result lists it; {@code phone} is E.164 or null for a walk-in without one. */
public record ClientSummary(long id, String name, String phone) {
}
