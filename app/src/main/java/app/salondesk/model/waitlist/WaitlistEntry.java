package app.salondesk.model.waitlist;

import java.time.Instant;
import java.time.LocalDate;
import java.util.UUID;

/**
 * One entry of a salon's waitlist, as the desk shows it: who waits (with the client's name and
 * phone), for what (service or minutes), with whom ({@code masterId} null: any master), on which
 * days and in which part of them, since when ({@code createdAt}: first come, first served), and
 * what became of it. {@code requestId} is the request id of the booking made for it: a booking
 * made by hand for the entry (from an offer, "book now") must use it, and only that booking can
 * fulfil the entry (migration 14).
 */
public record WaitlistEntry(long id, long tenantId, long clientId, String clientName, String clientPhone,
                            Long serviceId, String serviceName, Integer durationMin, Long masterId, String masterName,
                            LocalDate from, LocalDate to, DailyWindow window, String note, WaitlistState state,
                            String source, Instant createdAt, Instant expiresAt, Long bookingId,
                            Long offeredMasterId, Instant offeredStart, UUID requestId) {

    /** Any active master who does the service will do. */
    public boolean anyMaster() {
        return masterId == null;
    }
}
