package app.salondesk.logic.booking;

import app.salondesk.model.booking.FreeSlot;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.LongSupplier;
import java.util.function.Supplier;

/**
 * The nearest free times of losers who lost the same time, searched once (ADR 5, release day):
 * when a popular master opens her calendar, hundreds of clients lose the same few starts at
 * once, and each loser's offers are three finder statements. Losers asking the same question
 * (salon, master, length, wished start, service) within {@code ttl} share one search — the
 * ones arriving while it runs wait for it rather than start their own. Offers are advice: the
 * client books one through the engine again, under the lock, with every check; a shared
 * answer is at most {@code ttl} older than a fresh one, which is older by the time anyone taps.
 * A failed search is not kept. Bounded: past {@value #MAX_QUESTIONS} questions it starts again.
 */
final class SharedOffers {

    static final int MAX_QUESTIONS = 1_000;

    private record Kept(CompletableFuture<List<FreeSlot>> answer, long since) {
    }

    private final long ttlNanos;
    private final LongSupplier nanoTime;
    private final ConcurrentHashMap<Object, Kept> kept = new ConcurrentHashMap<>();

    SharedOffers(Duration ttl, LongSupplier nanoTime) {
        this.ttlNanos = ttl.toNanos();
        this.nanoTime = nanoTime;
    }

    List<FreeSlot> get(Object question, Supplier<List<FreeSlot>> search) {
        long now = nanoTime.getAsLong();
        CompletableFuture<List<FreeSlot>> mine = new CompletableFuture<>();
        Kept fresh = new Kept(mine, now);
        Kept k = kept.compute(question, (q, old) -> old != null && now - old.since() < ttlNanos
                && !old.answer().isCompletedExceptionally() ? old : fresh);
        if (k != fresh) {
            try {
                return k.answer().join();
            } catch (java.util.concurrent.CompletionException e) {
                // the search this one waited for failed: as if it had failed itself
                throw e.getCause() instanceof RuntimeException r ? r : e;
            }
        }
        if (kept.size() > MAX_QUESTIONS) {
            kept.entrySet().removeIf(e -> e.getValue() != fresh);
        }
        try {
            List<FreeSlot> slots = List.copyOf(search.get());
            mine.complete(slots);
            return slots;
        } catch (RuntimeException e) {
            mine.completeExceptionally(e);
            kept.remove(question, fresh);
            throw e;
        }
    }
}
