package app.salondesk.logic.booking;

import app.salondesk.model.booking.FreeSlot;
import org.jooq.DSLContext;
import org.jooq.exception.DataAccessException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Duration;
import java.time.Instant;
import java.util.List;

/**
 * A loser's nearest free starts (ADR 5): asked after the write's transaction has ended, without
 * the masters' locks ({@link WriteProtocol.Attempt#afterCommit}), on a connection of their own;
 * shared for a moment between losers of the same question on a server facing a crowd
 * ({@link SharedOffers}). If the database cannot answer now the loser still hears "taken",
 * without offers: the time is taken whatever the search says.
 */
final class NearestFree {

    private static final Logger log = LoggerFactory.getLogger(NearestFree.class);

    static final int SLOT_STEP_MIN = 15;
    static final int SLOTS_PER_GROUP = 3;

    /** The nearest-free-times question of a loser: the wished start, length, master and service. */
    record Question(long tenantId, int minutes, Instant wished, long masterId, Long serviceId, Long excludeId) {
    }

    private final DSLContext dsl;
    private final SharedOffers offers;

    /** @param shared how long losers of the same time share one search; zero: each searches its own */
    NearestFree(DSLContext dsl, Duration shared) {
        this.dsl = dsl;
        this.offers = shared.isZero() ? null : new SharedOffers(shared, System::nanoTime);
    }

    List<FreeSlot> find(Question q) {
        try {
            if (offers != null && q.excludeId() == null) {
                return offers.get(q, () -> search(q));
            }
            return search(q);
        } catch (DataAccessException e) {
            log.warn("the time was taken; its nearest free times could not be searched", e);
            return List.of();
        }
    }

    private List<FreeSlot> search(Question q) {
        return FreeSlotFinder.find(dsl, FreeSlotFinder.Question.nearest(q.tenantId(), q.minutes(), q.wished(), q.masterId(),
                q.serviceId(), q.excludeId(), SLOT_STEP_MIN, SLOTS_PER_GROUP));
    }
}
