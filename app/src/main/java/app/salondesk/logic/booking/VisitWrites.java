package app.salondesk.logic.booking;

import app.salondesk.model.booking.Booking;
import app.salondesk.model.booking.BookingOutcome;
import app.salondesk.model.booking.BookingStatus;
import app.salondesk.model.booking.InvalidReason;
import app.salondesk.model.booking.NewBooking;
import app.salondesk.model.booking.NewVisit;
import app.salondesk.model.booking.Source;
import app.salondesk.model.booking.VisitOutcome;
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
import java.util.function.Function;

import static app.salondesk.jooq.Tables.BOOKINGS;
import static app.salondesk.jooq.Tables.VISITS;

/**
 * The engine's writes of whole visits ({@link BookingEngine#bookVisit}, {@link BookingEngine#moveVisit}):
 * several bookings at once, all or none, each one {@link WriteProtocol} write —
 * <ol>
 *   <li>the named locks of every master the visit involves and of the rooms and equipment its
 *       services need, in the one global order, in one statement ({@link MasterLocks}): two
 *       visits, or a visit and single bookings, can wait for each other but never deadlock on
 *       these locks;</li>
 *   <li>for a move, every part read {@code FOR UPDATE} and its version compared with the one the
 *       person saw; for a new visit, each start left open placed after the parts before it
 *       ({@link VisitSequence});</li>
 *   <li>each part asked of the one rule book ({@link RuleBook}) after the parts before it are
 *       written — for a move, in the order that cannot collide with itself (later first when
 *       moving later) — so the parts of one visit cannot overlap each other either;</li>
 *   <li>the writes inside one savepoint, where the exclusion constraint has the last word: any
 *       refusal rolls back every part (a visit is never half booked);</li>
 *   <li>commit — and only then, without the locks, "taken" gets the nearest starts at which the
 *       whole sequence fits ({@link VisitSlots}). A move whose answer was lost is settled by the
 *       state it was to produce: every part moved by as much, one version on — "moved", with the
 *       parts (so the desk can undo it) — or every part as it was ("try again").</li>
 * </ol>
 */
final class VisitWrites {

    private static final Logger log = LoggerFactory.getLogger(VisitWrites.class);

    private final DSLContext dsl;
    private final WriteProtocol protocol;

    VisitWrites(DSLContext dsl, WriteProtocol protocol) {
        this.dsl = dsl;
        this.protocol = protocol;
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
            if (c.name().strip().length() > app.salondesk.logic.clients.ClientRepository.MAX_NAME_LENGTH || c.name().chars().anyMatch(ch -> ch < 0x20)) {
                return new VisitOutcome.Invalid(0, InvalidReason.CLIENT_NAME_TOO_LONG, "");
            }
            if (c.phone() != null && !c.phone().isBlank()) {
                String region = c.phone().strip().startsWith("+") ? app.salondesk.model.clients.PhoneNumbers.NO_REGION
                        : new app.salondesk.logic.salon.SalonRepository(dsl).country(v.tenantId());
                phone = app.salondesk.model.clients.PhoneNumbers.normalise(c.phone(), region).orElse(null);
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
        List<Long> services = v.parts().stream().map(NewVisit.Part::serviceId).toList();
        return protocol.write(WriteProtocol.VISIT, v.tenantId(), masters, v.source()).resourcesOf(services).settledBy(truth).run(attempt -> {
            DSLContext tx = attempt.tx();
            Optional<VisitOutcome> done = made(tx, v.tenantId(), request);
            if (done.isPresent()) {
                return done.get();
            }
            // each start left open: after the parts before it, by the one rule (VisitSequence),
            // with the shapes the rule book is about to read
            NewVisit asked = VisitSlots.placed(tx, v);
            return attempt.savepoint(sp -> {
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
                        throw attempt.refuse(refusal(attempt, asked, i, q, verdict.problem().get()));
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
                            throw attempt.refuse(refusal(attempt, asked, i, q, new RuleBook.Problem(RuleBook.Rule.TIME_TAKEN, null, null, minutes)));
                        }
                        throw e;
                    }
                }
                return new VisitOutcome.Booked(visitId, parts);
            }, () -> taken(attempt, asked, 0));
        });
    }

    /**
     * A whole visit moved by {@code by} (a drag of one part, answered "move the whole visit"), if
     * every part is still at the version in {@code expectedVersions} — the person saw it so.
     */
    VisitOutcome move(long tenantId, long visitId, Map<Long, Integer> expectedVersions, Duration by, Source source) {
        List<Booking> before = parts(dsl, tenantId, visitId);
        if (before.isEmpty()) {
            return new VisitOutcome.Invalid(0, InvalidReason.UNKNOWN_BOOKING, Long.toString(visitId));
        }
        List<Long> masters = before.stream().map(Booking::masterId).toList();
        List<Long> services = before.stream().map(Booking::serviceId).toList();
        NewVisit asked = new NewVisit(tenantId, before.get(0).clientId(), before.stream()
                .map(b -> new NewVisit.Part(b.masterId(), b.serviceId(), b.start().plus(by), b.durationMin())).toList(), "", null, source);
        return protocol.write(WriteProtocol.VISIT, tenantId, masters, source).resourcesOf(services)
                .settledBy(d -> moveSettled(d, tenantId, visitId, before, expectedVersions, by))
                .run(attempt -> {
                    DSLContext tx = attempt.tx();
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
                    return attempt.savepoint(sp -> {
                        List<Booking> moved = new ArrayList<>();
                        for (Booking b : order) {
                            Instant to = b.start().plus(by);
                            int index = current.indexOf(b);
                            RuleBook.Question q = new RuleBook.Question(tenantId, b.masterId(), null, b.serviceId(), to, b.durationMin(), b.id(),
                                    false, b.outsideHours(), false, b.status().holdsTime());
                            Optional<RuleBook.Problem> problem = RuleBook.check(sp, q);
                            if (problem.isPresent()) {
                                throw attempt.refuse(refusal(attempt, asked, index, q, problem.get()));
                            }
                            try {
                                moved.add(BookingRows.toBooking(sp.update(BOOKINGS).set(BOOKINGS.STARTS_AT, utc(to))
                                        .where(BOOKINGS.TENANT_ID.eq(tenantId).and(BOOKINGS.ID.eq(b.id()))).returning().fetchOne()));
                            } catch (DataAccessException e) {
                                if ("23P01".equals(e.sqlState())) {
                                    throw attempt.refuse(taken(attempt, asked, index));
                                }
                                throw e;
                            }
                        }
                        moved.sort(Comparator.comparing(Booking::start).thenComparing(Booking::id));
                        return new VisitOutcome.Booked(visitId, moved);
                    }, () -> taken(attempt, asked, 0));
                });
    }

    /**
     * What a whole-visit move whose answer was lost became: moved as asked (every part by
     * {@code by}, one version on from the one the person saw) — answered with its parts, as a move
     * answered at once is, so the desk offers its undo; not moved (every part at the version the
     * person saw): try again; anything else: changed by someone else.
     */
    private static VisitOutcome moveSettled(DSLContext d, long tenantId, long visitId, List<Booking> before,
                                            Map<Long, Integer> expected, Duration by) {
        List<Booking> now = parts(d, tenantId, visitId);
        if (now.stream().allMatch(b -> expected.get(b.id()) != null && expected.get(b.id()) == b.version())) {
            return new VisitOutcome.TryAgain(BookingOutcome.TryAgain.Why.CONNECTION_LOST);
        }
        Map<Long, Booking> was = new java.util.HashMap<>();
        before.forEach(b -> was.put(b.id(), b));
        boolean movedAsAsked = now.size() == before.size() && now.stream().allMatch(b -> {
            Booking w = was.get(b.id());
            Integer seen = expected.get(b.id());
            return w != null && seen != null && w.version() == seen && b.version() == seen + 1 && b.start().equals(w.start().plus(by))
                    && b.masterId() == w.masterId() && b.durationMin() == w.durationMin();
        });
        return movedAsAsked ? new VisitOutcome.Booked(visitId, now) : new VisitOutcome.ChangedByOthers(now);
    }

    /**
     * The answer for part {@code part} refused: the nearest starts of the whole visit when its
     * time is taken (searched after the commit), else why not.
     */
    private VisitOutcome refusal(WriteProtocol.Attempt<VisitOutcome> attempt, NewVisit v, int part, RuleBook.Question q, RuleBook.Problem p) {
        if (p.rule() == RuleBook.Rule.TIME_TAKEN || p.rule() == RuleBook.Rule.RESOURCE_TAKEN) {
            return taken(attempt, v, part);
        }
        BookingOutcome.Invalid why = BookingEngine.invalid(q, p);
        return new VisitOutcome.Invalid(part, why.reason(), why.detail());
    }

    /** "Taken" at {@code part}; the nearest starts at which the whole visit fits, searched once the locks are let go. */
    private VisitOutcome taken(WriteProtocol.Attempt<VisitOutcome> attempt, NewVisit v, int part) {
        return attempt.afterCommit(new VisitOutcome.TimeTaken(part, List.of()), () -> {
            try {
                return new VisitOutcome.TimeTaken(part, VisitSlots.nearest(dsl, v));
            } catch (DataAccessException e) {
                log.warn("a visit's time was taken; its nearest free starts could not be searched", e);
                return new VisitOutcome.TimeTaken(part, List.of());
            }
        });
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

    private static OffsetDateTime utc(Instant i) {
        return i.atOffset(ZoneOffset.UTC);
    }
}
