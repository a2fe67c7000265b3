package app.salondesk.model.clients;

import java.time.Instant;

/**
 * A photo on the card, as the card lists it: its thumbnail's JPEG bytes (the full picture is read when
 * opened), its size, kind and the visit it is of (null: of the client).
 */
public record ClientPhoto(long id, Long bookingId, PhotoKind kind, byte[] thumbnail, int width, int height, String caption,
                          Instant createdAt, String createdBy) {
}
