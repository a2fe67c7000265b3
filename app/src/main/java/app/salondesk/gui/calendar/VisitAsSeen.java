package app.salondesk.gui.calendar;

import app.salondesk.model.booking.Booking;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * The parts of a visit at the versions the person saw when the desk asked "move the whole
 * visit?" (issue 30): a whole-visit move checks these, so a part another desk moved meanwhile is
 * "changed by someone else", never moved a second time. A part on screen counts at the version its
 * entry shows; a part not on screen (another master filtered out, another day) at the version
 * read while the question was asked — never one read when the move is sent. No JavaFX.
 */
final class VisitAsSeen {

    /** How long a move waits for the read begun when the question was asked. */
    private static final long READ_WAIT_SECONDS = 20;

    private final long visitId;
    private final Map<Long, Integer> shown;
    private final CompletableFuture<List<Booking>> read;

    /**
     * @param shown the versions of the visit's parts on screen (the dragged one's from its entry)
     * @param read  the visit's parts, as read when the question was asked (begun then, off the FX thread)
     */
    VisitAsSeen(long visitId, Map<Long, Integer> shown, CompletableFuture<List<Booking>> read) {
        this.visitId = visitId;
        this.shown = Map.copyOf(shown);
        this.read = read;
    }

    long visitId() {
        return visitId;
    }

    /**
     * Every part's version to check: as shown, else as read at the question. Off the FX thread: it
     * may wait for that read.
     *
     * @throws IllegalStateException when the read failed or took too long (the move is not sent)
     */
    Map<Long, Integer> versions() {
        List<Booking> parts;
        try {
            parts = read.get(READ_WAIT_SECONDS, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while the visit's parts were read", e);
        } catch (ExecutionException | TimeoutException e) {
            throw new IllegalStateException("the visit's parts could not be read", e);
        }
        Map<Long, Integer> versions = new HashMap<>();
        for (Booking b : parts) {
            versions.put(b.id(), b.version());
        }
        versions.putAll(shown);
        return versions;
    }
}
