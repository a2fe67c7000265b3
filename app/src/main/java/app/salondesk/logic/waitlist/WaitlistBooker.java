package app.salondesk.logic.waitlist;

import app.salondesk.logic.booking.BookingEngine;
import app.salondesk.logic.waitlist.FreeTimes.FreeTime;
import app.salondesk.model.booking.Booking;
import app.salondesk.model.booking.BookingOutcome;
import app.salondesk.model.booking.BookingStatus;
import app.salondesk.model.booking.NewBooking;
import app.salondesk.model.booking.Source;
import app.salondesk.model.waitlist.WaitlistRules;
import app.salondesk.model.waitlist.WaitlistState;
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
 * docs/decisions/0013-the-waitlist-worker-claims-with-skip-locked.md. For one entry:
 * <ol>
 *   <li><b>look</b>, in a short transaction that takes no master's lock: claim the entry
 *       ({@code SELECT … FOR UPDATE SKIP LOCKED} where it is still waiting — an entry another
 *       worker holds is skipped at once, no worker waits for another), read the salon's rules,
 *       and find its free times ({@link FreeTimes}: the rule book decides, earliest first) — or,
 *       for a salon that only proposes, record the first as an offer;</li>
 *   <li><b>book</b> each free time in turn as a write of its own through {@link BookingEngine}
 *       (the one write protocol: the masters' named locks in the global order, 5 s lock_timeout,
 *       rule book, exclusion constraint — source waitlist, status pending, request id the
 *       entry's own), which under those locks claims the entry again the same way and, once
 *       booked, marks it fulfilled in the same transaction: booking and fulfilment land together
 *       or not at all. A try that fails ends its transaction, and lets go of its master's lock,
 *       before the next try takes another (issue 30: they were all one transaction, so a failed
 *       try's lock was kept while the next took a lower-numbered master's — against the global
 *       order, a deadlock with a cross-master move).</li>
 * </ol>
 * Anything else — no free time, "taken" by a faster writer, "try again" after 5 s on a held
 * lock, a refusal — leaves the entry waiting, with nothing written. A crash before a commit writes
 * neither; a lost answer to it is settled by the entry's request id, which can only ever make one
 * booking. Two workers never book an entry twice: the second to take the master's lock finds the
 * entry held, or fulfilled.
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
        WAITLIST_OFF,
        /**
         * Its service needs a patch test the client has not passed recently enough (issue 36): the rule book
         * refuses every time for her; it waits on, and books once a test is recorded.
         */
        PATCH_TEST_NEEDED
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
        Look look = dsl.transactionResult(cfg -> look(cfg.dsl(), tenantId, entryId, scope));
        if (look.result() != null) {
            return look.result();
        }
        BookingEngine engine = new BookingEngine(dsl);
        Record e = look.entry();
        Long serviceId = e.get(WAITLIST_ENTRIES.SERVICE_ID);
        UUID requestId = e.get(WAITLIST_ENTRIES.REQUEST_ID);
        for (FreeTime t : look.free()) {
            Claim claim = new Claim(tenantId, entryId);
            BookingOutcome outcome = engine.book(new NewBooking(tenantId, t.masterId(), e.get(WAITLIST_ENTRIES.CLIENT_ID), null,
                    serviceId, t.start(), serviceId == null ? e.get(WAITLIST_ENTRIES.DURATION_MIN) : null,
                    e.get(WAITLIST_ENTRIES.NOTE), requestId, Source.WAITLIST, false), BookingStatus.PENDING, claim);
            if (claim.lost != null) {
                return new Result(entryId, claim.lost, null);
            }
            if (outcome instanceof BookingOutcome.Booked b) {
                log.info("waitlist entry {} of salon {} booked as #{} at {}", entryId, tenantId, b.booking().id(), b.booking().start());
                return new Result(entryId, Attempt.FULFILLED, b.booking().id());
            }
            if (outcome instanceof BookingOutcome.TryAgain) {
                return new Result(entryId, Attempt.BUSY, null);
            }
            log.debug("waitlist entry {}: {} at {} was not booked: {}", entryId, t.masterId(), t.start(), outcome);
        }
        return new Result(entryId, Attempt.NOTHING_FREE, null);
    }

    /** What a look at an entry found: the answer already ({@code result}), or the entry and its free times to try. */
    private record Look(Result result, Record entry, List<FreeTime> free) {
    }

    /** The first step, in the caller's transaction: claim, rules, free times, or the offer. No master's lock is taken. */
    private static Look look(DSLContext tx, long tenantId, long entryId, Scope scope) {
        Record e = claimed(tx, tenantId, entryId);
        if (e == null) {
            return new Look(new Result(entryId, heldOrGone(tx, tenantId, entryId), null), null, null);
        }
        WaitlistRules rules = WaitlistRepository.rules(tx, tenantId);
        if (!rules.enabled()) {
            return new Look(new Result(entryId, Attempt.WAITLIST_OFF, null), null, null);
        }
        List<FreeTime> free = FreeTimes.forEntry(tx, tenantId, entryId, scope, TRIES_PER_ENTRY);
        if (free.isEmpty()) {
            return new Look(new Result(entryId, needsPatchTest(tx, tenantId, e) ? Attempt.PATCH_TEST_NEEDED : Attempt.NOTHING_FREE, null),
                    null, null);
        }
        if (!rules.autoBook()) {
            offer(tx, tenantId, entryId, free.get(0));
            return new Look(new Result(entryId, Attempt.OFFERED, null), null, null);
        }
        return new Look(null, e, free);
    }

    /**
     * Whether nothing was free because the entry's service needs a patch test its client has not passed
     * (the rule book's own answer, migration 41), rather than for want of time.
     */
    private static boolean needsPatchTest(DSLContext tx, long tenantId, Record e) {
        Long service = e.get(WAITLIST_ENTRIES.SERVICE_ID);
        if (service == null) {
            return false;
        }
        return Boolean.TRUE.equals(tx.resultQuery("SELECT (SELECT p.problem FROM salondesk_patch_test_state(s.tenant_id, ?, s.patch_test_days, "
                        + "now()) p) IS NOT NULL FROM services s WHERE s.tenant_id = ? AND s.id = ? AND s.patch_test_days IS NOT NULL",
                e.get(WAITLIST_ENTRIES.CLIENT_ID), tenantId, service).fetchOptional(0, Boolean.class).orElse(false));
    }

    /** The entry, row-locked by this transaction, if it is waiting and no other worker holds it. */
    private static Record claimed(DSLContext tx, long tenantId, long entryId) {
        return tx.select(WAITLIST_ENTRIES.CLIENT_ID, WAITLIST_ENTRIES.SERVICE_ID, WAITLIST_ENTRIES.DURATION_MIN,
                        WAITLIST_ENTRIES.REQUEST_ID, WAITLIST_ENTRIES.NOTE)
                .from(WAITLIST_ENTRIES)
                .where(WAITLIST_ENTRIES.TENANT_ID.eq(tenantId).and(WAITLIST_ENTRIES.ID.eq(entryId))
                        .and(WAITLIST_ENTRIES.STATE.eq("waiting")))
                .forUpdate().skipLocked()
                .fetchOne();
    }

    private static Attempt heldOrGone(DSLContext tx, long tenantId, long entryId) {
        boolean stillWaiting = tx.fetchExists(WAITLIST_ENTRIES, WAITLIST_ENTRIES.TENANT_ID.eq(tenantId)
                .and(WAITLIST_ENTRIES.ID.eq(entryId)).and(WAITLIST_ENTRIES.STATE.eq("waiting")));
        return stillWaiting ? Attempt.HELD_ELSEWHERE : Attempt.NOT_WAITING;
    }

    /**
     * The entry claimed again inside a booking's own transaction, under the master's lock, and
     * fulfilled there by the booking: a row lock taken after the named locks, never waited for.
     */
    private static final class Claim implements BookingEngine.Alongside {
        private final long tenantId;
        private final long entryId;
        /** Why the entry could not be claimed (held by another worker, or no longer waiting); null: claimed. */
        Attempt lost;

        Claim(long tenantId, long entryId) {
            this.tenantId = tenantId;
            this.entryId = entryId;
        }

        @Override
        public boolean claim(DSLContext tx) {
            lost = claimed(tx, tenantId, entryId) == null ? heldOrGone(tx, tenantId, entryId) : null;
            return lost == null;
        }

        @Override
        public void booked(DSLContext tx, Booking booking) {
            fulfil(tx, tenantId, entryId, booking.id());
        }
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
