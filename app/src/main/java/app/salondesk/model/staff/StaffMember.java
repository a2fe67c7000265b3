package app.salondesk.model.staff;

/** A login of the salon's staff: who, in which role, still able to sign in or not. */
public record StaffMember(long tenantId, String login, String displayName, String role, boolean active) {
}
