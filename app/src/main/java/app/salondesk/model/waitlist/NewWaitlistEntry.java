package app.salondesk.model.waitlist;

import java.time.LocalDate;

/**
 * A client asking to wait for a time: who (an existing {@code clientId}, else a name and phone
 * that find the client by phone or make a new one, as the booking form does), what (a service,
 * whose length with each master counts, or a length in minutes — exactly one), with whom
 * ({@code masterId}, or null for any master who does the service), on which salon days
 * ({@code from}..{@code to}, at most {@value WaitlistRepository#MAX_RANGE_DAYS} days apart) and in
 * which part of them ({@code window}).
 */
public record NewWaitlistEntry(long tenantId, Long clientId, String clientName, String phone, Long serviceId,
                               Integer durationMin, Long masterId, LocalDate from, LocalDate to, DailyWindow window,
                               String note) {

    /** For a client the salon knows already. */
    public static NewWaitlistEntry forClient(long tenantId, long clientId, Long serviceId, Integer durationMin, Long masterId,
                                             LocalDate from, LocalDate to, DailyWindow window) {
        return new NewWaitlistEntry(tenantId, clientId, null, null, serviceId, durationMin, masterId, from, to, window, "");
    }
}
