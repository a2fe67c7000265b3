package app.salondesk.booking;

import org.jooq.DSLContext;
import org.jooq.Record;
import org.jooq.exception.DataAccessException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Duration;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.ThreadLocalRandom;
import java.util.function.Function;

import static app.salondesk.jooq.Tables.BOOKINGS;
import static app.salondesk.jooq.Tables.VISITS;

/**
 * The engine's writes of whole visits ({@link BookingEngine#bookVisit}, {@link BookingEngine#moveVisit}):
 * the protocol of {@link BookingEngine} for several bookings at once, in one READ COMMITTED
 * transaction —
 * <ol>
 *   <li>{@code lock_timeout} and the named locks of every master the visit involves, in one
 *       statement, ascending ({@link MasterLocks}): two visits, or a visit and single bookings,
 *       can wait for each other but never deadlock on these locks;</li>
 *   <li>for a move, every part read {@code FOR UPDATE} and its version compared; for a new visit,
 *       each start left open placed after the parts before it ({@link VisitSequence});</li>
 *   <li>each part asked of the one rule book ({@link RuleBook}) after the parts before it are
 *       written, so the parts of one visit cannot overlap each other either;</li>
 *   <li>the writes inside one savepoint, where the exclusion constraint has the last word: any
 *       refusal rolls back every part (a visit is never half booked);</li>
 *   <li>commit — and only then, without the locks, "taken" gets the nearest starts at which the
 *       whole sequence fits ({@link VisitSlots}).</li>
 * </ol>
 * Deadlocks and serialization failures (a writer that skipped the locks) retry the whole
 * transaction, three times with jittered backoff; a lock timeout is {@link VisitOutcome.TryAgain}.
 */
final class VisitWrites {

    private static final Logger log = LoggerFactory.getLogger(VisitWrites.class);

    private final DSLContext dsl;
    private final Duration lostBudget;

    VisitWrites(DSLContext dsl, Duration lostBudget) {
        this.dsl = dsl;
        this.lostBudget = lostBudget;
    }

    /** A part the rule book refused (or the constraint did): rolls the savepoint back, carries why. */
    private static final class Refused extends RuntimeException {
        final int part;
        final RuleBook.Problem problem;

        Refused(int part, RuleBook.Problem problem) {
            super(null, null, false, false);
            this.part = part;
            this.problem = problem;
        }
    }

    VisitOutcome book(NewVisit v) {
        if (v.parts().isEmpty() || v.parts().size() > NewVisit.MAX_PARTS) {
            return new VisitOutcome.Invalid(0, InvalidReason.BAD_VALUE, "parts");
        }
        for (int i = 0; i < v.parts().size(); i++) {
            NewVisit.Part p = v.parts().get(i);
            if (p.start() == null && i == 0) {
                return new VisitOutcome.Invalid(i, InvalidReason.START_MISSING, "");
            }
            if (p.durationMin() == null && p.serviceId() == null) {
                return new VisitOutcome.Invalid(i, InvalidReason.DURATION_MISSING, "");
            }
        }
        if (v.note() != null && v.note().length() > BookingEngine.MAX_NOTE_LENGTH) {
            return new VisitOutcome.Invalid(0, InvalidReason.NOTE_TOO_LONG, "");
        }
        String phone = null;
        if (v.clientId() == null) {
            NewBooking.ClientDetails c = v.newClient();
            if (c == null || c.name() == null || c.name().isBlank()) {
                return new VisitOutcome.Invalid(0, InvalidReason.CLIENT_NAME_MISSING, "");
            }
            if (c.name().strip().length() > app.salondesk.clients.ClientRepository.MAX_NAME_LENGTH || c.name().chars().anyMatch(ch -> ch < 0x20)) {
                return new VisitOutcome.Invalid(0, InvalidReason.CLIENT_NAME_TOO_LONG, "");
            }
            if (c.phone() != null && !c.phone().isBlank()) {
                String region = c.phone().strip().startsWith("+") ? app.salondesk.clients.PhoneNumbers.NO_REGION
                        : new app.salondesk.salon.SalonRepository(dsl).country(v.tenantId());
                phone = app.salondesk.clients.PhoneNumbers.normalise(c.phone(), region).orElse(null);
                if (phone == null) {
                    return new VisitOutcome.Invalid(0, InvalidReason.PHONE_INVALID, c.phone());
                }
            }
        }
        String clientPhone = phone;
        UUID request = v.requestId() != null ? v.requestId() : UUID.randomUUID();
        List<Long> masters = v.parts().stream().map(NewVisit.Part::masterId).toList();
        Function<DSLContext, VisitOutcome> truth = d -> made(d, v.tenantId(), request)
                .orElseGet(() -> new VisitOutcome.TryAgain(BookingOutcome.TryAgain.Why.CONNECTION_LOST));
        Long[] services = v.parts().stream().map(NewVisit.Part::serviceId).filter(java.util.Objects::nonNull).toArray(Long[]::new);
        // the visit as placed (the starts left open filled in), for the answer "taken" too
        NewVisit[] placed = {v};
        return inTransaction(v.tenantId(), masters, v.source(), truth, tx -> {
            // the rooms and equipment of every part, ascending, after the masters (migration 19)
            tx.resultQuery("SELECT salondesk_lock_resources(?, CAST(? AS bigint[]))", v.tenantId(), services).fetch();
            Optional<VisitOutcome> done = made(tx, v.tenantId(), request);
            if (done.isPresent()) {
                return done.get();
            }
            // each start left open: after the parts before it, by the one rule (VisitSequence),
            // with the shapes the rule book is about to read
            NewVisit asked = VisitSlots.placed(tx, v);
            placed[0] = asked;
            return tx.transactionResult(nested -> {
                DSLContext sp = nested.dsl();
                // a new client is made inside the savepoint: refused with the visit
                long clientId = v.clientId() != null ? v.clientId() : BookingRows.newClient(sp, new NewBooking(v.tenantId(),
                        v.parts().get(0).masterId(), null, v.newClient(), null, null, null, null, null, v.source(), false), clientPhone);
                long visitId = sp.insertInto(VISITS).set(VISITS.TENANT_ID, v.tenantId()).set(VISITS.CLIENT_ID, clientId)
                        .set(VISITS.REQUEST_ID, request).returning(VISITS.ID).fetchOne(VISITS.ID);
                List<Booking> parts = new ArrayList<>();
                for (int i = 0; i < asked.parts().size(); i++) {
                    NewVisit.Part p = asked.parts().get(i);
                    RuleBook.Question q = new RuleBook.Question(v.tenantId(), p.masterId(), clientId, p.serviceId(), p.start(),
                            p.durationMin(), null, false, false, true, true);
                    RuleBook.Verdict verdict = RuleBook.verdict(sp, q);
                    if (verdict.problem().isPresent()) {
                        throw new Refused(i, verdict.problem().get());
                    }
                    int minutes = p.durationMin() != null ? p.durationMin() : verdict.minutes();
                    try {
                        Record r = sp.insertInto(BOOKINGS)
                                .set(BOOKINGS.TENANT_ID, v.tenantId())
                                .set(BOOKINGS.MASTER_ID, p.masterId())
                                .set(BOOKINGS.CLIENT_ID, clientId)
                                .set(BOOKINGS.SERVICE_ID, p.serviceId())
                                .set(BOOKINGS.STARTS_AT, utc(p.start()))
                                .set(BOOKINGS.DURATION_MIN, minutes)
                                .set(BOOKINGS.STATUS, BookingStatus.CONFIRMED.dbValue())
                                .set(BOOKINGS.REQUEST_ID, partRequest(request, i))
                                .set(BOOKINGS.NOTE, v.note() == null ? "" : v.note())
                                .set(BOOKINGS.VISIT_ID, visitId)
                                .returning()
                                .fetchOne();
                        parts.add(BookingRows.toBooking(r.into(BOOKINGS)));
                    } catch (DataAccessException e) {
                        if ("23P01".equals(e.sqlState())) {
                            // someone wrote past the locks: the constraint's last word
                            throw new Refused(i, new RuleBook.Problem(RuleBook.Rule.TIME_TAKEN, null, null, minutes));
                        }
                        throw e;
                    }
                }
                return new VisitOutcome.Booked(visitId, parts);
            });
        }, refused -> refusal(placed[0], refused));
    }

    /** A whole visit moved by {@code by} (a drag of one part, answered "move the whole visit"). */
    VisitOutcome move(long tenantId, long visitId, Map<Long, Integer> expectedVersions, Duration by, Source source) {
        List<Booking> before = parts(dsl, tenantId, visitId);
        if (before.isEmpty()) {
            return new VisitOutcome.Invalid(0, InvalidReason.UNKNOWN_BOOKING, Long.toString(visitId));
        }
        List<Long> masters = before.stream().map(Booking::masterId).toList();
        Function<DSLContext, VisitOutcome> truth = d -> {
            List<Booking> now = parts(d, tenantId, visitId);
            boolean unchanged = now.stream().allMatch(b -> expectedVersions.get(b.id()) != null && expectedVersions.get(b.id()) == b.version());
            return unchanged ? new VisitOutcome.TryAgain(BookingOutcome.TryAgain.Why.CONNECTION_LOST) : new VisitOutcome.ChangedByOthers(now);
        };
        Long[] services = before.stream().map(Booking::serviceId).filter(java.util.Objects::nonNull).toArray(Long[]::new);
        return inTransaction(tenantId, masters, source, truth, tx -> {
            tx.resultQuery("SELECT salondesk_lock_resources(?, CAST(? AS bigint[]))", tenantId, services).fetch();
            List<Booking> current = tx.selectFrom(BOOKINGS)
                    .where(BOOKINGS.TENANT_ID.eq(tenantId).and(BOOKINGS.VISIT_ID.eq(visitId)))
                    .orderBy(BOOKINGS.STARTS_AT, BOOKINGS.ID).forUpdate().fetch(BookingRows::toBooking);
            boolean same = current.size() == before.size() && current.stream().allMatch(b -> expectedVersions.containsKey(b.id())
                    && expectedVersions.get(b.id()) == b.version() && masters.contains(b.masterId()));
            if (!same) {
                return new VisitOutcome.ChangedByOthers(current);
            }
            // moving later, the last part first; earlier, the first part first: no part is asked
            // about (or written onto) the place another part of the visit is leaving
            List<Booking> order = new ArrayList<>(current);
            if (!by.isNegative()) {
                order.sort(Comparator.comparing(Booking::start).reversed());
            }
            return tx.transactionResult(nested -> {
                DSLContext sp = nested.dsl();
                List<Booking> moved = new ArrayList<>();
                for (Booking b : order) {
                    Instant to = b.start().plus(by);
                    int index = current.indexOf(b);
                    RuleBook.Question q = new RuleBook.Question(tenantId, b.masterId(), null, b.serviceId(), to, b.durationMin(), b.id(),
                            false, b.outsideHours(), false, b.status().holdsTime());
                    Optional<RuleBook.Problem> problem = RuleBook.check(sp, q);
                    if (problem.isPresent()) {
                        throw new Refused(index, problem.get());
                    }
                    try {
                        moved.add(BookingRows.toBooking(sp.update(BOOKINGS).set(BOOKINGS.STARTS_AT, utc(to))
                                .where(BOOKINGS.TENANT_ID.eq(tenantId).and(BOOKINGS.ID.eq(b.id()))).returning().fetchOne()));
                    } catch (DataAccessException e) {
                        if ("23P01".equals(e.sqlState())) {
                            throw new Refused(index, new RuleBook.Problem(RuleBook.Rule.TIME_TAKEN, null, null, b.durationMin()));
                        }
                        throw e;
                    }
                }
                moved.sort(Comparator.comparing(Booking::start).thenComparing(Booking::id));
                return new VisitOutcome.Booked(visitId, moved);
            });
        }, refused -> {
            NewVisit asked = new NewVisit(tenantId, before.get(0).clientId(), before.stream()
                    .map(b -> new NewVisit.Part(b.masterId(), b.serviceId(), b.start().plus(by), b.durationMin())).toList(),
                    "", null, source);
            return refusal(asked, refused);
        });
    }

    /** The answer for a refused part: the nearest starts of the whole visit when its time is taken, else why not. */
    private VisitOutcome refusal(NewVisit v, Refused r) {
        RuleBook.Problem p = r.problem;
        return switch (p.rule()) {
            case TIME_TAKEN, RESOURCE_TAKEN -> {
                List<Instant> nearest;
                try {
                    nearest = VisitSlots.nearest(dsl, v);
                } catch (DataAccessException e) {
                    log.warn("a visit's time was taken; its nearest free starts could not be searched", e);
                    nearest = List.of();
                }
                yield new VisitOutcome.TimeTaken(r.part, nearest);
            }
            case UNKNOWN_MASTER -> new VisitOutcome.Invalid(r.part, InvalidReason.UNKNOWN_MASTER, "");
            case MASTER_INACTIVE -> new VisitOutcome.Invalid(r.part, InvalidReason.MASTER_INACTIVE, String.valueOf(p.masterName()));
            case UNKNOWN_SERVICE -> new VisitOutcome.Invalid(r.part, InvalidReason.UNKNOWN_SERVICE, "");
            case SERVICE_INACTIVE -> new VisitOutcome.Invalid(r.part, InvalidReason.SERVICE_INACTIVE, String.valueOf(p.serviceName()));
            case SERVICE_NOT_OFFERED -> new VisitOutcome.Invalid(r.part, InvalidReason.SERVICE_NOT_OFFERED, String.valueOf(p.serviceName()));
            case DURATION_MISSING -> new VisitOutcome.Invalid(r.part, InvalidReason.DURATION_MISSING, "");
            case DURATION_OUT_OF_RANGE -> new VisitOutcome.Invalid(r.part, InvalidReason.DURATION_OUT_OF_RANGE, String.valueOf(p.minutes()));
            case START_IN_PAST -> new VisitOutcome.Invalid(r.part, InvalidReason.START_IN_PAST, "");
            case OUTSIDE_WORKING_HOURS -> new VisitOutcome.Invalid(r.part, InvalidReason.OUTSIDE_WORKING_HOURS, "");
            case MASTER_TIME_OFF -> new VisitOutcome.Invalid(r.part, InvalidReason.MASTER_TIME_OFF, "");
            case UNKNOWN_CLIENT -> new VisitOutcome.Invalid(r.part, InvalidReason.UNKNOWN_CLIENT, "");
        };
    }

    /** What {@link LostConnection#settle} answers once the old transaction is over: then ask the visit's truth. */
    private static final BookingOutcome SETTLED = new BookingOutcome.Invalid(InvalidReason.BAD_VALUE, "settled");

    private interface Work {
        VisitOutcome run(DSLContext tx);
    }

    /** The lock statement, then {@code work}; retries deadlocks, maps the protocol's SQLSTATEs. */
    private VisitOutcome inTransaction(long tenantId, List<Long> masters, Source source, Function<DSLContext, VisitOutcome> truth,
                                       Work work, Function<Refused, VisitOutcome> refused) {
        for (int attempt = 0; ; attempt++) {
            MasterLocks locks = new MasterLocks(tenantId, masters, source);
            boolean[] sent = {false};
            try {
                return dsl.transactionResult(cfg -> {
                    DSLContext tx = cfg.dsl();
                    sent[0] = true;   // from here on something may reach the server
                    locks.take(tx);
                    return work.run(tx);
                });
            } catch (Refused r) {
                // the savepoint rolled every part back; the transaction ended, the locks are free
                return refused.apply(r);
            } catch (DataAccessException e) {
                if (e.getCause() instanceof Refused r) {
                    return refused.apply(r);
                }
                if (LostConnection.isLost(e)) {
                    // settled as a booking is (ADR 17, ADR 23): under the visit's masters' locks on a
                    // primary, the database says whether the visit landed
                    log.warn("the connection was lost during a visit's write to masters {}: settling it", masters, e);
                    VisitOutcome[] found = {null};
                    BookingOutcome settled = LostConnection.settle(dsl, sent[0], locks, lostBudget, d -> {
                        found[0] = truth.apply(d);
                        return SETTLED;
                    });
                    return settled instanceof BookingOutcome.TryAgain t ? new VisitOutcome.TryAgain(t.why()) : found[0];
                }
                if (LostConnection.isReadOnlyServer(e) && attempt < BookingEngine.RETRIES) {
                    // a standby refused the write (ADR 23): nothing was written; sent again to the primary
                    log.info("the server took no writes (a standby after a failover or switchover); retrying the visit");
                    backoff(attempt + 2);
                    continue;
                }
                String state = e.sqlState();
                if ("55P03".equals(state)) {
                    log.info("schedules of masters {} stayed locked for 5 s: try again", masters);
                    return new VisitOutcome.TryAgain(BookingOutcome.TryAgain.Why.BUSY);
                }
                if (("40P01".equals(state) || "40001".equals(state)) && attempt < BookingEngine.RETRIES) {
                    log.info("{} on attempt {} of a visit, retrying", state, attempt + 1);
                    backoff(attempt);
                    continue;
                }
                if ("40P01".equals(state) || "40001".equals(state) || LostConnection.isReadOnlyServer(e)) {
                    return new VisitOutcome.TryAgain(BookingOutcome.TryAgain.Why.BUSY);
                }
                if ("42501".equals(state)) {
                    return new VisitOutcome.Invalid(0, InvalidReason.NO_PERMISSION, "");
                }
                if ("23503".equals(state)) {
                    return new VisitOutcome.Invalid(0, InvalidReason.BAD_VALUE, "reference");
                }
                if (state != null && (state.startsWith("22") || "23514".equals(state))) {
                    return new VisitOutcome.Invalid(0, InvalidReason.BAD_VALUE, "");
                }
                throw e;
            }
        }
    }

    /** The visit a request id made already, with its parts. */
    private static Optional<VisitOutcome> made(DSLContext d, long tenantId, UUID request) {
        return d.select(VISITS.ID).from(VISITS).where(VISITS.TENANT_ID.eq(tenantId).and(VISITS.REQUEST_ID.eq(request)))
                .fetchOptional(VISITS.ID)
                .map(id -> new VisitOutcome.Booked(id, parts(d, tenantId, id)));
    }

    static List<Booking> parts(DSLContext d, long tenantId, long visitId) {
        return d.selectFrom(BOOKINGS).where(BOOKINGS.TENANT_ID.eq(tenantId).and(BOOKINGS.VISIT_ID.eq(visitId)))
                .orderBy(BOOKINGS.STARTS_AT, BOOKINGS.ID).fetch(BookingRows::toBooking);
    }

    /** Each part's own request id, derived from the visit's: unique per salon, the same on every retry. */
    static UUID partRequest(UUID visitRequest, int part) {
        return UUID.nameUUIDFromBytes((visitRequest + ":" + part).getBytes(java.nio.charset.StandardCharsets.UTF_8));
    }

    private static void backoff(int attempt) {
        long base = 20L << attempt;
        try {
            Thread.sleep(base + ThreadLocalRandom.current().nextLong(base));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static OffsetDateTime utc(Instant i) {
        return i.atOffset(ZoneOffset.UTC);
    }
}
