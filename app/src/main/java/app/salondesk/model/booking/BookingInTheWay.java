package app.salondesk.model.booking;

/**
 * A booking that the salon's setup now contradicts: its master is inactive, or works other
 * hours, or is away at that time. It stays as it is — changing the setup never moves a
 * booking — until someone moves or cancels it through the engine.
 *
 * @param rule {@code master_inactive}, {@code outside_working_hours} or {@code master_time_off},
 *             the rule book's words (migration 11)
 */
public record BookingInTheWay(ScheduledBooking booking, String rule) {
}
