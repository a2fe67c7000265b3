package app.salondesk.logic.booking;

import app.salondesk.model.booking.FreeSlot;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** Losers of one time share one search for their offers, for a moment, and never a failure. */
class SharedOffersTest {

    private static final List<FreeSlot> SLOTS = List.of(new FreeSlot(1, "Anna", Instant.parse("2030-01-07T09:00:00Z"), true));

    @Test
    void askersOfTheSameQuestionWhileItIsSearchedWaitForThatSearch() throws Exception {
        SharedOffers offers = new SharedOffers(Duration.ofSeconds(1), System::nanoTime);
        AtomicInteger searches = new AtomicInteger();
        CountDownLatch searching = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        ExecutorService two = Executors.newFixedThreadPool(2);
        try {
            Future<List<FreeSlot>> first = two.submit(() -> offers.get("q", () -> {
                searches.incrementAndGet();
                searching.countDown();
                await(release);
                return SLOTS;
            }));
            searching.await(5, TimeUnit.SECONDS);
            Future<List<FreeSlot>> second = two.submit(() -> offers.get("q", () -> {
                searches.incrementAndGet();
                return List.of();
            }));
            release.countDown();
            assertEquals(SLOTS, first.get(5, TimeUnit.SECONDS));
            assertEquals(SLOTS, second.get(5, TimeUnit.SECONDS));
            assertEquals(1, searches.get(), "one search for both losers");
        } finally {
            two.shutdownNow();
        }
    }

    @Test
    void anAnswerIsSharedForItsTimeOnlyAndOtherQuestionsAreSearchedApart() {
        long[] now = {0};
        SharedOffers offers = new SharedOffers(Duration.ofMillis(500), () -> now[0]);
        AtomicInteger searches = new AtomicInteger();
        List<FreeSlot> a = offers.get("q", () -> {
            searches.incrementAndGet();
            return SLOTS;
        });
        now[0] += Duration.ofMillis(499).toNanos();
        assertSame(a, offers.get("q", () -> {
            searches.incrementAndGet();
            return List.of();
        }));
        assertEquals(List.of(), offers.get("other", () -> {
            searches.incrementAndGet();
            return List.of();
        }));
        now[0] += Duration.ofMillis(2).toNanos();
        assertEquals(List.of(), offers.get("q", () -> {
            searches.incrementAndGet();
            return List.of();
        }), "searched again once its time is over");
        assertEquals(3, searches.get());
    }

    @Test
    void aFailedSearchIsNotKept() {
        SharedOffers offers = new SharedOffers(Duration.ofMinutes(1), System::nanoTime);
        assertThrows(IllegalStateException.class, () -> offers.get("q", () -> {
            throw new IllegalStateException("connection lost");
        }));
        assertEquals(SLOTS, offers.get("q", () -> SLOTS), "the next loser searches afresh");
    }

    private static void await(CountDownLatch latch) {
        try {
            latch.await(5, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
