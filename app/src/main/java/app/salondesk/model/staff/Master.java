package app.salondesk.model.staff;

/** A master (stylist, nail or brow artist…) whose time the salon books. */
public record Master(long id, String name, String colour, int sortOrder) {
}
