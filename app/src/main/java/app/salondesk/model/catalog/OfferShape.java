package app.salondesk.model.catalog;

import java.util.List;
import java.util.Set;

/**
 * How a master's service runs, as a booking of it would be made (migration 17's
 * {@code booking_shape}): the client's minutes (her own length, else the service's), her phases of
 * it fitted to those minutes — signed: positive while she works, negative while the colour takes
 * and she is free; empty for one busy phase — her cleanup after, and the rooms and equipment it
 * holds (migration 19, active ones). The desk's forms read it to say what a booking is and when a
 * visit's next part starts; the database decides.
 */
public record OfferShape(long masterId, long serviceId, int minutes, List<Integer> phases, int cleanupMin, Set<Long> resources) {

    public OfferShape {
        phases = phases == null ? List.of() : List.copyOf(phases);
        resources = resources == null ? Set.of() : Set.copyOf(resources);
    }

    /** The minutes of it during which the client waits and the master is free (0 without processing time). */
    public int processingMin() {
        return phases.stream().filter(m -> m < 0).mapToInt(m -> -m).sum();
    }
}
