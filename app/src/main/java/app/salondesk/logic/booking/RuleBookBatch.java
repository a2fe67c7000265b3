package app.salondesk.logic.booking;

import app.salondesk.model.booking.FreeSlot;
import app.salondesk.model.booking.InvalidReason;
import org.jooq.DSLContext;

import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * The rule book ({@code booking_problem}, ADR 10) asked about many candidates in one round trip
 * (migration 29), for the desk's advice before anything is written: where a dragged booking may
 * land ({@link #moves}: every shown master at every line of the shown days' grid, asked when the
 * drag starts) and where a new booking may go first ({@link #firstFree}: Ctrl+N). No rule is
 * written here or in the desk: the database answers, as it answers the engine when the change is
 * saved, and a salon wall-clock time is read as the database reads it ({@code timestamp AT TIME
 * ZONE}: a time that happens twice is its second occurrence). Advice only — the engine asks again
 * under the master's lock.
 *
 * <p>Plain SQL rather than jOOQ's DSL: set-returning functions over arrays read more clearly as the
 * SQL they are; every value is a bind parameter.
 */
public final class RuleBookBatch {

    /** How a candidate is refused: time taken, a room or piece of equipment taken, or another rule. */
    public enum Kind { TAKEN, ROOM_TAKEN, INVALID }

    /**
     * Why a candidate cannot be booked: its kind, and for {@link Kind#INVALID} the reason (its
     * message key) with the name or number that message names.
     */
    public record Refusal(Kind kind, InvalidReason reason, String detail) {
    }

    /** The rule book's answer about one candidate: the master, the salon wall-clock time asked, its instant, why not (null: it may). */
    public record Verdict(long masterId, LocalDateTime local, Instant start, Refusal refusal) {
        public boolean bookable() {
            return refusal == null;
        }
    }

    private static final String MOVES = """
            WITH c AS MATERIALIZED (
                SELECT u.m, u.l, u.l AT TIME ZONE t.time_zone AS s
                  FROM tenants t, unnest(CAST(? AS bigint[]), CAST(? AS timestamp[])) AS u(m, l)
                 WHERE t.id = ?
            ), d AS MATERIALIZED (
                SELECT DISTINCT c.m, c.s, c.m = CAST(? AS bigint) AS same FROM c
            ), p AS (
                -- the move's own question (BookingEngine.reschedule): the client stays, the service is
                -- asked only of another master, the booking does not collide with itself
                SELECT * FROM booking_problems(?, (SELECT array_agg(d.m ORDER BY d.m, d.s) FROM d WHERE d.same), NULL, CAST(? AS bigint),
                                               (SELECT array_agg(d.s ORDER BY d.m, d.s) FROM d WHERE d.same), ?, ?, false, ?, false, true)
                UNION ALL
                SELECT * FROM booking_problems(?, (SELECT array_agg(d.m ORDER BY d.m, d.s) FROM d WHERE NOT d.same), NULL, CAST(? AS bigint),
                                               (SELECT array_agg(d.s ORDER BY d.m, d.s) FROM d WHERE NOT d.same), ?, ?, false, ?, true, true)
            )
            SELECT c.m, c.l, c.s, p.problem, ms.name, sv.name
              FROM c
              JOIN p ON p.master_id = c.m AND p.start = c.s
              LEFT JOIN masters ms ON ms.tenant_id = ? AND ms.id = c.m
              LEFT JOIN services sv ON sv.tenant_id = ? AND sv.id = CAST(? AS bigint)
            """;

    private static final String FIRST_FREE = """
            SELECT f.master_id, m.name, f.start
              FROM first_free_start(?, CAST(? AS bigint[]), CAST(? AS bigint), CAST(? AS integer), CAST(? AS date), ?) f
              JOIN masters m ON m.tenant_id = ? AND m.id = f.master_id
            """;

    private final DSLContext dsl;

    public RuleBookBatch(DSLContext dsl) {
        this.dsl = dsl;
    }

    /**
     * Where a booking being dragged may land: the rule book's answer for every master given at every
     * salon wall-clock time given, as {@link BookingEngine#reschedule} will ask it (its own shape,
     * rooms and cleanup; the other bookings' busy time; another master asked whether she does the
     * service). {@code hoursWaived}: as the move will be sent.
     */
    public List<Verdict> moves(long tenantId, long bookingId, long fromMasterId, Long serviceId, int minutes, boolean hoursWaived,
                               List<Long> masters, List<LocalDateTime> times) {
        int n = masters.size() * times.size();
        Long[] m = new Long[n];
        LocalDateTime[] l = new LocalDateTime[n];
        int i = 0;
        for (long master : masters) {
            for (LocalDateTime t : times) {
                m[i] = master;
                l[i++] = t;
            }
        }
        return dsl.resultQuery(MOVES, m, l, tenantId, fromMasterId,
                        tenantId, serviceId, minutes, bookingId, hoursWaived,
                        tenantId, serviceId, minutes, bookingId, hoursWaived,
                        tenantId, tenantId, serviceId)
                .fetch(r -> new Verdict(r.get(0, Long.class), r.get(1, LocalDateTime.class), r.get(2, OffsetDateTime.class).toInstant(),
                        refusal(r.get(3, String.class), r.get(4, String.class), r.get(5, String.class), minutes)));
    }

    /**
     * The first start of salon day {@code day} — among {@code masterIds}, earliest first, then in
     * the order given — at which the rule book accepts a new booking of the service ({@code minutes}
     * null: its length with each master) or of {@code minutes} without one; on a grid of
     * {@code step} real minutes from each working interval's start. Never in the past.
     */
    public Optional<FreeSlot> firstFree(long tenantId, List<Long> masterIds, Long serviceId, Integer minutes, LocalDate day, int step) {
        return dsl.resultQuery(FIRST_FREE, tenantId, masterIds.toArray(Long[]::new), serviceId, minutes, day, step, tenantId)
                .fetchOptional(r -> new FreeSlot(r.get(0, Long.class), r.get(1, String.class), r.get(2, OffsetDateTime.class).toInstant(), false));
    }

    /**
     * {@code booking_problems} as it is, for the tests that compare its answers with other readers of
     * the rules: the i-th master at the i-th start, each answer's rule (null: it may be booked).
     */
    static List<String> problems(DSLContext tx, long tenantId, List<Long> masters, Long clientId, Long serviceId, List<Instant> starts,
                                 Integer minutes, Long excludeBookingId, boolean pastAllowed, boolean hoursWaived, boolean serviceCheck,
                                 boolean holdsTime) {
        return tx.resultQuery("""
                        SELECT problem FROM booking_problems(?, CAST(? AS bigint[]), CAST(? AS bigint), CAST(? AS bigint),
                                                             CAST(? AS timestamptz[]), CAST(? AS integer), CAST(? AS bigint), ?, ?, ?, ?)
                                       WITH ORDINALITY AS p(master_id, start, problem, n)
                         ORDER BY n
                        """, tenantId, masters.toArray(Long[]::new), clientId, serviceId,
                        starts.stream().map(s -> s.atOffset(ZoneOffset.UTC)).toArray(OffsetDateTime[]::new),
                        minutes, excludeBookingId, pastAllowed, hoursWaived, serviceCheck, holdsTime)
                .fetch(r -> r.get(0, String.class));
    }

    private static Refusal refusal(String rule, String masterName, String serviceName, int minutes) {
        if (rule == null) {
            return null;
        }
        return switch (rule) {
            case "time_taken" -> new Refusal(Kind.TAKEN, null, "");
            case "resource_taken" -> new Refusal(Kind.ROOM_TAKEN, null, "");
            default -> {
                InvalidReason reason = InvalidReason.valueOf(rule.toUpperCase(Locale.ROOT));
                String detail = switch (reason) {
                    case MASTER_INACTIVE -> masterName;
                    case SERVICE_INACTIVE, SERVICE_NOT_OFFERED -> serviceName;
                    case DURATION_OUT_OF_RANGE -> Integer.toString(minutes);
                    default -> "";
                };
                yield new Refusal(Kind.INVALID, reason, detail == null ? "" : detail);
            }
        };
    }
}
