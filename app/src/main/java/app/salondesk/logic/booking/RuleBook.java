package app.salondesk.logic.booking;

import org.jooq.DSLContext;
import org.jooq.Record;

import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.Locale;
import java.util.Optional;

/**
 * The booking rules, asked of the database's one definition of them: {@code booking_problem}
 * (migration 11) answers with the first rule a booking breaks, or with nothing. The fast
 * insert writes only where it answers nothing ({@link FastInsert}); the engine's detailed path
 * asks it here to say why not; the free-slot search reads the same working hours
 * ({@code master_hours}). So the paths cannot disagree: there is one rule book, in SQL.
 */
final class RuleBook {

    /** The rules, in the order {@code booking_problem} checks them. */
    enum Rule {
        UNKNOWN_MASTER, MASTER_INACTIVE, UNKNOWN_SERVICE, SERVICE_INACTIVE, SERVICE_NOT_OFFERED, DURATION_MISSING, DURATION_OUT_OF_RANGE,
        START_IN_PAST, OUTSIDE_WORKING_HOURS, MASTER_TIME_OFF, TIME_TAKEN,
        /** A room or a piece of equipment the service needs has no unit free then (migration 19). */
        RESOURCE_TAKEN, UNKNOWN_CLIENT,
        /** The service needs a patch test the client has not passed recently enough (migration 41). */
        PATCH_TEST_NEEDED;

        static Rule fromDb(String code) {
            return valueOf(code.toUpperCase(Locale.ROOT));
        }
    }

    /**
     * What to ask about a booking of {@code minutes} (null: the service's length with this
     * master) from {@code start}. {@code clientId} null: not asked (a new client is made in
     * the same transaction, or a move keeps the client).
     */
    record Question(long tenantId, long masterId, Long clientId, Long serviceId, Instant start, Integer minutes,
                    Long excludeBookingId, boolean pastAllowed, boolean hoursWaived, boolean serviceCheck, boolean holdsTime) {
    }

    /**
     * A broken rule, with the names a message about it needs; {@code detail} is a patch test's
     * ({@code PatchTestState.detail()}: why, and the last test's day), else "".
     */
    record Problem(Rule rule, String masterName, String serviceName, Integer minutes, String detail) {
        Problem(Rule rule, String masterName, String serviceName, Integer minutes) {
            this(rule, masterName, serviceName, minutes, "");
        }
    }

    /**
     * Why the client's patch tests do not do (asked only once the rule book said so): the client asked,
     * else the moved booking's; the service's days; the booking's salon day.
     */
    private static final String PATCH_TEST = """
            SELECT p.problem, p.last_on
              FROM salondesk_patch_test_state(?, COALESCE(CAST(? AS bigint),
                                                          (SELECT b.client_id FROM bookings b WHERE b.tenant_id = ? AND b.id = CAST(? AS bigint))),
                                              (SELECT s.patch_test_days FROM services s WHERE s.tenant_id = ? AND s.id = CAST(? AS bigint)),
                                              CAST(? AS timestamptz)) p
            """;

    private static final String CHECK = """
            SELECT booking_problem(?, ?, CAST(? AS bigint), CAST(? AS bigint), CAST(? AS timestamptz), d.minutes,
                                   CAST(? AS bigint), ?, ?, ?, ?),
                   d.minutes,
                   (SELECT m.name FROM masters m WHERE m.tenant_id = ? AND m.id = ?),
                   (SELECT s.name FROM services s WHERE s.tenant_id = ? AND s.id = CAST(? AS bigint))
              FROM (SELECT COALESCE(CAST(? AS integer), service_minutes(?, ?, CAST(? AS bigint))) AS minutes) d
            """;

    private RuleBook() {
    }

    /** The first rule the booking breaks, with names for the message; empty when it may be written. */
    static Optional<Problem> check(DSLContext tx, Question q) {
        return verdict(tx, q).problem();
    }

    /**
     * The rule book's answer and the booking's length it asked about (the one given, else the
     * service's with this master; null for an unknown service) — one round trip for both.
     */
    record Verdict(Optional<Problem> problem, Integer minutes) {
    }

    static Verdict verdict(DSLContext tx, Question q) {
        Record r = tx.resultQuery(CHECK,
                        q.tenantId(), q.masterId(), q.clientId(), q.serviceId(), utc(q.start()),
                        q.excludeBookingId(), q.pastAllowed(), q.hoursWaived(), q.serviceCheck(), q.holdsTime(),
                        q.tenantId(), q.masterId(), q.tenantId(), q.serviceId(),
                        q.minutes(), q.tenantId(), q.masterId(), q.serviceId())
                .fetchOne();
        String code = r.get(0, String.class);
        Integer minutes = r.get(1, Integer.class);
        if (code == null) {
            return new Verdict(Optional.empty(), minutes);
        }
        Rule rule = Rule.fromDb(code);
        String detail = "";
        if (rule == Rule.PATCH_TEST_NEEDED) {
            Record p = tx.resultQuery(PATCH_TEST, q.tenantId(), q.clientId(), q.tenantId(), q.excludeBookingId(), q.tenantId(), q.serviceId(),
                    utc(q.start())).fetchOne();
            String why = p.get(0, String.class);
            java.time.LocalDate on = p.get(1, java.time.LocalDate.class);
            detail = why == null ? "none" : on == null ? why : why + " " + on;
        }
        return new Verdict(Optional.of(new Problem(rule, r.get(2, String.class), r.get(3, String.class), minutes, detail)), minutes);
    }


    /**
     * Whether the booking with its cleanup lies inside one of the master's working intervals and
     * outside their time off (for the override flag: the rule book's {@code booking_needs_override},
     * migration 28); its shape is {@code bookingId}'s own when it is given (a move), else the
     * service's with this master ({@code booking_shape}, migration 17).
     */
    static boolean withinHours(DSLContext tx, long tenantId, long masterId, Long serviceId, Long bookingId, Instant start, int minutes) {
        return Boolean.FALSE.equals(tx.resultQuery(
                "SELECT booking_needs_override(?, ?, CAST(? AS bigint), CAST(? AS bigint), CAST(? AS timestamptz), ?)",
                tenantId, masterId, serviceId, bookingId, utc(start), minutes).fetchOne(0, Boolean.class));
    }

    private static OffsetDateTime utc(Instant i) {
        return i == null ? null : i.atOffset(ZoneOffset.UTC);
    }
}
