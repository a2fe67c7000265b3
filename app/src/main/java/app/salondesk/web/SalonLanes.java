package app.salondesk.web;

import app.salondesk.logic.online.OnlineDesk;
import app.salondesk.model.online.OnlineBooking;
import app.salondesk.model.online.OnlineMaster;
import app.salondesk.model.online.OnlineOutcome;
import app.salondesk.model.online.OnlineRequest;
import app.salondesk.model.online.OnlineSalon;
import app.salondesk.model.online.OnlineService;
import app.salondesk.model.online.OnlineTime;
import app.salondesk.model.online.OnlineWaitRequest;

import java.time.Duration;
import java.time.LocalDate;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;

/**
 * Each salon's lane to the database (issue 29, item 5): {@code serve} has one pool of a few
 * connections and a few dozen threads for every salon, so without lanes one salon's rush — its
 * bookings held up by a lock, its free times asked by a crowd — took every connection, and
 * another salon's page waited behind it. Here every question of a salon's page runs in that
 * salon's lane: at most {@code perSalon} at once, at most {@code waiting} more waiting up to
 * {@code wait} for a place; any beyond is answered "busy, try again" at once ({@link Busy}, a 503
 * page), without a thread or a connection held for it. One salon then holds at most
 * {@code perSalon} connections and {@code perSalon + waiting} threads, whatever it is asked.
 *
 * <p>The two questions that name no salon yet — a page's address ({@link #salon}, kept for a few
 * seconds by the catalogue, so most pages ask nothing) and a private link ({@link #booking}) — are
 * one indexed read each that waits for no lock: they run outside the lanes, bounded by the rate
 * limits per address and the statement timeout; a lane of their own shared by every salon would
 * answer "busy" to one salon because of another's visitors. Cancelling by link waits for the
 * master's lock: it runs in the lane of the link's salon. A lane is made on first use and never
 * removed: there is one per salon.
 */
final class SalonLanes implements OnlineDesk {

    /** Answered "busy, try again": the salon's lane is full. The web server shows its 503 page. */
    static final class Busy extends RuntimeException {
        Busy(long tenant) {
            super("the lane of salon " + tenant + " is full", null, false, false);
        }
    }

    private record Lane(Semaphore places, AtomicInteger waiting) {
    }

    private final OnlineDesk desk;
    private final int perSalon;
    private final int waitingPerSalon;
    private final long waitNanos;
    private final ConcurrentHashMap<Long, Lane> lanes = new ConcurrentHashMap<>();

    SalonLanes(OnlineDesk desk, int perSalon, int waitingPerSalon, Duration wait) {
        if (perSalon < 1 || waitingPerSalon < 0) {
            throw new IllegalArgumentException("a salon's lane needs a place at least: " + perSalon + ", " + waitingPerSalon);
        }
        this.desk = desk;
        this.perSalon = perSalon;
        this.waitingPerSalon = waitingPerSalon;
        this.waitNanos = wait.toNanos();
    }

    /** Runs {@code work} in the salon's lane, or throws {@link Busy} when the lane is full. */
    private <T> T in(long tenant, Supplier<T> work) {
        Lane lane = lanes.computeIfAbsent(tenant, t -> new Lane(new Semaphore(perSalon, true), new AtomicInteger()));
        if (!lane.places().tryAcquire()) {
            if (lane.waiting().incrementAndGet() > waitingPerSalon) {
                lane.waiting().decrementAndGet();
                throw new Busy(tenant);
            }
            boolean got;
            try {
                got = lane.places().tryAcquire(waitNanos, TimeUnit.NANOSECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new Busy(tenant);
            } finally {
                lane.waiting().decrementAndGet();
            }
            if (!got) {
                throw new Busy(tenant);
            }
        }
        try {
            return work.get();
        } finally {
            lane.places().release();
        }
    }

    /** How many of the salon's questions run now (tests; 0 for a salon not asked yet). */
    int running(long tenant) {
        Lane lane = lanes.get(tenant);
        return lane == null ? 0 : perSalon - lane.places().availablePermits();
    }

    @Override
    public Optional<OnlineSalon> salon(String slug) {
        return desk.salon(slug);
    }

    @Override
    public List<OnlineService> services(long tenantId) {
        return in(tenantId, () -> desk.services(tenantId));
    }

    @Override
    public List<OnlineMaster> masters(long tenantId, long serviceId) {
        return in(tenantId, () -> desk.masters(tenantId, serviceId));
    }

    @Override
    public List<OnlineTime> freeTimes(long tenantId, long serviceId, Long masterId, LocalDate day) {
        return in(tenantId, () -> desk.freeTimes(tenantId, serviceId, masterId, day));
    }

    @Override
    public List<app.salondesk.model.online.OnlineConsentForm> consentForms(long tenantId, long serviceId, String language) {
        return in(tenantId, () -> desk.consentForms(tenantId, serviceId, language));
    }

    @Override
    public OnlineOutcome book(OnlineRequest request) {
        return in(request.tenantId(), () -> desk.book(request));
    }

    @Override
    public Optional<OnlineBooking> booking(String token) {
        return desk.booking(token);
    }

    @Override
    public CancelOutcome cancel(String token) {
        // the cancellation waits for the master's lock: in the lane of the link's salon
        Optional<OnlineBooking> b = booking(token);
        if (b.isEmpty()) {
            return CancelOutcome.NOT_FOUND;
        }
        return in(b.get().salon().tenantId(), () -> desk.cancel(token));
    }

    @Override
    public app.salondesk.model.online.LinkMoveOutcome moveByLink(app.salondesk.model.online.LinkMove move) {
        // the move waits for the masters' locks: in the lane of the link's salon
        return in(move.tenantId(), () -> desk.moveByLink(move));
    }

    @Override
    public WaitOutcome joinWaitlist(OnlineWaitRequest request) {
        return in(request.tenantId(), () -> desk.joinWaitlist(request));
    }
}
