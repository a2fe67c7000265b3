package app.salondesk.model.checkout;

import java.time.Instant;
import java.time.LocalDate;
import java.util.Currency;

/**
 * A sale as lists show it.
 *
 * @param refundedMinor what was given back of it so far
 * @param voided        whether it was voided (then it counts nowhere)
 */
public record SaleSummary(long id, Instant soldAt, LocalDate day, Currency currency, Long clientId, String clientName,
                          long totalMinor, long refundedMinor, boolean voided, String soldBy) {
}
