package app.salondesk.model.staff;

/** A master as the setup screens show it, active or not. */
public record MasterDetails(long id, String name, String colour, int sortOrder, boolean active) {
}
