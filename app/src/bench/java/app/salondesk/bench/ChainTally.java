package app.salondesk.bench;

import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAccumulator;

/**
 * Every answer a storm's desks and web clients were given (issue 19, {@link ChainStorm}): the
 * final answer of each request id, the "try again" answers on the way to it, and the first
 * booking answered after the cluster was hit — what the checks against the database compare.
 */
final class ChainTally {

    /** How a request ended for the person who sent it. */
    enum Final { BOOKED, TAKEN, INVALID, GAVE_UP }

    record Answer(Final kind, long bookingId, boolean web) {
    }

    final Map<UUID, Answer> answers = new ConcurrentHashMap<>();
    final Map<String, AtomicLong> retries = new ConcurrentHashMap<>();
    final AtomicLong errors = new AtomicLong();
    /** When the cluster was hit (System.nanoTime), 0 before. */
    volatile long hitAt;
    /** The first "booked" of an attempt that started after the hit: its answer's time, and the road. */
    private final LongAccumulator firstBookedAfterHit = new LongAccumulator(Math::min, Long.MAX_VALUE);
    private final LongAccumulator firstWebBookedAfterHit = new LongAccumulator(Math::min, Long.MAX_VALUE);

    /** When each desk booking was answered (System.nanoTime), for the longest gap between two. */
    private final java.util.Queue<Long> deskBookedAt = new java.util.concurrent.ConcurrentLinkedQueue<>();

    void answered(UUID requestId, Final kind, long bookingId, boolean web, long attemptStartedAt) {
        answers.put(requestId, new Answer(kind, bookingId, web));
        if (kind == Final.BOOKED && !web) {
            deskBookedAt.add(System.nanoTime());
        }
        long hit = hitAt;
        if (kind == Final.BOOKED && hit != 0 && attemptStartedAt >= hit) {
            (web ? firstWebBookedAfterHit : firstBookedAfterHit).accumulate(System.nanoTime());
        }
    }

    void retried(String why) {
        retries.computeIfAbsent(why, k -> new AtomicLong()).incrementAndGet();
    }

    long count(Final kind) {
        return answers.values().stream().filter(a -> a.kind() == kind).count();
    }

    long count(Final kind, boolean web) {
        return answers.values().stream().filter(a -> a.kind() == kind && a.web() == web).count();
    }

    /** Milliseconds from the hit to the first desk booking after it; -1 if none. */
    long pauseMs() {
        return pause(firstBookedAfterHit.get());
    }

    long webPauseMs() {
        return pause(firstWebBookedAfterHit.get());
    }

    /**
     * The longest time, from 5 s before the hit on, between two desk bookings answered "booked"
     * one after the other: how long the desks could not book (a switchover's pause, when
     * bookings on the old primary go on for a moment after it started).
     */
    long longestGapMs() {
        long from = hitAt - 5_000_000_000L;
        long[] times = deskBookedAt.stream().mapToLong(Long::longValue).filter(t -> t >= from).sorted().toArray();
        long gap = 0;
        for (int i = 1; i < times.length; i++) {
            gap = Math.max(gap, times[i] - times[i - 1]);
        }
        return gap / 1_000_000;
    }

    boolean bookedSinceHit() {
        return firstBookedAfterHit.get() != Long.MAX_VALUE;
    }

    private long pause(long first) {
        return first == Long.MAX_VALUE || hitAt == 0 ? -1 : (first - hitAt) / 1_000_000;
    }

    String retriesText() {
        StringBuilder b = new StringBuilder();
        retries.entrySet().stream().sorted(Map.Entry.comparingByKey())
                .forEach(e -> b.append(b.isEmpty() ? "" : ",").append(e.getKey()).append(':').append(e.getValue().get()));
        return b.isEmpty() ? "none" : b.toString();
    }
}
