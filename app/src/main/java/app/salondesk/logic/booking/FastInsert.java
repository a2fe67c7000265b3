package app.salondesk.logic.booking;

import app.salondesk.model.booking.Booking;
import app.salondesk.model.booking.BookingStatus;
import app.salondesk.model.booking.NewBooking;
import org.jooq.DSLContext;
import org.jooq.Record;
import org.jooq.exception.DataAccessException;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Types;
import java.time.ZoneOffset;
import java.util.Optional;
import java.util.UUID;

import static app.salondesk.jooq.Tables.BOOKINGS;

/**
 * The engine's usual case — a new booking for a known client, inside the rules — as ONE round
 * trip, the masters' locks included: {@code SELECT <lock_timeout, source, named locks>;
 * SAVEPOINT; INSERT … SELECT … WHERE <the rule book>; RELEASE SAVEPOINT}, sent
 * together. The server runs them in order, so the INSERT's checks see the schedule under the
 * lock, as in the detailed path; the lock is held one round trip less. The INSERT's WHERE is
 * the rule book itself ({@code booking_problem(…) IS NULL}, migration 11) — the same function
 * the detailed path asks ({@link RuleBook}) — so nothing is written that the detailed path
 * would refuse, and nothing refused that it would write. When no row comes back — a rule says
 * no, or the request id was used already — the engine's detailed path runs and gives the
 * precise answer. An exclusion violation (a writer who skipped the lock) rolls back to the
 * savepoint, exactly as in the detailed path. See docs/decisions/0005-booking-engine-two-lines-of-defence.md.
 *
 * <p>Plain JDBC rather than jOOQ: four statements must travel in one message (the
 * PostgreSQL driver sends a multi-statement query with one Sync), which jOOQ does not express.
 */
final class FastInsert {

    /**
     * Follows the lock statement in the same message. The rule book is asked once, in a CTE,
     * and its answer comes back whether or not a row was written, with whether the request id
     * was used before: a loser learns "taken" in this one round trip and leaves the lock.
     */
    private static final String SQL = sql(false);
    /** The same for an occurrence of a series: the series is named only then (the online road may not write it). */
    private static final String SQL_IN_SERIES = sql(true);

    private static String sql(boolean series) {
        return TEMPLATE.formatted(series ? ", series_id" : "", series ? ", CAST(? AS uuid)" : "", BookingRows.MADE_SQL);
    }

    private static final String TEMPLATE = """
            SAVEPOINT engine_write;
            WITH d AS (
                SELECT COALESCE(CAST(? AS integer), service_minutes(?, ?, CAST(? AS bigint))) AS minutes
            ), chk AS (
                SELECT d.minutes, booking_problem(?, ?, CAST(? AS bigint), CAST(? AS bigint), CAST(? AS timestamptz), d.minutes,
                                                  NULL, ?, false, true, ?) AS problem
                  FROM d
            ), ins AS (
                INSERT INTO bookings (tenant_id, master_id, client_id, service_id, starts_at, duration_min, status, request_id, note%s)
                SELECT CAST(? AS bigint), CAST(? AS bigint), CAST(? AS bigint), CAST(? AS bigint), CAST(? AS timestamptz),
                       chk.minutes, ?, ?, ?%s
                  FROM chk
                 WHERE chk.problem IS NULL
                ON CONFLICT (tenant_id, request_id) DO NOTHING
                RETURNING %s
            )
            SELECT ins.*, chk.problem AS engine_problem, chk.minutes AS engine_minutes,
                   chk.problem IS NOT NULL AND EXISTS (SELECT 1 FROM bookings r
                                                        WHERE r.tenant_id = CAST(? AS bigint) AND r.request_id = CAST(? AS uuid)) AS engine_repeat
              FROM chk LEFT JOIN ins ON true;
            RELEASE SAVEPOINT engine_write
            """;

    /**
     * What the one round trip found: the booking made; or the rule book's "taken" for a
     * request not seen before ({@code minutes} the length it asked about); or neither (another
     * rule, a repeated request id, a writer who skipped the lock), for the detailed path.
     */
    record Result(Optional<Booking> made, Integer takenMinutes) {
        static final Result DETAILED = new Result(Optional.empty(), null);

        boolean taken() {
            return takenMinutes != null;
        }
    }

    private FastInsert() {
    }

    /** The booking made, the time taken, or {@link Result#DETAILED} (the caller's detailed checks take over). */
    static Result tryInsert(DSLContext tx, MasterLocks locks, NewBooking cmd, UUID requestId,
                            BookingStatus status, boolean pastAllowed) {
        return tx.connectionResult(c -> run(tx, c, locks, cmd, requestId, status, pastAllowed));
    }

    private static Result run(DSLContext tx, Connection c, MasterLocks locks, NewBooking cmd, UUID requestId,
                                         BookingStatus status, boolean pastAllowed) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement(locks.sql() + ";\n" + (cmd.seriesId() != null ? SQL_IN_SERIES : SQL))) {
            int i = 1;
            for (Object bind : locks.binds()) {
                ps.setObject(i++, bind);
            }
            // its length: the one asked for, else the service's with this master
            if (cmd.durationMin() == null) {
                ps.setNull(i++, Types.INTEGER);
            } else {
                ps.setInt(i++, cmd.durationMin());
            }
            ps.setLong(i++, cmd.tenantId());
            ps.setLong(i++, cmd.masterId());
            setNullableLong(ps, i++, cmd.serviceId());
            // the rule book
            ps.setLong(i++, cmd.tenantId());
            ps.setLong(i++, cmd.masterId());
            ps.setLong(i++, cmd.clientId());
            setNullableLong(ps, i++, cmd.serviceId());
            ps.setObject(i++, cmd.start().atOffset(ZoneOffset.UTC));
            ps.setBoolean(i++, pastAllowed);
            ps.setBoolean(i++, status.holdsTime());
            // the row
            ps.setLong(i++, cmd.tenantId());
            ps.setLong(i++, cmd.masterId());
            ps.setLong(i++, cmd.clientId());
            setNullableLong(ps, i++, cmd.serviceId());
            ps.setObject(i++, cmd.start().atOffset(ZoneOffset.UTC));
            ps.setString(i++, status.dbValue());
            ps.setObject(i++, requestId);
            ps.setString(i++, cmd.note() == null ? "" : cmd.note());
            if (cmd.seriesId() != null) {
                ps.setObject(i++, cmd.seriesId());
            }
            // was the request id used before
            ps.setLong(i++, cmd.tenantId());
            ps.setObject(i, requestId);
            boolean isResultSet;
            try {
                ps.execute();   // the first result is the lock statement's row
                locks.takenBy();
                isResultSet = ps.getMoreResults();
            } catch (SQLException e) {
                if ("23P01".equals(e.getSQLState())) {
                    // the locks were taken (the statement before the write); the constraint had the
                    // last word: undo only the write, the detailed path answers under the same locks
                    locks.takenBy();
                    try (Statement s = c.createStatement()) {
                        s.execute("ROLLBACK TO SAVEPOINT engine_write");
                    }
                    return Result.DETAILED;
                }
                throw e;
            }
            while (true) {
                if (isResultSet) {
                    try (ResultSet rs = ps.getResultSet()) {
                        var result = tx.fetch(rs);
                        ps.getMoreResults();   // RELEASE SAVEPOINT
                        if (result.isEmpty()) {
                            return Result.DETAILED;
                        }
                        Record r = result.get(0);
                        if (r.get(BOOKINGS.ID.getName()) != null) {
                            return new Result(Optional.of(BookingRows.made(r.into(BOOKINGS), cmd, cmd.clientId(), requestId)), null);
                        }
                        boolean taken = "time_taken".equals(r.get("engine_problem", String.class))
                                && !Boolean.TRUE.equals(r.get("engine_repeat", Boolean.class));
                        Integer minutes = r.get("engine_minutes", Integer.class);
                        return taken && minutes != null ? new Result(Optional.empty(), minutes) : Result.DETAILED;
                    }
                }
                if (ps.getUpdateCount() == -1) {
                    throw new DataAccessException("the fast insert returned no result set");
                }
                isResultSet = ps.getMoreResults();
            }
        }
    }

    private static void setNullableLong(PreparedStatement ps, int index, Long value) throws SQLException {
        if (value == null) {
            ps.setNull(index, Types.BIGINT);
        } else {
            ps.setLong(index, value);
        }
    }
}
