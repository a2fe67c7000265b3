package app.salondesk.model.clients;

import java.time.Instant;

/**
 * A signed consent (issue 36): the title and text exactly as they were when signed, the client's typed
 * name and tick, when, and who recorded it.
 */
public record ConsentSignature(long id, long templateId, Long bookingId, String language, String title, String signedText,
                               String typedName, Instant signedAt, String recordedBy) {
}
