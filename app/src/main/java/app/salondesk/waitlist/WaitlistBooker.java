package app.salondesk.waitlist;

import app.salondesk.booking.BookingEngine;
import app.salondesk.booking.BookingOutcome;
import app.salondesk.booking.BookingStatus;
import app.salondesk.booking.NewBooking;
import app.salondesk.booking.Source;
import app.salondesk.waitlist.FreeTimes.FreeTime;
import org.jooq.Condition;
import org.jooq.DSLContext;
import org.jooq.Record;
import org.jooq.exception.DataAccessException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.UUID;

import static app.salondesk.jooq.Tables.WAITLIST_ENTRIES;

/**
 * Gives free time to waiting entries, first come first served — the waitlist worker's work
 * without its threads, so tests and tools can run a pass synchronously. See
 * docs/decisions/0013-the-waitlist-worker-claims-with-skip-locked.md. For one entry, in ONE
 * transaction:
 * <ol>
 *   <li><b>claim</b> it: {@code SELECT … FOR UPDATE SKIP LOCKED} where it is still waiting. An
 *       entry another worker holds is skipped at once (no worker waits for another); the row
 *       lock is the claim, so a worker that dies lets go of it with its connection;</li>
 *   <li>find its free times ({@link FreeTimes}: the rule book decides, earliest first);</li>
 *   <li><b>book</b> the first through {@link BookingEngine} — source waitlist, status pending,
 *       request id the entry's own — whose transaction becomes a savepoint of this one: the same
 *       named master lock, 5 s lock_timeout, rule book, exclusion constraint as every road;</li>
 *   <li>mark the entry fulfilled with that booking, and commit: booking and fulfilment land
 *       together or not at all. A crash before the commit writes neither; a lost answer to the
 *       commit finds the entry fulfilled next time; and the entry's request id could only ever
 *       make one booking anyway.</li>
 * </ol>
 * Anything else — no free time, "taken" by a faster writer, "try again" after 5 s on a held
 * lock, a refusal — leaves the entry waiting, with nothing written. In "propose only" mode the
 * first free time is recorded as an offer instead of booked.
 */
public final class WaitlistBooker {

    private static final Logger log = LoggerFactory.getLogger(WaitlistBooker.class);
    /** Free times tried per entry and pass: more than one, for a writer faster than us. */
    static final int TRIES_PER_ENTRY = 3;

    /** What happened to one entry. */
    public enum Attempt {
        /** Booked (pending): {@link Result#bookingId()}. */
        FULFILLED,
        /** A free time was proposed (the salon's rules say "propose only"). */
        OFFERED,
        /** No free time for it now; it waits on. */
        NOTHING_FREE,
        /** The master's lock stayed held for the whole 5 s: it waits on, the next pass tries again. */
        BUSY,
        /** Another worker holds it right now. */
        HELD_ELSEWHERE,
        /** It is not waiting any more (fulfilled, offered, removed, expired) or does not exist. */
        NOT_WAITING,
        /** The salon's waitlist is switched off. */
        WAITLIST_OFF
    }

    public record Result(long entryId, Attempt attempt, Long bookingId) {
    }

    /** What a pass did; {@code heldElsewhere}: it stopped at an older entry another worker holds. */
    public record Pass(List<Result> results, boolean heldElsewhere) {
        public long fulfilled() {
            return results.stream().filter(r -> r.attempt() == Attempt.FULFILLED).count();
        }
    }

    private final DSLContext dsl;

    public WaitlistBooker(DSLContext dsl) {
        this.dsl = dsl;
    }

    /** Expires what is over, then tries every waiting entry of the salon, oldest first. */
    public Pass sweep(long tenantId) {
        int expired = new WaitlistRepository(dsl).expire(tenantId);
        if (expired > 0) {
            log.info("{} waitlist entries of salon {} expired", expired, tenantId);
        }
        return pass(tenantId, Scope.EVERYWHERE);
    }

    /**
     * Tries the waiting entries that could use time in {@code scope}, oldest first. Stops at an
     * older entry another worker holds: that worker gives it the time first, and the caller runs
     * the pass again a moment later (so a younger entry never overtakes an older one that fits).
     */
    Pass pass(long tenantId, Scope scope) {
        List<Result> results = new ArrayList<>();
        for (long entryId : waiting(tenantId, scope)) {
            Result r;
            try {
                r = tryEntry(tenantId, entryId, scope);
            } catch (DataAccessException e) {
                // the database went away, or a bug: the entry waits on, the sweep comes back to it
                log.warn("waitlist entry {} of salon {} could not be tried: {}", entryId, tenantId, e.getMessage());
                log.debug("waitlist entry {} failed with", entryId, e);
                continue;
            }
            if (r.attempt() == Attempt.HELD_ELSEWHERE) {
                return new Pass(results, true);
            }
            if (r.attempt() == Attempt.WAITLIST_OFF) {
                break;
            }
            results.add(r);
        }
        return new Pass(results, false);
    }

    /** The waiting entries whose master and days meet the scope, first come first. */
    private List<Long> waiting(long tenantId, Scope scope) {
        Condition c = WAITLIST_ENTRIES.TENANT_ID.eq(tenantId).and(WAITLIST_ENTRIES.STATE.eq("waiting"));
        if (scope.days() != null) {
            if (scope.days().isEmpty()) {
                return List.of();
            }
            c = c.and(WAITLIST_ENTRIES.DATE_FROM.le(Collections.max(scope.days())))
                    .and(WAITLIST_ENTRIES.DATE_TO.ge(Collections.min(scope.days())));
        }
        if (scope.masters() != null) {
            c = c.and(WAITLIST_ENTRIES.MASTER_ID.isNull().or(WAITLIST_ENTRIES.MASTER_ID.in(scope.masters())));
        }
        return dsl.select(WAITLIST_ENTRIES.ID).from(WAITLIST_ENTRIES).where(c)
                .orderBy(WAITLIST_ENTRIES.CREATED_AT, WAITLIST_ENTRIES.ID)
                .fetch(WAITLIST_ENTRIES.ID);
    }

    /** Claims one entry and books (or offers) its first free time anywhere in its days. */
    public Result tryEntry(long tenantId, long entryId) {
        return tryEntry(tenantId, entryId, Scope.EVERYWHERE);
    }

    Result tryEntry(long tenantId, long entryId, Scope scope) {
        return dsl.transactionResult(cfg -> {
            DSLContext tx = cfg.dsl();
            Record e = tx.select(WAITLIST_ENTRIES.CLIENT_ID, WAITLIST_ENTRIES.SERVICE_ID, WAITLIST_ENTRIES.DURATION_MIN,
                            WAITLIST_ENTRIES.REQUEST_ID, WAITLIST_ENTRIES.NOTE)
                    .from(WAITLIST_ENTRIES)
                    .where(WAITLIST_ENTRIES.TENANT_ID.eq(tenantId).and(WAITLIST_ENTRIES.ID.eq(entryId))
                            .and(WAITLIST_ENTRIES.STATE.eq("waiting")))
                    .forUpdate().skipLocked()
                    .fetchOne();
            if (e == null) {
                boolean stillWaiting = tx.fetchExists(WAITLIST_ENTRIES, WAITLIST_ENTRIES.TENANT_ID.eq(tenantId)
                        .and(WAITLIST_ENTRIES.ID.eq(entryId)).and(WAITLIST_ENTRIES.STATE.eq("waiting")));
                return new Result(entryId, stillWaiting ? Attempt.HELD_ELSEWHERE : Attempt.NOT_WAITING, null);
            }
            WaitlistRules rules = WaitlistRepository.rules(tx, tenantId);
            if (!rules.enabled()) {
                return new Result(entryId, Attempt.WAITLIST_OFF, null);
            }
            List<FreeTime> free = FreeTimes.forEntry(tx, tenantId, entryId, scope, TRIES_PER_ENTRY);
            if (free.isEmpty()) {
                return new Result(entryId, Attempt.NOTHING_FREE, null);
            }
            if (!rules.autoBook()) {
                offer(tx, tenantId, entryId, free.get(0));
                return new Result(entryId, Attempt.OFFERED, null);
            }
            BookingEngine engine = new BookingEngine(tx);
            Long serviceId = e.get(WAITLIST_ENTRIES.SERVICE_ID);
            UUID requestId = e.get(WAITLIST_ENTRIES.REQUEST_ID);
            for (FreeTime t : free) {
                BookingOutcome outcome = engine.book(new NewBooking(tenantId, t.masterId(), e.get(WAITLIST_ENTRIES.CLIENT_ID), null,
                        serviceId, t.start(), serviceId == null ? e.get(WAITLIST_ENTRIES.DURATION_MIN) : null,
                        e.get(WAITLIST_ENTRIES.NOTE), requestId, Source.WAITLIST, false), BookingStatus.PENDING);
                if (outcome instanceof BookingOutcome.Booked b) {
                    fulfil(tx, tenantId, entryId, b.booking().id());
                    log.info("waitlist entry {} of salon {} booked as #{} at {}", entryId, tenantId, b.booking().id(), t.start());
                    return new Result(entryId, Attempt.FULFILLED, b.booking().id());
                }
                if (outcome instanceof BookingOutcome.TryAgain) {
                    return new Result(entryId, Attempt.BUSY, null);
                }
                log.debug("waitlist entry {}: {} at {} was not booked: {}", entryId, t.masterId(), t.start(), outcome);
            }
            return new Result(entryId, Attempt.NOTHING_FREE, null);
        });
    }

    private static void fulfil(DSLContext tx, long tenantId, long entryId, long bookingId) {
        tx.update(WAITLIST_ENTRIES)
                .set(WAITLIST_ENTRIES.STATE, WaitlistState.FULFILLED.dbValue())
                .set(WAITLIST_ENTRIES.BOOKING_ID, bookingId)
                .where(WAITLIST_ENTRIES.TENANT_ID.eq(tenantId).and(WAITLIST_ENTRIES.ID.eq(entryId)))
                .execute();
    }

    private static void offer(DSLContext tx, long tenantId, long entryId, FreeTime t) {
        tx.update(WAITLIST_ENTRIES)
                .set(WAITLIST_ENTRIES.STATE, WaitlistState.OFFERED.dbValue())
                .set(WAITLIST_ENTRIES.OFFERED_MASTER_ID, t.masterId())
                .set(WAITLIST_ENTRIES.OFFERED_START, t.start().atOffset(java.time.ZoneOffset.UTC))
                .where(WAITLIST_ENTRIES.TENANT_ID.eq(tenantId).and(WAITLIST_ENTRIES.ID.eq(entryId)))
                .execute();
        log.info("waitlist entry {} of salon {}: offered master {} at {}", entryId, tenantId, t.masterId(), t.start());
    }
}
