package app.salondesk.model.clients;

/** What the client card edits; {@code phone} is E.164 or null, {@code notes} never null. */
public record ClientDetails(long id, String name, String phone, String notes) {
}
