package app.salondesk.model.reports;

import java.time.Instant;
import java.time.LocalDate;

/** A booking behind a figure, as the drill-down lists it. */
public record BookingRow(long bookingId, LocalDate day, Instant startsAt, String master, String client, String service, String status,
                         String road) {
}
