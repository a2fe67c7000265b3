package app.salondesk.web;

import java.time.Clock;
import java.util.Iterator;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * A small in-memory token bucket per key (a client address, a phone number): {@code capacity}
 * requests at once, then one more every {@code refillMillis}. It lives in this process only,
 * so several {@code serve} processes behind one address each count on their own, and a restart
 * forgets everything: a brake on abuse, not an accounting. The map is bounded: past
 * {@code maxKeys} the buckets that are full again (idle keys) are dropped first, and if every
 * key is busy the map is cleared rather than grow without end.
 */
final class RateLimiter {

    private final int capacity;
    private final long refillMillis;
    private final int maxKeys;
    private final Clock clock;
    private final Map<String, Bucket> buckets = new ConcurrentHashMap<>();

    RateLimiter(int capacity, long refillMillis, int maxKeys, Clock clock) {
        if (capacity < 1 || refillMillis < 1) {
            throw new IllegalArgumentException("capacity and refill must be positive");
        }
        this.capacity = capacity;
        this.refillMillis = refillMillis;
        this.maxKeys = maxKeys;
        this.clock = clock;
    }

    /** Takes one token for the key; false when its bucket is empty (the request is refused). */
    boolean tryAcquire(String key) {
        if (buckets.size() >= maxKeys && !buckets.containsKey(key)) {
            evict();
        }
        long now = clock.millis();
        Bucket b = buckets.computeIfAbsent(key, k -> new Bucket(capacity, now));
        synchronized (b) {
            b.refill(now, capacity, refillMillis);
            if (b.tokens == 0) {
                return false;
            }
            b.tokens--;
            return true;
        }
    }

    /** Seconds until the key has a token again (for Retry-After). */
    long secondsUntilNext() {
        return Math.max(1, (refillMillis + 999) / 1000);
    }

    /** How many keys it remembers now (bounded by {@code maxKeys}). */
    int keys() {
        return buckets.size();
    }

    private void evict() {
        long now = clock.millis();
        for (Iterator<Bucket> it = buckets.values().iterator(); it.hasNext(); ) {
            Bucket b = it.next();
            synchronized (b) {
                b.refill(now, capacity, refillMillis);
                if (b.tokens == capacity) {
                    it.remove();
                }
            }
        }
        if (buckets.size() >= maxKeys) {
            buckets.clear();
        }
    }

    private static final class Bucket {
        int tokens;
        long last;

        Bucket(int tokens, long now) {
            this.tokens = tokens;
            this.last = now;
        }

        void refill(long now, int capacity, long refillMillis) {
            long earned = (now - last) / refillMillis;
            if (earned > 0) {
                tokens = (int) Math.min(capacity, tokens + earned);
                last += earned * refillMillis;
                if (tokens == capacity) {
                    last = now;
                }
            }
        }
    }
}
