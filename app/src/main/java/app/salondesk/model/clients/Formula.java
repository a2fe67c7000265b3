package app.salondesk.model.clients;

import java.time.Instant;

/**
 * One line of a visit's colour formula (issue 36): what was mixed and where it went, as the next
 * colourist repeats it. {@code bookingStart} is when the visit was (null where it is not read).
 */
public record Formula(long id, long bookingId, Instant bookingStart, FormulaLine line, Instant createdAt, String createdBy) {
}
