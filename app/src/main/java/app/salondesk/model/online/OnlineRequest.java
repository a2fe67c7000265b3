package app.salondesk.model.online;

import java.time.Instant;
import java.util.UUID;

/**
 * A client's booking as the page sends it, already parsed (the web road checks sizes and
 * shapes; the engine and the database check the rules). {@code requestId} was made when the
 * page was rendered, so a double tap, a refresh after POST or a retry makes one booking.
 *
 * @param phone as the client typed it; read for the salon's country
 * @param email optional, may be blank
 * @param note  optional, may be blank
 * @param consent the consent forms signed on the page (issue 36); {@link OnlineConsent#NONE} when none was shown
 */
public record OnlineRequest(long tenantId, long serviceId, long masterId, Instant start,
                            String name, String phone, String email, String note, UUID requestId, OnlineConsent consent) {

    public OnlineRequest {
        consent = consent == null ? OnlineConsent.NONE : consent;
    }

    /** A request for a service without consent forms. */
    public OnlineRequest(long tenantId, long serviceId, long masterId, Instant start,
                         String name, String phone, String email, String note, UUID requestId) {
        this(tenantId, serviceId, masterId, start, name, phone, email, note, requestId, OnlineConsent.NONE);
    }
}
