package app.salondesk.logic.online;

import app.salondesk.model.online.OnlineMaster;
import app.salondesk.model.online.OnlineSalon;
import app.salondesk.model.online.OnlineService;

import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.LongSupplier;
import java.util.function.Supplier;

/**
 * What every page of a salon reads and a salon rarely changes — the salon and its online
 * settings, its services, who does each — kept for a few seconds, so that a page costs the
 * database its free-time search rather than five more queries (BENCHMARKS.md, figure 7). A
 * change at the desk shows on the page within {@code ttl}; nothing the page keeps decides
 * anything: a booking is still checked by the engine and the database (the salon open, the
 * master and service bookable, the cap), whatever the page showed.
 *
 * <p>Keys come from requests (a slug, a service id), so the cache is bounded: past
 * {@value #MAX_ENTRIES} entries it starts again empty. A zero {@code ttl} keeps nothing.
 */
final class OnlineCatalogue {

    static final int MAX_ENTRIES = 10_000;

    private record Key(String what, String slug, long tenant, long service) {
    }

    private record Kept(Object value, long until) {
    }

    private final OnlineRepository repository;
    private final long ttlNanos;
    private final LongSupplier nanoTime;
    private final ConcurrentHashMap<Key, Kept> kept = new ConcurrentHashMap<>();

    OnlineCatalogue(OnlineRepository repository, Duration ttl, LongSupplier nanoTime) {
        this.repository = repository;
        this.ttlNanos = ttl.toNanos();
        this.nanoTime = nanoTime;
    }

    Optional<OnlineSalon> bySlug(String slug) {
        return get(new Key("slug", slug, 0, 0), () -> repository.bySlug(slug));
    }

    Optional<OnlineSalon> byTenant(long tenantId) {
        return get(new Key("tenant", null, tenantId, 0), () -> repository.byTenant(tenantId));
    }

    List<OnlineService> services(long tenantId) {
        return get(new Key("services", null, tenantId, 0), () -> repository.services(tenantId));
    }

    List<OnlineMaster> masters(long tenantId, long serviceId) {
        return get(new Key("masters", null, tenantId, serviceId), () -> repository.masters(tenantId, serviceId));
    }

    int maxOpenPerPhone(long tenantId) {
        return get(new Key("cap", null, tenantId, 0), () -> repository.maxOpenPerPhone(tenantId));
    }

    /** How many answers are kept now. */
    int size() {
        return kept.size();
    }

    @SuppressWarnings("unchecked")
    private <T> T get(Key key, Supplier<T> read) {
        if (ttlNanos <= 0) {
            return read.get();
        }
        long now = nanoTime.getAsLong();
        Kept k = kept.get(key);
        if (k != null && now - k.until() < 0) {
            return (T) k.value();
        }
        // several pages may read the same thing at once when it runs out: each gets an answer
        // that was true a moment ago, which is all the page promises
        T value = read.get();
        if (kept.size() >= MAX_ENTRIES) {
            kept.clear();
        }
        kept.put(key, new Kept(value, now + ttlNanos));
        return value;
    }
}
