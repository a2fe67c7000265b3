package app.salondesk.model.staff;

import java.time.Instant;
import java.time.LocalTime;

/**
 * One working interval of a master on a salon day: its wall-clock times as the hours were typed
 * ({@code to} 24:00 is {@link LocalTime#MAX}), and the instants the database makes of them
 * ({@code master_hours}, migration 11) — the ones the rule book checks a booking against. The desk
 * shades and places with the instants: on a night the clocks change they are not what plain Java
 * makes of the wall-clock times (issue 30).
 */
public record WorkingTime(LocalTime from, LocalTime to, Instant start, Instant end) {
}
