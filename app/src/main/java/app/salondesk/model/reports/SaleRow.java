package app.salondesk.model.reports;

import java.time.Instant;
import java.time.LocalDate;

/** A sale behind the revenue figures, as the drill-down lists it. */
public record SaleRow(long saleId, LocalDate day, Instant soldAt, String client, long totalMinor, long tipsMinor) {
}
